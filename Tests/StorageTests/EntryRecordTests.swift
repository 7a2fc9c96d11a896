import Engine
import Foundation
import GRDB
import Testing
@testable import Storage

// One way to write an entry row (Sources/Storage/EntryRecord.swift).

@Suite("Entry record")
struct EntryRecordTests {
    @Test("every column written is read back; an account that is gone is refused")
    func roundTrip() throws {
        let database = try budgetDatabase()
        let account = try database.addAccount(NewAccount(name: "Card", type: .card, openingBalance: .zero, openedOn: day("2026-01-01"),
                                                         spendable: true, currency: "USD"), formToken: token()).value()
        let id = try database.write { db in
            try EntryRecord(date: day("2026-11-02"), kind: .expense, name: "Tram", amount: Money(minorUnits: 65_00), category: "transport",
                            isActual: true, note: "to work", accountID: account, cleared: true, payeeRaw: "CITY TRANSIT",
                            createdAt: "2026-11-02T08:00:00Z").insert(db)
        }
        let row = try #require(try database.read { db in
            try Row.fetchOne(db, sql: "SELECT date, kind, name, amount, category, isActual, note, accountID, cleared, payeeRaw FROM entry WHERE id = ?",
                             arguments: [id])
        })
        #expect(row[0] as String == "2026-11-02" && row[1] as String == "expense" && row[2] as String == "Tram")
        #expect(row[3] as Int64 == 65_00 && row[4] as String == "transport" && row[5] as Bool && row[6] as String == "to work")
        #expect(row[7] as Int64 == account.rawValue && row[8] as Bool && row[9] as String == "CITY TRANSIT")
        #expect(throws: StorageError.notFound) {
            try database.write { db in
                try EntryRecord(date: day("2026-11-02"), kind: .income, name: "Gift", amount: Money(minorUnits: 1), category: nil,
                                isActual: true, accountID: ID(999), createdAt: "x").insert(db)
            }
        }
    }
}
