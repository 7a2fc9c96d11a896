import Engine
import Foundation
@testable import Storage
import Testing

// Round-ups and hidden money (Storage/PlayfulSaving.swift): done and its exact undo, expenses
// never counted twice, the hiding floor checked inside the write, reveals, and export / import /
// delete-all of every new table.

@Suite("Playful saving's storage")
struct PlayfulSavingStorageTests {
    private let today = day("2026-03-10")

    private func seeded() throws -> (AppDatabase, goal: ID<Goal>) {
        let database = try budgetDatabase()
        let goal = try database.addGoal(NewGoal(name: "Vacation", target: Money(minorUnits: 100_000_00), saved: Money(minorUnits: 1_000_00)),
                                        formToken: token()).value()
        for (date, amount) in [("2026-03-02", 123_45), ("2026-03-08", 99_99), ("2026-03-09", 10_50)] {
            _ = try database.addEntry(NewEntry(date: day(date), kind: .expense, name: "Shop", amount: Money(minorUnits: Int64(amount)),
                                               category: "food", isActual: true), origin: .dataPage, formToken: token())
        }
        return (database, goal)
    }

    private func tally(_ database: AppDatabase) throws -> RoundUpTally {
        let c = try database.roundUpCandidates(from: day("2026-03-02"), through: day("2026-03-08"))
        return roundUpTally(c.entries, counted: c.counted, step: 10_00, multiplier: 1, from: day("2026-03-02"), through: day("2026-03-08"))
    }

    @Test("done raises the goal and covers the expenses once; undo gives back exactly the export before")
    func doneAndUndo() throws {
        let (database, goal) = try seeded()
        let first = try tally(database)
        #expect(first.amount == Money(minorUnits: 6_56))   // 6.55 + 0.01
        let before = try database.exportTables()
        let id = try database.markRoundUpsDone(goalID: goal, tally: first, from: day("2026-03-02"), through: day("2026-03-08"),
                                               today: today, formToken: token()).value()
        #expect(try database.goal(id: goal)?.saved == Money(minorUnits: 1_006_56))
        // The same expenses never count again.
        #expect(try tally(database).amount == .zero)
        #expect(throws: PlayfulSavingError.nothingToMove) {
            try database.markRoundUpsDone(goalID: goal, tally: first, from: day("2026-03-02"), through: day("2026-03-08"),
                                          today: today, formToken: token())
        }
        #expect(try database.goal(id: goal)?.saved == Money(minorUnits: 1_006_56))
        let undone = try database.undoRoundUps(id: id, formToken: token()).value()
        #expect(undone?.amount == Money(minorUnits: 6_56))
        #expect(try database.exportTables() == before)
        #expect(try tally(database) == first)
        #expect(try database.undoRoundUps(id: id, formToken: token()).value() == nil)
    }

    @Test("the page's SQL sum equals the engine's tally, before and after a transfer", arguments: [(10_00, 1), (50_00, 3), (100_00, 10)])
    func sqlSumMatchesTheEngine(step: Int64, multiplier: Int) throws {
        let (database, goal) = try seeded()
        for (date, amount) in [("2026-03-03", 50_00), ("2026-03-04", 1), ("2026-03-05", 99_999_99)] {   // on the step, 1 kopeck, large
            _ = try database.addEntry(NewEntry(date: day(date), kind: .expense, name: "Shop", amount: Money(minorUnits: Int64(amount)),
                                               category: "food", isActual: true), origin: .dataPage, formToken: token())
        }
        _ = try database.addEntry(NewEntry(date: day("2026-03-04"), kind: .income, name: "Refund", amount: Money(minorUnits: 7_77),
                                           isActual: true), origin: .dataPage, formToken: token())
        let from = day("2026-03-01"), through = day("2026-03-10")
        func engine() throws -> RoundUpTally {
            let c = try database.roundUpCandidates(from: from, through: through)
            return roundUpTally(c.entries, counted: c.counted, step: step, multiplier: multiplier, from: from, through: through)
        }
        var sum = try database.roundUpSum(from: from, through: through, step: step, multiplier: multiplier)
        var tallied = try engine()
        #expect(sum.amount == tallied.amount && sum.expenses == tallied.expenses && sum.expenses == 6)
        _ = try database.markRoundUpsDone(goalID: goal, tally: try tally(database), from: day("2026-03-02"), through: day("2026-03-08"),
                                          today: today, formToken: token())
        sum = try database.roundUpSum(from: from, through: through, step: step, multiplier: multiplier)
        tallied = try engine()
        #expect(sum.amount == tallied.amount && sum.expenses == tallied.expenses && sum.expenses == 2)   // 50.00 rounds by 0 (never covered), 10.50 is after the window
    }

    @Test("a goal that follows an account is refused and nothing is written")
    func goalFollowingAnAccount() throws {
        let (database, _) = try seeded()
        let account = try database.addAccount(NewAccount(name: "Savings", type: .savings, openingBalance: .zero,
                                                         openedOn: day("2026-01-01"), spendable: false, currency: "RUB"), formToken: token()).value()
        let goal = try database.addGoal(NewGoal(name: "Flat", target: Money(minorUnits: 1_000_00), savedAccountID: account),
                                        formToken: token()).value()
        let before = try database.exportTables()
        #expect(throws: PlayfulSavingError.goalUnavailable) {
            try database.markRoundUpsDone(goalID: goal, tally: try tally(database), from: day("2026-03-02"), through: day("2026-03-08"),
                                          today: today, formToken: token())
        }
        #expect(try database.exportTables() == before)
    }

    @Test("hiding checks the floor inside the write; a reveal takes effect after its delay and can be cancelled before")
    func hideAndReveal() throws {
        let (database, _) = try seeded()
        let amount = HiddenAmount(amount: Money(minorUnits: 300_00), purpose: .forced, hiddenOn: today, revealDelayDays: 3)
        // Balance 2 000, buffer 1 100: the most is 900 − what is hidden.
        let rule: (Money) -> Money? = { hidden in
            hideRefusal(Money(minorUnits: 300_00), balance: Money(minorUnits: 2_000_00), hidden: hidden, buffer: Money(minorUnits: 1_100_00))
        }
        let id = try database.hideMoney(amount, today: today, allowed: rule, formToken: token()).value()
        _ = try database.hideMoney(amount, today: today, allowed: rule, formToken: token())
        _ = try database.hideMoney(amount, today: today, allowed: rule, formToken: token())
        #expect(throws: HideRefused(most: .zero)) {
            try database.hideMoney(amount, today: today, allowed: rule, formToken: token())
        }
        #expect(try hiddenTotal(database.hiddenAmounts(), today: today) == Money(minorUnits: 900_00))
        _ = try database.requestReveal(id: id, today: today, formToken: token())
        #expect(throws: PlayfulSavingError.notFound) { try database.requestReveal(id: id, today: today, formToken: token()) }
        #expect(throws: PlayfulSavingError.notFound) { try database.deleteRevealed(id: id, today: day("2026-03-12"), formToken: token()) }
        #expect(try hiddenTotal(database.hiddenAmounts(), today: day("2026-03-12")) == Money(minorUnits: 900_00))
        #expect(try hiddenTotal(database.hiddenAmounts(), today: day("2026-03-13")) == Money(minorUnits: 600_00))
        _ = try database.cancelReveal(id: id, today: day("2026-03-12"), formToken: token())
        #expect(try database.hiddenAmounts().first?.revealRequestedOn == nil)
        _ = try database.requestReveal(id: id, today: today, formToken: token())
        #expect(throws: PlayfulSavingError.notFound) { try database.cancelReveal(id: id, today: day("2026-03-13"), formToken: token()) }
        _ = try database.deleteRevealed(id: id, today: day("2026-03-13"), formToken: token())
        #expect(try database.hiddenAmounts().count == 2)
    }

    @Test("every new table is exported, imported and deleted with the household")
    func exportImportDelete() throws {
        let (database, goal) = try seeded()
        _ = try database.saveRoundUpSettings(RoundUpSettings(enabled: true, stepIndex: 0, multiplier: 1, period: .week, goalID: goal,
                                                             minimum: .zero, startsOn: day("2026-03-01")), formToken: token())
        _ = try database.markRoundUpsDone(goalID: goal, tally: try tally(database), from: day("2026-03-02"), through: day("2026-03-08"),
                                          today: today, formToken: token())
        _ = try database.hideMoney(HiddenAmount(amount: Money(minorUnits: 5_00), purpose: .goal, goalID: goal, note: "trip",
                                                hiddenOn: today), today: today, allowed: { _ in nil }, formToken: token())
        let tables = try database.exportTables()
        let names = Set(tables.filter { !$0.rows.isEmpty }.map(\.name))
        let saving: Set = ["roundUpSetting", "roundUpTransfer", "roundUpEntry", "hiddenMoney"]
        #expect(saving.isSubset(of: names))
        let imported = importTables(tables)
        let other = try budgetDatabase()
        _ = try other.restoreHousehold(imported, replacing: true, formToken: token())
        #expect(try other.roundUpSettings()?.goalID == goal)
        #expect(try other.roundUpTransfers().map(\.amount) == [Money(minorUnits: 6_56)])
        #expect(try other.hiddenAmounts().map(\.note) == ["trip"])
        _ = try other.deleteAllData(formToken: token())
        let left = Set(try other.exportTables().filter { !$0.rows.isEmpty }.map(\.name))
        #expect(left.isDisjoint(with: saving))
        #expect(try other.roundUpSettings() == nil)
    }
}
