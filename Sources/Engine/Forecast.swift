// The balance forecast and "safe to spend" (docs/engine-rules.md, "Forecast and safe to spend").
// Pure: "today" is a parameter; money is integer minor units. The one Double is σ, used only
// for the projected pessimistic line and rounded to whole minor units.

import Foundation

// MARK: - Inputs

/// A confirmed bill the forecast counts beside the recurring items: its due dates inside the
/// horizon. Bills that were confirmed as recurring items are recurring items already: pass
/// them here only when they are not (otherwise they would count twice).
public struct ForecastBill: Sendable, Hashable {
    public var name: String
    public var kind: FlowKind
    public var amount: Money
    public var dueDates: [Day]

    /// Creates a bill.
    public init(name: String, kind: FlowKind = .expense, amount: Money, dueDates: [Day]) {
        self.name = name; self.kind = kind; self.amount = amount; self.dueDates = dueDates
    }
}

/// A category's monthly limit and what was spent in it this month (actual expenses through today).
public struct ForecastLimit: Sendable, Hashable {
    public var category: String
    public var amount: Money
    public var spentThisMonth: Money

    /// Creates a limit.
    public init(category: String, amount: Money, spentThisMonth: Money) {
        self.category = category; self.amount = amount; self.spentThisMonth = spentThisMonth
    }
}

/// Everything the forecast reads beside the household.
public struct ForecastInput: Sendable {
    /// Σ today's balances of the spendable accounts; nil with no accounts (the forecast is then
    /// the net change from today, starting at 0).
    public var startBalance: Money?
    /// Confirmed bills that are not recurring items (optional).
    public var bills: [ForecastBill]
    /// Entry ids linked to bills (not to recurring items): left out of everyday spending.
    public var billEntryIDs: Set<ID<Entry>>
    /// Monthly category limits (optional).
    public var limits: [ForecastLimit]
    /// Some category limit is projected to be exceeded this period (from the limits; optional).
    public var limitProjectedExceeded: Bool
    /// The emergency buffer setting added to the safety buffer line.
    public var emergencyBuffer: Money
    /// Money hidden from the spendable balance (docs/engine-rules.md, "Round-ups and hidden
    /// money"): taken out of the starting balance; ignored without a starting balance.
    public var hidden: Money = .zero

    /// Creates the input; everything optional defaults to none.
    public init(startBalance: Money?, bills: [ForecastBill] = [], billEntryIDs: Set<ID<Entry>> = [], limits: [ForecastLimit] = [],
                limitProjectedExceeded: Bool = false, emergencyBuffer: Money = .zero) {
        self.startBalance = startBalance; self.bills = bills; self.billEntryIDs = billEntryIDs; self.limits = limits
        self.limitProjectedExceeded = limitProjectedExceeded; self.emergencyBuffer = emergencyBuffer
    }
}

// MARK: - Result

/// The forecast's risk level.
public enum ForecastRisk: String, Sendable, Codable {
    case low, medium, high, unknown
}

/// Why the risk is what it is (the first condition that holds, in this order).
public enum ForecastRiskReason: String, Sendable, Codable {
    /// Fewer than 14 days of history.
    case shortHistory
    /// The expected balance goes below 0.
    case expectedBelowZero
    /// Only the pessimistic balance goes below 0.
    case pessimisticBelowZero
    /// At the low point the balance is below the bills due in the 7 days after it.
    case lowPointBelowBills
    /// A category limit is projected to be exceeded.
    case limitExceeded
    /// None of the above.
    case none
}

/// One known outflow or inflow on a day (a recurring occurrence, a loan payment, a planned entry, a bill).
public struct ForecastItem: Sendable, Hashable {
    public var date: Day
    public var kind: FlowKind
    public var name: String
    public var amount: Money
}

/// One forecast day.
public struct ForecastDay: Sendable, Hashable {
    public var date: Day
    /// Day index t, 1…N.
    public var index: Int
    /// Known inflows: unconfirmed recurring incomes, planned income entries, income bills.
    public var income: Money
    /// Known outflows: unconfirmed recurring expenses, loan payments, planned expense entries, bills.
    public var bills: Money
    /// Everyday spending.
    public var everyday: Money
    public var expected: Money
    public var pessimistic: Money
}

/// The forecast of `days` days after today.
public struct Forecast: Sendable {
    public var today: Day
    /// The starting balance (0 when `isNetChange`).
    public var start: Money
    /// No accounts: the lines are the net change from today.
    public var isNetChange: Bool
    public var days: [ForecastDay]
    public var risk: ForecastRisk
    public var reason: ForecastRiskReason
    /// The first day the expected balance is below 0 (high risk), with that balance.
    public var firstNegative: (date: Day, amount: Money)?
    /// The day of the lowest expected balance (the earliest of equal ones) and that balance.
    public var lowPoint: (date: Day, amount: Money)
    /// The 3 largest known outflows from day 1 through the first negative day (high) or the low point.
    public var drivers: [ForecastItem]
    /// Safe to spend, *left until payday* (SPEC §11): max(0, the lowest pessimistic balance from
    /// today (the start) through the day before the next expected income, at most 30 days − the
    /// emergency buffer). 0 when `isNetChange` (no spendable account: the pages show no figure).
    public var safeToSpend: Money
    /// Safe to spend *per day*: `safeToSpend` ÷ `safeDays`, rounded down to the minor unit.
    public var safePerDay: Money
    /// The next expected income's date: the first forecast day (1…30) with income; nil: none.
    public var payday: Day?
    /// The days `safeToSpend` is spread over: today through the day before the payday (30 with none).
    public var safeDays: Int
    /// The lowest pessimistic balance from today through the day before the payday (today's is the start).
    public var lowestBeforePayday: Money
    /// The emergency buffer kept back from safe to spend (the setting).
    public var emergencyBuffer: Money
    /// Bills due in days 1…7.
    public var billsDue7: Money
    /// Bills due in days 1…30.
    public var billsDue30: Money
    /// Bills due in the 7 days after the low point.
    public var billsAfterLowPoint: Money
    /// 2 × bills due in days 1…30 + the emergency buffer.
    public var safetyBuffer: Money
    /// The hidden money taken out of the starting balance (0 without one).
    public var hidden: Money = .zero
    /// Days of history (today − the earliest actual entry, 0 with none).
    public var historyDays: Int
    /// Days the everyday mean is taken over (min(90, history days)).
    public var windowDays: Int
    /// Σ over the categories without a limit of max(0, Σ of the category's winsorised days):
    /// the everyday rate is this ÷ `windowDays` minor units a day.
    public var everydayWindowSum: Money
    /// σ of the winsorised days, minor units (Double, for the pessimistic line only).
    public var sigma: Double
    /// Every known item in days 1…N (for the page's list), by date.
    public var items: [ForecastItem]
}

/// The horizons offered.
public let forecastHorizons = [30, 60, 90]

// MARK: - Forecast

/// The forecast of the `days` days after `today` (docs/engine-rules.md, "Forecast and safe to spend").
/// `h.entries` must hold the entries dated today − 90 … today + days + 7 (history and planned
/// entries); `h.earliestActualEntry` the earliest actual entry ever. `days` is clamped to 1…366.
public func forecast(_ h: Household, input: ForecastInput, today: Day, days requested: Int) -> Forecast {
    let n = min(max(requested, 1), 366)
    let span = max(n, 30) + 7                       // known flows are needed 7 days past the horizon
    let last = today.adding(days: span)

    // Known flows, indexed by day 1…span; pending ones dated today count on day 1.
    var income = [MoneySum](repeating: MoneySum(), count: span + 1)
    var outflow = [MoneySum](repeating: MoneySum(), count: span + 1)
    var items: [ForecastItem] = []
    func add(_ date: Day, _ kind: FlowKind, _ name: String, _ amount: Money) {
        guard date >= today, date <= last else { return }
        let t = max(1, today.days(to: date))
        if kind == .income { income[t].add(amount) } else { outflow[t].add(amount) }
        items.append(ForecastItem(date: date, kind: kind, name: name, amount: amount))
    }
    // One pass over the entries: the links (occurrences read only those, and the loan schedule —
    // the plan's FCF — only recurring items and debts, so a household of the linked entries
    // gives the same occurrences), the planned entries, and the history window below.
    let historyDays = h.earliestActualEntry.map { max(0, $0.days(to: today)) } ?? 0
    let window = min(90, historyDays)
    let windowStart = today.adding(days: -window)
    let windowStartOrdinal = windowStart.ordinal
    var linked = h
    linked.entries = []
    var plannedEntries: [Int] = []
    var perCategory: [String: [Int64]] = [:]
    h.entries.withUnsafeBufferPointer { entries in
        for i in entries.indices {
            if entries[i].confirms != nil { linked.entries.append(entries[i]) }
            let date = entries[i].date
            if !entries[i].isActual {
                if date >= today && date <= last { plannedEntries.append(i) }
                continue
            }
            guard window > 0, date < today, date >= windowStart, entries[i].kind == .expense, entries[i].confirms == nil,
                  input.billEntryIDs.isEmpty || !input.billEntryIDs.contains(entries[i].id) else { continue }
            let index = date.ordinal - windowStartOrdinal
            entries[i].forEachCategoryAmount { category, amount in
                perCategory[category, default: [Int64](repeating: 0, count: window)][index].addSaturating(amount.minorUnits)
            }
        }
    }
    // A recurring expense that plans its category (groceries) is no bill: its category's everyday
    // spending below takes the larger of what is left of the plan and the measured pace.
    var planned: [String: [YearMonth: Int128]] = [:]       // category → month → Σ plan occurrences
    for occurrence in plannedOccurrences(linked, from: today.yearMonth.firstDay, through: last.yearMonth.lastDay, today: today) {
        if occurrence.plansCategory {
            planned[occurrence.category, default: [:]][occurrence.date.yearMonth, default: 0] += Int128(occurrence.amount.minorUnits)
            continue
        }
        guard !occurrence.isConfirmed, occurrence.date >= today else { continue }
        add(occurrence.date, occurrence.kind, occurrence.name, occurrence.amount)
    }
    for i in plannedEntries { let entry = h.entries[i]; add(entry.date, entry.kind, entry.name, entry.amount) }
    for bill in input.bills { for date in bill.dueDates { add(date, bill.kind, bill.name, bill.amount) } }
    items.sort { $0.date != $1.date ? $0.date < $1.date : ($0.kind != $1.kind ? $0.kind == .income : $0.name < $1.name) }

    let limited = Dictionary(input.limits.map { ($0.category, $0) }, uniquingKeysWith: { a, _ in a })
    // Winsorise each category's days at its 95th percentile (nearest rank).
    var dayTotals = [Int128](repeating: 0, count: window)
    var rateNumerator: Int128 = 0                   // Σ over categories without a limit or a plan of max(0, Σ winsorised days)
    var categorySums: [String: Int128] = [:]
    for category in perCategory.keys.sorted() {
        let values = perCategory[category]!
        let cap = nearestRankPercentile95(values)
        var sum: Int128 = 0
        // A category with a limit or a plan spends its amount evenly (below): its day-to-day swings
        // are not part of σ, so recording one of its expenses can never narrow the pessimistic line.
        let free = limited[category] == nil && planned[category] == nil
        for (i, v) in values.enumerated() { let w = Int128(min(v, cap)); sum += w; if free { dayTotals[i] += w } }
        categorySums[category] = max(0, sum)
        if free { rateNumerator += max(0, sum) }
    }
    // What each planned category spent this month so far: its actual entries not linked to an occurrence.
    var spentThisMonth: [String: Int128] = [:]
    if !planned.isEmpty {
        let monthStart = today.yearMonth.firstDay
        for entry in h.entries where entry.isActual && entry.kind == .expense && entry.confirms == nil
            && entry.date >= monthStart && entry.date <= today {
            entry.forEachCategoryAmount { category, amount in
                if planned[category] != nil { spentThisMonth[category, default: 0] += Int128(amount.minorUnits) }
            }
        }
    }
    let sigma = populationStandardDeviation(dayTotals)

    // Everyday spending per day t: the mean spread exactly (cumulative, rounded half-to-even),
    // plus each limited category's remaining limit spread over the days left in its month.
    func everydayCumulative(_ t: Int) -> Int128 {
        window > 0 ? roundHalfEven(numerator: rateNumerator * Int128(t), denominator: Int128(window)) : 0
    }
    var limitDaily = [Int128](repeating: 0, count: span + 1)
    // Each limited or planned category spends an amount per month, spread evenly over the month's
    // days left: the larger of what is left of its limit or plan (later months: all of it) and the
    // measured pace over those days — a limit below the pace is a wish, not a forecast, so setting
    // one never makes the forecast spend less than the household does.
    typealias MonthAmount = (_ month: YearMonth, _ daysLeft: Int, _ isThisMonth: Bool) -> Int128
    var spreads: [(category: String, amount: MonthAmount)] = []
    func spread(_ category: String, spent: Int128, amount: @escaping (YearMonth) -> Int128) {
        let sum = categorySums[category] ?? 0
        spreads.append((category, { month, daysLeft, isThisMonth in
            let pace = window > 0 ? roundHalfEven(numerator: sum * Int128(daysLeft), denominator: Int128(window)) : 0
            let whole = max(0, amount(month))
            return max(isThisMonth ? max(0, whole - spent) : whole, pace)
        }))
    }
    for limit in limited.values.sorted(by: { $0.category < $1.category }) where planned[limit.category] == nil {
        spread(limit.category, spent: Int128(limit.spentThisMonth.minorUnits)) { _ in Int128(limit.amount.minorUnits) }
    }
    for category in planned.keys.sorted() {
        let months = planned[category]!
        spread(category, spent: spentThisMonth[category] ?? 0) { months[$0] ?? 0 }
    }
    for spread in spreads {
        var t = 1
        while t <= span {
            let date = today.adding(days: t)
            let month = date.yearMonth
            let monthEnd = month.lastDay
            let firstT = t
            let lastT = min(span, today.days(to: monthEnd))
            let daysLeft = month == today.yearMonth ? today.days(to: monthEnd) : monthEnd.day
            let remaining = spread.amount(month, daysLeft, month == today.yearMonth)
            // Day k (1-based) of the days left gets round(k·R/D) − round((k−1)·R/D).
            for u in firstT...lastT {
                let k = Int128(u - firstT + 1)
                let share = roundHalfEven(numerator: remaining * k, denominator: Int128(daysLeft))
                    - roundHalfEven(numerator: remaining * (k - 1), denominator: Int128(daysLeft))
                limitDaily[u] += share
            }
            t = lastT + 1
        }
    }

    // The lines.
    let hidden = input.startBalance == nil ? Money.zero : input.hidden
    let start = input.startBalance.map { spendableAfterHiding(balance: $0, hidden: hidden) } ?? .zero
    var expected = Int128(start.minorUnits)
    var result: [ForecastDay] = []
    result.reserveCapacity(n)
    var previousEveryday: Int128 = 0
    var pessimistic30: [Int128] = []                // pessimistic(t) for t = 1…30, for safe to spend
    var pessimisticNegative = false
    var firstNegative: (date: Day, amount: Money)?
    var low: (t: Int, amount: Int128) = (0, .max)
    for t in 1...n {
        let cumulative = everydayCumulative(t)
        let everyday = cumulative - previousEveryday + limitDaily[t]
        previousEveryday = cumulative
        expected += income[t].total - outflow[t].total - everyday
        let spread = (1.28 * sigma * Double(t).squareRoot()).rounded(.toNearestOrAwayFromZero)
        let spreadUnits = spread.isFinite && spread < 1e30 ? Int128(spread) : Int128(Int64.max)
        let pessimistic = expected - spreadUnits
        let date = today.adding(days: t)
        if t <= 30 { pessimistic30.append(pessimistic) }
        if pessimistic < 0 { pessimisticNegative = true }
        if expected < 0, firstNegative == nil { firstNegative = (date, Money(clamping: expected)) }
        if expected < low.amount { low = (t, expected) }
        result.append(ForecastDay(date: date, index: t, income: income[t].money, bills: outflow[t].money,
                                  everyday: Money(clamping: everyday), expected: Money(clamping: expected),
                                  pessimistic: Money(clamping: pessimistic)))
    }
    if n < 30 {   // the 30-day figures always look 30 days ahead
        var e = expected
        var prev = previousEveryday
        for t in (n + 1)...30 {
            let cumulative = everydayCumulative(t)
            e += income[t].total - outflow[t].total - (cumulative - prev + limitDaily[t])
            prev = cumulative
            let spread = (1.28 * sigma * Double(t).squareRoot()).rounded(.toNearestOrAwayFromZero)
            pessimistic30.append(e - (spread.isFinite && spread < 1e30 ? Int128(spread) : Int128(Int64.max)))
        }
    }
    // Safe to spend (SPEC §11): the lowest pessimistic balance from today (t = 0: the start)
    // through the day before the next expected income (t = T − 1; T = 30 with none), minus the
    // emergency buffer, never below 0; per day = that ÷ T, rounded down.
    let paydayT = (1...30).first { income[$0].total > 0 }
    let safeDays = paydayT ?? 30
    let lowestBeforePayday = ([Int128(start.minorUnits)] + pessimistic30.prefix(safeDays - 1)).min()!
    let buffer = Int128(max(0, input.emergencyBuffer.minorUnits))
    let leftUntilPayday = input.startBalance == nil ? 0 : max(0, lowestBeforePayday - buffer)
    func outflows(_ from: Int, _ through: Int) -> Int128 {
        guard from <= through else { return 0 }
        return (from...through).reduce(Int128(0)) { $0 + outflow[$1].total }
    }
    let billsDue7 = outflows(1, 7)
    let billsDue30 = outflows(1, 30)
    let billsAfterLow = outflows(low.t + 1, low.t + 7)
    let lowDate = today.adding(days: low.t)

    let risk: ForecastRisk
    let reason: ForecastRiskReason
    if historyDays < 14 { (risk, reason) = (.unknown, .shortHistory) }
    else if firstNegative != nil { (risk, reason) = (.high, .expectedBelowZero) }
    else if pessimisticNegative { (risk, reason) = (.medium, .pessimisticBelowZero) }
    else if low.amount < billsAfterLow { (risk, reason) = (.medium, .lowPointBelowBills) }
    else if input.limitProjectedExceeded { (risk, reason) = (.medium, .limitExceeded) }
    else { (risk, reason) = (.low, .none) }

    let driverEnd = firstNegative?.date ?? lowDate
    let drivers = items.filter { $0.kind == .expense && $0.date <= driverEnd }
        .enumerated()
        .sorted { $0.element.amount != $1.element.amount ? $0.element.amount > $1.element.amount : $0.offset < $1.offset }
        .prefix(3).map(\.element)

    let horizonEnd = today.adding(days: n)
    return Forecast(
        today: today, start: start, isNetChange: input.startBalance == nil, days: result, risk: risk, reason: reason,
        firstNegative: firstNegative, lowPoint: (lowDate, Money(clamping: low.amount)), drivers: Array(drivers),
        safeToSpend: Money(clamping: leftUntilPayday),
        safePerDay: Money(clamping: leftUntilPayday / Int128(safeDays)),
        payday: paydayT.map { today.adding(days: $0) }, safeDays: safeDays,
        lowestBeforePayday: Money(clamping: lowestBeforePayday), emergencyBuffer: Money(clamping: buffer),
        billsDue7: Money(clamping: billsDue7),
        billsDue30: Money(clamping: billsDue30), billsAfterLowPoint: Money(clamping: billsAfterLow),
        safetyBuffer: Money(clamping: 2 * billsDue30 + Int128(input.emergencyBuffer.minorUnits)),
        hidden: hidden, historyDays: historyDays, windowDays: window,
        everydayWindowSum: Money(clamping: rateNumerator), sigma: sigma,
        items: items.filter { $0.date <= horizonEnd })
}
