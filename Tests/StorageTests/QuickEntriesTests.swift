import Engine
import Foundation
import Testing
@testable import Storage

// Quick entry's drafts saved at once and their undo (Sources/Storage/QuickEntries.swift).

@Suite("Quick entries")
struct QuickEntriesTests {
    @Test("entries and recurring items are saved in one transaction with one event; a refused row writes nothing")
    func saveAll() throws {
        let database = try budgetDatabase()
        let saved = try database.addQuickEntries([groceries], recurring: [rent], properties: ["drafts": .integer(2)],
                                                 formToken: token()).value()
        #expect(saved.entryIDs.count == 1 && saved.recurringIDs.count == 1)
        #expect(try database.storedEntry(id: saved.entryIDs[0])?.entry.name == "Groceries")
        #expect(try database.wholeHousehold().expenses.map(\.name) == ["Rent"])
        #expect(try database.eventCount(.quickEntry) == 1)
        let before = try database.budgetCounts()
        var zero = groceries
        zero.amount = .zero
        #expect(throws: StorageError.self) {
            try database.addQuickEntries([groceries, zero], recurring: [rent], properties: [:], formToken: token())
        }
        #expect(try database.budgetCounts() == before)
    }

    @Test("undo deletes the saved rows within 10 minutes, once")
    func undo() throws {
        let clock = TestClock()
        let database = try budgetDatabase(clock: clock)
        let saved = try database.addQuickEntries([groceries, groceries], recurring: [rent], properties: [:], formToken: token()).value()
        let entries = saved.entryIDs[0].rawValue...saved.entryIDs[1].rawValue
        let recurring = saved.recurringIDs[0].rawValue...saved.recurringIDs[0].rawValue
        #expect(try database.undoQuickEntries(entries: entries, recurring: recurring, formToken: token()).value() == 3)
        #expect(try database.wholeHousehold().entries.isEmpty && database.wholeHousehold().expenses.isEmpty)
        #expect(try database.undoQuickEntries(entries: entries, recurring: recurring, formToken: token()).value() == 0)
        // Too late after the undo window
        let late = try database.addQuickEntries([groceries], recurring: [], properties: [:], formToken: token()).value()
        clock.advance(minutes: 11)
        let range = late.entryIDs[0].rawValue...late.entryIDs[0].rawValue
        #expect(try database.undoQuickEntries(entries: range, recurring: nil, formToken: token()).value() == 0)
        #expect(try database.wholeHousehold().entries.count == 1)
    }

    @Test("undoing a quick entry that replaced a planned one-off brings the planned one-off back")
    func undoRestoresThePlannedOneOff() throws {
        let database = try budgetDatabase()
        let planned = try database.addEntry(NewEntry(date: day("2026-11-07"), kind: .expense, name: "Dentist", amount: Money(minorUnits: 100_00),
                                                     category: "health", isActual: false), origin: .dataPage, formToken: token()).value()
        let typed = NewEntry(date: day("2026-11-06"), kind: .expense, name: "Dentist", amount: Money(minorUnits: 105_00), category: "health",
                             isActual: true)
        let saved = try database.addQuickEntries([typed], matches: [.plannedEntry(planned)], recurring: [], properties: [:],
                                                 formToken: token()).value()
        #expect(try database.wholeHousehold().entries.map(\.isActual) == [true])
        let range = saved.entryIDs[0].rawValue...saved.entryIDs[0].rawValue
        #expect(try database.undoQuickEntries(entries: range, recurring: nil, formToken: token()).value() == 1)
        let after = try database.wholeHousehold().entries
        #expect(after.count == 1 && after.first?.id == planned && after.first?.isActual == false, "the planned one-off is lost: \(after)")
    }
}
