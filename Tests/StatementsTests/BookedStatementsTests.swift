import Engine
import Testing
@testable import Statements

// What MT940 and CAMT share: one account, the household's currency, the bank's arithmetic.

@Suite("Booked statements (MT940, CAMT)")
struct BookedStatementsTests {
    func balance(_ label: String, _ iso: String, _ amount: Int64, currency: String = "EUR") -> BookedStatement.Balance {
        .init(label: label, line: 1, date: isoDay(iso), currency: currency, amount: amount)
    }

    @Test("the last closing balance is the statement's, the period runs from the first opening; a skipped entry does not stop the arithmetic")
    func assemble() throws {
        let first = BookedStatement(account: "A", opening: balance("60F", "2026-11-01", 1000), closing: balance("62F", "2026-11-02", 900),
                                    entries: [.row(StatementRow(line: 2, date: isoDay("2026-11-02"), amount: -100, payee: "x")),
                                              .error(RowError(line: 3, reason: "pending", skipped: true))])
        let second = BookedStatement(account: "A", opening: balance("60F", "2026-11-02", 900), closing: balance("62F", "2026-11-03", 950))
        let parsed = try BookedStatement.assemble([first, second], format: .mt940, encoding: .utf8, options: statementOptions(currency: "eur"))
        #expect(parsed.rows.count == 1 && parsed.errors.map(\.line) == [3, 1] && parsed.errors[1].reason.contains("closing balance is 9.50"))
        #expect(parsed.balance == StatementBalance(amount: 950, date: isoDay("2026-11-03")))
        #expect(parsed.period == isoDay("2026-11-01")...isoDay("2026-11-03") && parsed.bankAccountID == "A")
    }

    @Test("two accounts are refused; so is an entry in another currency")
    func refusals() {
        #expect(throws: StatementError.self) {
            try BookedStatement.assemble([BookedStatement(account: "A"), BookedStatement(account: "B")], format: .camt, encoding: .utf8,
                                         options: statementOptions(currency: "EUR"))
        }
        #expect(throws: StatementError.otherCurrency("CHF")) {
            try BookedStatement.assemble([BookedStatement(currencies: ["EUR", "CHF"])], format: .camt, encoding: .utf8,
                                         options: statementOptions(currency: "EUR"))
        }
    }

    @Test("amounts, messages and first words")
    func helpers() {
        #expect(BookedStatement.amount("45.9", mark: ".", minorDigits: 2) == 4590)
        #expect(BookedStatement.amount("45", mark: ".", minorDigits: 2) == 4500)
        #expect(BookedStatement.amount("-45.90", mark: ".", minorDigits: 2) == nil)
        #expect(BookedStatement.amount("45.901", mark: ".", minorDigits: 2) == nil)
        #expect(BookedStatement.plain(-5, 2) == "-0.05" && BookedStatement.plain(123_456, 2) == "1234.56" && BookedStatement.plain(7, 0) == "7")
        #expect(BookedStatement.firstWords("Entgelt für Kontoführung Abrechnung 10/2026") == "Entgelt für Kontoführung Abrechnung")
    }

    @Test("cut and damaged MT940 and CAMT files never crash and read the same twice")
    func damagedFiles() {
        var generator = ParserRandom(seed: 940)
        let originals = [latin1Bytes(sparkasseMT940), Array(sparkasseCAMT.utf8)]
        let options = statementOptions(currency: "EUR")
        for round in 0..<400 {
            var bytes = originals[round % 2]
            bytes = Array(bytes.prefix(Int.random(in: 1...bytes.count, using: &generator)))
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[at] = [UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "/"),
                             UInt8(ascii: "&"), UInt8(ascii: "\n"), UInt8(ascii: "9"), 0xFC].randomElement(using: &generator)!
            }
            let first = Result { try StatementParser.parse(bytes, options: options) }
            let second = Result { try StatementParser.parse(bytes, options: options) }
            #expect(String(describing: first) == String(describing: second))
        }
    }
}
