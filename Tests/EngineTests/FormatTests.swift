import Testing
@testable import Engine

struct FormatCase: Sendable, CustomTestStringConvertible {
    let minor: Int64, currency: Currency, language: Language, expected: String
    var testDescription: String { "\(minor) \(currency.code) \(language)" }
}

// Amounts and rates as shown in the two languages (Sources/Engine/Format.swift).
@Suite("Format")
struct FormatTests {
    @Test(arguments: [
        FormatCase(minor: 1_234_50, currency: .rub, language: .ru, expected: "1\u{00A0}234,50\u{00A0}₽"),
        FormatCase(minor: 1_234_50, currency: .rub, language: .en, expected: "₽1,234.50"),
        FormatCase(minor: 1_234_50, currency: .usd, language: .en, expected: "$1,234.50"),
        FormatCase(minor: 1_234_50, currency: .eur, language: .en, expected: "€1,234.50"),
        FormatCase(minor: -1_234_50, currency: .rub, language: .ru, expected: "\u{2212}1\u{00A0}234,50\u{00A0}₽"),
        FormatCase(minor: -1_234_50, currency: .usd, language: .en, expected: "\u{2212}$1,234.50"),
        FormatCase(minor: 0, currency: .usd, language: .en, expected: "$0.00"),
        FormatCase(minor: 5, currency: .usd, language: .en, expected: "$0.05"),
        FormatCase(minor: 123_45, currency: .rub, language: .ru, expected: "123,45\u{00A0}₽"),
        FormatCase(minor: 1_000_000_000_00, currency: .usd, language: .en, expected: "$1,000,000,000.00"),
        FormatCase(minor: 100_000_00, currency: .rub, language: .ru, expected: "100\u{00A0}000,00\u{00A0}₽"),
    ])
    func moneyFormatting(_ c: FormatCase) {
        #expect(MoneyFormat.format(money(c.minor), c.currency, c.language) == c.expected)
    }

    @Test func plainFormattingRoundTripsThroughParse() {
        #expect(MoneyFormat.formatPlain(money(1_234_50), .ru) == "1234,50")
        #expect(MoneyFormat.formatPlain(money(1_234_50), .en) == "1234.50")
        #expect(MoneyFormat.formatPlain(money(7), .en) == "0.07")
        var generator = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let value = Int64.random(in: 0...1_000_000_000_000, using: &generator)
            for language in Language.allCases {
                #expect(Money.parse(MoneyFormat.formatPlain(money(value), language)) == money(value))
            }
            // The grouped ru form (no symbol) parses back too.
            let grouped = MoneyFormat.format(money(value), .rub, .ru).replacingSuffix("\u{00A0}₽")
            #expect(Money.parse(grouped) == money(value))
        }
    }

    @Test func currencyLookupAndRates() {
        #expect(Currency.named("rub") == .rub)
        #expect(Currency.named("EUR") == .eur)
        #expect(Currency.named("GBP") == nil)
        #expect(APR(hundredths: 1499).formatted(.en) == "14.99%")
        #expect(APR(hundredths: 1499).formatted(.ru) == "14,99\u{00A0}%")
        #expect(APR(hundredths: 1500).formatted(.en) == "15%")
        #expect(APR(hundredths: 1505).formatted(.en) == "15.05%")
    }
}

extension String {
    func replacingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
