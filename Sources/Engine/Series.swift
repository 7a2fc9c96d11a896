// Series for the Plan page's charts (docs/engine-rules.md, "Chart series and calendar days").

// MARK: - Intervals and buckets

/// The length of one chart bucket.
public enum SeriesInterval: String, Sendable, CaseIterable, Codable {
    /// One day.
    case day
    /// An ISO week, Monday to Sunday.
    case week
    /// A calendar month.
    case month
    /// A calendar quarter (Jan–Mar, Apr–Jun, Jul–Sep, Oct–Dec).
    case quarter
    /// A calendar year.
    case year

    /// The most buckets a series may have (docs/engine-rules.md, "Chart series and calendar days").
    public static let maximumBuckets = 400

    /// A number that grows by one from each period to the next.
    func periodNumber(_ day: Day) -> Int {
        switch self {
        case .day: return day.ordinal
        case .week: return (day.ordinal - (day.weekday - 1) - 4) / 7 // 1970-01-05 was a Monday
        case .month: return day.yearMonth.index
        case .quarter: return day.yearMonth.index / 3
        case .year: return day.year
        }
    }

    /// The last day of the period containing `day`.
    func periodEnd(_ day: Day) -> Day {
        switch self {
        case .day: return day
        case .week: return day.adding(days: 7 - day.weekday)
        case .month: return day.yearMonth.lastDay
        case .quarter: return YearMonth(unchecked: day.year, (day.month - 1) / 3 * 3 + 3).lastDay
        case .year: return YearMonth(unchecked: day.year, 12).lastDay
        }
    }
}

/// One bucket of the income / expense / FCF chart (or one calendar day).
public struct SeriesBucket: Sendable, Hashable {
    /// The first day in the bucket (the period's first day, or the series' start).
    public var start: Day
    /// The last day in the bucket (the period's last day, or the series' end).
    public var end: Day
    /// Every occurrence of recurring incomes, confirmed or not, + income entries entered
    /// as planned (at their planned amounts).
    public var plannedIncome: Money = .zero
    /// The same for recurring expenses, debt payments and expense entries.
    public var plannedExpense: Money = .zero
    /// Actual income entries (confirmations included, at their confirmed amounts).
    public var actualIncome: Money = .zero
    /// Actual expense entries (confirmations included).
    public var actualExpense: Money = .zero
    /// The part of `plannedIncome` not confirmed yet (still expected, or overdue).
    public var pendingIncome: Money = .zero
    /// The part of `plannedExpense` not confirmed yet.
    public var pendingExpense: Money = .zero

    /// plannedIncome − plannedExpense (clamped to the 64-bit range).
    public var plannedFreeCashFlow: Money { difference(plannedIncome, plannedExpense) }
    /// actualIncome − actualExpense (clamped to the 64-bit range).
    public var actualFreeCashFlow: Money { difference(actualIncome, actualExpense) }

    private func difference(_ a: Money, _ b: Money) -> Money {
        Money(minorUnits: Int64(saturating: Int128(a.minorUnits) - Int128(b.minorUnits)))
    }
}

// MARK: - Cash-flow series

/// Income, expense and free cash flow per `interval` from `from` through `through`,
/// planned and actual separately (docs/engine-rules.md, "Chart series and calendar days"). Buckets follow the calendar
/// (ISO weeks start on Monday); the first and last are cut at `from` and `through`.
/// Reads `h.entries` dated in the period; debt payments follow the plan on `today`.
/// Throws `EngineError.invalidPeriod` when `from` > `through` and
/// `EngineError.tooManyBuckets` beyond `SeriesInterval.maximumBuckets`.
public func cashFlowSeries(_ h: Household, from: Day, through: Day, interval: SeriesInterval, today: Day) throws(EngineError) -> [SeriesBucket] {
    guard from <= through else { throw .invalidPeriod }
    let first = interval.periodNumber(from)
    let count = interval.periodNumber(through) - first + 1
    guard count <= SeriesInterval.maximumBuckets else { throw .tooManyBuckets(count) }
    var buckets: [SeriesBucket] = []
    buckets.reserveCapacity(count)
    var start = from
    while start <= through {
        let end = min(interval.periodEnd(start), through)
        buckets.append(SeriesBucket(start: start, end: end))
        start = end.adding(days: 1)
    }
    var sums = [[MoneySum]](repeating: [MoneySum](repeating: MoneySum(), count: 6), count: buckets.count)
    forEachFlow(h, from: from, through: through, today: today) { flow in
        let row = interval.periodNumber(flow.date) - first
        let side = flow.kind == .income ? 0 : 1
        switch flow.figure {
        case .planned(let isPending):
            sums[row][side].add(flow.amount)
            if isPending { sums[row][4 + side].add(flow.amount) }
        case .actual:
            sums[row][2 + side].add(flow.amount)
        }
    }
    for index in buckets.indices {
        buckets[index].plannedIncome = sums[index][0].money
        buckets[index].plannedExpense = sums[index][1].money
        buckets[index].actualIncome = sums[index][2].money
        buckets[index].actualExpense = sums[index][3].money
        buckets[index].pendingIncome = sums[index][4].money
        buckets[index].pendingExpense = sums[index][5].money
    }
    return buckets
}

// MARK: - Expenses by category

/// One slice of the expenses-by-category chart.
public struct CategoryAmount: Sendable, Hashable {
    public var category: String
    public var amount: Money
}

/// Expenses per category from `from` through `through`, largest first, ties by name.
/// Planned (`actual` false): every occurrence of recurring expenses and debt payments
/// (category "debt"), confirmed or not, and expense entries entered as planned (at their
/// planned amounts). Actual: actual expense entries. Categories with nothing are left
/// out. Reads `h.entries` dated in the period.
public func expensesByCategory(_ h: Household, from: Day, through: Day, actual: Bool, today: Day) -> [CategoryAmount] {
    guard from <= through else { return [] }
    var sums: [String: MoneySum] = [:]
    forEachFlow(h, from: from, through: through, today: today) { flow in
        guard flow.kind == .expense, flow.isActual == actual else { return }
        sums[flow.category, default: MoneySum()].add(flow.amount)
    }
    return sums.map { CategoryAmount(category: $0.key, amount: $0.value.money) }
        .filter { $0.amount.minorUnits != 0 }
        .sorted { $0.amount != $1.amount ? $0.amount > $1.amount : $0.category < $1.category }
}

// MARK: - Flows

/// Which of the three figures a flow counts in: *planned* (and, until confirmed, also
/// *pending*) or *actual*.
enum FlowFigure {
    case planned(isPending: Bool)
    case actual
}

/// One planned or actual amount on a day.
struct Flow {
    var date: Day
    var kind: FlowKind
    var amount: Money
    var category: String
    var figure: FlowFigure

    var isActual: Bool {
        if case .actual = figure { return true }
        return false
    }
}

/// Calls `body` for every flow in the period (the three figures of the engine rules):
/// every occurrence is planned at its amount, pending until an entry confirms it; every
/// entry entered as planned is planned at its planned amount, pending until confirmed
/// in place; every actual entry (confirmations included) is actual at its amount.
/// An occurrence of an item that plans its category (groceries) is never pending (`Occurrence.isPending`).
func forEachFlow(_ h: Household, from: Day, through: Day, today: Day, _ body: (Flow) -> Void) {
    forEachPlannedOccurrence(h, from: from, through: through, today: today) { occurrence in
        body(Flow(date: occurrence.date, kind: occurrence.kind, amount: occurrence.amount,
                  category: occurrence.category, figure: .planned(isPending: occurrence.isPending)))
    }
    for entry in h.entries where entry.date >= from && entry.date <= through {
        if let planned = entry.plannedAmount {
            entry.forEachCategoryAmount(of: planned) { category, amount in
                body(Flow(date: entry.date, kind: entry.kind, amount: amount, category: category,
                          figure: .planned(isPending: !entry.isActual)))
            }
        }
        if entry.isActual {
            entry.forEachCategoryAmount { category, amount in
                body(Flow(date: entry.date, kind: entry.kind, amount: amount, category: category, figure: .actual))
            }
        }
    }
}
