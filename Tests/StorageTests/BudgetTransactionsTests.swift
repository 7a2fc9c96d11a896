import Engine
import Testing
@testable import Storage

// Soft delete, undo and purge of budget rows (Sources/Storage/BudgetTransactions.swift).

@Suite("Soft delete, undo, purge and confirmations")
struct BudgetTransactionsTests {
    @Test("a deleted row of each kind leaves every read, and undo brings it back", arguments: ["recurring", "debt", "goal", "entry"])
    func deleteAndUndo(kind: String) throws {
        // Given one row of each kind
        let database = try budgetDatabase()
        let thing: DeletedThing
        switch kind {
        case "recurring": thing = .recurring(try database.addRecurring(rent, formToken: token()).value())
        case "debt": thing = .debt(try database.addDebt(phone, today: day("2026-03-01"), formToken: token()).value())
        case "goal": thing = .goal(try database.addGoal(car, formToken: token()).value())
        default: thing = .entry(try database.addEntry(groceries, origin: .calendar, formToken: token()).value())
        }
        let before = try database.wholeHousehold()
        // When it is deleted
        try database.delete(thing, formToken: token()).value()
        // Then the household and the single reads no longer have it, and a second delete is refused
        let after = try database.wholeHousehold()
        #expect(after.expenses.count + after.debts.count + after.goals.count + after.entries.count == 0)
        #expect(try single(thing, in: database) == false)
        #expect(throws: StorageError.notFound) { try database.delete(thing, formToken: token()) }
        // When the deletion is undone
        try database.undoDelete(thing, formToken: token()).value()
        // Then everything is as before
        let restored = try database.wholeHousehold()
        #expect(restored.expenses == before.expenses && restored.debts == before.debts)
        #expect(restored.goals == before.goals && restored.entries == before.entries)
        #expect(try single(thing, in: database) == true)
    }

    private func single(_ thing: DeletedThing, in database: AppDatabase) throws -> Bool {
        switch thing {
        case .recurring(let id): try database.recurringItem(id: id) != nil
        case .debt(let id): try database.debt(id: id) != nil
        case .goal(let id): try database.goal(id: id) != nil
        case .entry(let id): try database.storedEntry(id: id) != nil
        }
    }

    @Test("undo is refused after 10 minutes; the next write purges the row for good")
    func undoWindowAndPurge() throws {
        // Given two goals deleted at the same time
        let clock = TestClock()
        let database = try budgetDatabase(clock: clock)
        let first = try database.addGoal(car, formToken: token()).value()
        let second = try database.addGoal(car, formToken: token()).value()
        try database.delete(.goal(first), formToken: token()).value()
        try database.delete(.goal(second), formToken: token()).value()
        // When exactly 10 minutes pass, then undo still works
        clock.advance(minutes: 10)
        try database.undoDelete(.goal(first), formToken: token()).value()
        // When more than 10 minutes have passed
        clock.advance(minutes: 0.1)
        // Then undo is refused and nothing changed
        #expect(throws: StorageError.undoExpired) { try database.undoDelete(.goal(second), formToken: token()) }
        #expect(try rawCount("goal", database) == 2)
        // When any budget write runs, then the old deleted row is purged and the restored one stays
        try database.setEmergencySaved(.zero, formToken: token()).value()
        #expect(try rawCount("goal", database) == 1)
        #expect(throws: StorageError.notFound) { try database.undoDelete(.goal(second), formToken: token()) }
        #expect(try database.wholeHousehold().goals.map(\.id) == [first])
    }

    @Test("an occurrence is confirmed at most once among live entries")
    func confirmOnce() throws {
        // Given a monthly expense and a loan
        let database = try budgetDatabase()
        let rentID = try database.addRecurring(rent, formToken: token()).value()
        let loanID = try database.addDebt(mortgage, today: day("2026-03-01"), formToken: token()).value()
        let occurrence = OccurrenceKey(source: .recurring(rentID), date: day("2026-03-05"))
        let confirmation = NewEntry(date: day("2026-03-05"), kind: .expense, name: "Rent", amount: Money(minorUnits: 39_000_00),
                                    category: "housing", isActual: true, confirms: occurrence)
        // When its March occurrence is confirmed
        let first = try database.addEntry(confirmation, origin: .calendar, formToken: token()).value()
        #expect(try database.storedEntry(id: first)?.entry.confirms == occurrence)
        // Then a second confirmation is refused, for a debt payment too
        #expect(throws: StorageError.occurrenceAlreadyConfirmed) {
            try database.addEntry(confirmation, origin: .calendar, formToken: token())
        }
        var payment = confirmation
        payment.confirms = OccurrenceKey(source: .debt(loanID), date: day("2026-03-31"))
        _ = try database.addEntry(payment, origin: .calendar, formToken: token()).value()
        #expect(throws: StorageError.occurrenceAlreadyConfirmed) {
            try database.addEntry(payment, origin: .calendar, formToken: token())
        }
        // And an entry can be updated keeping its own confirmation
        var cheaper = confirmation
        cheaper.amount = Money(minorUnits: 1)
        try database.updateEntry(id: first, cheaper, formToken: token()).value()
        // When the first confirmation is deleted, then the occurrence can be confirmed again
        try database.delete(.entry(first), formToken: token()).value()
        _ = try database.addEntry(confirmation, origin: .calendar, formToken: token()).value()
        // And undoing the old one is refused
        #expect(throws: StorageError.occurrenceAlreadyConfirmed) {
            try database.undoDelete(.entry(first), formToken: token())
        }
        // And confirming an occurrence of a missing source is refused
        var orphan = confirmation
        orphan.confirms = OccurrenceKey(source: .recurring(999), date: day("2026-03-05"))
        #expect(throws: StorageError.notFound) { try database.addEntry(orphan, origin: .calendar, formToken: token()) }
    }

    @Test("deleting a recurring item keeps its confirming entries, unlinked; undo links them again")
    func deletedSourceUnlinks() throws {
        // Given a confirmed occurrence of an income
        let clock = TestClock()
        let database = try budgetDatabase(clock: clock)
        let salaryID = try database.addRecurring(salary, formToken: token()).value()
        let occurrence = OccurrenceKey(source: .recurring(salaryID), date: day("2026-03-31"))
        let entryID = try database.addEntry(NewEntry(date: day("2026-03-31"), kind: .income, name: "Salary",
                                                     amount: salary.amount, isActual: true, confirms: occurrence),
                                            origin: .calendar, formToken: token()).value()
        // When the income is deleted
        try database.delete(.recurring(salaryID), formToken: token()).value()
        // Then the entry stays, unlinked
        #expect(try database.wholeHousehold().entries.map(\.confirms) == [nil])
        #expect(try database.storedEntry(id: entryID)?.entry.confirms == nil)
        // When the deletion is undone, then the link is back
        try database.undoDelete(.recurring(salaryID), formToken: token()).value()
        #expect(try database.storedEntry(id: entryID)?.entry.confirms == occurrence)
        // When it is deleted again and purged after 10 minutes
        try database.delete(.recurring(salaryID), formToken: token()).value()
        clock.advance(minutes: 11)
        try database.setEmergencySaved(.zero, formToken: token()).value()
        // Then the entry is still there, its link cleared in the database
        #expect(try rawCount("recurringItem", database) == 0)
        #expect(try database.storedEntry(id: entryID)?.entry == Entry(
            id: entryID, date: day("2026-03-31"), kind: .income, name: "Salary", amount: salary.amount, isActual: true))
        #expect(try database.read { try Int64.fetchOne($0, sql: "SELECT confirmsRecurringID FROM entry") } == nil)
    }
}

/// Rows of `table`, soft-deleted ones included.
func rawCount(_ table: String, _ database: AppDatabase) throws -> Int {
    try database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM \(table)") ?? -1 }
}
