import Engine
import Foundation
import GRDB
import Testing
@testable import Storage

/// Tests Sources/Storage/DerivedTables.swift: monthly sums saturate, a rebuild matches the
/// triggers, and a check tells a tampered derived table.
@Suite("Derived tables")
struct DerivedTablesTests {
    private func addEntry(_ database: AppDatabase, amount: Int64) throws {
        _ = try database.addEntry(NewEntry(date: Day(iso: "2026-11-02")!, kind: .expense, name: "Big", amount: Money(minorUnits: amount),
                                           category: "food", isActual: true), origin: .dataPage, formToken: UUID().uuidString)
    }

    @Test("a month's sum past 64 bits stays at the bound, as an integer")
    func saturates() throws {
        let database = try AppDatabase.inMemory()
        try addEntry(database, amount: 1_000_000_000_000)
        try database.write { db in try db.execute(sql: "UPDATE ledgerMonth SET amount = 9223372036854775000") }
        try addEntry(database, amount: 1_000_000_000_000)
        let (type, amount) = try database.read { db in
            (try String.fetchOne(db, sql: "SELECT typeof(amount) FROM ledgerMonth")!, try Int64.fetchOne(db, sql: "SELECT amount FROM ledgerMonth")!)
        }
        #expect(type == "integer" && amount == Int64.max)
    }

    @Test("a rebuild gives what the triggers gave; a tampered line is reported")
    func rebuildAndCheck() throws {
        let database = try AppDatabase.inMemory()
        try addEntry(database, amount: 12_50)
        try addEntry(database, amount: 7_50)
        let problems = try database.write { db -> [String] in try AppDatabase.derivedTableProblems(db) }
        #expect(problems.isEmpty, "\(problems)")
        let tampered = try database.write { db -> [String] in
            try db.execute(sql: "UPDATE ledgerMonth SET amount = amount + 1")
            return try AppDatabase.derivedTableProblems(db)
        }
        #expect(tampered.contains { $0.hasPrefix("ledgerMonth") })
        try database.write { db in try AppDatabase.rebuildDerivedTables(db) }
        #expect(try database.write { db in try AppDatabase.derivedTableProblems(db) }.isEmpty)
    }
}
