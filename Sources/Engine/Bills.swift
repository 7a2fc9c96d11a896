// Bills and subscriptions found in the history (docs/engine-rules.md, "Bills and subscriptions"):
// amount clusters, the period fit, the confidence with its parts, the next due date. Merchant
// keys are in BillMerchants.swift, the watch over confirmed recurring items in BillWatch.swift.
// Pure: "today" is a parameter.

// MARK: - Input

/// One actual entry of the last 400 days as the detection sees it. The caller leaves out
/// transfers and entries already linked to a recurring item or a loan.
public struct BillEntry: Sendable, Hashable {
    /// The caller's id (used to link the entry when a suggestion is confirmed).
    public var id: ID<Entry>
    public var date: Day
    public var kind: FlowKind
    /// Minor units; a refund (≤ 0) is never a hit.
    public var amount: Int64
    /// The entry's name, NFKC-normalised by the caller (Engine has no Foundation).
    public var name: String
    /// The statement's payee as imported, NFKC-normalised by the caller; used when the name gives an empty key.
    public var payee: String?
    public var category: String

    public init(id: ID<Entry>, date: Day, kind: FlowKind, amount: Int64, name: String, payee: String? = nil, category: String = "") {
        self.id = id; self.date = date; self.kind = kind; self.amount = amount
        self.name = name; self.payee = payee; self.category = category
    }
}

// MARK: - Periods

extension Periodicity {
    /// The date tolerance of the period fit: ±1, ±2, ±3, ±5, ±7 days.
    public var billTolerance: Int {
        switch self {
        case .weekly: return 1
        case .biweekly: return 2
        case .monthly: return 3
        case .quarterly: return 5
        case .yearly: return 7
        }
    }

    /// Occurrences in a year: 52, 26, 12, 4, 1 (the yearly cost is amount × this).
    public var perYear: Int64 {
        switch self {
        case .weekly: return 52
        case .biweekly: return 26
        case .monthly: return 12
        case .quarterly: return 4
        case .yearly: return 1
        }
    }

    /// The cost per year: amount × 52, 26, 12, 4 or 1 (saturating).
    public func yearlyAmount(_ amount: Money) -> Money {
        Money(minorUnits: Int64(saturating: Int128(amount.minorUnits) * Int128(perYear)))
    }
}

/// The due date of the slot `k` periods after `slot` (month-stepped periods: the month's
/// `anchor` day, clamped to its last day; day-stepped: `slot` + k × step days).
func billDue(_ periodicity: Periodicity, slot: Day, anchor: Int, k: Int) -> Day {
    let step = periodicity.step
    if step.days > 0 { return slot.adding(days: step.days * k) }
    return slot.yearMonth.adding(months: step.months * k).day(clamping: anchor)
}

/// The slot (due date) a hit belongs to: day-stepped periods: the hit itself; month-stepped:
/// the `anchor` day (clamped) of the previous, same or next month nearest to the hit (ties → earlier).
func billSlot(_ periodicity: Periodicity, of date: Day, anchor: Int) -> Day {
    guard periodicity.step.days == 0 else { return date }
    var best = date.yearMonth.adding(months: -1).day(clamping: anchor)
    for offset in 0...1 {
        let candidate = date.yearMonth.adding(months: offset).day(clamping: anchor)
        if abs(candidate.days(to: date)) < abs(best.days(to: date)) { best = candidate }
    }
    return best
}

// MARK: - Output

/// How sure a suggestion is: high ≥ 0.80, medium 0.65…0.7999, low below.
public enum BillConfidenceLevel: String, Sendable, CaseIterable {
    case high, medium, low
}

/// The confidence and its parts (docs/engine-rules.md, "Bills and subscriptions").
public struct BillConfidence: Sendable, Hashable {
    /// min(0.20, 0.10 × (n − 2)).
    public var occurrences: Double
    /// 0.15 × (1 − mean date deviation ÷ tolerance).
    public var dateRegularity: Double
    /// 0.15 × (1 − min(1, max relative amount deviation ÷ 0.10)).
    public var amountStability: Double
    /// 0.10 × missed periods (subtracted).
    public var missedPenalty: Double
    /// 0.5 + the parts − the penalty, clamped to [0.5, 1.0], rounded to 4 decimals.
    public var value: Double
    /// The value before clamping (choosing between periods).
    var raw: Double

    public var level: BillConfidenceLevel {
        value >= 0.8 ? .high : value >= 0.65 ? .medium : .low
    }
}

/// A suggested bill: one amount cluster of one merchant with a fitting period.
public struct BillSuggestion: Sendable, Hashable {
    public var merchantKey: String
    public var kind: FlowKind
    /// The most common original name (ties → the latest).
    public var name: String
    /// The most common category (ties → the latest).
    public var category: String
    public var periodicity: Periodicity
    /// Median of the last 3 hits (half to even).
    public var expectedAmount: Money
    /// Median of the whole cluster (half to even): what "Not a bill" remembers.
    public var medianAmount: Money
    public var nextDue: Day
    public var confidence: BillConfidence
    /// The cluster's entries, dates ascending.
    public var hits: [BillEntry]
    public var missedPeriods: Int
    /// Mean date deviation of the fitting intervals, in days.
    public var meanDateDeviation: Double
    /// Max |amount − median| ÷ median over the hits.
    public var maxAmountDeviation: Double
    /// The first date of the recurring item Confirm would create.
    public var start: Day
    /// (entry id, occurrence date) pairs Confirm links (one entry per occurrence).
    public var links: [(entryID: ID<Entry>, date: Day)]
    /// Cost per month (Periodicity.monthlyAmount, as the Budget page) and per year (amount × 52, 26, 12, 4, 1).
    public var monthlyAmount: Money { periodicity.monthlyAmount(expectedAmount) }
    public var yearlyAmount: Money { periodicity.yearlyAmount(expectedAmount) }

    public static func == (a: BillSuggestion, b: BillSuggestion) -> Bool {
        a.merchantKey == b.merchantKey && a.kind == b.kind && a.periodicity == b.periodicity && a.hits == b.hits
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(merchantKey); hasher.combine(kind); hasher.combine(hits) }
}

/// A remembered "Not a bill".
public struct BillDismissal: Sendable, Hashable {
    public var merchantKey: String
    public var kind: FlowKind
    public var periodicity: Periodicity
    public var amount: Money
    public init(merchantKey: String, kind: FlowKind, periodicity: Periodicity, amount: Money) {
        self.merchantKey = merchantKey; self.kind = kind; self.periodicity = periodicity; self.amount = amount
    }

    /// Whether this dismissal hides `s`: same merchant, direction and period, and the median within 10 %.
    public func hides(_ s: BillSuggestion) -> Bool {
        merchantKey == s.merchantKey && kind == s.kind && periodicity == s.periodicity
            && !movedOverTenPercent(from: amount.minorUnits, to: s.medianAmount.minorUnits)
    }
}

/// |new − old| × 10 > |old| (more than 10 % away), in 128 bits.
func movedOverTenPercent(from old: Int64, to new: Int64) -> Bool {
    (Int128(new) - Int128(old)).magnitude * 10 > Int128(old).magnitude
}

// MARK: - Detection

/// Suggested bills in `entries` (docs/engine-rules.md, "Bills and subscriptions"), best first
/// (confidence descending, then merchant key). Leaves out clusters that look cancelled
/// (today later than 2 periods + tolerance after the last hit's slot), clusters of a merchant,
/// direction and period already tracked (`tracked`: recurring items) and dismissed ones.
public func detectBills(_ entries: [BillEntry], today: Day, tracked: [RecurringItem] = [],
                        dismissed: [BillDismissal] = []) -> [BillSuggestion] {
    detectBills(grouped: billGroups(entries, today: today), today: today, tracked: tracked, dismissed: dismissed)
}

/// Detection over entries already grouped by `billGroups`.
func detectBills(grouped groups: [BillGroupKey: [BillEntry]], today: Day, tracked: [RecurringItem],
                 dismissed: [BillDismissal]) -> [BillSuggestion] {
    let trackedKeys = Set(tracked.map { BillTrackedKey(key: billMerchantKey($0.name), kind: $0.kind, periodicity: $0.periodicity) })
    var result: [BillSuggestion] = []
    for (group, members) in groups where members.count >= 2 {
        for cluster in billClusters(members) where cluster.count >= 2 {
            guard let suggestion = fitCluster(cluster, key: group.key, kind: group.kind, today: today) else { continue }
            if trackedKeys.contains(BillTrackedKey(key: group.key, kind: group.kind, periodicity: suggestion.periodicity)) { continue }
            if dismissed.contains(where: { $0.hides(suggestion) }) { continue }
            result.append(suggestion)
        }
    }
    result.sort {
        $0.confidence.value != $1.confidence.value ? $0.confidence.value > $1.confidence.value
            : $0.merchantKey != $1.merchantKey ? $0.merchantKey < $1.merchantKey
            : $0.kind != $1.kind ? $0.kind == .expense
            : $0.medianAmount < $1.medianAmount
    }
    return result
}

struct BillGroupKey: Hashable { var key: String; var kind: FlowKind }
struct BillTrackedKey: Hashable { var key: String; var kind: FlowKind; var periodicity: Periodicity }

/// Splits a group into amount clusters: amounts ascending (ties by date, then id); a new cluster
/// starts when an amount is more than 10 % from the median of the cluster so far.
func billClusters(_ members: [BillEntry]) -> [[BillEntry]] {
    // Sorting (amount, date, id, index) keys moves no strings; the entries are copied once.
    let order = members.indices.map { (amount: members[$0].amount, date: members[$0].date, id: members[$0].id, index: $0) }
        .sorted { ($0.amount, $0.date, $0.id) < ($1.amount, $1.date, $1.id) }
    var clusters: [[BillEntry]] = []
    var start = 0
    for position in order.indices where position > start {
        let count = position - start
        let twiceMedian = Int128(order[start + (count - 1) / 2].amount) + Int128(order[start + count / 2].amount)
        if (2 * Int128(order[position].amount) - twiceMedian).magnitude * 10 > twiceMedian.magnitude {
            clusters.append(order[start..<position].map { members[$0.index] })
            start = position
        }
    }
    if start < order.count { clusters.append(order[start...].map { members[$0.index] }) }
    return clusters
}

/// Twice the median of amounts, exact: the sum of the two middle ones (the middle one twice for an odd count).
func billTwiceMedian(_ amounts: [Int64]) -> Int128 {
    let sorted = amounts.sorted()
    return Int128(sorted[(sorted.count - 1) / 2]) + Int128(sorted[sorted.count / 2])
}

/// The median of amounts rounded to a minor unit (half to even between the two middle ones):
/// what is shown and stored, never what the confidence is computed from.
func billMedian(_ amounts: [Int64]) -> Money {
    .rounded(billTwiceMedian(amounts), over: 2)
}

/// The cluster's usual day: the most common day of the month among `dates` (ascending);
/// ties → the one that occurs first.
func billAnchorDay(_ dates: [Day]) -> Int {
    var counts = [Int](repeating: 0, count: 32)
    for date in dates { counts[date.day] += 1 }
    var best = dates[0].day
    for date in dates where counts[date.day] > counts[best] { best = date.day }
    return best
}

/// One interval's fit: the step count k (1 or 2) and the deviation in days, or nil.
func billIntervalFit(_ periodicity: Periodicity, from a: Day, to b: Day, anchor: Int) -> (k: Int, deviation: Int)? {
    let slot = billSlot(periodicity, of: a, anchor: anchor)
    var best: (k: Int, deviation: Int)?
    for k in 1...2 {
        let deviation = abs(billDue(periodicity, slot: slot, anchor: anchor, k: k).days(to: b))
        if deviation <= periodicity.billTolerance, best == nil || deviation < best!.deviation { best = (k, deviation) }
    }
    return best
}

/// The best fitting period of a cluster (highest raw confidence, ties → the shorter period), or nil.
func fitCluster(_ cluster: [BillEntry], key: String, kind: FlowKind, today: Day) -> BillSuggestion? {
    // Most clusters fit no period: sort (date, id, index) keys and leave the entries, the
    // median and the amount deviation until a period fits.
    let order = cluster.indices.map { (date: cluster[$0].date, id: cluster[$0].id, index: $0) }
        .sorted { ($0.date, $0.id) < ($1.date, $1.id) }
    let n = order.count
    let dates = order.map(\.date)
    let anchor = billAnchorDay(dates)
    var amounts: (median: Money, maxDeviation: Double)?
    func amountFigures() -> (median: Money, maxDeviation: Double) {
        if let amounts { return amounts }
        // The deviation is taken from the exact median (m₁ + m₂) ÷ 2: |2a − (m₁ + m₂)| ÷ (m₁ + m₂),
        // so an even count's half-unit median is not rounded before the confidence.
        let twiceMedian = billTwiceMedian(cluster.map(\.amount))
        let median = Money.rounded(twiceMedian, over: 2)
        var maxDeviation = 0.0
        if twiceMedian > 0 {
            var widest: UInt128 = 0
            for hit in cluster { widest = max(widest, (2 * Int128(hit.amount) - twiceMedian).magnitude) }
            maxDeviation = Double(widest) / Double(twiceMedian)
        }
        amounts = (median, maxDeviation)
        return (median, maxDeviation)
    }
    var best: (periodicity: Periodicity, confidence: BillConfidence, missed: Int, meanDeviation: Double, outlierFirst: Bool)?
    for periodicity in Periodicity.allCases {
        var outliers: [Int] = []
        var deviations = 0
        var missed = 0
        for i in 0..<(n - 1) {
            if let fit = billIntervalFit(periodicity, from: dates[i], to: dates[i + 1], anchor: anchor), n > 2 || fit.k == 1 {
                deviations += fit.deviation
                missed += fit.k - 1
            } else {
                outliers.append(i)
                if n < 4 || outliers.count > 1 { break }
            }
        }
        guard outliers.isEmpty || (n >= 4 && outliers.count == 1) else { continue }
        let fitting = n - 1 - outliers.count
        let tolerance = Double(periodicity.billTolerance)
        let meanDeviation = Double(deviations) / Double(fitting)
        let occurrences = min(0.2, 0.1 * Double(n - 2))
        let dateRegularity = 0.15 * (1 - meanDeviation / tolerance)
        let amountStability = 0.15 * (1 - min(1, amountFigures().maxDeviation / 0.10))
        let penalty = 0.10 * Double(missed)
        let raw = 0.5 + occurrences + dateRegularity + amountStability - penalty
        let value = Double(Int(min(1.0, max(0.5, raw)) * 10_000 + 0.5)) / 10_000   // no libm in Engine
        if let current = best, raw <= current.confidence.raw { continue }
        best = (periodicity, BillConfidence(occurrences: occurrences, dateRegularity: dateRegularity, amountStability: amountStability,
                                            missedPenalty: penalty, value: value, raw: raw),
                missed, meanDeviation, outliers.first == 0)
    }
    guard let found = best else { return nil }
    let periodicity = found.periodicity
    // Liveness: nothing since 2 periods + tolerance after the last hit's slot → stopped.
    let lastSlot = billSlot(periodicity, of: dates[n - 1], anchor: anchor)
    let cancelledAfter = billDue(periodicity, slot: lastSlot, anchor: anchor, k: 2).adding(days: periodicity.billTolerance)
    guard today <= cancelledAfter else { return nil }
    let hits = order.map { cluster[$0.index] }
    let (median, maxDeviation) = amountFigures()
    let (start, links) = billLinks(hits, from: found.outlierFirst ? 1 : 0, periodicity: periodicity, anchor: anchor)
    return BillSuggestion(
        merchantKey: key, kind: kind, name: billMostCommon(hits.map(\.name)), category: billMostCommon(hits.map(\.category)),
        periodicity: periodicity, expectedAmount: billMedian(hits.suffix(3).map(\.amount)), medianAmount: median,
        nextDue: billDue(periodicity, slot: lastSlot, anchor: anchor, k: 1), confidence: found.confidence,
        hits: hits, missedPeriods: found.missed, meanDateDeviation: found.meanDeviation, maxAmountDeviation: maxDeviation,
        start: start, links: links)
}

/// The start of the item Confirm creates and the (entry, occurrence date) links: start = the slot
/// of hit `index` (the first fitting hit; month-stepped: moved on by whole periods until the month
/// has the anchor day, so the item keeps its day). Then every hit, dates ascending, is linked to
/// the item's occurrence nearest to it (on or after the start; ties → the earlier) when within the
/// tolerance — the first hit per occurrence only. An occurrence is the start + whole periods
/// (month-stepped: the anchor day, clamped), never a month's slot the period does not step on.
func billLinks(_ hits: [BillEntry], from index: Int, periodicity: Periodicity, anchor: Int) -> (Day, [(entryID: ID<Entry>, date: Day)]) {
    var start = billSlot(periodicity, of: hits[index].date, anchor: anchor)
    if periodicity.step.days == 0 {
        while start.day != anchor { start = billDue(periodicity, slot: start, anchor: anchor, k: 1) }
    }
    var links: [(entryID: ID<Entry>, date: Day)] = []
    var used = Set<Day>()
    for hit in hits {
        let occurrence = billNearestOccurrence(periodicity, start: start, anchor: anchor, to: hit.date)
        guard abs(occurrence.days(to: hit.date)) <= periodicity.billTolerance, used.insert(occurrence).inserted else { continue }
        links.append((hit.id, occurrence))
    }
    return (start, links)
}

/// The occurrence of an item starting on `start` (stepping by `periodicity`; month-stepped on the
/// `anchor` day, clamped) nearest to `date`, never before `start`; ties → the earlier.
func billNearestOccurrence(_ periodicity: Periodicity, start: Day, anchor: Int, to date: Day) -> Day {
    let step = periodicity.step
    // The number of whole periods from the start to the last occurrence on or before `date` (at least 0).
    let before: Int
    if step.days > 0 {
        before = max(0, start.days(to: date) / step.days)
    } else {
        var k = max(0, start.yearMonth.months(to: date.yearMonth) / step.months)
        while k > 0, billDue(periodicity, slot: start, anchor: anchor, k: k) > date { k -= 1 }
        before = k
    }
    let earlier = before == 0 ? start : billDue(periodicity, slot: start, anchor: anchor, k: before)
    let later = billDue(periodicity, slot: start, anchor: anchor, k: before + 1)
    if earlier >= date { return earlier }   // `date` is before the start
    return abs(later.days(to: date)) < abs(earlier.days(to: date)) ? later : earlier
}

/// The most common value (ties → the latest of the tied ones in the given order).
func billMostCommon(_ values: [String]) -> String {
    var counts: [String: Int] = [:]
    var best = values.last ?? ""
    for value in values { counts[value, default: 0] += 1 }
    for value in values.reversed() where counts[value]! > counts[best]! { best = value }
    return best
}
