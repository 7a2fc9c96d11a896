// The everyday spending a month the plan keeps back, and the statistics it shares with the
// forecast (Forecast.swift): the 95th percentile that winsorises a day, the spread of the days.

// MARK: - Expected everyday spending a month (the plan)

/// The everyday spending a month the plan's free cash flow keeps back (SPEC §11; docs/engine-rules.md,
/// "One money model"): over the expense categories that have no recurring plan, each category's
/// monthly limit where it has one, else its measured pace — its winsorised sum over the forecast's
/// everyday window (the last W = min(90, history) days, as "Forecast and safe to spend" takes it)
/// × 365 ÷ (12 × W), rounded half to even. A category planned by a recurring expense is in the
/// recurring expenses already. `h.entries` must hold the entries of today − 90 … today.
public func expectedEverydaySpending(_ h: Household, monthlyLimits: [String: Money], billEntryIDs: Set<ID<Entry>> = [],
                                     today: Day) -> Money {
    let historyDays = h.earliestActualEntry.map { max(0, $0.days(to: today)) } ?? 0
    let window = min(90, historyDays)
    let windowStart = today.adding(days: -window)
    var perCategory: [String: [Int64]] = [:]
    if window > 0 {
        for entry in h.entries where entry.isActual && entry.kind == .expense && entry.confirms == nil
            && entry.date < today && entry.date >= windowStart && !billEntryIDs.contains(entry.id) {
            entry.forEachCategoryAmount { category, amount in
                perCategory[category, default: [Int64](repeating: 0, count: window)][windowStart.days(to: entry.date)]
                    .addSaturating(amount.minorUnits)
            }
        }
    }
    let planned = Set(h.expenses.filter(\.plansCategory).map(\.category))
    var total: Int128 = 0
    for category in Set(perCategory.keys).union(monthlyLimits.keys).subtracting(planned) {
        if let limit = monthlyLimits[category] {
            total += Int128(max(0, limit.minorUnits))
        } else if let values = perCategory[category] {
            let cap = nearestRankPercentile95(values)
            let sum = max(0, values.reduce(Int128(0)) { $0 + Int128(min($1, cap)) })
            total += roundHalfEven(numerator: sum * 365, denominator: Int128(12 * window))
        }
    }
    return Money(clamping: total)
}

// MARK: - Statistics

/// The 95th percentile by nearest rank: sorted ascending, the value at rank ⌈0.95 · n⌉ (1-based).
/// 0 for no values.
func nearestRankPercentile95(_ values: [Int64]) -> Int64 {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let rank = (95 * sorted.count + 99) / 100      // ⌈0.95 · n⌉, integer arithmetic
    return sorted[max(rank, 1) - 1]
}

/// √(Σ (x − μ)² ÷ n) over the values (population), 0 for none.
func populationStandardDeviation(_ values: [Int128]) -> Double {
    guard !values.isEmpty else { return 0 }
    let count = Double(values.count)
    let mean = values.reduce(0.0) { $0 + Double($1) } / count
    let squares = values.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) }
    return (squares / count).squareRoot()
}

extension Int64 {
    /// Adds `other`, clamping to the 64-bit range instead of trapping.
    mutating func addSaturating(_ other: Int64) {
        let (sum, overflow) = addingReportingOverflow(other)
        self = overflow ? (other > 0 ? .max : .min) : sum
    }
}
