// Playful saving's rules on top of PlayfulSaving.swift (docs/engine-rules.md, "Round-ups and
// hidden money"): which expenses a round-up transfer covers, when it is suggested, and which
// hidden amounts are still hidden on a day. Pure: "today" is a parameter, money is minor units.

// MARK: - Round-ups

/// A household's round-up settings.
public struct RoundUpSettings: Sendable, Hashable {
    /// Off by default: nothing is suggested.
    public var enabled: Bool
    /// Which of the currency's three steps (`roundUpSteps`): 0, 1 or 2.
    public var stepIndex: Int
    /// 1 … 10.
    public var multiplier: Int
    public var period: RoundUpPeriod
    /// The goal the round-ups go to (nil: none chosen; nothing is suggested).
    public var goalID: ID<Goal>?
    /// Nothing is suggested below it (0: any amount above 0).
    public var minimum: Money
    /// Expenses dated before it are never rounded up (the day round-ups were turned on).
    public var startsOn: Day

    /// Creates settings; the defaults are "off, the smallest step, × 1, weekly, no minimum".
    public init(enabled: Bool = false, stepIndex: Int = 0, multiplier: Int = 1, period: RoundUpPeriod = .week,
                goalID: ID<Goal>? = nil, minimum: Money = .zero, startsOn: Day) {
        self.enabled = enabled; self.stepIndex = stepIndex; self.multiplier = multiplier; self.period = period
        self.goalID = goalID; self.minimum = minimum; self.startsOn = startsOn
    }

    /// The step in minor units in `currencyCode` (an index out of range reads as the smallest step).
    public func step(_ currencyCode: String) -> Int64 {
        let steps = roundUpSteps(currencyCode)
        return steps.indices.contains(stepIndex) ? steps[stepIndex] : steps[0]
    }
}

/// How far back a suggestion reaches: the 52 weeks or 12 months before today's period.
public let roundUpLookbackWeeks = 52
public let roundUpLookbackMonths = 12

/// The dates a suggestion made on `today` covers: from the later of `startsOn` and the start
/// of the lookback (52 weeks or 12 months before today's period) through the last day before
/// today's period (only completed periods count). nil when that is empty.
public func roundUpWindow(period: RoundUpPeriod, startsOn: Day, today: Day) -> (from: Day, through: Day)? {
    let current = period.bounds(containing: today)
    let through = current.start.adding(days: -1)
    let lookback: Day = switch period {
    case .week: current.start.adding(days: -7 * roundUpLookbackWeeks)
    case .month: current.start.yearMonth.adding(months: -roundUpLookbackMonths).firstDay
    }
    let from = max(startsOn, lookback)
    return from <= through ? (from, through) : nil
}

/// What the round-ups of some expenses come to, and which expenses they are.
public struct RoundUpTally: Sendable, Hashable {
    /// Σ of the expenses' round-ups.
    public var amount: Money
    /// The expenses with a round-up above 0, with it, by date then id.
    public var parts: [(entryID: ID<Entry>, roundUp: Money)]
    /// How many actual expenses were looked at (those rounding by 0 included).
    public var expenses: Int

    /// Creates a tally (`roundUpTally` makes them).
    public init(amount: Money, parts: [(entryID: ID<Entry>, roundUp: Money)], expenses: Int) {
        self.amount = amount; self.parts = parts; self.expenses = expenses
    }

    /// Nothing.
    public static let empty = RoundUpTally(amount: .zero, parts: [], expenses: 0)

    public static func == (a: RoundUpTally, b: RoundUpTally) -> Bool {
        a.amount == b.amount && a.expenses == b.expenses
            && a.parts.map(\.entryID) == b.parts.map(\.entryID) && a.parts.map(\.roundUp) == b.parts.map(\.roundUp)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(amount); hasher.combine(expenses)
        for part in parts { hasher.combine(part.entryID); hasher.combine(part.roundUp) }
    }
}

/// The round-ups of the actual expenses dated `from` … `through` whose id is not in `counted`
/// (expenses a transfer already covered never count again). Incomes, planned entries and
/// refunds (amount ≤ 0) are left out.
public func roundUpTally(_ entries: [Entry], counted: Set<ID<Entry>>, step: Int64, multiplier: Int,
                         from: Day, through: Day) -> RoundUpTally {
    var sum: Int128 = 0
    var parts: [(entryID: ID<Entry>, roundUp: Money)] = []
    var looked = 0
    let sorted = entries.filter { $0.isActual && $0.kind == .expense && $0.date >= from && $0.date <= through && !counted.contains($0.id) }
        .sorted { ($0.date, $0.id) < ($1.date, $1.id) }
    for entry in sorted {
        looked += 1
        let up = roundUp(entry.amount, step: step, multiplier: multiplier)
        guard up.minorUnits > 0 else { continue }
        sum += Int128(up.minorUnits)
        parts.append((entry.id, up))
    }
    return RoundUpTally(amount: Money(minorUnits: Int64(saturating: sum)), parts: parts, expenses: looked)
}

/// True when a tally is suggested as a transfer: above 0 and at least the minimum. Below the
/// minimum the round-ups wait (they are carried into the next period's suggestion).
public func roundUpIsDue(_ tally: RoundUpTally, minimum: Money) -> Bool {
    tally.amount.minorUnits > 0 && tally.amount >= minimum
}

// MARK: - Hidden money

/// What a hidden amount is for.
public enum HiddenPurpose: String, CaseIterable, Sendable, Codable {
    /// Forced savings: money kept out of sight.
    case forced
    /// Money put aside for one of the goals.
    case goal
    /// An emergency reserve.
    case emergency
}

/// One amount set aside.
public struct HiddenAmount: Sendable, Hashable {
    public var id: ID<HiddenAmount>
    public var amount: Money
    public var purpose: HiddenPurpose
    /// The goal it is for (purpose `.goal`).
    public var goalID: ID<Goal>?
    public var note: String
    public var hiddenOn: Day
    /// Days between asking to reveal it and the reveal taking effect (0 … 365).
    public var revealDelayDays: Int
    /// When a reveal was asked for (nil: none).
    public var revealRequestedOn: Day?

    /// Creates an amount.
    public init(id: ID<HiddenAmount> = 0, amount: Money, purpose: HiddenPurpose, goalID: ID<Goal>? = nil, note: String = "",
                hiddenOn: Day, revealDelayDays: Int = 0, revealRequestedOn: Day? = nil) {
        self.id = id; self.amount = amount; self.purpose = purpose; self.goalID = goalID; self.note = note
        self.hiddenOn = hiddenOn; self.revealDelayDays = revealDelayDays; self.revealRequestedOn = revealRequestedOn
    }

    /// The day a requested reveal takes effect: the request's day + the delay (nil: not requested).
    public var revealsOn: Day? { revealRequestedOn.map { $0.adding(days: max(0, revealDelayDays)) } }

    /// Still hidden on `today`: no reveal asked for, or it takes effect after today.
    public func isHidden(on today: Day) -> Bool {
        guard let revealsOn else { return true }
        return revealsOn > today
    }
}

/// The most days a reveal may be delayed.
public let hiddenRevealDelayMaxDays = 365

/// Σ of the amounts still hidden on `today`.
public func hiddenTotal(_ amounts: [HiddenAmount], today: Day) -> Money {
    var sum: Int128 = 0
    for amount in amounts where amount.isHidden(on: today) { sum += Int128(amount.amount.minorUnits) }
    return Money(minorUnits: Int64(saturating: sum))
}

/// Hiding `amount` more: nil when allowed, else the most that may be hidden now (see `maxHideable`:
/// the spendable money may not fall below the safety buffer).
public func hideRefusal(_ amount: Money, balance: Money, hidden: Money, buffer: Money) -> Money? {
    let most = maxHideable(balance: balance, hidden: hidden, buffer: buffer)
    return amount > most ? most : nil
}

/// What is shown as spendable once the hidden money is taken out: `balance` − `hidden`
/// (saturating; it may be below 0 when the balance fell after hiding).
public func spendableAfterHiding(balance: Money, hidden: Money) -> Money {
    Money(minorUnits: Int64(saturating: Int128(balance.minorUnits) - Int128(hidden.minorUnits)))
}
