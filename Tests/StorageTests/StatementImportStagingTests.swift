import Engine
import Foundation
import GRDB
import Statements
import Testing
@testable import Storage

// The preview's staged rows (Sources/Storage/StatementImportStaging.swift); the helpers
// (`seedAccount`, `preview`, `importLines`) are in StatementImportsTests.swift.

@Suite("Statement import staging")
struct StatementImportStagingTests {
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
}
