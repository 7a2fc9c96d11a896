import Engine
import Testing

// Amounts and rates typed the way FinMind's labels show them:
// the household currency's symbol or code, thousands marks, a trailing %.

struct TypedAmountCase: Sendable, CustomTestStringConvertible {
    let text: String, currency: Currency, language: Language
    let expected: Result<Int64, TypedAmountError>
    var testDescription: String { "\"\(text)\" \(currency.code) \(language)" }

    init(_ text: String, _ currency: Currency, _ language: Language, _ expected: Int64) {
        (self.text, self.currency, self.language, self.expected) = (text, currency, language, .success(expected))
    }

    init(_ text: String, _ currency: Currency, _ language: Language, refused: TypedAmountError) {
        (self.text, self.currency, self.language, self.expected) = (text, currency, language, .failure(refused))
    }
}

@Test("amounts typed as labels show them", arguments: [
    // The household currency before or after, with the label's spacing.
    TypedAmountCase("65 000 ₽", .rub, .ru, 65_000_00),
    TypedAmountCase("65\u{00A0}000,00\u{00A0}₽", .rub, .ru, 65_000_00),
    TypedAmountCase("₽65,000", .rub, .en, 65_000_00),
    TypedAmountCase("₽65,000.00", .rub, .en, 65_000_00),
    TypedAmountCase("$1,234.50", .usd, .en, 1_234_50),
    TypedAmountCase("€ 12", .eur, .en, 12_00),
    TypedAmountCase("100 RUB", .rub, .ru, 100_00),
    TypedAmountCase("usd 7", .usd, .en, 7_00),
    TypedAmountCase("250 руб.", .rub, .ru, 250_00),
    TypedAmountCase("250 р.", .rub, .ru, 250_00),
    TypedAmountCase("5000р", .rub, .ru, 5_000_00),
    TypedAmountCase("5 000 р", .rub, .ru, 5_000_00),
    // One mark once: one or two digits after it make it the decimal mark, in either language.
    TypedAmountCase("65,5", .rub, .ru, 65_50),
    TypedAmountCase("65,5", .usd, .en, 65_50),
    TypedAmountCase("29.9", .rub, .ru, 29_90),
    // Three digits after the language's thousands mark: thousands.
    TypedAmountCase("65,000", .usd, .en, 65_000_00),
    TypedAmountCase("65.000", .rub, .ru, 65_000_00),
    // Both marks: the rightmost is the decimal mark.
    TypedAmountCase("1,234,567.89", .usd, .en, 1_234_567_89),
    TypedAmountCase("1.234.567,89", .rub, .ru, 1_234_567_89),
    TypedAmountCase("1.234,5", .usd, .en, 1_234_50),
    // One mark repeated: thousands.
    TypedAmountCase("1,000,000", .rub, .ru, 1_000_000_00),
    // What worked before still works.
    TypedAmountCase("1 234,50", .rub, .ru, 1_234_50),
    TypedAmountCase("1234.5", .usd, .en, 1_234_50),
    TypedAmountCase("0,05", .rub, .ru, 5),
    // Refused: three decimals after the language's decimal mark, broken groups, signs.
    TypedAmountCase("1.999", .usd, .en, refused: .format),
    TypedAmountCase("0,001", .rub, .ru, refused: .format),
    TypedAmountCase("0,001", .usd, .en, refused: .format),
    TypedAmountCase("12,34,567", .usd, .en, refused: .format),
    TypedAmountCase("1,2345", .usd, .en, refused: .format),
    TypedAmountCase("1,234,56", .usd, .en, refused: .format),
    TypedAmountCase("1.234.56,7,8", .usd, .en, refused: .format),
    TypedAmountCase("5,1,2", .usd, .en, refused: .format),
    TypedAmountCase("-5 ₽", .rub, .ru, refused: .format),
    TypedAmountCase("₽", .rub, .ru, refused: .format),
    TypedAmountCase("₽ ₽ 5", .rub, .ru, refused: .format),
    // Another currency is named in the refusal.
    TypedAmountCase("$65", .rub, .ru, refused: .foreignCurrency("$")),
    TypedAmountCase("65 000 €", .rub, .ru, refused: .foreignCurrency("€")),
    TypedAmountCase("₽100", .usd, .en, refused: .foreignCurrency("₽")),
    TypedAmountCase("100 EUR", .usd, .en, refused: .foreignCurrency("EUR")),
    TypedAmountCase("100 руб", .usd, .ru, refused: .foreignCurrency("руб")),
    TypedAmountCase("£5", .usd, .en, refused: .foreignCurrency("£")),
])
func typedAmounts(_ c: TypedAmountCase) {
    let parsed = Money.parse(c.text, household: c.currency, language: c.language).map(\.minorUnits)
    #expect(parsed == c.expected)
}

@Test("every amount FinMind shows parses back in its own language and currency")
func shownAmountsParseBack() {
    var generator = SplitMix64(seed: 13)
    for _ in 0..<300 {
        let value = Money(minorUnits: Int64.random(in: 0...1_000_000_000_000, using: &generator))
        for language in Language.allCases {
            for currency in Currency.all {
                let shown = MoneyFormat.format(value, currency, language)
                #expect((try? Money.parse(shown, household: currency, language: language).get()) == value, "\(shown)")
            }
        }
    }
}

@Test("rates typed as the Plan shows them", arguments: [
    ("29.9%", 2990), ("29,9 %", 2990), ("29,9\u{00A0}%", 2990), ("14.99", 1499), (" 0 % ", 0), ("100%", 10000),
] as [(String, Int64)])
func typedRates(_ text: String, _ hundredths: Int64) {
    #expect(APR.parse(typed: text) == APR(hundredths: hundredths))
}

@Test("rates refused even with a %", arguments: ["%", "%15", "15%%", "1 5%", "14.999%", "-1%", "1,2,3%"])
func typedRatesRefused(_ text: String) {
    #expect(APR.parse(typed: text) == nil)
}
