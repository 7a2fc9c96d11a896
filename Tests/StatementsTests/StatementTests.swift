import Engine
import Testing
@testable import Statements

// A statement row, the parser's contract with the importer (Sources/Statements/Statement.swift).
@Suite("Statement rows")
struct StatementTests {
    @Test("a row keeps its bank text and signed minor units")
    func row() throws {
        let day = try #require(Day(iso: "2026-05-05"))
        let row = StatementRow(line: 3, date: day, amount: -11070, payee: "Tram")
        #expect(row.amount == -11070 && row.memo.isEmpty && row.externalID == nil)
    }
}
