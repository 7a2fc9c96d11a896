import Engine
import Foundation
import GRDB
import Testing
@testable import Storage

/// A ledger filter as SQL, its text search here (Sources/Storage/LedgerQuery.swift); the entries are
/// written by `LedgerTests.insert`.
@Suite("Ledger query")
struct LedgerQueryTests {
    @Test("search finds text in name, bank payee and note, any case, Cyrillic included")
    func search() throws {
        let database = try budgetDatabase()
        let lower = try LedgerTests.insert(database, date: "2026-03-01", name: "молоко", amount: 100)
        let title = try LedgerTests.insert(database, date: "2026-03-02", name: "Молоко Простоквашино", amount: 100)
        let payee = try LedgerTests.insert(database, date: "2026-03-03", name: "Groceries", amount: 100, payee: "ПЯТЁРОЧКА 1234 МОСКВА")
        let note = try LedgerTests.insert(database, date: "2026-03-04", name: "Lunch", amount: 100, note: "with Anna")
        let other = try LedgerTests.insert(database, date: "2026-03-05", name: "Bread", amount: 100)
        #expect(try LedgerTests.ids(database, LedgerFilter(text: "МОЛОКО")) == [lower, title])
        #expect(try LedgerTests.ids(database, LedgerFilter(text: "молоко")) == [lower, title])
        #expect(try LedgerTests.ids(database, LedgerFilter(text: "пятёрочка")) == [payee])
        #expect(try LedgerTests.ids(database, LedgerFilter(text: "anna")) == [note])
        #expect(try LedgerTests.ids(database, LedgerFilter(text: "grocer")) == [payee])
        // One or two characters: spelled out in both cases.
        #expect(try LedgerTests.ids(database, LedgerFilter(text: "МО")) == [lower, title, payee])
        #expect(try LedgerTests.ids(database, LedgerFilter(text: "br")) == [other])
        #expect(try LedgerTests.ids(database, LedgerFilter(text: "%")) == [])
        #expect(try LedgerTests.ids(database, LedgerFilter(text: "\"x")) == [])
        #expect(try LedgerTests.ids(database, LedgerFilter(text: "a\"b OR c")) == [])
        // The index follows edits and deletes.
        try database.write { db in try db.execute(sql: "UPDATE entry SET name = 'Кефир' WHERE id = ?", arguments: [lower]) }
        _ = try database.delete(.entry(title), formToken: token())
        #expect(try LedgerTests.ids(database, LedgerFilter(text: "молоко")) == [])
        #expect(try LedgerTests.ids(database, LedgerFilter(text: "КЕФИР")) == [lower])
        #expect(try database.ledgerTotals(LedgerFilter(text: "кефир")).count == 1)
    }
}
