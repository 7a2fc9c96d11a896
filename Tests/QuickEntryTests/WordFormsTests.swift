import Engine
import Testing
@testable import QuickEntry

// Russian endings, diminutives and names in the other alphabet (Sources/QuickEntry/WordForms.swift).
@Suite("Quick entry: word forms")
struct WordFormsTests {
    @Test func formRulesOnTheirOwn() {
        #expect(WordForms.russianBase("хлебушек") == "хлеб")
        #expect(WordForms.russianBase("кофеек") == "кофе" || WordForms.russianBase("кофеек") == "коф")
        #expect(WordForms.sounds("netflix") == WordForms.sounds("нетфликс"))
        #expect(WordForms.sameName("убер", "uber"))
        #expect(WordForms.sameName("окко", "okko"))
        #expect(WordForms.sameName("starbucks", "старбакс"))
        #expect(!WordForms.sameName("бар", "bar"))
        #expect(!WordForms.sameName("benizn", "beanie"))
    }
}
