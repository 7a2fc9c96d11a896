import Testing
@testable import Engine

// How each language writes numbers, dates and quotations (Sources/Engine/LocaleRules.swift).
@Suite("Locale rules")
struct LocaleRulesTests {
    @Test func russianWritesADecimalCommaAndASpacedPercent() {
        #expect(Language.ru.decimalSeparator == ",")
        #expect(Language.ru.percentSuffix == "\u{00A0}%")
        #expect(Language.ru.weekStartsMonday)
        #expect(Language.ru.prefersDayFirst)
        #expect(Language.ru.quote("Машина") == "«Машина»")
    }

    @Test func englishWritesADecimalPointAndABarePercent() {
        #expect(Language.en.decimalSeparator == ".")
        #expect(Language.en.percentSuffix == "%")
        #expect(!Language.en.weekStartsMonday)
        #expect(!Language.en.prefersDayFirst)
        #expect(Language.en.quote("Car") == "“Car”")
    }
}
