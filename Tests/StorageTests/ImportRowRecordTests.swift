import Engine
import Foundation
import GRDB
import Statements
import Testing
@testable import Storage

// One way to write and read a staged statement row (Sources/Storage/ImportRowRecord.swift).

@Suite("Import row record")
struct ImportRowRecordTests {
    @Test("every column written is read back as it was")
    func roundTrip() throws {
        let database = try budgetDatabase()
        let batch = try database.preview(["2026-05-01,-50.00,Shop"], account: try seedAccount(database))
        var record = ImportRowRecord(
            batchID: batch, position: 7, line: 9, date: day("2026-05-03"), amount: -12_34, payee: "CAFE", memo: "card 1234",
            externalID: "X1", status: .link, fingerprint: "fp", externalKey: "ek", occurrence: 2, seenBatchID: 5,
            deletedOn: "2026-05-04", linkEntryID: nil, confirmSource: "r:3", confirmDate: day("2026-05-05"), reason: "why",
            errorColumn: "Amount", category: "food", categorySource: "user", choice: .link, mcc: 5812, bankCategory: "Cafes",
            name: "Coffee", splits: "food=1000;=234")
        record.before = "{}"
        let read = try database.write { db in
            try record.insert(with: db.makeStatement(sql: ImportRowRecord.insertSQL))
            return try ImportRowRecord.fetchAll(batchID: batch, db)
        }
        #expect(read.count == 2 && read.last == record)
    }

    @Test("the record names every column of the table, so a new column cannot be left out of it")
    func namesEveryColumn() throws {
        let database = try budgetDatabase()
        let columns = try database.read { db in try db.columns(in: "importRow").map(\.name) }
        #expect(Set(columns) == Set(ImportRowRecord.columns) && columns.count == ImportRowRecord.columns.count)
    }
}
