import Testing
@testable import Engine

// MARK: - Rounding

struct RoundingCase: Sendable, CustomTestStringConvertible {
    let numerator: Int128, denominator: Int128, expected: Int128
    var testDescription: String { "\(numerator)/\(denominator)" }
}

@Test(arguments: [
    RoundingCase(numerator: 5, denominator: 2, expected: 2),      // 2.5 → even 2
    RoundingCase(numerator: 7, denominator: 2, expected: 4),      // 3.5 → even 4
    RoundingCase(numerator: -5, denominator: 2, expected: -2),
    RoundingCase(numerator: -7, denominator: 2, expected: -4),
    RoundingCase(numerator: 5, denominator: -2, expected: -2),
    RoundingCase(numerator: 26, denominator: 10, expected: 3),
    RoundingCase(numerator: 24, denominator: 10, expected: 2),
    RoundingCase(numerator: -26, denominator: 10, expected: -3),
    RoundingCase(numerator: 0, denominator: 7, expected: 0),
    RoundingCase(numerator: 1, denominator: 3, expected: 0),
    RoundingCase(numerator: 2, denominator: 3, expected: 1),
])
func halfEvenRounding(_ c: RoundingCase) {
    #expect(roundHalfEven(numerator: c.numerator, denominator: c.denominator) == c.expected)
}

@Test func ceilDivision() {
    #expect(ceilDivide(7, 2) == 4)
    #expect(ceilDivide(6, 2) == 3)
    #expect(ceilDivide(0, 5) == 0)
    #expect(ceilDivide(-7, 2) == -3)
}

// MARK: - Checked arithmetic

@Test func checkedArithmeticReportsOverflowInsteadOfTrapping() {
    let max = Money(minorUnits: .max)
    #expect(max.adding(money(1)) == nil)
    #expect(Money(minorUnits: .min).subtracting(money(1)) == nil)
    #expect(Money(minorUnits: .min).negated == nil)
    #expect(max.multiplied(by: 2) == nil)
    #expect(money(1_00).adding(money(2_50)) == money(3_50))
    #expect(money(1_00).subtracting(money(2_50)) == money(-1_50))
    #expect(money(2_50).multiplied(by: 12) == money(30_00))
    #expect(money(5).negated == money(-5))
}

// MARK: - Parsing

struct ParseCase: Sendable, CustomTestStringConvertible {
    let text: String, expected: Int64?
    var testDescription: String { "\"\(text)\"" }
}

@Test(arguments: [
    ParseCase(text: "1 234,50", expected: 1_234_50),
    ParseCase(text: "1234.5", expected: 1_234_50),
    ParseCase(text: "1 234", expected: 1_234_00),
    ParseCase(text: "1\u{00A0}234,5", expected: 1_234_50),
    ParseCase(text: "1\u{202F}234\u{202F}567.89", expected: 1_234_567_89),
    ParseCase(text: "0,05", expected: 5),
    ParseCase(text: "0", expected: 0),
    ParseCase(text: " 12 ", expected: 12_00),
    ParseCase(text: "10000000000", expected: 10_000_000_000_00),
    ParseCase(text: "12,345", expected: nil),     // three decimals
    ParseCase(text: "1,234.50", expected: nil),   // two marks
    ParseCase(text: "-5", expected: nil),
    ParseCase(text: "+5", expected: nil),
    ParseCase(text: "", expected: nil),
    ParseCase(text: "   ", expected: nil),
    ParseCase(text: "12.", expected: nil),
    ParseCase(text: ".5", expected: nil),
    ParseCase(text: "1  234", expected: nil),     // double separator
    ParseCase(text: "1 234 ,5", expected: nil),
    ParseCase(text: "12 ₽", expected: nil),
    ParseCase(text: "1e3", expected: nil),
    ParseCase(text: "٣", expected: nil),          // non-ASCII digit
    ParseCase(text: "99999999999999999999", expected: nil),
])
func moneyParsing(_ c: ParseCase) {
    #expect(Money.parse(c.text)?.minorUnits == c.expected)
}

@Test(arguments: [("14.99", 1499), ("14,99", 1499), ("15", 1500), ("14.9", 1490), ("0", 0), ("100", 10000)] as [(String, Int64)])
func aprParsing(_ text: String, _ hundredths: Int64) {
    #expect(APR.parse(text) == APR(hundredths: hundredths))
}

@Test(arguments: ["1 5", "14.999", "-1", "", "15%", "1,2,3"])
func aprParsingRejects(_ text: String) {
    #expect(APR.parse(text) == nil)
}

// MARK: - Formatting

struct FormatCase: Sendable, CustomTestStringConvertible {
    let minor: Int64, currency: Currency, language: Language, expected: String
    var testDescription: String { "\(minor) \(currency.code) \(language)" }
}

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

extension String {
    func replacingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
