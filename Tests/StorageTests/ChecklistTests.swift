import Engine
import Foundation
import Testing
@testable import Storage

// The month's checklist: steps marked done and their undo (Sources/Storage/Checklist.swift).

@Suite("Checklist")
struct ChecklistTests {
    static let november = YearMonth(iso: "2026-11")!

    static func step(_ kind: ChecklistStepKind, _ key: String, source: Int64?, amount: Int64) -> ChecklistStep {
        ChecklistStep(kind: kind, key: key, name: "Step \(key)", sourceID: source, amount: Money(minorUnits: amount),
                      minimum: nil, due: day("2026-11-10"), fundedBy: nil)
    }

    @Test("done raises the fund and a goal once, makes a loan's extra an entry; undo puts each back")
    func doneAndUndo() throws {
        let database = try budgetDatabase()
        try database.setEmergencySaved(Money(minorUnits: 1_000_00), formToken: token()).value()
        let goal = try database.addGoal(car, formToken: token()).value()
        let loan = try database.addDebt(phone, today: day("2026-11-01"), formToken: token()).value()
        let today = day("2026-11-12")
        let fund = Self.step(.emergency, "emergency", source: nil, amount: 500_00)
        let saving = Self.step(.goal, "goal-\(goal.rawValue)", source: goal.rawValue, amount: 2_000_00)
        let extra = Self.step(.debt, "debt-\(loan.rawValue)", source: loan.rawValue, amount: 3_000_00)
        for step in [fund, saving, extra] {
            #expect(try database.markChecklistStepDone(step, month: Self.november, today: today, formToken: token()).value())
        }
        #expect(try !database.markChecklistStepDone(fund, month: Self.november, today: today, formToken: token()).value())
        let household = try database.wholeHousehold()
        #expect(household.emergencySaved == Money(minorUnits: 1_500_00))
        #expect(household.goals.first?.saved == Money(minorUnits: 52_000_00))
        let done = try database.checklistDone(month: Self.november)
        #expect(Set(done.keys) == [fund.key, saving.key, extra.key])
        let entryID = try #require(done[extra.key]?.entryID)
        let entry = try #require(try database.storedEntry(id: entryID)?.entry)
        #expect(entry.date == today && entry.amount == Money(minorUnits: 3_000_00) && entry.category == "other" && entry.isActual)
        #expect(done[fund.key] == ChecklistDone(stepKey: "emergency", amount: Money(minorUnits: 500_00), entryID: nil))
        for key in [fund.key, saving.key, extra.key] {
            #expect(try database.undoChecklistStep(key: key, month: Self.november, formToken: token()).value())
        }
        #expect(try !database.undoChecklistStep(key: fund.key, month: Self.november, formToken: token()).value())
        let after = try database.wholeHousehold()
        #expect(after.emergencySaved == Money(minorUnits: 1_000_00))
        #expect(after.goals.first?.saved == Money(minorUnits: 50_000_00))
        #expect(try database.storedEntry(id: entryID) == nil)
        #expect(try database.checklistDone(month: Self.november).isEmpty)
    }

    @Test("a step whose goal or debt is gone changes nothing")
    func goneSource() throws {
        let database = try budgetDatabase()
        let before = try database.budgetCounts()
        for step in [Self.step(.goal, "goal-99", source: 99, amount: 100), Self.step(.debt, "debt-99", source: 99, amount: 100)] {
            #expect(try !database.markChecklistStepDone(step, month: Self.november, today: day("2026-11-12"), formToken: token()).value())
        }
        #expect(try database.checklistDone(month: Self.november).isEmpty)
        #expect(try database.budgetCounts() == before)
    }

    @Test("recent entries are the newest actual ones on or before the day, newest first")
    func recentEntries() throws {
        let database = try budgetDatabase()
        var ids: [ID<Entry>] = []
        for (date, actual) in [("2026-11-01", true), ("2026-11-03", true), ("2026-11-04", false), ("2026-11-05", true), ("2026-11-20", true)] {
            var entry = groceries
            entry.date = day(date)
            entry.isActual = actual
            entry.plannedAmount = actual ? nil : entry.amount
            ids.append(try database.addEntry(entry, origin: .dataPage, formToken: token()).value())
        }
        #expect(try database.recentEntries(through: day("2026-11-10"), limit: 2).map(\.entry.id) == [ids[3], ids[1]])
    }
}
