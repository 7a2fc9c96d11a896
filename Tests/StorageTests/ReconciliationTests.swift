import Engine
import Foundation
import GRDB
import Testing
@testable import Storage

// Reconciling an account against its statement (Sources/Storage/Reconciliation.swift).

@Suite("Reconciliation storage")
struct ReconciliationTests {
    @Test("finish with a difference of 0 reconciles the ticked entries and stores the reconciliation")
    func finish() throws {
        let database = try budgetDatabase()
        let card = try insertAccount(database, name: "Card", opening: 1_000_00)
        let salary = try insertAccountEntry(database, account: card, date: "2026-11-05", kind: .income, amount: 500_00)
        let coffee = try insertAccountEntry(database, account: card, date: "2026-11-06", kind: .expense, amount: 100_00, cleared: true)
        let later = try insertAccountEntry(database, account: card, date: "2026-11-20", kind: .expense, amount: 7_00)
        #expect(try database.reconcileEntries(accountID: card, through: day("2026-11-10")).map(\.id) == [salary, coffee])
        // 1000 + 500 − 100 = 1400; the statement says 1400.
        #expect(throws: ReconcileError.difference(Money(minorUnits: 500_00))) {
            try database.finishReconciliation(accountID: card, statementDate: day("2026-11-10"),
                                              statementBalance: Money(minorUnits: 1_400_00), ticked: [coffee], .balanced,
                                              formToken: token())
        }
        let id = try database.finishReconciliation(accountID: card, statementDate: day("2026-11-10"),
                                                   statementBalance: Money(minorUnits: 1_400_00), ticked: [salary, coffee],
                                                   .balanced, formToken: token()).value()
        #expect(try database.entryReconciledAt(id: salary) != nil)
        #expect(try database.entryReconciledAt(id: coffee) != nil)
        #expect(try database.entryReconciledAt(id: later) == nil)
        #expect(try database.reconcileEntries(accountID: card, through: day("2026-11-30")).map(\.id) == [later])
        #expect(try database.reconciledBalance(accountID: card, through: day("2026-11-30")) == Money(minorUnits: 1_400_00))
        let row = try #require(try database.read { db in try Row.fetchOne(db, sql: "SELECT * FROM reconciliation WHERE id = ?", arguments: [id]) })
        #expect(row["balance"] as Int64 == 1_400_00)
        #expect(row["entryCount"] as Int == 2)
        #expect(row["adjustmentEntryID"] as Int64? == nil)
    }

    @Test("an adjustment is written only for exactly the difference asked for, then finishes")
    func adjustment() throws {
        let database = try budgetDatabase()
        let card = try insertAccount(database, name: "Card", opening: 1_000_00)
        let coffee = try insertAccountEntry(database, account: card, date: "2026-11-06", kind: .expense, amount: 100_00)
        // Statement 850: cleared 900, difference −50.
        #expect(throws: ReconcileError.adjustmentChanged(Money(minorUnits: -50_00))) {
            try database.finishReconciliation(accountID: card, statementDate: day("2026-11-10"),
                                              statementBalance: Money(minorUnits: 850_00), ticked: [coffee],
                                              .adjusting(expected: Money(minorUnits: -40_00), name: "Balance adjustment"),
                                              formToken: token())
        }
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entry") } == 1)
        let id = try database.finishReconciliation(accountID: card, statementDate: day("2026-11-10"),
                                                   statementBalance: Money(minorUnits: 850_00), ticked: [coffee],
                                                   .adjusting(expected: Money(minorUnits: -50_00), name: "Balance adjustment"),
                                                   formToken: token()).value()
        let adjustment = try #require(try database.read { db in
            try Row.fetchOne(db, sql: "SELECT e.* FROM entry e JOIN reconciliation r ON r.adjustmentEntryID = e.id WHERE r.id = ?",
                             arguments: [id])
        })
        #expect(adjustment["kind"] as String == "expense")
        #expect(adjustment["amount"] as Int64 == 50_00)
        #expect(adjustment["category"] as String == "other")
        #expect(adjustment["cleared"] as Bool)
        #expect(adjustment["reconciledAt"] as String? != nil)
        #expect(try database.reconciledBalance(accountID: card, through: day("2026-11-10")) == Money(minorUnits: 850_00))
    }

    @Test("save progress clears the ticked and unclears the unticked, locking nothing")
    func saveProgress() throws {
        let database = try budgetDatabase()
        let card = try insertAccount(database, name: "Card")
        let a = try insertAccountEntry(database, account: card, date: "2026-11-05", kind: .expense, amount: 1_00, cleared: true)
        let b = try insertAccountEntry(database, account: card, date: "2026-11-06", kind: .expense, amount: 2_00)
        _ = try database.saveReconcileProgress(accountID: card, through: day("2026-11-10"), ticked: [b], formToken: token())
        let entries = try database.reconcileEntries(accountID: card, through: day("2026-11-10"))
        #expect(entries.map(\.cleared) == [false, true])
        #expect(try database.entryReconciledAt(id: a) == nil)
        #expect(try database.entryReconciledAt(id: b) == nil)
    }
}
