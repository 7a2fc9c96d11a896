import Engine
import Foundation
import Testing
@testable import Storage

// Many entries added at once (Sources/Storage/BulkEntries.swift).

@Suite("Bulk entries")
struct BulkEntriesTests {
    @Test("entries are added in one transaction with one data_imported event; one refused entry writes none")
    func addAll() throws {
        let database = try budgetDatabase()
        var second = groceries
        second.name = "Bread"
        #expect(try database.addEntries([groceries, second], formToken: token()).value() == 2)
        #expect(try database.wholeHousehold().entries.map(\.name).sorted() == ["Bread", "Groceries"])
        #expect(try database.eventCount(.dataImported) == 1)
        #expect(try database.eventCount(.dailyEntryAdded) == 0)
        let before = try database.budgetCounts()
        var bad = groceries
        bad.category = "no-such-category"
        #expect(throws: StorageError.self) { try database.addEntries([groceries, bad], formToken: token()) }
        #expect(try database.budgetCounts() == before)
    }
}
