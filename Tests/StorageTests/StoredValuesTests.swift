import Foundation
import GRDB
import Testing
@testable import Storage

/// Tests Sources/Storage/StoredValues.swift: a stored value of the wrong type makes a read
/// throw `StorageError.corrupt` instead of trapping (a hostile restored
/// database used to crash the server).
@Suite("Stored values read without trapping")
struct StoredValuesTests {
    @Test("an INTEGER column holding 1e30, 2.5 or text reads as corrupt; good rows read")
    func wrongTypes() throws {
        let database = try AppDatabase.inMemory()
        let read = { (value: String) throws -> Int64 in
            try database.read { db in
                let row = try Row.fetchOne(db, sql: "SELECT \(value) AS amount")!
                return row["amount"]
            }
        }
        #expect(try read("42") == 42)
        for bad in ["1.0000000000092234e+30", "'abc'", "NULL"] {
            #expect(throws: StorageError.self) { try read(bad) }
        }
        let optional = try database.read { db -> Int64? in try Row.fetchOne(db, sql: "SELECT NULL AS x")!["x"] }
        #expect(optional == nil)
        #expect(throws: StorageError.self) {
            try database.read { db -> String in try Row.fetchOne(db, sql: "SELECT x'00ff' AS x")!["x"] }
        }
    }

    @Test("the ledger's monthly sums past 64 bits are a corrupt read, not a trap")
    func ledgerMonthOverflow() throws {
        let database = try AppDatabase.inMemory()
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO ledgerMonth (month, accountID, category, kind, isActual, transfer, count, amount)
                VALUES ('2026-11', 0, 'food', 'expense', 1, 0, 1, 1.0000000000092234e+30)
                """)
        }
        #expect(throws: StorageError.self) { try database.ledgerTotals(LedgerFilter()) }
    }
}
