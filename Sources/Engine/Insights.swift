// The weekly and monthly insight card (docs/engine-rules.md, "Insights"): this period's
// spending by category against the previous period's, the biggest changes, the limits'
// states and one suggestion. Pure and offline: "today" is a parameter.

// MARK: - Values

/// The period an insight card compares.
public enum InsightPeriod: String, Sendable, CaseIterable {
    /// The 7 days through today against the 7 days before.
    case week
    /// The 1st of this month through today against the same days of the previous month
    /// (the 1st through the same day, clamped to that month's end).
    case month

    /// This period's and the previous period's days (inclusive) on `today`.
    public func ranges(today: Day) -> (current: ClosedRange<Day>, previous: ClosedRange<Day>) {
        switch self {
        case .week:
            return (today.adding(days: -6)...today, today.adding(days: -13)...today.adding(days: -7))
        case .month:
            let previous = today.yearMonth.previous
            return (today.yearMonth.firstDay...today, previous.firstDay...previous.day(clamping: today.day))
        }
    }
}

/// One category's actual spending in both periods.
public struct InsightCategory: Sendable, Hashable {
    public var category: String
    public var current: Money
    public var previous: Money
    /// current − previous.
    public var change: Money
}

/// The one suggestion of a card, with the figures its sentence quotes.
public enum InsightSuggestion: Sendable, Hashable {
    /// A limit is exceeded: hold back in its category for the rest of its period.
    case limitExceeded(category: String, over: Money)
    /// The biggest increase: bring the category back to last period's level.
    case cutBack(category: String, increase: Money)
    /// Spending fell: keep it up (the amount saved against the previous period).
    case keepGoing(saved: Money)
    /// Nothing was spent in either period: record the spending to get insights.
    case recordSpending
    /// Spending is level.
    case steady
}

/// The insight card.
public struct InsightCard: Sendable, Hashable {
    public var period: InsightPeriod
    public var current: ClosedRange<Day>
    public var previous: ClosedRange<Day>
    public var totalCurrent: Money
    public var totalPrevious: Money
    /// Every category spent in either period, the biggest absolute change first (then by key).
    public var categories: [InsightCategory]
    /// The largest increase (> 0) and the largest decrease (< 0), if any.
    public var biggestIncrease: InsightCategory?
    public var biggestDecrease: InsightCategory?
    /// The limits in warning or exceeded, as given.
    public var limits: [LimitStatus]
    public var suggestion: InsightSuggestion
    /// The household's logging streak on `today` (`insightStreak`), nil when not read.
    public var streak: Streak? = nil
}

// MARK: - Building the card

/// The insight card of `period` on `today` from the actual expense entries (planned ones are
/// left out) and the limits' statuses (LimitsPage's, computed on the same day).
public func insightCard(entries: [Entry], limits: [LimitStatus], period: InsightPeriod, today: Day) -> InsightCard {
    let (current, previous) = period.ranges(today: today)
    var now: [String: MoneySum] = [:], before: [String: MoneySum] = [:]
    var totalNow = MoneySum(), totalBefore = MoneySum()
    for entry in entries where entry.kind == .expense && entry.isActual {
        if current.contains(entry.date) {
            entry.forEachCategoryAmount { now[$0, default: MoneySum()].add($1) }
            totalNow.add(entry.amount)
        } else if previous.contains(entry.date) {
            entry.forEachCategoryAmount { before[$0, default: MoneySum()].add($1) }
            totalBefore.add(entry.amount)
        }
    }
    let keys = Set(now.keys).union(before.keys)
    let categories = keys.map { key in
        let c = now[key]?.money ?? .zero, p = before[key]?.money ?? .zero
        return InsightCategory(category: key, current: c, previous: p, change: Money(clamping: Int128(c.minorUnits) - Int128(p.minorUnits)))
    }.sorted { a, b in
        let x = a.change.minorUnits.magnitude, y = b.change.minorUnits.magnitude
        return x != y ? x > y : a.category < b.category
    }
    let increase = categories.filter { $0.change.minorUnits > 0 }.first
    let decrease = categories.filter { $0.change.minorUnits < 0 }.first
    let flagged = limits.filter { $0.state != .ok }
    let exceeded = flagged.filter { $0.state == .exceeded }
        .max { Int128($0.spent.minorUnits) - Int128($0.limit.amount.minorUnits) < Int128($1.spent.minorUnits) - Int128($1.limit.amount.minorUnits) }
    let suggestion: InsightSuggestion
    if let exceeded {
        suggestion = .limitExceeded(category: exceeded.limit.category,
                                    over: Money(clamping: Int128(exceeded.spent.minorUnits) - Int128(exceeded.limit.amount.minorUnits)))
    } else if let increase {
        suggestion = .cutBack(category: increase.category, increase: increase.change)
    } else if totalNow.total < totalBefore.total {
        suggestion = .keepGoing(saved: Money(clamping: totalBefore.total - totalNow.total))
    } else if categories.isEmpty {
        suggestion = .recordSpending
    } else {
        suggestion = .steady
    }
    return InsightCard(period: period, current: current, previous: previous, totalCurrent: totalNow.money, totalPrevious: totalBefore.money,
                       categories: categories, biggestIncrease: increase, biggestDecrease: decrease, limits: flagged, suggestion: suggestion)
}

// MARK: - The streak on the card

/// How far back the cards read logged days (docs/engine-rules.md, "Insights: the streak"): the
/// current run and the best run within the last 400 days; no 10-year walk on the Advisor page.
public let insightStreakWindow = 400

/// The logging streak shown on the cards: the Challenge's rule ("never miss twice") over the
/// logged days of the last `insightStreakWindow` days through `today`.
public func insightStreak(logged: Set<Day>, today: Day) -> Streak {
    let from = today.adding(days: -(insightStreakWindow - 1))
    return streak(logged: logged.filter { $0 >= from }, today: today)
}
