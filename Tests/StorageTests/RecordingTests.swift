import Engine
import Foundation
import Testing
@testable import Storage

// Recording money with the planned item it fulfils, "record separately", and the default account
// (Sources/Storage/Recording.swift; docs/engine-rules.md, "One money model").

@Suite("Recording money")
struct RecordingTests {
    static let salary = NewRecurringItem(kind: .income, name: "Зарплата", amount: Money(minorUnits: 120_000_00), periodicity: .monthly,
                                         start: day("2026-01-05"))

    @Test("an entry confirming an occurrence links it once; a second one is recorded on its own; record separately unlinks")
    func occurrence() throws {
        let database = try budgetDatabase()
        let item = try database.addRecurring(Self.salary, formToken: token()).value()
        let key = OccurrenceKey(source: .recurring(item), date: day("2026-11-05"))
        let entry = NewEntry(date: day("2026-11-05"), kind: .income, name: "зарплата", amount: Money(minorUnits: 120_000_00), isActual: true)
        let first = try database.record(entry, confirming: .occurrence(key), origin: .dataPage, formToken: token()).value()
        #expect(first.confirmed == .occurrence(key))
        #expect(try database.storedEntry(id: first.id)?.entry.confirms == key)
        let second = try database.record(entry, confirming: .occurrence(key), origin: .dataPage, formToken: token()).value()
        let secondLink = try database.storedEntry(id: second.id)?.entry.confirms
        #expect(second.confirmed == nil && secondLink == nil)
        _ = try database.recordSeparately(first.id, plannedEntry: nil, formToken: token())
        #expect(try database.storedEntry(id: first.id)?.entry.confirms == nil)
    }

    @Test("an entry fulfilling a planned one-off replaces it and keeps its planned amount; record separately brings it back")
    func plannedEntry() throws {
        let database = try budgetDatabase()
        let planned = try database.addEntry(NewEntry(date: day("2026-11-07"), kind: .expense, name: "Dentist", amount: Money(minorUnits: 100_00),
                                                     category: "health", isActual: false), origin: .dataPage, formToken: token()).value()
        let actual = NewEntry(date: day("2026-11-06"), kind: .expense, name: "Dentist", amount: Money(minorUnits: 105_00), category: "health",
                              isActual: true)
        let recorded = try database.record(actual, confirming: .plannedEntry(planned), origin: .calendar, formToken: token()).value()
        #expect(recorded.confirmed == .plannedEntry(planned))
        let household = try database.wholeHousehold()
        #expect(household.entries.count == 1)
        #expect(household.entries.first?.plannedAmount == Money(minorUnits: 100_00) && household.entries.first?.amount == Money(minorUnits: 105_00))
        _ = try database.recordSeparately(recorded.id, plannedEntry: planned, formToken: token())
        let after = try database.wholeHousehold()
        #expect(after.entries.count == 2 && after.entries.filter(\.isActual).allSatisfy { $0.plannedAmount == nil })
    }

    @Test("record separately only within the undo window")
    func separatelyExpires() throws {
        let clock = TestClock()
        let database = try budgetDatabase(clock: clock)
        let item = try database.addRecurring(Self.salary, formToken: token()).value()
        let key = OccurrenceKey(source: .recurring(item), date: day("2026-11-05"))
        let entry = NewEntry(date: day("2026-11-05"), kind: .income, name: "Salary", amount: Money(minorUnits: 120_000_00), isActual: true)
        let recorded = try database.record(entry, confirming: .occurrence(key), origin: .dataPage, formToken: token()).value()
        clock.advance(minutes: 11)
        #expect(throws: StorageError.undoExpired) { try database.recordSeparately(recorded.id, plannedEntry: nil, formToken: token()) }
    }

    @Test("the default account: the household's choice while open, else the last used by hand, else the first spendable, else none")
    func defaultAccount() throws {
        let database = try budgetDatabase()
        #expect(try database.defaultAccountID() == nil)
        func account(_ name: String, spendable: Bool = true) throws -> ID<Account> {
            try database.addAccount(NewAccount(name: name, type: .checking, openingBalance: .zero, openedOn: day("2026-01-01"),
                                               spendable: spendable, currency: "USD"), formToken: token()).value()
        }
        let savings = try account("Savings", spendable: false)
        let checking = try account("Checking")
        let card = try account("Card")
        #expect(try database.defaultAccountID() == checking)
        var coffee = NewEntry(date: day("2026-11-02"), kind: .expense, name: "Coffee", amount: Money(minorUnits: 3_00), category: "food", isActual: true)
        coffee.account = EntryAccount(accountID: card, cleared: false)
        _ = try database.addEntry(coffee, origin: .dataPage, formToken: token())
        #expect(try database.defaultAccountID() == card)
        _ = try database.saveSettings([AppDatabase.defaultAccountKey: String(savings.rawValue)])
        #expect(try database.defaultAccountID() == savings)
    }
}
