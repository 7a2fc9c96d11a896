import Testing
@testable import Engine

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
