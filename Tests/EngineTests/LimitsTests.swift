import Testing
@testable import Engine

// Category limits (docs/engine-rules.md, "Category limits").

private func spend(_ id: ID<Entry>, _ date: String, _ amount: Int64, category: String = "food", actual: Bool = true) -> Entry {
    Entry(id: id, date: day(date), kind: .expense, name: "E\(id)", amount: money(amount), category: category, isActual: actual)
}

private func status(_ limit: CategoryLimit, _ entries: [Entry], today: String, items: [RecurringItem] = []) -> LimitStatus {
    limitStatuses([limit], household: Household(expenses: items, entries: entries), today: day(today))[0]
}

private func monthly(_ amount: Int64, threshold: Int = 80, category: String = "food") -> CategoryLimit {
    CategoryLimit(id: 1, category: category, period: .month, amount: money(amount), threshold: threshold)
}

struct LimitThresholdCase: Sendable, CustomTestStringConvertible {
    let spent: Int64, percent: Int, state: LimitState
    var testDescription: String { "spent \(spent) of 20 000.00" }
}

@Test(arguments: [
    LimitThresholdCase(spent: 15_800_00, percent: 79, state: .ok),
    LimitThresholdCase(spent: 15_999_99, percent: 79, state: .ok),       // 79.99995 % rounds down
    LimitThresholdCase(spent: 16_000_00, percent: 80, state: .warning),
    LimitThresholdCase(spent: 16_800_00, percent: 84, state: .warning),
    LimitThresholdCase(spent: 20_000_00, percent: 100, state: .warning), // "100 % used", not exceeded
    LimitThresholdCase(spent: 20_000_01, percent: 101, state: .exceeded), // over 100 % rounds up
    LimitThresholdCase(spent: 20_200_00, percent: 101, state: .exceeded),
    LimitThresholdCase(spent: 0, percent: 0, state: .ok),
])
func limitThresholds(_ c: LimitThresholdCase) {
    let s = status(monthly(20_000_00), [spend(1, "2026-03-05", c.spent)].filter { $0.amount.minorUnits != 0 }, today: "2026-03-31")
    #expect(s.spent == money(c.spent))
    #expect(s.percent == c.percent)
    #expect(s.state == c.state)
}

@Test func limitCustomThreshold() {
    // Threshold 50: 49 % ok, 50 % warning; threshold 100: 99 % ok, 100 % warning.
    #expect(status(monthly(100_00, threshold: 50), [spend(1, "2026-03-01", 49_99)], today: "2026-03-31").state == .ok)
    #expect(status(monthly(100_00, threshold: 50), [spend(1, "2026-03-01", 50_00)], today: "2026-03-31").state == .warning)
    #expect(status(monthly(100_00, threshold: 100), [spend(1, "2026-03-01", 99_99)], today: "2026-03-31").state == .ok)
    #expect(status(monthly(100_00, threshold: 100), [spend(1, "2026-03-01", 100_00)], today: "2026-03-31").state == .warning)
}

@Test func limitPeriodBounds() {
    // 2026-03-04 is a Wednesday.
    #expect(LimitPeriod.day.bounds(containing: day("2026-03-04")) == (day("2026-03-04"), day("2026-03-04")))
    #expect(LimitPeriod.week.bounds(containing: day("2026-03-04")) == (day("2026-03-02"), day("2026-03-08")))
    #expect(LimitPeriod.week.bounds(containing: day("2026-03-02")) == (day("2026-03-02"), day("2026-03-08")))
    #expect(LimitPeriod.week.bounds(containing: day("2026-03-08")) == (day("2026-03-02"), day("2026-03-08")))
    #expect(LimitPeriod.month.bounds(containing: day("2028-02-10")) == (day("2028-02-01"), day("2028-02-29")))
    // A week across a month end: Thu 30 Apr 2026 → Mon 27 Apr … Sun 3 May.
    #expect(LimitPeriod.week.bounds(containing: day("2026-04-30")) == (day("2026-04-27"), day("2026-05-03")))
    // Across a year end: Thu 1 Jan 2026 → Mon 29 Dec 2025 … Sun 4 Jan 2026.
    #expect(LimitPeriod.week.bounds(containing: day("2026-01-01")) == (day("2025-12-29"), day("2026-01-04")))
}

@Test func limitDayPeriod() {
    let limit = CategoryLimit(id: 1, category: "food", period: .day, amount: money(1_000_00))
    let entries = [spend(1, "2026-03-03", 500_00), spend(2, "2026-03-04", 850_00), spend(3, "2026-03-05", 900_00)]
    let s = status(limit, entries, today: "2026-03-04")
    #expect(s.spent == money(850_00))
    #expect(s.percent == 85)
    #expect(s.state == .warning)
    #expect(s.projectedExceedOn == nil)  // one day: the pace cannot cross later
    #expect(s.daysElapsed == 1 && s.daysInPeriod == 1)
}

@Test func limitWeekAcrossMonthEnd() {
    // Week Mon 27 Apr … Sun 3 May 2026; today Fri 1 May.
    let limit = CategoryLimit(id: 1, category: "food", period: .week, amount: money(5_000_00))
    let entries = [spend(1, "2026-04-26", 9_000_00),  // Sunday before: another week
                   spend(2, "2026-04-27", 1_000_00), spend(3, "2026-04-30", 1_000_00), spend(4, "2026-05-01", 1_000_00),
                   spend(5, "2026-05-02", 700_00, actual: false)]  // planned, shown beside
    let s = status(limit, entries, today: "2026-05-01")
    #expect(s.periodStart == day("2026-04-27") && s.periodEnd == day("2026-05-03"))
    #expect(s.spent == money(3_000_00))
    #expect(s.planned == money(700_00))
    #expect(s.percent == 60)
    #expect(s.state == .ok)
    // 3 000 over 5 days = 600 a day; 600 × 9 > 5 000 on day 9, beyond the 7-day week.
    #expect(s.projectedExceedOn == nil)
}

@Test func limitProjectedExceed() {
    // Month of March 2026 (31 days), today 10 Mar, 8 000.00 spent of 20 000.00:
    // pace 800.00 a day; day k total 800 × k > 20 000 first at k = 26 → 26 Mar.
    let s = status(monthly(20_000_00), [spend(1, "2026-03-02", 8_000_00)], today: "2026-03-10")
    #expect(s.percent == 40 && s.state == .ok)
    #expect(s.projectedExceedOn == day("2026-03-26"))
    // Exactly reaching the amount is not exceeding: 10 000 after 10 days of a 20-day
    // pace… 1 000/day reaches 20 000 on day 20 (not over) and goes over on day 21.
    let t = status(monthly(20_000_00), [spend(1, "2026-03-02", 10_000_00)], today: "2026-03-10")
    #expect(t.projectedExceedOn == day("2026-03-21"))
    // A slow pace stays within the month.
    let u = status(monthly(20_000_00), [spend(1, "2026-03-02", 1_000_00)], today: "2026-03-10")
    #expect(u.projectedExceedOn == nil)
    // Already exceeded: no projection.
    let v = status(monthly(20_000_00), [spend(1, "2026-03-02", 25_000_00)], today: "2026-03-10")
    #expect(v.state == .exceeded && v.projectedExceedOn == nil)
}

@Test func limitWithNoEntries() {
    let s = status(monthly(20_000_00), [], today: "2026-03-10")
    #expect(s.spent == .zero && s.planned == .zero && s.percent == 0 && s.state == .ok && s.projectedExceedOn == nil)
    #expect(s.periodStart == day("2026-03-01") && s.periodEnd == day("2026-03-31"))
}

@Test func limitRefundsAndOtherCategories() {
    // A refund recorded as a negative expense lowers what was spent; other categories,
    // incomes and planned entries do not count.
    let entries = [spend(1, "2026-03-02", 18_000_00), spend(2, "2026-03-03", -2_000_00),
                   spend(3, "2026-03-03", 5_000_00, category: "transport"),
                   Entry(id: 4, date: day("2026-03-04"), kind: .income, name: "Salary", amount: money(50_000_00), isActual: true),
                   spend(5, "2026-03-20", 3_000_00, actual: false)]
    let s = status(monthly(20_000_00), entries, today: "2026-03-10")
    #expect(s.spent == money(16_000_00))
    #expect(s.planned == money(3_000_00))
    #expect(s.percent == 80 && s.state == .warning)
    // Only refunds: spent negative, 0 %.
    let r = status(monthly(20_000_00), [spend(1, "2026-03-02", -500_00)], today: "2026-03-10")
    #expect(r.spent == money(-500_00) && r.percent == 0 && r.state == .ok && r.projectedExceedOn == nil)
}

@Test func limitPlannedRecurringOccurrences() {
    // A weekly food item from Mon 2 Mar: 2, 9, 16, 23, 30 Mar. The 2 Mar one is confirmed
    // by an actual entry (counted in spent), the other four are planned beside.
    let item = expense(7, 1_000_00, .weekly, start: "2026-03-02", category: "food")
    let confirming = Entry(id: 1, date: day("2026-03-02"), kind: .expense, name: "Groceries", amount: money(1_100_00),
                           category: "food", isActual: true,
                           confirms: OccurrenceKey(source: .recurring(7), date: day("2026-03-02")))
    let s = status(monthly(20_000_00), [confirming], today: "2026-03-10", items: [item])
    #expect(s.spent == money(1_100_00))
    #expect(s.planned == money(4_000_00))
}

@Test func limitPercentRounding() {
    #expect(limitPercent(spent: 1, amount: 3) == 33)
    #expect(limitPercent(spent: 2, amount: 3) == 66)
    #expect(limitPercent(spent: 4, amount: 3) == 134)  // 133.3 % rounds up over 100
    #expect(limitPercent(spent: Int128(Int64.max), amount: 1) == limitPercentCap)
}

@Test func budgetCategoryMonths() {
    // March 2026. Housing: a monthly 30 000.00 item (planned), 30 000.00 paid. Food: a
    // monthly limit of 20 000.00 replaces its planned 2 000.00 entry; 16 800.00 spent.
    // Transport: only an actual 500.00. February's food does not count.
    let rent = expense(1, 30_000_00, .monthly, start: "2026-01-01", category: "housing")
    let entries = [Entry(id: 1, date: day("2026-03-01"), kind: .expense, name: "Rent", amount: money(30_000_00), category: "housing",
                         isActual: true, confirms: OccurrenceKey(source: .recurring(1), date: day("2026-03-01"))),
                   spend(2, "2026-03-05", 16_800_00), spend(3, "2026-03-25", 2_000_00, actual: false),
                   spend(4, "2026-03-06", 500_00, category: "transport"), spend(5, "2026-02-27", 9_999_00)]
    let h = Household(expenses: [rent], entries: entries)
    let rows = categoryMonths(h, limits: [monthly(20_000_00)], month: YearMonth(year: 2026, month: 3)!,
                              order: ["food", "housing", "transport"], today: day("2026-03-10"))
    #expect(rows.map(\.category) == ["food", "housing", "transport"])
    #expect(rows[0].planned == money(20_000_00) && rows[0].plannedIsLimit && rows[0].actual == money(16_800_00) && rows[0].left == money(3_200_00))
    #expect(rows[1].planned == money(30_000_00) && !rows[1].plannedIsLimit && rows[1].actual == money(30_000_00) && rows[1].left == .zero)
    #expect(rows[2].planned == .zero && rows[2].actual == money(500_00) && rows[2].left == money(-500_00))
    // A limit on a category with no entries still shows.
    let empty = categoryMonths(Household(), limits: [monthly(1_000_00, category: "health")], month: YearMonth(year: 2026, month: 3)!,
                               order: [], today: day("2026-03-10"))
    #expect(empty == [CategoryMonth(category: "health", planned: money(1_000_00), plannedIsLimit: true, actual: .zero, left: money(1_000_00))])
}

@Test func limitConfirmationDatedInAnotherPeriod() {
    // A monthly food item on the 1st; the 1 Mar occurrence was paid (confirmed) on 27 Feb:
    // in March it is neither spent nor planned.
    let item = expense(3, 500_00, .monthly, start: "2026-01-01", category: "food")
    let early = Entry(id: 1, date: day("2026-02-27"), kind: .expense, name: "Box", amount: money(500_00), category: "food",
                      isActual: true, confirms: OccurrenceKey(source: .recurring(3), date: day("2026-03-01")))
    let s = status(monthly(20_000_00), [early], today: "2026-03-10", items: [item])
    #expect(s.spent == .zero)
    #expect(s.planned == .zero)
}

// MARK: - Splits (docs/engine-rules.md, "Splits")

/// A 42.50 receipt in food, split 30.00 food + 12.50 clothing.
private func splitReceipt(_ date: String) -> Entry {
    var entry = spend(1, date, 42_50)
    entry.parts = [EntryPart(category: "food", amount: money(30_00)), EntryPart(category: "clothing", amount: money(12_50))]
    return entry
}

@Test("a limit counts the part of a split entry in its category, not the whole entry in the entry's category")
func limitCountsSplitParts() {
    #expect(status(monthly(100_00, category: "clothing"), [splitReceipt("2026-03-05")], today: "2026-03-31").spent == money(12_50))
    #expect(status(monthly(100_00, category: "food"), [splitReceipt("2026-03-05")], today: "2026-03-31").spent == money(30_00))
}

@Test("the Budget page's month per category counts each part in its own category")
func categoryMonthsCountSplitParts() {
    let rows = categoryMonths(Household(entries: [splitReceipt("2026-03-05")]), limits: [], month: YearMonth(iso: "2026-03")!,
                              order: ["food", "clothing"], today: day("2026-03-31"))
    #expect(rows.map(\.category) == ["food", "clothing"])
    #expect(rows.map(\.actual) == [money(30_00), money(12_50)])
}

@Test("the forecast's everyday spending measures each part in its own category: a limited category's part stays out of the pace")
func everydaySpendingMeasuresSplitParts() {
    // 90 days before 2026-06-30, each a 10.00 receipt split 6.00 food (limited at 500.00 a month) + 4.00 clothing.
    let today = day("2026-06-30")
    let entries = (1...90).map { offset -> Entry in
        var entry = spend(ID(Int64(offset)), today.adding(days: -offset).iso, 10_00)
        entry.parts = [EntryPart(category: "food", amount: money(6_00)), EntryPart(category: "clothing", amount: money(4_00))]
        return entry
    }
    // 500.00 for food, plus clothing's 360.00 over 90 days × 365 ÷ (12 × 90) = 121.67.
    var household = Household(entries: entries)
    household.earliestActualEntry = today.adding(days: -90)
    #expect(expectedEverydaySpending(household, monthlyLimits: ["food": money(500_00)], today: today) == money(500_00 + 121_67))
}
