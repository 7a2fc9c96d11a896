import Testing
@testable import Engine

struct StreakCase: Sendable, CustomTestStringConvertible {
    let name: String, logged: [String], today: String, current: Int, best: Int, grace: Bool
    var testDescription: String { name }
}

private func earned(_ f: AchievementFacts, today: String = "2026-06-15") -> Set<String> {
    Set(achievements(f, today: day(today)).filter(\.earned).map(\.id))
}

private func consecutive(_ n: Int, from: String = "2026-01-01") -> Set<Day> {
    Set((0..<n).map { day(from).adding(days: $0) })
}

struct ThresholdCase: Sendable, CustomTestStringConvertible {
    let name: String, below: Int64, at: Int64, id: String
    var testDescription: String { name }
}

// Streaks, logged days and achievements (Sources/Engine/Achievements.swift).
@Suite("Achievements")
struct AchievementsTests {
    // MARK: - Streaks

    @Test(arguments: [
        StreakCase(name: "nothing logged", logged: [], today: "2026-03-05", current: 0, best: 0, grace: false),
        StreakCase(name: "three days in a row", logged: ["2026-03-01", "2026-03-02", "2026-03-03"], today: "2026-03-03",
                   current: 3, best: 3, grace: false),
        StreakCase(name: "today not logged yet is no miss", logged: ["2026-03-01", "2026-03-02"], today: "2026-03-03",
                   current: 2, best: 2, grace: false),
        StreakCase(name: "one missed day is forgiven", logged: ["2026-03-01", "2026-03-02", "2026-03-04"], today: "2026-03-04",
                   current: 3, best: 3, grace: false),
        StreakCase(name: "grace in use: yesterday missed", logged: ["2026-03-01", "2026-03-02"], today: "2026-03-04",
                   current: 2, best: 2, grace: true),
        StreakCase(name: "two missed days reset", logged: ["2026-03-01", "2026-03-02"], today: "2026-03-05",
                   current: 0, best: 2, grace: false),
        StreakCase(name: "best kept after a reset", logged: ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-06"], today: "2026-03-06",
                   current: 1, best: 3, grace: false),
        StreakCase(name: "future dates ignored", logged: ["2026-03-01", "2026-03-09"], today: "2026-03-01",
                   current: 1, best: 1, grace: false),
    ])
    func streakGraceRule(_ c: StreakCase) {
        let s = streak(logged: Set(c.logged.map(day)), today: day(c.today))
        #expect(s == Streak(current: c.current, best: c.best, graceUsed: c.grace))
    }

    @Test func loggedDaysCountEntriesConfirmationsAndCheckIns() {
        let entries = [Entry(id: 1, date: day("2026-03-01"), kind: .expense, name: "A", amount: money(1_00), category: "food", isActual: true),
                       Entry(id: 2, date: day("2026-03-02"), kind: .expense, name: "B", amount: money(1_00), category: "food", isActual: false)]
        let days = loggedDays(entries: entries, confirmedOn: [day("2026-03-03")], checkIns: [day("2026-03-04")])
        #expect(days == Set(["2026-03-01", "2026-03-03", "2026-03-04"].map(day)))
    }

    // MARK: - Achievements

    @Test(arguments: [
        ThresholdCase(name: "streak 3", below: 2, at: 3, id: "streak_3"),
        ThresholdCase(name: "streak 7", below: 6, at: 7, id: "streak_7"),
        ThresholdCase(name: "streak 14", below: 13, at: 14, id: "streak_14"),
        ThresholdCase(name: "streak 30", below: 29, at: 30, id: "streak_30"),
        ThresholdCase(name: "streak 100", below: 99, at: 100, id: "streak_100"),
    ])
    func achievementStreakBoundaries(_ c: ThresholdCase) {
        var f = AchievementFacts()
        f.logged = consecutive(Int(c.below))
        #expect(!earned(f).contains(c.id))
        f.logged = consecutive(Int(c.at))
        #expect(earned(f).contains(c.id))
    }

    @Test(arguments: [
        ThresholdCase(name: "fund 25 %", below: 24_99, at: 25_00, id: "fund_25"),
        ThresholdCase(name: "fund 50 %", below: 49_99, at: 50_00, id: "fund_50"),
        ThresholdCase(name: "fund 75 %", below: 74_99, at: 75_00, id: "fund_75"),
        ThresholdCase(name: "fund 100 %", below: 99_99, at: 100_00, id: "fund_100"),
    ])
    func achievementFundBoundaries(_ c: ThresholdCase) {
        var f = AchievementFacts()
        f.emergencyTarget = money(100_00)
        f.emergencySaved = money(c.below)
        #expect(!earned(f).contains(c.id))
        f.emergencySaved = money(c.at)
        #expect(earned(f).contains(c.id))
    }

    @Test(arguments: [
        ThresholdCase(name: "goal 10 %", below: 99, at: 1_00, id: "goal_7_10"),
        ThresholdCase(name: "goal 25 %", below: 2_49, at: 2_50, id: "goal_7_25"),
        ThresholdCase(name: "goal 50 %", below: 4_99, at: 5_00, id: "goal_7_50"),
        ThresholdCase(name: "goal 75 %", below: 7_49, at: 7_50, id: "goal_7_75"),
        ThresholdCase(name: "goal 90 %", below: 8_99, at: 9_00, id: "goal_7_90"),
        ThresholdCase(name: "goal 100 %", below: 9_99, at: 10_00, id: "goal_7_100"),
    ])
    func achievementGoalMilestones(_ c: ThresholdCase) {
        var f = AchievementFacts()
        f.goals = [Goal(id: 7, name: "Trip", target: money(10_00), saved: money(c.below), deadline: nil, priority: 2)]
        #expect(!earned(f).contains(c.id))
        f.goals[0].saved = money(c.at)
        #expect(earned(f).contains(c.id))
    }

    @Test(arguments: [
        ThresholdCase(name: "first 100 000 ₽ saved", below: 99_999_99, at: 100_000_00, id: "RUB"),
        ThresholdCase(name: "first 1 000 $ saved", below: 999_99, at: 1_000_00, id: "USD"),
        ThresholdCase(name: "first 1 000 € saved", below: 999_99, at: 1_000_00, id: "EUR"),
    ])
    func achievementFirstSaved(_ c: ThresholdCase) {
        var f = AchievementFacts()
        f.currencyCode = c.id
        // Goals and the fund add up.
        f.emergencySaved = money(c.below - 1_00)
        f.goals = [Goal(id: 1, name: "G", target: money(10_000_000_00), saved: money(1_00), deadline: nil, priority: 1)]
        #expect(!earned(f).contains("saved_first"))
        f.goals[0].saved = money(c.at - c.below + 1_00)
        #expect(earned(f).contains("saved_first"))
    }

    @Test func achievementFirstsAndGame() {
        var f = AchievementFacts()
        #expect(earned(f).isDisjoint(with: ["first_entry", "first_import", "first_reconcile", "game_perfect_day", "game_max"]))
        f.hasEntry = true; f.hasImport = true; f.hasReconciliation = true
        #expect(earned(f).isSuperset(of: ["first_entry", "first_import", "first_reconcile"]))
        // Perfect day: total exactly the budget; 1 cent under is not.
        var input = ChallengeInput(startedOn: day("2026-03-01"), initialCurrency: "USD", limits: small,
                                   filled: [filled("2026-03-01", 5_00, total: 4_99)])
        f.game = challengeTimeline(input, today: day("2026-03-02"))
        #expect(!earned(f).contains("game_perfect_day"))
        input.filled = [filled("2026-03-01", 5_00, total: 5_00)]
        f.game = challengeTimeline(input, today: day("2026-03-02"))
        #expect(earned(f).contains("game_perfect_day"))
        #expect(!earned(f).contains("game_max"))
        f.game = play(["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04"], start: "2026-03-01", today: "2026-03-05", limits: small)
        #expect(earned(f).contains("game_max"))
    }

    @Test func achievementDebtFree() {
        var f = AchievementFacts()
        #expect(!achievements(f, today: day("2026-06-15")).contains { $0.id == "debt_free" }) // no loans, nothing to show
        f.loanBalances = [money(0), money(1)]
        #expect(!earned(f).contains("debt_free"))
        f.loanBalances = [money(0), money(0)]
        #expect(earned(f).contains("debt_free"))
    }

    @Test func achievementBudgetMaster() {
        let limit = CategoryLimit(id: 1, category: "food", period: .month, amount: money(100_00))
        func spend(_ date: String, _ amount: Int64) -> Entry {
            Entry(id: 1, date: day(date), kind: .expense, name: "F", amount: money(amount), category: "food", isActual: true)
        }
        var f = AchievementFacts()
        f.monthlyLimits = [limit]
        // Jan, Feb, Mar within (Mar exactly at the limit); April is the current month.
        f.expenses = [spend("2026-01-05", 50_00), spend("2026-02-05", 99_99), spend("2026-03-05", 100_00)]
        #expect(budgetMasterMonths(limits: f.monthlyLimits, expenses: f.expenses, today: day("2026-03-20")) == 2)
        #expect(earned(f, today: "2026-04-01").contains("budget_master"))
        // One cent over in February breaks the run.
        f.expenses[1] = spend("2026-02-05", 100_01)
        #expect(!earned(f, today: "2026-04-01").contains("budget_master"))
        // No limits: never.
        f.monthlyLimits = []
        f.expenses[1] = spend("2026-02-05", 1_00)
        #expect(!earned(f, today: "2026-04-01").contains("budget_master"))
    }

    @Test func achievementSubscriptionSlayer() {
        let ended = RecurringItem(id: 1, kind: .expense, name: "Streamflix", amount: money(9_99), periodicity: .monthly,
                                  start: day("2025-01-10"), end: day("2026-03-10"), category: "subscriptions")
        var f = AchievementFacts()
        f.recurringExpenses = [ended]
        // The period after the end is not over yet on 9 Apr.
        #expect(!earned(f, today: "2026-04-09").contains("subscription_slayer"))
        #expect(earned(f, today: "2026-04-10").contains("subscription_slayer"))
        // A charge with the same name after the end: not slain.
        f.expenses = [Entry(id: 1, date: day("2026-04-10"), kind: .expense, name: "STREAMFLIX", amount: money(9_99),
                            category: "subscriptions", isActual: true)]
        #expect(!earned(f, today: "2026-05-01").contains("subscription_slayer"))
    }
}
