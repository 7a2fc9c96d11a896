import Engine
import Foundation
import GRDB
import Statements
import Testing
@testable import Storage

// The commit of a statement import (Sources/Storage/StatementImportCommit.swift); the helpers
// are in StatementImportsTests.swift.

@Suite("Statement import commit")
struct StatementImportCommitTests {
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
}
