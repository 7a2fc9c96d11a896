import Testing
@testable import Engine

// The insight cards and the explanations (docs/engine-rules.md, "Explaining a figure,
// advisor actions and insights").

private func spend(_ id: ID<Entry>, _ date: String, _ amount: Int64, category: String = "food", actual: Bool = true) -> Entry {
    Entry(id: id, date: day(date), kind: .expense, name: "E\(id)", amount: money(amount), category: category, isActual: actual)
}

@Suite("Insights")
struct InsightsTests {
    @Test("the worked example: this week against the last, the biggest changes and one suggestion")
    func workedExample() {
        let entries = [spend(1, "2026-11-18", 100_00), spend(2, "2026-11-10", 60_00), spend(3, "2026-11-12", 30_00, category: "transport"),
                       spend(4, "2026-11-19", 999_00, actual: false), spend(5, "2026-11-01", 5_00)]
        let card = insightCard(entries: entries, limits: [], period: .week, today: day("2026-11-21"))
        #expect(card.current == day("2026-11-15")...day("2026-11-21"))
        #expect(card.previous == day("2026-11-08")...day("2026-11-14"))
        #expect(card.totalCurrent == money(100_00) && card.totalPrevious == money(90_00), "planned and older entries left out")
        #expect(card.categories.map(\.category) == ["food", "transport"])
        #expect(card.biggestIncrease?.change == money(40_00) && card.biggestDecrease?.change == money(-30_00))
        #expect(card.suggestion == .cutBack(category: "food", increase: money(40_00)))
    }

    @Test("the month compares the 1st through today with the same days of the previous month, clamped")
    func month() {
        let card = insightCard(entries: [spend(1, "2026-02-28", 10_00), spend(2, "2026-03-01", 1_00)], limits: [], period: .month, today: day("2026-03-31"))
        #expect(card.previous == day("2026-02-01")...day("2026-02-28"))
        #expect(card.suggestion == .keepGoing(saved: money(9_00)))
        #expect(insightCard(entries: [], limits: [], period: .month, today: day("2026-03-31")).suggestion == .recordSpending)
    }

    @Test("an exceeded limit comes first among the suggestions")
    func limitFirst() {
        let limit = CategoryLimit(id: 1, category: "food", period: .month, amount: money(50_00))
        let entries = [spend(1, "2026-11-18", 80_00)]
        let statuses = limitStatuses([limit], household: Household(entries: entries), today: day("2026-11-21"))
        let card = insightCard(entries: entries, limits: statuses, period: .week, today: day("2026-11-21"))
        #expect(card.limits.count == 1)
        #expect(card.suggestion == .limitExceeded(category: "food", over: money(30_00)))
    }
}

@Suite("Insights streak")
struct InsightsStreakEngineTests {
    @Test("the cards' streak: never miss twice, within the last 400 days only")
    func window() {
        let today = day("2026-11-21")
        var logged: Set<Day> = [day("2026-11-21"), day("2026-11-20"), day("2026-11-18")]
        #expect(insightStreak(logged: logged, today: today) == Streak(current: 3, best: 3, graceUsed: false))
        // A 30-day run long ago, outside the window, does not count as the best.
        for offset in 0..<30 { logged.insert(today.adding(days: -(insightStreakWindow + 10 + offset))) }
        #expect(streak(logged: logged, today: today).best == 30)
        #expect(insightStreak(logged: logged, today: today).best == 3)
        // Two missed days reset the current run.
        #expect(insightStreak(logged: [day("2026-11-18")], today: today).current == 0)
    }
}
