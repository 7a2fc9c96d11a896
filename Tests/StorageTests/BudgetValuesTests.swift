import Engine
import Foundation
import Testing
@testable import Storage

// What the budget forms write and the reads return (Sources/Storage/BudgetValues.swift).

@Suite("Budget values")
struct BudgetValuesTests {
    @Test("a planned entry's planned amount defaults to its amount; an actual one has none unless given")
    func plannedAmount() {
        let planned = NewEntry(date: day("2026-03-01"), kind: .expense, name: "Rent", amount: Money(minorUnits: 40_000_00), isActual: false)
        #expect(planned.plannedAmount == Money(minorUnits: 40_000_00))
        let actual = NewEntry(date: day("2026-03-01"), kind: .expense, name: "Rent", amount: Money(minorUnits: 39_000_00), isActual: true)
        #expect(actual.plannedAmount == nil)
        let confirmed = NewEntry(date: day("2026-03-01"), kind: .expense, name: "Rent", amount: Money(minorUnits: 39_000_00), isActual: true,
                                 plannedAmount: Money(minorUnits: 40_000_00))
        #expect(confirmed.plannedAmount == Money(minorUnits: 40_000_00))
    }

    @Test("defaults: a goal starts at nothing saved with priority 2; a deleted thing names its table and row")
    func defaults() {
        let goal = NewGoal(name: "Car", target: Money(minorUnits: 100))
        #expect(goal.saved == .zero && goal.priority == 2 && goal.deadline == nil && goal.savedAccountID == nil)
        #expect(DeletedThing.recurring(3).row.table == "recurringItem" && DeletedThing.recurring(3).row.id == 3)
        #expect(DeletedThing.debt(4).row.table == "debt" && DeletedThing.debt(4).row.id == 4)
        #expect(DeletedThing.goal(5).row.table == "goal" && DeletedThing.goal(5).row.id == 5)
        #expect(DeletedThing.entry(6).row.table == "entry" && DeletedThing.entry(6).row.id == 6)
    }
}
