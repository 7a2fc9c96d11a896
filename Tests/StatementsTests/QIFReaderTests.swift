import Engine
import Testing
@testable import Statements

// QIF statements (QIFReader.swift).

@Suite("Statement QIF")
struct QIFReaderTests {
    @Test("QIF: 1/15'24 dates, unknown codes ignored, splits skipped")
    func qif() throws {
        let text = "!Type:Bank\nD1/15'24\nT-1,234.56\nPLandlord\nMJanuary\nNRENT\nLHousing\nXunknown\nSFood\n$-10.00\n^\nD1/16'24\nU50.00\nPRefund\n^\nD2/30'24\nT-1.00\n^\n"
        let parsed = try parseText(text, statementOptions(dayFirst: false))
        #expect(parsed.format == .qif && parsed.dateOrder == .monthDay)
        #expect(parsed.rows == [
            StatementRow(line: 2, date: isoDay("2024-01-15"), amount: -123456, payee: "Landlord", memo: "January", category: "Housing"),
            StatementRow(line: 12, date: isoDay("2024-01-16"), amount: 5000, payee: "Refund"),
        ])
        #expect(parsed.errors == [RowError(line: 16, column: "D", reason: "“2/30'24” is not a real date")])
    }

    @Test("QIF with day-first dates and an account block before the transactions")
    func qifDayFirst() throws {
        let text = "!Account\nNMain\nTBank\n^\n!Type:CCard\nD15.01.2026\nT-500,00\nPShop\n^\nD16.01.2026\nT-20,50\n^\n!Type:Cat\nNFood\n^\n"
        let parsed = try parseText(text, statementOptions(dayFirst: false))
        #expect(parsed.rows.map(\.amount) == [-50000, -2050] && parsed.rows.map(\.date) == [isoDay("2026-01-15"), isoDay("2026-01-16")])
        #expect(parsed.dateOrder == .dayMonth && !parsed.dateOrderAmbiguous)
    }

    @Test("a line over 64 KB is refused; a reading past its budget stops")
    func limits() throws {
        #expect(throws: StatementError.unrecognised("a line longer than 64 KB (line 2)")) {
            try parseText("!Type:Bank\nP" + String(repeating: "x", count: 70_000) + "\n^\n")
        }
        var options = statementOptions()
        options.budget = ParseBudget(seconds: 30) { true }
        #expect(throws: StatementError.tooSlow(seconds: 30)) {
            try parseText("!Type:Bank\n" + String(repeating: "D01/02/2026\nT-1\n^\n", count: 1_100), options)
        }
    }
}
