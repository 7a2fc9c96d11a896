import Testing
@testable import Statements

// Bank amounts: signs, groups, currencies and the decimal mark (Sources/Statements/AmountReader.swift).
@Suite("Bank amounts")
struct AmountReaderTests {
    @Test("amount forms: signs, groups, currencies", arguments: [
        ("1 234,56", 123456), ("1,234.56", 123456), ("1.234,56", 123456), ("1'234.56", 123456),
        ("−50,00", -5000), ("50,00-", -5000), ("(50,00)", -5000), ("-1\u{202F}000,00 ₽", -100000),
        ("1 000,00 руб.", 100000), ("RUB 12,5", 1250), ("$-3.20", -320), ("€4", 400), ("'-7.25", -725),
        (".50", 50), ("-,5", -50), ("1.234.567,89", 123456789), ("12.00 DR", -1200),
    ] as [(String, Int64)])
    func amountForms(text: String, minor: Int64) throws {
        let mark = BankAmount.decimalMark(in: [text])
        #expect(BankAmount.read(text, decimalMark: mark, minorDigits: 2) == .value(minor))
    }

    @Test("the decimal mark is decided per column")
    func decimalPerColumn() throws {
        #expect(BankAmount.decimalMark(in: ["1,234", "5.50", "-110.7"]) == UInt8(ascii: "."))
        #expect(BankAmount.decimalMark(in: ["1.234", "12,50"]) == UInt8(ascii: ","))
        #expect(BankAmount.decimalMark(in: ["1,234", "2,000"]) == nil)
        #expect(BankAmount.read("1,234", decimalMark: nil, minorDigits: 2) == .value(123400))
        #expect(BankAmount.read("1.234", decimalMark: UInt8(ascii: ","), minorDigits: 2) == .value(123400))
        #expect(BankAmount.read("1.5", decimalMark: UInt8(ascii: ","), minorDigits: 2) != .value(150))
        // More decimals than the currency has: only zeros may go.
        #expect(BankAmount.read("100,0000", decimalMark: UInt8(ascii: ","), minorDigits: 2) == .value(10000))
        #expect(BankAmount.read("100,0050", decimalMark: UInt8(ascii: ","), minorDigits: 2) == .failure("more than 2 decimal places"))
    }
}
