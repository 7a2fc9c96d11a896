// Playful saving (seed 003): round-ups and hidden money (docs/engine-rules.md,
// "The Challenge, streaks and achievements"). FinMind moves no real money: these figures
// are suggestions the user carries out and marks as done.

// MARK: - Round-ups

/// The round-up steps a currency offers, in minor units: 10, 50, 100 ₽; 1, 2, 5 $ or €.
public func roundUpSteps(_ currencyCode: String) -> [Int64] {
    currencyCode == "RUB" ? [10_00, 50_00, 100_00] : [1_00, 2_00, 5_00]
}

/// One expense's round-up: (step − amount mod step) mod step, × multiplier (1…10).
/// An amount already on the step rounds up by 0; a non-positive amount (a refund) by 0.
public func roundUp(_ amount: Money, step: Int64, multiplier: Int) -> Money {
    guard amount.minorUnits > 0, step > 0 else { return .zero }
    let rest = amount.minorUnits % step
    let up = rest == 0 ? 0 : step - rest
    return Money(minorUnits: up * Int64(Swift.max(1, Swift.min(multiplier, 10))))
}

/// How round-ups are gathered.
public enum RoundUpPeriod: String, CaseIterable, Sendable, Codable {
    /// ISO weeks, Monday first.
    case week
    /// Calendar months.
    case month

    /// The period containing `date` (both inclusive).
    public func bounds(containing date: Day) -> (start: Day, end: Day) {
        switch self {
        case .week: return LimitPeriod.week.bounds(containing: date)
        case .month: return (date.yearMonth.firstDay, date.yearMonth.lastDay)
        }
    }
}

/// Σ round-ups of the actual expenses dated from `start` through `end`.
public func roundUpTotal(_ entries: [Entry], step: Int64, multiplier: Int, from start: Day, through end: Day) -> Money {
    var sum: Int128 = 0
    for e in entries where e.isActual && e.kind == .expense && e.date >= start && e.date <= end {
        sum += Int128(roundUp(e.amount, step: step, multiplier: multiplier).minorUnits)
    }
    return Money(minorUnits: Int64(saturating: sum))
}

/// The suggested transfer for the last completed period before `today`'s period: its round-up
/// total when it reaches `minimum`, else nil (below the minimum nothing is suggested).
public func roundUpSuggestion(_ entries: [Entry], step: Int64, multiplier: Int, period: RoundUpPeriod,
                              minimum: Money, today: Day) -> (start: Day, end: Day, amount: Money)? {
    let current = period.bounds(containing: today)
    let previous = period.bounds(containing: current.start.adding(days: -1))
    let total = roundUpTotal(entries, step: step, multiplier: multiplier, from: previous.start, through: previous.end)
    guard total.minorUnits > 0, total >= minimum else { return nil }
    return (previous.start, previous.end, total)
}

// MARK: - Hidden money

/// The safety buffer: 2 × the bills due in the next 30 days + the emergency buffer.
public func safetyBuffer(billsDueIn30Days: Money, emergencyBuffer: Money) -> Money {
    Money(minorUnits: Int64(saturating: Int128(billsDueIn30Days.minorUnits) * 2 + Int128(emergencyBuffer.minorUnits)))
}

/// The most that may still be hidden: balance − already hidden − safety buffer, at least 0.
/// Hiding more is refused (the spendable money would fall below the buffer).
public func maxHideable(balance: Money, hidden: Money, buffer: Money) -> Money {
    let room = Int128(balance.minorUnits) - Int128(hidden.minorUnits) - Int128(buffer.minorUnits)
    return Money(minorUnits: Int64(saturating: Swift.max(room, 0)))
}
