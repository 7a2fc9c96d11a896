import Engine
import Foundation
import GRDB
import Statements
import Testing
@testable import Storage

// Refunds in a statement, stored as negative expenses (Sources/Storage/ImportRefunds.swift and the
// staging, choices and commit that use it; docs/engine-rules.md, "Refunds in a statement").

@Suite("Statement refunds")
struct ImportRefundsTests {
    /// The entries' kind, amount and category, in id order.
    private func entries(_ database: AppDatabase) throws -> [String] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT kind, amount, category FROM entry WHERE deletedAt IS NULL ORDER BY id").map {
                ($0["kind"] as String) + " " + String($0["amount"] as Int64) + " " + (($0["category"] as String?) ?? "-")
            }
        }
    }

    @Test("the entry table takes a negative expense and still refuses a negative income or a zero")
    func negativeExpensesOnly() throws {
        let database = try budgetDatabase()
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO entry (date, kind, name, amount, category, isActual, createdAt)
                VALUES ('2026-05-01', 'expense', 'Refund', -2599, 'other', 1, '2026-05-01T00:00:00Z')
                """)
        }
        for (kind, amount, category) in [("income", -100, "NULL"), ("expense", 0, "'other'")] {
            #expect(throws: DatabaseError.self) {
                try database.write { db in
                    try db.execute(sql: """
                        INSERT INTO entry (date, kind, name, amount, category, isActual, createdAt)
                        VALUES ('2026-05-01', '\(kind)', 'x', \(amount), \(category), 1, '2026-05-01T00:00:00Z')
                        """)
                }
            }
        }
        #expect(try entries(database) == ["expense -2599 other"])
    }

    @Test("a refund word or a merchant the household paid makes an inflow a refund in the merchant's category; salary and a larger amount stay incomes")
    func previewAndCommit() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        let batch = try database.preview([
            "2026-05-01,-60.00,Pyaterochka 12",
            "2026-05-03,12.50,Pyaterochka 12",
            "2026-05-04,1000.00,Salary ACME",
            "2026-05-05,25.99,AMAZON MARKETPLACE REFUND",
            "2026-05-06,80.00,Pyaterochka 12",
            "2026-05-07,40.00,Перевод от Ивана",
        ], account: account)
        let staged = try database.importRows(batchID: batch)
        #expect(staged.map(\.category) == ["food", "food", nil, "other", nil, nil])
        #expect(staged.map(\.isRefund) == [false, true, false, true, false, false])
        #expect(try database.commitImport(batchID: batch, context: importContext, formToken: token()).value()
            == .committed(new: 6, linked: 0, skipped: 0))
        #expect(try entries(database) == ["expense 6000 food", "expense -1250 food", "income 100000 -", "expense -2599 other",
                                          "income 8000 -", "income 4000 -"])
        // The account's balance counts a refund as money in.
        let balance = try database.read { db in try Int64.fetchOne(db, sql: "SELECT sum(total) FROM accountMonthTotal") }
        let expected: Int64 = 100_000 + 8000 + 4000 + 1250 + 2599 - 6000
        #expect(balance == expected)
        // Undo of the import removes the refunds with the rest.
        try database.undoImport(batchID: batch, formToken: token()).value()
        #expect(try entries(database).isEmpty)
    }

    @Test("a refund takes the payee rule's category, else the category of the household's expenses there")
    func refundCategory() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        _ = try database.importLines(["2026-04-01,-30.00,KOFE KHAUS 7"], account: account)
        try database.write { db in try db.execute(sql: "UPDATE entry SET category = 'entertainment'") }
        _ = try database.savePayeeRule(id: nil, contains: "zalando", name: nil, category: "clothing", formToken: token()).value()
        let batch = try database.preview(["2026-05-02,10.00,KOFE KHAUS 7", "2026-05-03,49.90,Erstattung Zalando SE",
                                          "2026-05-04,31.00,KOFE KHAUS 7"], account: account)
        #expect(try database.importRows(batchID: batch).map(\.category) == ["entertainment", "clothing", nil])
    }

    @Test("the preview's select switches a refund to an income and an income to a refund")
    func switching() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        let batch = try database.preview(["2026-05-05,25.99,AMAZON MARKETPLACE REFUND", "2026-05-06,15.00,Friend"], account: account)
        _ = try database.saveImportChoices(batchID: batch, [0: (.importRow, AppDatabase.incomeChoice), 1: (.importRow, "food")],
                                           formToken: token()).value()
        #expect(try database.importRows(batchID: batch).map(\.isRefund) == [false, true])
        _ = try database.commitImport(batchID: batch, context: importContext, formToken: token()).value()
        #expect(try entries(database) == ["income 2599 -", "expense -1500 food"])
    }
}
