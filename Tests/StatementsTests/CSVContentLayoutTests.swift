import Engine
import Testing
@testable import Statements

// Columns found from the values when the header is missing or unknown (Sources/Statements/CSVContentLayout.swift).
@Suite("Statement CSV without a known header")
struct CSVContentLayoutTests {
    @Test("a CSV without a header: date, amount and payee columns come from the values")
    func headerless() throws {
        let parsed = try parseText("40817810000000000001;05.03.2026;Магнит;-1 234,50;77\n40817810000000000001;06.03.2026;Зарплата;50 000,00;78\n")
        #expect(parsed.header == nil && parsed.mapping == ColumnMapping(date: 1, amount: 3, payee: 2))
        #expect(parsed.rows.map(\.amount) == [-123450, 5_000_000] && parsed.rows.map(\.line) == [1, 2])
    }

    @Test("an unknown header: the table offers its cells and rows; the chosen mapping reads it under its shape")
    func table() throws {
        let bytes = Array("Bank export v2\nWhen|What|How much|Balance\n2026-01-02|Bread|-3.50|100.00\n2026-01-03|Milk|-1.20|98.80\n".utf8)
        let table = try StatementParser.table(bytes, options: statementOptions())
        #expect(table.delimiter == "|" && table.header == ["When", "What", "How much", "Balance"])
        #expect(table.headerShape == "when|what|how much|balance" && table.rows.count == 2 && table.rows[0][1] == "Bread")
        let mapping = ColumnMapping(date: 0, amount: 2, payee: 1)
        let parsed = try StatementParser.parse(bytes, options: statementOptions(mapping: mapping))
        #expect(parsed.headerShape == table.headerShape && parsed.rows.map(\.amount) == [-350, -120])
        #expect(throws: StatementError.self) { try StatementParser.table(Array(sgmlOFX.utf8), options: statementOptions()) }
    }
}
