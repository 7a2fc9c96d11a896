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

    @Test("done raises the fund and a goal once and lowers a loan's balance; each is a transfer out of the account, never spending; undo puts each back")
    func doneAndUndo() throws {
        let database = try budgetDatabase()
        try database.setEmergencySaved(Money(minorUnits: 1_000_00), formToken: token()).value()
        let goal = try database.addGoal(car, formToken: token()).value()
        let loan = try database.addDebt(mortgage, today: day("2026-11-01"), formToken: token()).value()
        let checking = try database.addAccount(NewAccount(name: "Checking", type: .checking, openingBalance: Money(minorUnits: 100_000_00),
                                                          openedOn: day("2026-01-01"), spendable: true, currency: "RUB"),
                                               formToken: token()).value()
        let today = day("2026-11-12")
        let debtBefore = try #require(try database.wholeHousehold().debts.first)
        let owedBefore = try #require(loanBalanceToday(debtBefore, today: today))
        let before = try database.exportTables()
        let fund = Self.step(.emergency, "emergency", source: nil, amount: 500_00)
        let saving = Self.step(.goal, "goal-\(goal.rawValue)", source: goal.rawValue, amount: 2_000_00)
        let extra = Self.step(.debt, "debt-\(loan.rawValue)", source: loan.rawValue, amount: 3_000_00)
        for step in [fund, saving, extra] {
            #expect(try database.markChecklistStepDone(step, month: Self.november, today: today, from: checking, formToken: token()).value())
        }
        #expect(try !database.markChecklistStepDone(fund, month: Self.november, today: today, from: checking, formToken: token()).value())
        let household = try database.wholeHousehold()
        #expect(household.emergencySaved == Money(minorUnits: 1_500_00))
        #expect(household.goals.first?.saved == Money(minorUnits: 52_000_00))
        // The loan owes 3 000.00 less today: its as-of date is today.
        let debt = try #require(household.debts.first)
        #expect(debt.loan?.asOf == today && loanBalanceToday(debt, today: today) == owedBefore.saturatingSubtracting(Money(minorUnits: 3_000_00)))
        // The money left Checking (5 500.00), as transfers: in no expense, category or everyday figure.
        #expect(try database.balances(on: today)[checking]?.balance == Money(minorUnits: 94_500_00))
        #expect(!household.entries.contains { $0.date == today }, "the household read leaves transfers out")
        let done = try database.checklistDone(month: Self.november)
        #expect(Set(done.keys) == [fund.key, saving.key, extra.key])
        #expect(done.values.allSatisfy { $0.entryID != nil })
        for key in [fund.key, saving.key, extra.key] {
            #expect(try database.undoChecklistStep(key: key, month: Self.november, formToken: token()).value())
        }
        #expect(try !database.undoChecklistStep(key: fund.key, month: Self.november, formToken: token()).value())
        #expect(try database.exportTables() == before, "undo is exact")
    }

    @Test("without an account nothing leaves one: the fund and goal rise, the loan falls")
    func withoutAccount() throws {
        let database = try budgetDatabase()
        let goal = try database.addGoal(car, formToken: token()).value()
        let saving = Self.step(.goal, "goal-\(goal.rawValue)", source: goal.rawValue, amount: 2_000_00)
        #expect(try database.markChecklistStepDone(saving, month: Self.november, today: day("2026-11-12"), formToken: token()).value())
        #expect(try database.wholeHousehold().goals.first?.saved == Money(minorUnits: 52_000_00))
        #expect(try database.checklistDone(month: Self.november)[saving.key]?.entryID == nil)
        #expect(try database.budgetCounts()[3] == 0)
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
