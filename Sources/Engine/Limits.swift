// Category spending limits (docs/engine-rules.md, "Category limits").

// MARK: - Limits

/// The period a limit counts over: a day, an ISO week (Monday–Sunday) or a calendar month.
public enum LimitPeriod: String, CaseIterable, Sendable, Codable {
    case day, week, month

    /// The first and last day (both inclusive) of the period containing `date`.
    public func bounds(containing date: Day) -> (start: Day, end: Day) {
        switch self {
        case .day: return (date, date)
        case .week:
            let monday = date.adding(days: 1 - date.weekday)
            return (monday, monday.adding(days: 6))
        case .month: return (date.yearMonth.firstDay, date.yearMonth.lastDay)
        }
    }
}

/// ok (below the warning threshold), warning (at or above it, up to and including 100 %),
/// exceeded (over 100 %).
public enum LimitState: String, CaseIterable, Sendable, Codable {
    case ok, warning, exceeded
}

/// A spending limit on one expense category.
public struct CategoryLimit: Sendable, Hashable {
    public var id: ID<CategoryLimit>
    /// The category key.
    public var category: String
    public var period: LimitPeriod
    /// Positive, in minor units.
    public var amount: Money
    /// The warning threshold in whole percent, 50…100 (default 80).
    public var threshold: Int

    /// The default warning threshold.
    public static let defaultThreshold = 80
    /// The allowed warning thresholds.
    public static let thresholdRange = 50...100

    /// Creates a limit.
    public init(id: ID<CategoryLimit> = 0, category: String, period: LimitPeriod, amount: Money, threshold: Int = CategoryLimit.defaultThreshold) {
        self.id = id; self.category = category; self.period = period; self.amount = amount; self.threshold = threshold
    }
}

/// Where one limit stands on a day.
public struct LimitStatus: Sendable, Hashable {
    public var limit: CategoryLimit
    /// The current period (both inclusive).
    public var periodStart: Day
    public var periodEnd: Day
    /// Σ actual expenses of the category dated in the period (a refund recorded as a
    /// negative expense lowers it; it may be negative).
    public var spent: Money
    /// Σ pending planned entries and unconfirmed recurring occurrences of the category in
    /// the period: shown beside `spent`, never counted in it.
    public var planned: Money
    /// Whole percent of the amount spent: 0 when nothing (or less) is spent; rounded down
    /// up to 100 %, rounded up over 100 %, so 100.01 % shows as 101; at most 1 000 000.
    public var percent: Int
    public var state: LimitState
    /// At the period's pace so far, the first day of the period on which the running
    /// total goes over the amount; nil when already exceeded, nothing is spent, or the
    /// pace stays within the amount until the period's end.
    public var projectedExceedOn: Day?
    /// Days from the period's start through today (both inclusive).
    public var daysElapsed: Int
    /// Days in the period.
    public var daysInPeriod: Int
}

/// The largest percent reported.
public let limitPercentCap = 1_000_000

/// The status of `limit` on `today`.
///
/// - `entries`: the household's entries (transfers already left out by the caller);
///   only expenses of the limit's category dated in the period count.
/// - `occurrences`: planned occurrences covering at least the period (as
///   `plannedOccurrences` returns them); only unconfirmed expenses of the category count.
public func limitStatus(_ limit: CategoryLimit, entries: [Entry], occurrences: [Occurrence], today: Day) -> LimitStatus {
    let (start, end) = limit.period.bounds(containing: today)
    var spent: Int128 = 0
    var planned: Int128 = 0
    for entry in entries where entry.kind == .expense && entry.date >= start && entry.date <= end {
        entry.forEachCategoryAmount { category, amount in
            guard category == limit.category else { return }
            if entry.isActual { spent += Int128(amount.minorUnits) } else { planned += Int128(amount.minorUnits) }
        }
    }
    for occurrence in occurrences
    where occurrence.kind == .expense && !occurrence.isConfirmed && occurrence.category == limit.category
        && occurrence.date >= start && occurrence.date <= end {
        planned += Int128(occurrence.amount.minorUnits)
    }
    let amount = Int128(max(limit.amount.minorUnits, 1))
    let elapsed = start.days(to: today) + 1
    let length = start.days(to: end) + 1
    let percent = limitPercent(spent: spent, amount: amount)
    let state: LimitState = percent > 100 ? .exceeded : (percent >= limit.threshold ? .warning : .ok)
    var projected: Day?
    if spent > 0, spent <= amount {
        // The first k (1-based day of the period) with spent × k ÷ elapsed > amount.
        let k = amount * Int128(elapsed) / spent + 1
        if k <= Int128(length) { projected = start.adding(days: Int(k) - 1) }
    }
    return LimitStatus(limit: limit, periodStart: start, periodEnd: end,
                       spent: Money(minorUnits: Int64(fitting: spent) ?? (spent > 0 ? .max : .min)),
                       planned: Money(minorUnits: Int64(fitting: planned) ?? (planned > 0 ? .max : .min)),
                       percent: percent, state: state, projectedExceedOn: projected,
                       daysElapsed: elapsed, daysInPeriod: length)
}

/// 100 × spent ÷ amount: 0 when spent ≤ 0, rounded down up to 100, rounded up above, capped.
func limitPercent(spent: Int128, amount: Int128) -> Int {
    guard spent > 0 else { return 0 }
    let value = spent <= amount ? spent * 100 / amount : ceilDivide(spent * 100, amount)
    return Int(min(value, Int128(limitPercentCap)))
}

/// The status of every limit on `today`, in the given order, reading the household's
/// entries and its planned occurrences over the union of the limits' periods. Pass the
/// entries of the periods and some days around them (confirmations dated near an
/// occurrence, in another period, are read for their links only).
public func limitStatuses(_ limits: [CategoryLimit], household h: Household, today: Day) -> [LimitStatus] {
    guard !limits.isEmpty else { return [] }
    var from = today, through = today
    for limit in limits {
        let (start, end) = limit.period.bounds(containing: today)
        from = min(from, start); through = max(through, end)
    }
    var window = h
    // Incomes and debt payments are in no category a limit can name.
    window.incomes = []; window.debts = []
    // Every expense entry is kept for its `confirms` key: an occurrence on 1 Mar may be
    // confirmed by an entry dated 27 Feb (then it is neither spent nor planned in March).
    window.entries = h.entries.filter { $0.kind == .expense }
    let occurrences = plannedOccurrences(window, from: from, through: through, today: today)
    let entries = window.entries.filter { $0.date >= from && $0.date <= through }
    return limits.map { limitStatus($0, entries: entries, occurrences: occurrences, today: today) }
}

// MARK: - The Budget page's categories this month

/// One category's month on the Budget page.
public struct CategoryMonth: Sendable, Hashable {
    public var category: String
    /// The category's monthly limit when it has one, else what `expensesByCategory` plans.
    public var planned: Money
    /// True when `planned` is the monthly limit.
    public var plannedIsLimit: Bool
    /// Actual expenses of the category in the month.
    public var actual: Money
    /// planned − actual (negative when over).
    public var left: Money
}

/// Per category for `month`: planned (every occurrence of recurring expenses, confirmed
/// or not, plus expense entries entered as planned at their planned amounts; or the
/// category's monthly limit when it has one), actual, left = planned − actual.
/// Categories with nothing planned, nothing actual and no monthly limit are left out;
/// the rest are in `order` (category keys), then by key. Debt payments are left out.
public func categoryMonths(_ h: Household, limits: [CategoryLimit], month: YearMonth, order: [String], today: Day) -> [CategoryMonth] {
    var window = h
    window.incomes = []; window.debts = []
    window.entries = h.entries.filter { $0.kind == .expense && $0.date.yearMonth == month }
    let planned = expensesByCategory(window, from: month.firstDay, through: month.lastDay, actual: false, today: today)
    let actual = expensesByCategory(window, from: month.firstDay, through: month.lastDay, actual: true, today: today)
    var plannedBy = Dictionary(planned.map { ($0.category, $0.amount) }, uniquingKeysWith: { a, _ in a })
    let actualBy = Dictionary(actual.map { ($0.category, $0.amount) }, uniquingKeysWith: { a, _ in a })
    var isLimit: Set<String> = []
    for limit in limits where limit.period == .month {
        plannedBy[limit.category] = limit.amount
        isLimit.insert(limit.category)
    }
    let position = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    let keys = Set(plannedBy.keys).union(actualBy.keys).sorted {
        let a = position[$0] ?? Int.max, b = position[$1] ?? Int.max
        return a != b ? a < b : $0 < $1
    }
    return keys.map { key in
        let p = plannedBy[key] ?? .zero, a = actualBy[key] ?? .zero
        let left = Int64(fitting: Int128(p.minorUnits) - Int128(a.minorUnits)) ?? .min
        return CategoryMonth(category: key, planned: p, plannedIsLimit: isLimit.contains(key), actual: a,
                             left: Money(minorUnits: left))
    }
}
