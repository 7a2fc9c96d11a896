// The Calendar's month grid (SPEC §3).

// MARK: - Calendar month

/// One day of the calendar grid.
public struct DayTotals: Sendable, Hashable {
    public var day: Day
    /// Unconfirmed occurrences of recurring incomes + planned income entries.
    public var plannedIncome: Money
    /// Unconfirmed occurrences of recurring expenses and debt payments + planned expense entries.
    public var plannedExpense: Money
    /// Actual income entries.
    public var actualIncome: Money
    /// Actual expense entries.
    public var actualExpense: Money
}

/// Every day of `month` with its planned and actual sums (SPEC §9 "Chart series" per day).
/// Reads `h.entries` dated in the month; debt payments follow the plan on `today`.
public func calendarMonth(_ h: Household, month: YearMonth, today: Day) -> [DayTotals] {
    // At most 31 daily buckets over a valid period: neither error can occur.
    let buckets = (try? cashFlowSeries(h, from: month.firstDay, through: month.lastDay, interval: .day, today: today)) ?? []
    return buckets.map {
        DayTotals(day: $0.start, plannedIncome: $0.plannedIncome, plannedExpense: $0.plannedExpense,
                  actualIncome: $0.actualIncome, actualExpense: $0.actualExpense)
    }
}
