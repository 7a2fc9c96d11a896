import Engine
import Foundation
import GRDB
import Statements
import Testing
@testable import Storage

// Undoing a statement import, and the tombstones of deleted imported entries
// (Sources/Storage/StatementImportUndo.swift); the helpers are in StatementImportsTests.swift.

@Suite("Statement import undo")
struct StatementImportUndoTests {
    @Test("undo removes exactly the batch's entries and keys, and a re-import then adds them again")
    func undo() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        try database.importLines(["2026-05-01,-65.00,Tram"], account: account)
        let (second, _) = try database.importLines(["2026-05-01,-65.00,Tram", "2026-05-02,-10.00,Cafe"], account: account)
        #expect(try database.entryCount() == 2)
        _ = try database.undoImport(batchID: second, formToken: token()).value()
        #expect(try database.entryCount() == 1)
        #expect(try database.entryCount("name = 'Tram'") == 1)
        #expect(try database.importBatch(id: second)?.status == .undone)
        #expect(throws: ImportStorageError.wrongState) { try database.undoImport(batchID: second, formToken: token()) }
        try database.importLines(["2026-05-01,-65.00,Tram", "2026-05-02,-10.00,Cafe"], account: account)
        #expect(try database.entryCount() == 2)
        #expect(try database.eventCount(.importUndone) == 1)
    }

    @Test("undo is refused after 30 days")
    func undoWindow() throws {
        let clock = TestClock()
        let database = try budgetDatabase(clock: clock)
        let account = try seedAccount(database)
        let (batch, _) = try database.importLines(["2026-05-01,-65.00,Tram"], account: account)
        clock.advance(minutes: 31 * 24 * 60)
        #expect(throws: ImportStorageError.undoExpired) { try database.undoImport(batchID: batch, formToken: token()) }
    }

    @Test("an imported entry the user deleted comes back as 'previously deleted', unchecked; undoing the deletion clears that")
    func tombstones() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        try database.importLines(["2026-05-01,-65.00,Tram"], account: account)
        let id = try database.read { db in try ID<Entry>.fetchOne(db, sql: "SELECT id FROM entry")! }
        _ = try database.delete(.entry(id), formToken: token())
        let rows = try database.importRows(batchID: database.preview(["2026-05-01,-65.00,Tram"], account: account))
        #expect(rows[0].status == .deleted && rows[0].choice == .skip && rows[0].deletedOn != nil)
        _ = try database.undoDelete(.entry(id), formToken: token())
        #expect(try database.importRows(batchID: database.preview(["2026-05-01,-65.00,Tram"], account: account))[0].status == .duplicate)
    }

    @Test("an imported entry deleted from the ledger in bulk is 'previously deleted' too; the bulk undo clears that")
    func bulkDeleteTombstones() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        try database.importLines(["2026-05-01,-65.00,Tram", "2026-05-02,-80.00,Cafe"], account: account)
        let ids = try database.read { db in try ID<Entry>.fetchAll(db, sql: "SELECT id FROM entry ORDER BY id") }
        let deleted = try database.deleteEntries(ids, formToken: token()).value()
        let again = ["2026-05-01,-65.00,Tram", "2026-05-02,-80.00,Cafe"]
        #expect(try database.importRows(batchID: database.preview(again, account: account)).map(\.status) == [.deleted, .deleted])
        _ = try database.undoDeleteEntries(batch: deleted.deletionBatch, formToken: token())
        #expect(try database.importRows(batchID: database.preview(again, account: account)).map(\.status) == [.duplicate, .duplicate])
    }
}
