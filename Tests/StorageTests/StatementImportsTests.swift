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

    @Test("a split row's parts read back as written, one category's parts added together; a single category is no split")
    func splitsColumn() {
        let text = AppDatabase.encodeSplits([("food", 30_00), (nil, 12_50), ("food", 1_00)])
        #expect(text == "food=3000;=1250;food=100")
        #expect(AppDatabase.splitParts(text, rowCategory: "home")
            == [EntryPart(category: "food", amount: Money(minorUnits: 31_00)), EntryPart(category: "home", amount: Money(minorUnits: 12_50))])
        #expect(AppDatabase.splitParts("food=100;=200", rowCategory: "food") == nil)
        #expect(AppDatabase.splitParts("food=x;=200", rowCategory: "home") == nil)
    }

    @Test("a statement's period is kept as from/through and only a valid range reads back")
    func periodColumn() {
        let period = day("2026-10-01")...day("2026-10-31")
        #expect(AppDatabase.encodePeriod(period) == "2026-10-01/2026-10-31")
        #expect(AppDatabase.decodePeriod(AppDatabase.encodePeriod(period)) == period)
        #expect(AppDatabase.decodePeriod("2026-10-31/2026-10-01") == nil)
        #expect(AppDatabase.decodePeriod("2026-10-01") == nil)
    }

    @Test("the MT940/CAMT migration rebuilds the batches' table: its rows, and every row that points at a batch, stay")
    func formatsMigrationKeepsBatchesAndTheirRows() throws {
        let queue = try DatabaseQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "rf7: refunds as negative expenses")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO account (name, type, currency, openingBalance, openedOn, spendable, createdAt)
                    VALUES ('Giro', 'checking', 'EUR', 0, '2026-01-01', 1, '2026-01-01T00:00:00Z');
                INSERT INTO importBatch (accountID, status, fileName, fileHash, format, encoding, statementBalance, statementDate,
                                         createdAt, committedAt, rowCount, newCount, bankAccountID)
                    VALUES (1, 'committed', 'a.ofx', '\(String(repeating: "0", count: 64))', 'ofx', 'utf8', 12345, '2026-10-31',
                            '2026-11-01T00:00:00Z', '2026-11-01T00:01:00Z', 1, 1, 'ACC-1');
                INSERT INTO importRow (batchID, position, line, date, amount, payee, status, choice, categorySource)
                    VALUES (1, 0, 2, '2026-10-01', -5000, 'TANUKI', 'new', 'import', 'keyword');
                INSERT INTO importUpload (batchID, bytes) VALUES (1, x'41');
                INSERT INTO entry (date, kind, name, amount, category, isActual, accountID, importBatchID, createdAt)
                    VALUES ('2026-10-01', 'expense', 'Tanuki', 5000, 'food', 1, 1, 1, '2026-11-01T00:01:00Z');
                """)
        }
        try AppDatabase.migrator.migrate(queue)
        try queue.read { db in
            let batch = try #require(try Row.fetchOne(db, sql: "SELECT * FROM importBatch WHERE id = 1"))
            let kept: [String?] = [batch["format"], batch["bankAccountID"], batch["statementDate"]]
            #expect(kept == ["ofx", "ACC-1", "2026-10-31"])
            #expect(batch["statementBalance"] as Int64? == 12345)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM importRow WHERE batchID = 1") == 1)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM importUpload WHERE batchID = 1") == 1)
            #expect(try Int.fetchOne(db, sql: "SELECT importBatchID FROM entry") == 1)
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
        }
        try queue.write { db in
            try db.execute(sql: "UPDATE importBatch SET format = 'mt940' WHERE id = 1")
            try db.execute(sql: "UPDATE importBatch SET format = 'camt' WHERE id = 1")
            #expect(throws: (any Error).self) { try db.execute(sql: "UPDATE importBatch SET format = 'xls' WHERE id = 1") }
        }
    }
}
