// Streaks and achievements (docs/engine-rules.md, "The Challenge, streaks and achievements").
// Achievements are a pure function of the household's data: re-derivable after an import;
// storage only remembers when each was first earned and whether its notice was seen.

// MARK: - Streaks

/// A streak by the "never miss twice" rule.
public struct Streak: Hashable, Sendable {
    /// Logged days in the current run (0 after two consecutive missed days).
    public var current: Int
    /// The longest run ever.
    public var best: Int
    /// True when yesterday was missed and the run goes on (one day of grace).
    public var graceUsed: Bool
    /// Creates a streak.
    public init(current: Int, best: Int, graceUsed: Bool) { self.current = current; self.best = best; self.graceUsed = graceUsed }
}

/// The streak over `logged` dates through `today`: each logged date adds one; one missed
/// date is forgiven; a second consecutive missed date resets the run to 0. Today not yet
/// logged is not a miss (the day isn't over). Dates after `today` are ignored.
public func streak(logged: Set<Day>, today: Day) -> Streak {
    guard let first = logged.filter({ $0 <= today }).min() else { return Streak(current: 0, best: 0, graceUsed: false) }
    var current = 0, best = 0, missedRun = 0
    var date = Swift.max(first, today.adding(days: -challengeWalkLimit))
    while date <= today {
        if logged.contains(date) {
            current += 1; missedRun = 0; best = Swift.max(best, current)
        } else if date < today {
            missedRun += 1
            if missedRun >= 2 { current = 0 }
        }
        date = date.adding(days: 1)
    }
    return Streak(current: current, best: best, graceUsed: missedRun == 1)
}

/// The household's logged dates: actual entries (any date), confirmed occurrences (their
/// dates, given by the caller) and "no spending today" check-ins.
public func loggedDays(entries: [Entry], confirmedOn: [Day], checkIns: [Day]) -> Set<Day> {
    var days = Set(entries.filter(\.isActual).map(\.date))
    days.formUnion(confirmedOn)
    days.formUnion(checkIns)
    return days
}

// MARK: - Achievements

/// The data achievements are derived from (prepared by the caller from storage).
public struct AchievementFacts: Sendable {
    public var logged: Set<Day> = []
    public var game: ChallengeTimeline?
    public var hasEntry = false
    public var hasImport = false
    public var hasReconciliation = false
    public var emergencySaved: Money = .zero
    public var emergencyTarget: Money = .zero
    public var goals: [Goal] = []
    public var currencyCode = "RUB"
    /// Current balances of mode-B loans (empty: no loans, so no "debt free").
    public var loanBalances: [Money] = []
    /// Monthly category limits (budget master needs at least one).
    public var monthlyLimits: [CategoryLimit] = []
    /// Actual expense entries (budget master, unless `expenseSums` is given; subscription slayer:
    /// at least those dated in the period after each ended recurring expense).
    public var expenses: [Entry] = []
    /// Actual expenses summed by month and category (budget master); nil: summed from `expenses`.
    public var expenseSums: [YearMonth: [String: Int128]]?
    /// Recurring expenses (subscription slayer: the ended ones).
    public var recurringExpenses: [RecurringItem] = []
    /// Creates empty facts.
    public init() {}
}

/// One achievement's state.
public struct AchievementState: Hashable, Sendable {
    /// A stable id: `streak_7`, `goal_12_50`, `fund_25`, …
    public var id: String
    /// The group (`streak`, `game`, `first`, `fund`, `goal`, `saved`, `debt`, `budget`, `subscription`).
    public var kind: String
    /// The goal's name for goal milestones, else "".
    public var subject: String
    /// The threshold (days, percent, months) for display; 0 when not numeric.
    public var threshold: Int64
    /// Progress towards it: `progress` of `target` (clamped to target).
    public var progress: Int64
    public var target: Int64
    public var earned: Bool
}

/// Streak thresholds.
public let streakThresholds = [3, 7, 14, 30, 100]
/// Emergency fund thresholds, percent.
public let fundThresholds: [Int64] = [25, 50, 75, 100]
/// Goal milestones, percent.
public let goalMilestones: [Int64] = [10, 25, 50, 75, 90, 100]

/// The "first saved" threshold of a currency: 100 000 ₽, 1 000 $ or 1 000 €, in minor units.
public func firstSavedThreshold(_ code: String) -> Int64 { code == "RUB" ? 100_000_00 : 1_000_00 }

/// Every achievement with its progress, as of `today`. Percent thresholds compare exactly in
/// integers: saved × 100 ≥ target × percent (no rounding).
public func achievements(_ f: AchievementFacts, today: Day) -> [AchievementState] {
    var out: [AchievementState] = []
    func add(_ id: String, _ kind: String, subject: String = "", threshold: Int64, progress: Int64, target: Int64, earned: Bool) {
        out.append(AchievementState(id: id, kind: kind, subject: subject, threshold: threshold,
                                    progress: Swift.min(Swift.max(progress, 0), target), target: target, earned: earned))
    }
    // Streaks: the best run counts (a streak once reached stays earned).
    let s = streak(logged: f.logged, today: today)
    for t in streakThresholds {
        add("streak_\(t)", "streak", threshold: Int64(t), progress: Int64(s.best), target: Int64(t), earned: s.best >= t)
    }
    // The game.
    let filled = f.game?.days.filter { $0.status == .filled } ?? []
    let perfect = filled.contains { $0.isPerfect }
    add("game_perfect_day", "game", threshold: 0, progress: perfect ? 1 : 0, target: 1, earned: perfect)
    let maxReached = filled.contains { $0.reachedMax }
    add("game_max", "game", threshold: 0, progress: maxReached ? 1 : 0, target: 1, earned: maxReached)
    // Firsts.
    add("first_entry", "first", threshold: 0, progress: f.hasEntry ? 1 : 0, target: 1, earned: f.hasEntry)
    add("first_import", "first", threshold: 0, progress: f.hasImport ? 1 : 0, target: 1, earned: f.hasImport)
    add("first_reconcile", "first", threshold: 0, progress: f.hasReconciliation ? 1 : 0, target: 1, earned: f.hasReconciliation)
    // Emergency fund (only with a target).
    if f.emergencyTarget.minorUnits > 0 {
        for t in fundThresholds {
            let earned = reached(f.emergencySaved, of: f.emergencyTarget, percent: t)
            add("fund_\(t)", "fund", threshold: t, progress: percentOf(f.emergencySaved, f.emergencyTarget), target: t, earned: earned)
        }
    }
    // Goals' milestones.
    for goal in f.goals where goal.target.minorUnits > 0 {
        for t in goalMilestones {
            add("goal_\(goal.id)_\(t)", "goal", subject: goal.name, threshold: t,
                progress: percentOf(goal.saved, goal.target), target: t, earned: reached(goal.saved, of: goal.target, percent: t))
        }
    }
    // First 100 000 ₽ / 1 000 $ / 1 000 € saved: goals + emergency fund.
    let saved = f.goals.reduce(Int128(f.emergencySaved.minorUnits)) { $0 + Int128(Swift.max($1.saved.minorUnits, 0)) }
    let savedTarget = firstSavedThreshold(f.currencyCode)
    add("saved_first", "saved", threshold: savedTarget, progress: Int64(saturating: saved), target: savedTarget,
        earned: saved >= Int128(savedTarget))
    // Debt free.
    if !f.loanBalances.isEmpty {
        let open = f.loanBalances.filter { $0.minorUnits > 0 }.count
        add("debt_free", "debt", threshold: 0, progress: Int64(f.loanBalances.count - open), target: Int64(f.loanBalances.count),
            earned: open == 0)
    }
    // Budget master.
    let months = f.expenseSums.map { budgetMasterMonths(limits: f.monthlyLimits, spent: $0, today: today) }
        ?? budgetMasterMonths(limits: f.monthlyLimits, expenses: f.expenses, today: today)
    add("budget_master", "budget", threshold: 3, progress: Int64(months), target: 3, earned: months >= 3)
    // Subscription slayer.
    let slain = slainSubscriptions(f.recurringExpenses, expenses: f.expenses, today: today)
    add("subscription_slayer", "subscription", threshold: 0, progress: slain.isEmpty ? 0 : 1, target: 1, earned: !slain.isEmpty)
    return out
}

/// saved × 100 ≥ target × percent.
func reached(_ saved: Money, of target: Money, percent: Int64) -> Bool {
    Int128(saved.minorUnits) * 100 >= Int128(target.minorUnits) * Int128(percent)
}

/// ⌊saved × 100 ÷ target⌋ (target > 0), clamped to 0 … 100.
func percentOf(_ saved: Money, _ target: Money) -> Int64 {
    let p = Int128(saved.minorUnits) * 100 / Int128(target.minorUnits)
    return Int64(Swift.min(Swift.max(p, 0), 100))
}

/// The longest run of consecutive completed calendar months (before today's month) in which no
/// monthly category limit was exceeded (actual expenses of the category in the month >
/// the limit), counted from the first month with an actual expense. 0 without limits.
public func budgetMasterMonths(limits: [CategoryLimit], expenses: [Entry], today: Day) -> Int {
    guard limits.contains(where: { $0.period == .month }) else { return 0 }
    var spent: [YearMonth: [String: Int128]] = [:]
    for e in expenses where e.isActual && e.kind == .expense {
        e.forEachCategoryAmount { spent[e.date.yearMonth, default: [:]][$0, default: 0] += Int128($1.minorUnits) }
    }
    return budgetMasterMonths(limits: limits, spent: spent, today: today)
}

/// `budgetMasterMonths` over actual expenses already summed by month and category (`spent`:
/// a month is there when it has an actual expense; the first such month starts the count).
public func budgetMasterMonths(limits: [CategoryLimit], spent: [YearMonth: [String: Int128]], today: Day) -> Int {
    let monthly = limits.filter { $0.period == .month }
    guard !monthly.isEmpty, let first = spent.keys.min() else { return 0 }
    var month = first, run = 0, best = 0
    let current = today.yearMonth
    while month < current {
        let exceeded = monthly.contains { (spent[month]?[$0.category] ?? 0) > Int128($0.amount.minorUnits) }
        run = exceeded ? 0 : run + 1
        best = Swift.max(best, run)
        month = month.adding(months: 1)
    }
    return best
}

/// Recurring expenses the user ended (an end date) with no actual expense of the same name
/// (case-insensitive) dated after the end within one period, once that period is over.
public func slainSubscriptions(_ items: [RecurringItem], expenses: [Entry], today: Day) -> [RecurringItem] {
    items.filter { item in
        guard item.kind == .expense, let window = periodAfterEnd(item), window.periodEnd <= today else { return false }
        let (end, periodEnd) = window
        let name = item.name.lowercased()
        return !expenses.contains { $0.isActual && $0.kind == .expense && $0.date > end && $0.date <= periodEnd
            && $0.name.lowercased() == name }
    }
}

/// An ended item's end date and the end of one period after it (subscription slayer looks for a
/// charge in between); nil when the item has no end.
public func periodAfterEnd(_ item: RecurringItem) -> (end: Day, periodEnd: Day)? {
    guard let end = item.end else { return nil }
    let step = item.periodicity.step
    return (end, step.days > 0 ? end.adding(days: step.days) : end.addingMonths(step.months))
}
