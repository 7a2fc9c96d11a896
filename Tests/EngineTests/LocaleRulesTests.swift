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

    @Test func germanWritesADecimalCommaGroupsByPointsAndQuotesLowHigh() {
        #expect(Language.de.decimalSeparator == ",")
        #expect(Language.de.groupSeparator == ".")
        #expect(Language.de.percentSuffix == "\u{00A0}%")
        #expect(Language.de.weekStartsMonday)
        #expect(Language.de.prefersDayFirst)
        #expect(Language.de.quote("Auto") == "„Auto“")
        #expect(MoneyFormat.format(Money(minorUnits: 1_234_50), .eur, .de) == "1.234,50\u{00A0}€")
        #expect(MoneyFormat.format(Money(minorUnits: -1_234_567_89), .usd, .de) == "\u{2212}1.234.567,89\u{00A0}$")
        #expect(MoneyFormat.formatPlain(Money(minorUnits: 1_234_50), .de) == "1234,50")
        #expect(APR(hundredths: 1499).formatted(.de) == "14,99\u{00A0}%")
        #expect(Currency.defaultFor(.de) == .eur)
    }

    @Test("dates in words and in digits", arguments: [
        (Language.de, "2026-11-27", "27. November 2026", "27.11.2026", "27. Nov"),
        (.de, "2027-03-05", "5. März 2027", "05.03.2027", "5. Mär"),
        (.ru, "2027-03-05", "5 марта 2027 г.", "05.03.2027", "5 мар"),
        (.en, "2027-03-05", "March 5, 2027", "March 5, 2027", "Mar 5"),
    ])
    func dates(language: Language, iso: String, long: String, compact: String, short: String) throws {
        let day = try #require(Day(iso: iso))
        #expect(language.longDate(day) == long)
        #expect(DateFormat.long(day, language) == long)
        #expect(language.compactDate(day) == compact)
        #expect(language.shortDayMonth(day: day.day, month: day.month) == short)
        #expect(DateFormat.month(day.yearMonth, .de) == ["März 2027", "November 2026"][day.month == 3 ? 0 : 1])
    }

    @Test func germanReadsAPointBeforeThreeDigitsAsThousands() {
        func typed(_ text: String, _ language: Language) -> Money? {
            try? Money.parse(text, household: .eur, language: language).get()
        }
        #expect(typed("1.234", .de) == Money(minorUnits: 1_234_00))
        #expect(typed("1.234,50 €", .de) == Money(minorUnits: 1_234_50))
        #expect(typed("12,5", .de) == Money(minorUnits: 12_50))
        #expect(typed("1.234", .en) == nil, "three decimals in English")
    }
}
