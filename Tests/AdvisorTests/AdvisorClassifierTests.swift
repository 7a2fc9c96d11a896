import Testing
@testable import Advisor

/// Tests Sources/Advisor/AdvisorClassifier.swift: the light Russian stemmer.
@Suite("Advisor classifier")
struct AdvisorClassifierTests {
    @Test("the stemmer cuts Russian endings, keeping at least 3 letters, and leaves other words alone")
    func stems() {
        func stem(_ word: String) -> String { String(String.UnicodeScalarView(AdvisorClassifier.stem(ArraySlice(word.unicodeScalars)))) }
        #expect(stem("подписками") == "подписк")
        #expect(stem("накоплений") == "накоплен")
        #expect(stem("тратить") == "трати")
        #expect(stem("кот") == "кот")
        #expect(stem("subscriptions") == "subscriptions")   // Russian only
    }
}
