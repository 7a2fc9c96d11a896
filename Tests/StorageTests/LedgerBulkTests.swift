import Engine
import Foundation
import Testing
@testable import Storage

// The ledger's bulk actions (Sources/Storage/LedgerBulk.swift).

@Suite("Ledger bulk actions")
struct LedgerBulkTests {
    @Test("recategorise changes expenses only, in one transaction, once per token")
    func recategorise() throws {
        let database = try budgetDatabase()
        let a = try LedgerTests.insert(database, date: "2026-03-01", name: "A", amount: 100, category: "other")
        let b = try LedgerTests.insert(database, date: "2026-03-02", name: "B", amount: 100, category: "other")
        let income = try LedgerTests.insert(database, date: "2026-03-03", name: "Pay", amount: 100, income: true)
        let form = token()
        let outcome = try database.recategorise([a, b, income], category: "transport", formToken: form).value()
        #expect(outcome.changed == 2 && outcome.skippedNotExpense == 1)
        #expect(try LedgerTests.ids(database, LedgerFilter(category: .key("transport"))) == [a, b])
        #expect(try database.recategorise([a], category: "food", formToken: form).isDuplicate)
        #expect(throws: StorageError.self) { try database.recategorise([a], category: "no-such", formToken: token()) }
        #expect(try LedgerTests.ids(database, LedgerFilter(category: .key("transport"))) == [a, b])
    }

    @Test("assign to account leaves transfers and reconciled entries")
    func assign() throws {
        let database = try budgetDatabase()
        let card = try LedgerTests.account(database, "Card")
        let cash = try LedgerTests.account(database, "Cash")
        let plain = try LedgerTests.insert(database, date: "2026-03-01", name: "A", amount: 100)
        let reconciled = try LedgerTests.insert(database, date: "2026-03-02", name: "B", amount: 100, account: cash, reconciled: true)
        let transfer = try LedgerTests.insert(database, date: "2026-03-03", name: "T", amount: 100, account: cash, transferGroup: 1)
        let outcome = try database.assignAccount([plain, reconciled, transfer], account: card, formToken: token()).value()
        #expect(outcome == BulkOutcome(changed: 1, skippedReconciled: 1, skippedTransfers: 1))
        #expect(try LedgerTests.ids(database, LedgerFilter(account: .id(card))) == [plain])
        _ = try database.assignAccount([plain], account: nil, formToken: token())
        #expect(try LedgerTests.ids(database, LedgerFilter(account: LedgerFilter.AccountChoice.none)) == [plain])
        #expect(throws: StorageError.notFound) { try database.assignAccount([plain], account: 999, formToken: token()) }
    }

    @Test("bulk delete takes the transfer's other side; its undo restores exactly those rows")
    func deleteAndUndo() throws {
        let clock = TestClock()
        let database = try budgetDatabase(clock: clock)
        let card = try LedgerTests.account(database, "Card")
        let cash = try LedgerTests.account(database, "Cash")
        let a = try LedgerTests.insert(database, date: "2026-03-01", name: "A", amount: 100)
        let b = try LedgerTests.insert(database, date: "2026-03-02", name: "B", amount: 100)
        let single = try LedgerTests.insert(database, date: "2026-03-03", name: "C", amount: 100)
        let out = try LedgerTests.insert(database, date: "2026-03-04", name: "Out", amount: 100, account: card, transferGroup: 1)
        let into = try LedgerTests.insert(database, date: "2026-03-04", name: "In", amount: 100, income: true, account: cash, transferGroup: 1)
        let kept = try LedgerTests.insert(database, date: "2026-03-05", name: "Kept", amount: 100)
        let outcome = try database.deleteEntries([a, b, out], formToken: token()).value()
        #expect(outcome.changed == 4 && outcome.deletionBatch > 0)
        // Another entry deleted the same second, on its own: not part of the bulk undo.
        _ = try database.delete(.entry(single), formToken: token())
        #expect(try LedgerTests.ids(database, LedgerFilter()) == [kept])
        let restored = try database.undoDeleteEntries(batch: outcome.deletionBatch, formToken: token()).value()
        #expect(restored == 4)
        #expect(try LedgerTests.ids(database, LedgerFilter()) == [a, b, out, into, kept])
        // Undone once: a second undo has nothing left.
        #expect(throws: StorageError.undoExpired) { try database.undoDeleteEntries(batch: outcome.deletionBatch, formToken: token()) }
        // An old Restore button must not restore a later delete: the next delete gets another
        // number, so the old undo never names it.
        let next = try database.deleteEntries([kept], formToken: token()).value()
        #expect(next.deletionBatch != outcome.deletionBatch)
        #expect(throws: StorageError.undoExpired) { try database.undoDeleteEntries(batch: outcome.deletionBatch, formToken: token()) }
        #expect(try database.undoDeleteEntries(batch: next.deletionBatch, formToken: token()).value() == 1)
        // After 10 minutes it is too late.
        let again = try database.deleteEntries([a], formToken: token()).value()
        clock.advance(minutes: 11)
        #expect(throws: StorageError.undoExpired) { try database.undoDeleteEntries(batch: again.deletionBatch, formToken: token()) }
    }

    @Test("a refused bulk action writes nothing")
    func refusedWritesNothing() throws {
        let database = try budgetDatabase()
        let a = try LedgerTests.insert(database, date: "2026-03-01", name: "A", amount: 100)
        #expect(throws: StorageError.self) { try database.deleteEntries([], formToken: token()) }
        #expect(throws: StorageError.self) { try database.deleteEntries((1...501).map { ID<Entry>($0) }, formToken: token()) }
        #expect(try LedgerTests.ids(database, LedgerFilter()) == [a])
    }
}
