// The Challenge, «На что я потрачу…» (docs/engine-rules.md, "The Challenge, streaks and achievements"):
// a daily game of imagined spending whose budget doubles from one filled day to the next.
// Days are civil dates; the engine walks them one by one from the game's first day to today.

// MARK: - Settings

/// What happens after a filled day whose budget is the maximum (seed 001's later changes: two
/// choices; SPEC §11).
public enum ChallengeMaxBehaviour: String, CaseIterable, Sendable, Codable {
    /// The next day starts again at the start amount (a new chain). The default.
    case reset
    /// The budget stays at the maximum.
    case ceiling

    /// A stored value read back: "reset" or "ceiling"; "stop" ("celebrate and stop", no longer
    /// offered) is read as `ceiling` — the game goes on at the maximum instead of pausing;
    /// anything else (or nothing) is the default, `reset`. Read-time, so an older export imports too.
    public init(stored: String?) {
        switch stored {
        case "ceiling", "stop": self = .ceiling
        default: self = .reset
        }
    }
}

/// The start and maximum budget of one currency.
public struct ChallengeLimits: Hashable, Sendable {
    public var start: Money
    public var max: Money
    /// Creates limits (start ≤ max is the caller's validation).
    public init(start: Money, max: Money) { self.start = start; self.max = max }

    /// The defaults: USD 5 / 1 000 000, EUR 4.60 / 920 000, RUB 500 / 100 000 000.
    public static func defaults(for currencyCode: String) -> ChallengeLimits {
        switch currencyCode {
        case "EUR": return ChallengeLimits(start: Money(minorUnits: 4_60), max: Money(minorUnits: 920_000_00))
        case "RUB": return ChallengeLimits(start: Money(minorUnits: 500_00), max: Money(minorUnits: 100_000_000_00))
        default: return ChallengeLimits(start: Money(minorUnits: 5_00), max: Money(minorUnits: 1_000_000_00))
        }
    }
}

/// A currency switch of the game: from `effective` on, new days are in `to`, and the base
/// carried over from `from` was converted at `ratePerMillion` (units of `to` per 1 000 000 units of `from`).
public struct ChallengeCurrencySwitch: Hashable, Sendable {
    public var effective: Day
    public var from: String
    public var to: String
    public var ratePerMillion: Int64
    /// Creates a switch.
    public init(effective: Day, from: String, to: String, ratePerMillion: Int64) {
        self.effective = effective; self.from = from; self.to = to; self.ratePerMillion = ratePerMillion
    }
}

/// A saved (filled) day: its budget and currency are frozen when it is saved.
public struct ChallengeFilledDay: Hashable, Sendable {
    public var date: Day
    public var currency: String
    public var budget: Money
    /// Σ of the day's imagined purchases.
    public var total: Money
    /// Creates a filled day.
    public init(date: Day, currency: String, budget: Money, total: Money) {
        self.date = date; self.currency = currency; self.budget = budget; self.total = total
    }
}

/// Everything the walk needs.
public struct ChallengeInput: Sendable {
    /// The game's first day: its first saved item or day (never the day its settings were saved).
    public var startedOn: Day
    /// The currency of the first day (before any switch).
    public var initialCurrency: String
    /// Limits by currency code; a currency missing here uses `ChallengeLimits.defaults`.
    public var limits: [String: ChallengeLimits]
    /// The behaviour at the maximum in force now (and on every date no earlier change covers).
    public var behaviour: ChallengeMaxBehaviour
    /// Earlier behaviours by the last date they were in force: a change saved on date C stores
    /// the one it replaced under C − 1, so days before C keep what they were played with.
    public var behaviourUntil: [Day: ChallengeMaxBehaviour]
    public var filled: [ChallengeFilledDay]
    public var switches: [ChallengeCurrencySwitch]
    /// Creates an input.
    public init(startedOn: Day, initialCurrency: String, limits: [String: ChallengeLimits] = [:],
                behaviour: ChallengeMaxBehaviour = .reset, behaviourUntil: [Day: ChallengeMaxBehaviour] = [:],
                filled: [ChallengeFilledDay] = [], switches: [ChallengeCurrencySwitch] = []) {
        self.startedOn = startedOn; self.initialCurrency = initialCurrency; self.limits = limits
        self.behaviour = behaviour; self.behaviourUntil = behaviourUntil; self.filled = filled; self.switches = switches
    }

    /// The limits of a currency (the user's, else the defaults).
    public func limits(for code: String) -> ChallengeLimits { limits[code] ?? .defaults(for: code) }

    /// The behaviour in force on `date`: the earliest stored "until" on or after it, else the current one.
    public func behaviour(on date: Day) -> ChallengeMaxBehaviour {
        behaviourUntil.filter { $0.key >= date }.min { $0.key < $1.key }?.value ?? behaviour
    }

    /// The game's currency at the start of `date`, before any switch effective on it: the first
    /// day's currency after every switch effective earlier (a switch changes the currency from its
    /// date on; a saved day always carries the currency then in force).
    public func currency(before date: Day) -> String {
        var latest: ChallengeCurrencySwitch?
        for s in switches where s.effective < date && (latest.map { s.effective >= $0.effective } ?? true) { latest = s }
        return latest?.to ?? initialCurrency
    }
}

// MARK: - The walk

/// A day's status in the game.
public enum ChallengeDayStatus: String, Sendable, Codable {
    /// Saved with a list of imagined purchases.
    case filled
    /// A past date not filled.
    case missed
    /// Today, not filled yet.
    case open
}

/// One date of the game.
public struct ChallengeDay: Hashable, Sendable {
    public var date: Day
    public var status: ChallengeDayStatus
    public var currency: String
    public var budget: Money
    /// Σ of the imagined purchases (zero unless filled).
    public var total: Money
    /// The day's number in its chain ("Day N"; 1 = the chain's first day). A missed day does not
    /// advance it: it shows the number the next saved day will have, as it keeps the budget.
    public var number: Int
    /// The FX rate (per million) used when the base was converted into this day's currency, on the first day after a switch.
    public var rateUsed: Int64?
    /// True when this filled day's budget is its currency's maximum.
    public var reachedMax: Bool
    /// True when a filled day's total is exactly its budget.
    public var isPerfect: Bool { status == .filled && total == budget }
}

/// The walk's result: every date from the first day through today (and any filled day after it).
public struct ChallengeTimeline: Sendable {
    /// Oldest first.
    public var days: [ChallengeDay]
    /// The game's streak (same rule as the logging streak).
    public var streak: Int
    public var bestStreak: Int
    /// True when yesterday was missed but the streak and chain go on (one day of grace).
    public var graceUsed: Bool
    /// Today's day (open or filled).
    public var today: ChallengeDay
    /// The day after the latest date of the walk: what it will be if today is filled.
    public var nextBudget: Money
    public var nextCurrency: String
}

/// The longest walk: dates older than this many days before today are not walked (the chain
/// had ended long before anyway); the first day moves up to it.
public let challengeWalkLimit = 3_660

/// Walks the game's dates from `input.startedOn` to `today` (civil dates) and returns each
/// date's status and budget. Rules: the first day's budget is the start amount; after a
/// filled day the next budget is min(max, budget × 2); one missed day keeps the budget and the
/// day number (doubling pauses); a second consecutive missed day ends the chain (streak 0, the
/// next day starts again at the start amount, number 1); after a filled day at the maximum the
/// behaviour in force on that day decides: `reset` starts a new chain the next day, `ceiling`
/// stays at the maximum. A currency switch effective on a date converts the carried base with its
/// rate (half-to-even to a minor unit, clamped to 1 … the new max) — except on a chain's first
/// day (number 1: nothing has doubled yet), which simply takes the new currency's start amount.
/// A filled day keeps the budget and currency it was saved with. Filled days after `today`
/// (a time-zone change moved today back) are kept and listed; no date is created twice or lost.
public func challengeTimeline(_ input: ChallengeInput, today: Day) -> ChallengeTimeline {
    let filledBy = Dictionary(input.filled.map { ($0.date, $0) }, uniquingKeysWith: { a, _ in a })
    let switches = input.switches.sorted { $0.effective < $1.effective }
    let lastFilled = input.filled.map(\.date).max()
    let first = max(input.startedOn, today.adding(days: -challengeWalkLimit))
    let last = max(today, lastFilled ?? today)

    var currency = input.initialCurrency
    var base = input.limits(for: currency).start
    var number = 1
    var missedRun = 0
    var streak = 0, best = 0
    var pendingRate: Int64?
    var switchIndex = 0
    var days: [ChallengeDay] = []
    var date = first
    while date <= last {
        while switchIndex < switches.count, switches[switchIndex].effective <= date {
            let s = switches[switchIndex]
            switchIndex += 1
            guard s.to != currency else { continue }
            if number == 1 {
                // A chain's first day carries nothing: it is the new currency's start amount.
                base = input.limits(for: s.to).start
                pendingRate = nil
            } else {
                base = convertChallengeBase(base, ratePerMillion: s.ratePerMillion, max: input.limits(for: s.to).max)
                pendingRate = s.ratePerMillion
            }
            currency = s.to
        }
        if let f = filledBy[date] {
            let limits = input.limits(for: f.currency)
            let atMax = f.budget >= limits.max
            days.append(ChallengeDay(date: date, status: .filled, currency: f.currency, budget: f.budget, total: f.total,
                                     number: number, rateUsed: pendingRate, reachedMax: atMax))
            pendingRate = nil
            currency = f.currency
            missedRun = 0
            streak += 1; best = Swift.max(best, streak)
            if atMax {
                switch input.behaviour(on: date) {
                case .reset: base = limits.start; number = 1
                case .ceiling: base = limits.max; number += 1
                }
            } else {
                base = doubled(f.budget, max: limits.max)
                number += 1
            }
        } else if date < today {
            days.append(ChallengeDay(date: date, status: .missed, currency: currency, budget: base, total: .zero,
                                     number: number, rateUsed: pendingRate, reachedMax: false))
            missedRun += 1
            if missedRun == 2 {
                streak = 0
                number = 1
                base = input.limits(for: currency).start
            }
        } else {
            // Today (or a date after it that is not filled: only when filled days lie beyond today).
            days.append(ChallengeDay(date: date, status: date == today ? .open : .missed, currency: currency, budget: base,
                                     total: .zero, number: number, rateUsed: pendingRate, reachedMax: false))
        }
        date = date.adding(days: 1)
    }
    let todayDay = days.first { $0.date == today }!
    return ChallengeTimeline(days: days, streak: streak, bestStreak: best, graceUsed: missedRun == 1,
                             today: todayDay, nextBudget: base, nextCurrency: currency)
}

/// min(max, budget × 2), computed without overflow.
func doubled(_ budget: Money, max: Money) -> Money {
    let twice = Int128(budget.minorUnits) * 2
    return twice >= Int128(max.minorUnits) ? max : Money(minorUnits: Int64(twice))
}

/// The base converted at `ratePerMillion`: round-half-even(base × rate ÷ 1 000 000), clamped to 1 … max.
public func convertChallengeBase(_ base: Money, ratePerMillion: Int64, max: Money) -> Money {
    let converted = roundHalfEven(numerator: Int128(base.minorUnits) * Int128(ratePerMillion), denominator: 1_000_000)
    if converted >= Int128(max.minorUnits) { return max }
    return Money(minorUnits: Swift.max(1, Int64(converted)))
}

// MARK: - Saving a day: the +5 % rule

/// The most a day's list may total: budget + ⌊budget × 5 ÷ 100⌋ (rounded down, so the
/// allowance never exceeds 5 %).
public func challengeAllowance(_ budget: Money) -> Money {
    let extra = Int128(budget.minorUnits) * 5 / 100
    return Money(minorUnits: Int64(saturating: Int128(budget.minorUnits) + extra))
}

/// How far `total` is beyond the allowance (budget + 5 %), or nil when it may be saved.
public func challengeOverAllowance(total: Money, budget: Money) -> Money? {
    let allowed = challengeAllowance(budget)
    guard total > allowed else { return nil }
    return Money(minorUnits: total.minorUnits - allowed.minorUnits)
}

// MARK: - FX table

/// The approximate FX table: directed pairs "FROM>TO" → units of TO per 1 000 000 units of FROM.
public struct FXTable: Hashable, Sendable {
    public var ratesPerMillion: [String: Int64]
    /// The date the rates were set (shown as "approximate, as of …").
    public var asOf: Day
    /// Creates a table.
    public init(ratesPerMillion: [String: Int64], asOf: Day) { self.ratesPerMillion = ratesPerMillion; self.asOf = asOf }

    /// The key of a directed pair.
    public static func key(_ from: String, _ to: String) -> String { from + ">" + to }

    /// The rate from → to, 1 000 000 for the same currency, nil when the table has none
    /// (never a silent 1:1: the caller must ask for it).
    public func rate(from: String, to: String) -> Int64? {
        if from == to { return 1_000_000 }
        guard let r = ratesPerMillion[FXTable.key(from, to)], r > 0 else { return nil }
        return r
    }

    /// The shipped rates, equivalent to 5 USD = 4.60 EUR = 500 RUB (seed 001).
    public static let defaults = FXTable(ratesPerMillion: [
        key("USD", "EUR"): 920_000, key("EUR", "USD"): 1_086_957,
        key("USD", "RUB"): 100_000_000, key("RUB", "USD"): 10_000,
        key("EUR", "RUB"): 108_695_652, key("RUB", "EUR"): 9_200,
    ], asOf: Day(year: 2026, month: 11, day: 1)!)
}
