import Engine
import Foundation
import GRDB
import Statements
import Testing
@testable import Storage

// What the pages read of a statement import (Sources/Storage/StatementImportReads.swift); the
// helpers (`seedAccount`, `preview`, `importLines`) are in StatementImportsTests.swift.

@Suite("Statement import reads")
struct StatementImportReadsTests {
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
}
