// The Calendar's month grid (docs/engine-rules.md, "Chart series and calendar days").

// MARK: - Calendar month

/// One day of the calendar grid.
public struct DayTotals: Sendable, Hashable {
    public var day: Day
    /// Every occurrence of recurring incomes (confirmed or not) + income entries entered as planned.
    public var plannedIncome: Money
    /// The same for recurring expenses, debt payments and expense entries.
    public var plannedExpense: Money
    /// Actual income entries (confirmations at their confirmed amounts).
    public var actualIncome: Money
    /// Actual expense entries.
    public var actualExpense: Money
    /// Planned income not confirmed yet.
    public var pendingIncome: Money
    /// Planned expense not confirmed yet.
    public var pendingExpense: Money
}

/// Every day of `month` with its planned and actual sums (docs/engine-rules.md, "Chart series and calendar days").
/// Reads `h.entries` dated in the month; debt payments follow the plan on `today`.
public func calendarMonth(_ h: Household, month: YearMonth, today: Day) -> [DayTotals] {
    // At most 31 daily buckets over a valid period: neither error can occur.
    let buckets = (try? cashFlowSeries(h, from: month.firstDay, through: month.lastDay, interval: .day, today: today)) ?? []
    return buckets.map {
        DayTotals(day: $0.start, plannedIncome: $0.plannedIncome, plannedExpense: $0.plannedExpense,
                  actualIncome: $0.actualIncome, actualExpense: $0.actualExpense,
                  pendingIncome: $0.pendingIncome, pendingExpense: $0.pendingExpense)
    }
}
