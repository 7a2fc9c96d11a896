import Engine
import Foundation
import GRDB
@testable import Storage
import Testing

// Payee rules' storage (Storage/PayeeRules.swift): saved once per form token, one rule per text,
// exported, imported and deleted with the household; the migration keeps the staged rows.

@Suite("Payee rules' storage")
struct PayeeRulesTests {
    @Test("a rule is added, changed and deleted; a second rule for the same text (case, spaces, punctuation aside) is refused")
    func saveAndDelete() throws {
        let database = try budgetDatabase()
        guard case .written(let id) = try database.savePayeeRule(id: nil, contains: "YANDEX*PLUS", name: "Яндекс Плюс",
                                                                  category: "subscriptions", formToken: token()) else { Issue.record("not written"); return }
        #expect(try database.payeeRules() == [PayeeRule(id: id, contains: "YANDEX*PLUS", name: "Яндекс Плюс", category: "subscriptions")])
        #expect(throws: PayeeRuleError.duplicate) {
            try database.savePayeeRule(id: nil, contains: "yandex  plus", name: nil, category: "food", formToken: token())
        }
        _ = try database.savePayeeRule(id: id, contains: "yandex plus", name: nil, category: "no-such-category", formToken: token())
        #expect(try database.payeeRules().first?.category == nil, "an unknown category is stored as none")
        _ = try database.deletePayeeRule(id: id, formToken: token())
        #expect(try database.payeeRules().isEmpty)
        #expect(throws: StorageError.notFound) { try database.deletePayeeRule(id: id, formToken: token()) }
    }

    @Test("rules are exported, imported and deleted with the household")
    func exportImportDelete() throws {
        let database = try budgetDatabase()
        _ = try database.savePayeeRule(id: nil, contains: "TANUKI", name: nil, category: "food", formToken: token())
        let tables = try database.exportTables()
        #expect(tables.first { $0.name == "payeeRule" }?.rows.count == 1)
        let other = try budgetDatabase()
        _ = try other.restoreHousehold(importTables(tables), replacing: true, formToken: token())
        #expect(try other.payeeRules().map(\.contains) == ["TANUKI"])
        _ = try other.deleteAllData(formToken: token())
        #expect(try other.payeeRules().isEmpty)
    }

    @Test("the migration rebuilds the staged rows' table and keeps every row")
    func migrationKeepsStagedRows() throws {
        let queue = try DatabaseQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "in: insight rephrasings")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO account (name, type, currency, openingBalance, openedOn, spendable, createdAt)
                    VALUES ('Card', 'card', 'RUB', 0, '2026-01-01', 1, '2026-01-01T00:00:00Z');
                INSERT INTO importBatch (accountID, status, fileName, fileHash, format, encoding, createdAt)
                    VALUES (1, 'preview', 'a.csv', '\(String(repeating: "0", count: 64))', 'csv', 'utf8', '2026-11-01T00:00:00Z');
                INSERT INTO importRow (batchID, position, line, date, amount, payee, status, choice, categorySource)
                    VALUES (1, 0, 2, '2026-10-01', -5000, 'TANUKI', 'new', 'import', 'keyword'),
                           (1, 1, 3, NULL, NULL, '', 'error', 'skip', 'none');
                """)
        }
        try AppDatabase.migrator.migrate(queue)
        let rows = try queue.read { db in try Row.fetchAll(db, sql: "SELECT position, payee, status, mcc, name FROM importRow ORDER BY position") }
        #expect(rows.count == 2 && rows[0]["payee"] == "TANUKI" && rows[1]["status"] == "error")
        #expect(rows.allSatisfy { ($0["mcc"] as Int?) == nil && ($0["name"] as String?) == nil })
    }
}
