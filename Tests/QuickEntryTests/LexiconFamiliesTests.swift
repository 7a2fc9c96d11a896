import Testing
@testable import QuickEntry

// Category families and marketplaces (Sources/QuickEntry/LexiconFamilies.swift).
@Suite("Quick entry category families")
struct LexiconFamiliesTests {
    @Test("each family belongs to a built-in category and reaches that category's list")
    func familiesJoinBuiltInCategories() {
        let builtIn = Dictionary(uniqueKeysWithValues: Lexicon.categories.map { ($0.0, Set($0.1)) })
        for (key, stems) in Lexicon.familyCategoryStems {
            let list = builtIn[key]
            #expect(list != nil, "\(key) is not a built-in category")
            #expect(stems.allSatisfy { list?.contains($0) == true }, "\(key)")
        }
    }

    @Test("marketplace names move after the other words, which keep their order")
    func marketplacesGoLast() {
        let words = Tokenizer.tokens("озон детское платье wb")
        #expect(Lexicon.marketplacesLast(words).map(\.text) == ["детское", "платье", "озон", "wb"])
        #expect(Lexicon.marketplacesLast(Tokenizer.tokens("озон")).map(\.text) == ["озон"])
        #expect(Lexicon.marketplaces.contains("wildberries") && !Lexicon.marketplaces.contains("магнит"))
    }
}
