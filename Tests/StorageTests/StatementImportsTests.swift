import Engine
import Foundation
import GRDB
import Statements
import Testing
@testable import Storage

// MARK: - Helpers

/// An account made with plain SQL (the accounts pages are another helper's); returns its id.
func seedAccount(_ database: AppDatabase, name: String = "Card") throws -> ID<Account> {
    try database.write { db in
        try db.execute(sql: """
            INSERT INTO account (name, type, currency, openingBalance, openedOn, spendable, createdAt)
            VALUES (:name, 'card', 'RUB', 0, '2026-01-01', 1, '2026-01-01T00:00:00Z')
            """, arguments: ["name": name])
        return ID(db.lastInsertedRowID)
    }
}

let importContext = ImportPlanContext(today: day("2026-05-28"), planSettings: PlanSettings(), untitled: "Bank transaction")

/// A CSV of the simple shape `Date,Amount,Payee[,Memo][,ID]` read by `StatementParser`.
func statement(_ lines: [String], header: String = "Date,Amount,Payee") throws -> ParsedStatement {
    let text = ([header] + lines).joined(separator: "\n")
    return try StatementParser.parse(Array(text.utf8), options: ParseOptions(today: day("2026-05-28"), currency: "RUB", prefersDayFirst: true))
}

extension AppDatabase {
    /// Previews `lines` into `account` and returns the batch id.
    func preview(_ lines: [String], account: ID<Account>, header: String = "Date,Amount,Payee") throws -> ID<ImportBatchInfo> {
        let parsed = try statement(lines, header: header)
        let bytes = Array(([header] + lines).joined(separator: "\n").utf8)
        return try createImportPreview(NewStatementImport(accountID: account, fileName: "s.csv", fileHash: String(repeating: "a", count: 64),
                                                          bytes: bytes, parsed: parsed), context: importContext, formToken: token()).value()
    }

    /// Previews and commits `lines` with the default choices; returns the batch and the outcome.
    @discardableResult
    func importLines(_ lines: [String], account: ID<Account>, header: String = "Date,Amount,Payee") throws -> (ID<ImportBatchInfo>, ImportCommitOutcome) {
        let batch = try preview(lines, account: account, header: header)
        return (batch, try commitImport(batchID: batch, context: importContext, formToken: token()).value())
    }

    func entryCount(_ condition: String = "1") throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entry WHERE \(condition)") ?? 0 }
    }
}

// MARK: - Tests

@Suite("Statement import storage")
struct StatementImportsTests {
    @Test("a preview stages every row with its decision and writes no entry")
    func previewWritesNothing() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        let batch = try database.preview(["2026-05-01,-50.00,Shop", "2026-05-02,-1.5,Tram", "bad,1,X"], account: account)
        #expect(try database.entryCount() == 0)
        let rows = try database.importRows(batchID: batch)
        #expect(rows.map(\.status) == [.new, .new, .error])
        #expect(rows.map(\.choice) == [.importRow, .importRow, .skip])
        #expect(rows[2].line == 4)
        #expect(try database.importBatch(id: batch)?.status == .preview)
        #expect(try database.importUpload(batchID: batch) != nil)
    }

    @Test("the commit writes exactly what the preview showed: actual, cleared, in the account, with the bank's payee")
    func commitEqualsPreview() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        let batch = try database.preview(["2026-05-01,-50.00,Pyaterochka 12", "2026-05-02,1000.00,Salary", "2026-05-03,-7.00,ACME"],
                                         account: account)
        let staged = try database.importRows(batchID: batch)
        #expect(staged.map(\.category) == ["food", nil, nil])
        let outcome = try database.commitImport(batchID: batch, context: importContext, formToken: token()).value()
        #expect(outcome == .committed(new: 3, linked: 0, skipped: 0))
        let entries = try database.read { db in
            try Row.fetchAll(db, sql: "SELECT date, kind, name, amount, category, isActual, cleared, accountID, payeeRaw, importBatchID FROM entry ORDER BY id")
        }
        #expect(entries.count == 3)
        #expect(entries.map { $0["date"] as String } == ["2026-05-01", "2026-05-02", "2026-05-03"])
        #expect(entries.map { $0["amount"] as Int64 } == [5000, 100000, 700])
        #expect(entries.map { $0["kind"] as String } == ["expense", "income", "expense"])
        #expect(entries.map { $0["category"] as String? } == ["food", nil, "other"])
        for entry in entries {
            #expect(entry["isActual"] as Bool == true)
            #expect(entry["cleared"] as Bool == true)
            #expect(entry["accountID"] as ID<Account>? == account)
            #expect(entry["importBatchID"] as ID<ImportBatchInfo>? == batch)
        }
        #expect(entries[0]["payeeRaw"] as String? == "Pyaterochka 12")
        #expect(try database.importBatch(id: batch)?.status == .committed)
        #expect(try database.importUpload(batchID: batch) == nil)
        #expect(try database.eventCount(.statementImported) == 1)
    }

    @Test("the same file twice adds nothing; an overlapping statement adds only its new rows; identical fares stay two")
    func deduplication() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        let first = ["2026-05-01,-65.00,Tram", "2026-05-01,-65.00,Tram", "2026-05-02,-10.00,Cafe"]
        try database.importLines(first, account: account)
        #expect(try database.entryCount() == 3)
        let (again, outcome) = try database.importLines(first, account: account)
        #expect(outcome == .committed(new: 0, linked: 0, skipped: 3))
        #expect(try database.importRows(batchID: again).allSatisfy { $0.status == .duplicate && $0.seenInBatch == 1 })
        #expect(try database.entryCount() == 3)
        try database.importLines(first + ["2026-05-01,-65.00,Tram", "2026-05-03,-5.00,Kiosk"], account: account)
        #expect(try database.entryCount() == 5)
    }

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

    @Test("a typed entry within ±3 days is linked (actual, cleared, in the account, its name kept) and undo puts it back")
    func linkTyped() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        let typed = try database.addEntry(NewEntry(date: day("2026-05-04"), kind: .expense, name: "Coffee", amount: Money(minorUnits: 25000),
                                                   category: "food", isActual: false, plannedAmount: Money(minorUnits: 25000)),
                                          origin: .calendar, formToken: token()).value()
        let batch = try database.preview(["2026-05-02,-250.00,COFFEE HOUSE"], account: account)
        let rows = try database.importRows(batchID: batch)
        #expect(rows[0].status == .link && rows[0].linkEntryID == typed && rows[0].choice == .link && rows[0].matchName == "Coffee")
        #expect(try database.commitImport(batchID: batch, context: importContext, formToken: token()).value() == .committed(new: 0, linked: 1, skipped: 0))
        let linked = try database.read { db in try Row.fetchOne(db, sql: "SELECT * FROM entry WHERE id = :id", arguments: ["id": typed])! }
        #expect(linked["isActual"] as Bool == true)
        #expect(linked["cleared"] as Bool == true)
        #expect(linked["accountID"] as ID<Account>? == account)
        #expect(linked["name"] as String == "Coffee")
        #expect(try database.entryCount() == 1)
        // Linked keys count: the same statement again is a duplicate, not a second link.
        #expect(try database.importRows(batchID: database.preview(["2026-05-02,-250.00,COFFEE HOUSE"], account: account))[0].status == .duplicate)
        _ = try database.undoImport(batchID: batch, formToken: token()).value()
        let restored = try database.read { db in try Row.fetchOne(db, sql: "SELECT * FROM entry WHERE id = :id", arguments: ["id": typed])! }
        #expect(restored["isActual"] as Bool == false)
        #expect(restored["cleared"] as Bool == false)
        #expect(restored["accountID"] as Int64? == nil)
        #expect(try database.entryCount() == 1)
    }

    @Test("'import separately' makes a new entry and leaves the typed one alone")
    func importSeparately() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        _ = try database.addEntry(NewEntry(date: day("2026-05-02"), kind: .expense, name: "Coffee", amount: Money(minorUnits: 25000),
                                           category: "food", isActual: true), origin: .calendar, formToken: token())
        let batch = try database.preview(["2026-05-02,-250.00,Coffee"], account: account)
        let outcome = try database.commitImport(batchID: batch, choices: [0: (.importRow, nil)], context: importContext, formToken: token()).value()
        #expect(outcome == .committed(new: 1, linked: 0, skipped: 0))
        #expect(try database.entryCount() == 2)
    }

    @Test("a monthly rent within 10 % and ±3 days confirms the occurrence as actual with the bank's amount")
    func confirmRecurring() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        let rent = try database.addRecurring(NewRecurringItem(kind: .expense, name: "Rent", amount: Money(minorUnits: 5_000_000), periodicity: .monthly,
                                                              start: day("2026-01-03"), category: "housing"), formToken: token()).value()
        let batch = try database.preview(["2026-05-05,-52000.00,LANDLORD LLC"], account: account)
        let rows = try database.importRows(batchID: batch)
        #expect(rows[0].status == .confirm && rows[0].matchName == "Rent" && rows[0].matchDate == day("2026-05-03"))
        _ = try database.commitImport(batchID: batch, context: importContext, formToken: token()).value()
        let entry = try database.read { db in try Row.fetchOne(db, sql: "SELECT * FROM entry")! }
        #expect(entry["confirmsRecurringID"] as ID<RecurringItem>? == rent)
        #expect(entry["confirmsDate"] as String? == "2026-05-03")
        #expect(entry["amount"] as Int64 == 5_200_000)
        #expect(entry["category"] as String? == "housing")
        #expect(entry["accountID"] as ID<Account>? == account)
        #expect(entry["isActual"] as Bool == true)
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

    @Test("a commit after the household changed re-stages the plan and writes no entry")
    func planChanged() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        let batch = try database.preview(["2026-05-01,-65.00,Tram"], account: account)
        try database.importLines(["2026-05-01,-65.00,Tram"], account: account)
        #expect(try database.commitImport(batchID: batch, context: importContext, formToken: token()).value() == .planChanged)
        #expect(try database.entryCount() == 1)
        #expect(try database.importRows(batchID: batch)[0].status == .duplicate)
        #expect(try database.commitImport(batchID: batch, context: importContext, formToken: token()).value() == .committed(new: 0, linked: 0, skipped: 1))
    }

    @Test("a bank id reused with another amount is imported and flagged")
    func reusedID() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        try database.importLines(["2026-05-01,-65.00,Tram,,F1"], account: account, header: "Date,Amount,Payee,Memo,ID")
        let rows = try database.importRows(batchID: database.preview(["2026-05-01,-65.00,Tram,,F1", "2026-05-09,-80.00,Bus,,F1"],
                                                                     account: account, header: "Date,Amount,Payee,Memo,ID"))
        #expect(rows.map(\.status) == [.duplicate, .reusedID])
        #expect(rows.map(\.choice) == [.skip, .importRow])
    }

    @Test("a category the user picks in the preview is stored; the next import of that payee learns it")
    func learnedCategory() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        let batch = try database.preview(["2026-05-01,-65.00,ACME Books 11"], account: account)
        _ = try database.commitImport(batchID: batch, choices: [0: (.importRow, "education")], context: importContext, formToken: token()).value()
        let next = try database.importRows(batchID: database.preview(["2026-05-09,-80.00,Acme books 12"], account: account))
        #expect(next[0].category == "education" && next[0].categorySource == "learned")
    }

    @Test("cancel deletes the preview and its upload; export and delete-all cover the import tables")
    func cancelExportDelete() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        let pending = try database.preview(["2026-05-01,-65.00,Tram"], account: account)
        _ = try database.cancelImport(batchID: pending, formToken: token()).value()
        #expect(try database.importBatch(id: pending) == nil)
        try database.importLines(["2026-05-01,-65.00,Tram"], account: account)
        let names = Set(try database.exportTables().filter { !$0.rows.isEmpty }.map(\.name))
        #expect(names.isSuperset(of: ["importBatch", "importRow", "importKey"]))
        #expect(Set(try database.exportTables().map(\.name)).isSuperset(of: ["importTombstone", "importProfile"]))
        // A pending upload (up to 50 MB) is never exported, and goes with its batch on delete-all.
        let waiting = try database.preview(["2026-05-03,-5.00,Kiosk"], account: account)
        #expect(!(try database.exportTables().map(\.name).contains("importUpload")))
        _ = try database.deleteAllData(formToken: token())
        #expect(try database.importUpload(batchID: waiting) == nil)
        let left = try database.exportTables().filter { $0.name.hasPrefix("import") && !$0.rows.isEmpty }
        #expect(left.isEmpty)
    }

    @Test("a commit stores the statement balance on the account and the CSV mapping as its header's profile")
    func balanceAndProfile() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        var parsed = try statement(["2026-05-01,-65.00,Tram"])
        parsed.balance = StatementBalance(amount: -123_45, date: day("2026-05-02"))
        let batch = try database.createImportPreview(NewStatementImport(accountID: account, fileName: "s.ofx", fileHash: String(repeating: "b", count: 64),
                                                                        bytes: [1], parsed: parsed), context: importContext, formToken: token()).value()
        #expect(try database.importBatch(id: batch)?.statementBalance == -123_45)
        _ = try database.commitImport(batchID: batch, context: importContext, formToken: token()).value()
        let stored = try database.read { db in try Row.fetchOne(db, sql: "SELECT statementBalance, statementDate FROM account")! }
        #expect(stored[0] as Int64? == -123_45)
        #expect(stored[1] as String? == "2026-05-02")
        #expect(try database.importProfile(headerShape: #require(parsed.headerShape))?.mapping == parsed.mapping)
    }

    @Test("when the plan changed, the user's choices stay on the rows whose decision did not")
    func choicesSurviveReplan() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        let batch = try database.preview(["2026-05-01,-65.00,Tram", "2026-05-02,-10.00,Cafe"], account: account)
        _ = try database.saveImportChoices(batchID: batch, [1: (.importRow, "health")], formToken: token())
        try database.importLines(["2026-05-01,-65.00,Tram"], account: account)
        #expect(try database.commitImport(batchID: batch, context: importContext, formToken: token()).value() == .planChanged)
        let rows = try database.importRows(batchID: batch)
        #expect(rows[0].status == .duplicate)
        #expect(rows[1].category == "health" && rows[1].categorySource == "user")
    }
}
