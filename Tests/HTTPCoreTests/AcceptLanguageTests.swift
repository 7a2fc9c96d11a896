import Testing
import HTTPCore

// MARK: - Accept-Language

struct LanguageCase: Sendable, CustomTestStringConvertible {
    let name: String
    let header: String?
    let expected: String
    var testDescription: String { name }
}

@Test(arguments: [
    LanguageCase(name: "no header", header: nil, expected: "ru"),
    LanguageCase(name: "empty header", header: "", expected: "ru"),
    LanguageCase(name: "exact", header: "en", expected: "en"),
    LanguageCase(name: "browser default en-US", header: "en-US,en;q=0.9,ru;q=0.8", expected: "en"),
    LanguageCase(name: "region matches primary subtag", header: "ru-RU", expected: "ru"),
    LanguageCase(name: "upper case", header: "EN-gb", expected: "en"),
    LanguageCase(name: "q decides, not order", header: "en;q=0.5, ru;q=0.9", expected: "ru"),
    LanguageCase(name: "equal q keeps order", header: "en;q=0.5, ru;q=0.5", expected: "en"),
    LanguageCase(name: "unsupported first", header: "de-DE,de;q=0.9,en;q=0.7", expected: "en"),
    LanguageCase(name: "nothing supported", header: "de, fr;q=0.5", expected: "ru"),
    LanguageCase(name: "q=0 excluded", header: "en;q=0, ru;q=0.1", expected: "ru"),
    LanguageCase(name: "q=0 only", header: "en;q=0", expected: "ru"),
    LanguageCase(name: "star", header: "de, *;q=0.5", expected: "ru"),
    LanguageCase(name: "star without the refused", header: "ru;q=0, *", expected: "en"),
    LanguageCase(name: "q=1.000 and spaces", header: " en ; q=1.000 , ru;q=0.999", expected: "en"),
    LanguageCase(name: "empty elements", header: ",, en ,", expected: "en"),
    LanguageCase(name: "malformed q", header: "en;q=abc", expected: "ru"),
    LanguageCase(name: "q above 1", header: "en;q=1.5", expected: "ru"),
    LanguageCase(name: "q with four decimals", header: "en;q=0.1234", expected: "ru"),
    LanguageCase(name: "malformed tag", header: "en_US", expected: "ru"),
    LanguageCase(name: "overlong subtag", header: "en-abcdefghi", expected: "ru"),
    LanguageCase(name: "one bad element spoils the header", header: "en, r@u;q=0.5", expected: "ru"),
    LanguageCase(name: "unknown parameter", header: "en;level=1", expected: "ru"),
])
func preferredLanguage(_ c: LanguageCase) {
    #expect(AcceptLanguage.preferred(c.header, supported: ["ru", "en"], fallback: "ru") == c.expected)
}

@Test func returnsTheSupportedSpelling() {
    #expect(AcceptLanguage.preferred("en-us", supported: ["ru", "en-US"], fallback: "ru") == "en-US")
    #expect(AcceptLanguage.preferred("en", supported: ["ru", "en-GB"], fallback: "ru") == "en-GB")
}

@Test func starPicksTheFirstSupported() {
    #expect(AcceptLanguage.preferred("de, *;q=0.5", supported: ["en", "ru"], fallback: "ru") == "en")
}
