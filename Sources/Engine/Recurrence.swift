// Occurrences of recurring items and loan payments between two dates (docs/engine-rules.md,
// "Recurring items", "Debt payments on the calendar").

// MARK: - Recurring items

/// One date on which a recurring item falls due.
public struct ItemOccurrence: Sendable, Hashable {
    public var itemID: ID<RecurringItem>
    public var date: Day
}

/// Every occurrence of `items` from `from` through `through` (both inclusive), grouped by
/// item in the given order, dates ascending within an item. Weekly/biweekly: every 7/14
/// days from the start; monthly/quarterly/yearly: on the start's day of the month,
/// clamped to the month's last day (31 Jan → 28/29 Feb, 30 Apr…). Never before start
/// nor after end (both inclusive).
public func occurrences(of items: [RecurringItem], from: Day, through: Day) -> [ItemOccurrence] {
    var result: [ItemOccurrence] = []
    result.reserveCapacity(items.reduce(0) { $0 + occurrenceBound($1, from: from, through: through) })
    for item in items { appendOccurrences(of: item, from: from, through: through, into: &result) }
    return result
}

/// At least as many occurrences as `item` has between two dates (for reserving capacity).
private func occurrenceBound(_ item: RecurringItem, from: Day, through: Day) -> Int {
    guard from <= through else { return 0 }
    let step = item.periodicity.step
    return step.days > 0 ? from.days(to: through) / step.days + 1 : from.yearMonth.months(to: through.yearMonth) / step.months + 1
}

/// Appends the occurrences of one item between two dates.
private func appendOccurrences(of item: RecurringItem, from: Day, through: Day, into result: inout [ItemOccurrence]) {
    let first = max(from, item.start)
    let last = item.end.map { min($0, through) } ?? through
    guard first <= last else { return }
    let step = item.periodicity.step
    if step.days > 0 {
        let startOrdinal = item.start.ordinal
        let skipped = (first.ordinal - startOrdinal + step.days - 1) / step.days   // first ≥ start, so ≥ 0
        var ordinal = startOrdinal + skipped * step.days
        let lastOrdinal = last.ordinal
        var date = Day(ordinal: ordinal)
        while ordinal <= lastOrdinal {
            result.append(ItemOccurrence(itemID: item.id, date: date))
            ordinal += step.days
            date = date.stepped(days: step.days)
        }
    } else {
        let startIndex = item.start.yearMonth.index
        let skipped = (first.yearMonth.index - startIndex + step.months - 1) / step.months
        var index = startIndex + skipped * step.months
        let lastIndex = last.yearMonth.index
        while index <= lastIndex {
            let date = YearMonth(index: index).day(clamping: item.start.day)
            if date >= first, date <= last { result.append(ItemOccurrence(itemID: item.id, date: date)) }
            index += step.months
        }
    }
}

extension Day {
    /// The date `days` (1…28) days later, without converting through the ordinal.
    fileprivate func stepped(days: Int) -> Day {
        var (y, m, d) = (year, month, day + days)
        while true {
            let length = Day.daysInMonth(year: y, month: m)
            guard d > length else { break }
            d -= length
            m += 1
            if m == 13 { m = 1; y += 1 }
        }
        return Day(unchecked: y, m, d)
    }
}

// MARK: - Debt payments

/// One planned debt payment.
public struct DebtPayment: Sendable, Hashable {
    public var debtID: ID<Debt>
    public var date: Day
    public var amount: Money
}

/// Planned payments of every debt from `from` through `through`.
///
/// Mode A: the monthly payment on the payment day (clamped to month end) of every month,
/// from the first payment day on or after its start (`createdOn`) through its optional
/// end (`endsOn`, inclusive).
/// Mode B (docs/engine-rules.md, "Debt payments on the calendar"): from the month AFTER the as-of
/// month (an as-of date in the future counts as today), until the loan is paid off in
/// `schedule` — the contract: each loan alone at its minimum (`contractSchedule`), not the
/// plan's accelerated one (the plan's extra is its own optional step). The balance is entered after any payment
/// already made, and the bring-forward ("Loans") models only the months after the as-of
/// month, so the as-of month itself has no planned payment, even when its payment day
/// falls after the as-of day. Each month's amount is the loan's mandatory payment,
/// min(minimum, balance), exactly as the bring-forward and the schedule have it (extra
/// payments from the pool are not occurrences), so the planned payments never exceed
/// what the schedule pays.
public func debtPayments(_ debts: [Debt], schedule: PayoffSchedule, from: Day, through: Day, today: Day) -> [DebtPayment] {
    guard from <= through else { return [] }
    var result: [DebtPayment] = []
    var byID: [ID<Debt>: Debt] = [:]
    for debt in debts {
        byID[debt.id] = debt
        switch debt.kind {
        case .paymentOnly(let payment):
            var month = max(debt.createdOn.yearMonth, from.yearMonth)
            let last = min(through, debt.endsOn ?? through)
            while month <= last.yearMonth {
                let date = month.day(clamping: debt.paymentDay)
                if date >= debt.createdOn, date >= from, date <= last {
                    result.append(DebtPayment(debtID: debt.id, date: date, amount: payment))
                }
                month = month.next
            }
        case .loan:
            break   // from `schedule` below: the bring-forward months, then the schedule months
        }
    }
    for month in schedule.broughtForward + schedule.months {
        guard month.month >= from.yearMonth else { continue }
        guard month.month <= through.yearMonth else { break }
        for row in month.rows where row.minimumPayment.minorUnits > 0 {
            guard let debt = byID[row.debtID] else { continue }
            let date = month.month.day(clamping: debt.paymentDay)
            if date >= from, date <= through {
                result.append(DebtPayment(debtID: row.debtID, date: date, amount: row.minimumPayment))
            }
        }
    }
    return result
}

// MARK: - Planned occurrences

/// A planned occurrence of a recurring item or a debt payment, for the calendar.
public struct Occurrence: Sendable, Hashable {
    public var key: OccurrenceKey
    /// The day it falls on (`key.date`).
    public var date: Day { key.date }
    public var kind: FlowKind
    public var name: String
    public var amount: Money
    /// The item's category; "debt" for debt payments; "" for incomes.
    public var category: String
    /// Some entry in `h.entries` confirms this occurrence (it stays planned; it is no longer pending).
    public var isConfirmed: Bool
    /// Its item plans its category (groceries): the category's purchases consume it, no one entry
    /// confirms it (docs/engine-rules.md, "One money model").
    public var plansCategory = false
    /// Still waiting for an entry to confirm it: neither confirmed nor a category's plan.
    public var isPending: Bool { !isConfirmed && !plansCategory }
}

/// The category of debt payments in charts and lists.
public let debtCategory = "debt"

/// Every occurrence of recurring incomes, expenses and debt payments from `from` through
/// `through`, ordered by date, then incomes before expenses, recurring items before
/// debts, then id. Reads `h.entries` only for `confirms` keys (pass the entries dated
/// in the period); debt payments follow the plan's chosen schedule on `today`.
public func plannedOccurrences(_ h: Household, from: Day, through: Day, today: Day) -> [Occurrence] {
    var result: [Occurrence] = []
    forEachPlannedOccurrence(h, from: from, through: through, today: today) { result.append($0) }
    return result.sorted(by: occurrenceOrder)
}

/// Calls `body` for every occurrence `plannedOccurrences` lists, item by item and in no
/// particular order, without collecting them: a chart over three centuries of many weekly
/// items keeps one item's dates in memory at a time, not tens of millions of occurrences.
func forEachPlannedOccurrence(_ h: Household, from: Day, through: Day, today: Day, _ body: (Occurrence) -> Void) {
    guard from <= through else { return }
    let confirmed = Set(h.entries.compactMap(\.confirms))
    var dates: [ItemOccurrence] = []
    for items in [h.incomes, h.expenses] {
        for item in items {
            dates.removeAll(keepingCapacity: true)
            appendOccurrences(of: item, from: from, through: through, into: &dates)
            for occurrence in dates {
                let key = OccurrenceKey(source: .recurring(item.id), date: occurrence.date)
                body(Occurrence(key: key, kind: item.kind, name: item.name, amount: item.amount,
                                category: item.kind == .income ? "" : item.category, isConfirmed: confirmed.contains(key),
                                plansCategory: item.plansCategory))
            }
        }
    }
    let names = Dictionary(h.debts.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    for payment in debtPayments(h.debts, schedule: loanSchedule(h, today: today), from: from, through: through, today: today) {
        let key = OccurrenceKey(source: .debt(payment.debtID), date: payment.date)
        body(Occurrence(key: key, kind: .expense, name: names[payment.debtID] ?? "", amount: payment.amount,
                        category: debtCategory, isConfirmed: confirmed.contains(key)))
    }
}

/// Date, then incomes first, recurring before debts, then id.
private func occurrenceOrder(_ a: Occurrence, _ b: Occurrence) -> Bool {
    if a.date != b.date { return a.date < b.date }
    if a.kind != b.kind { return a.kind == .income }
    switch (a.key.source, b.key.source) {
    case let (.recurring(x), .recurring(y)): return x < y
    case let (.debt(x), .debt(y)): return x < y
    case (.recurring, .debt): return true
    case (.debt, .recurring): return false
    }
}

/// The schedule the Calendar, the feeds, the forecast and Today follow: the contract. Each loan
/// runs alone at its minimum payment until its balance is paid — no plan extra, and no
/// minimum freed by another loan (those are the plan's, optional) — so a household paying
/// only the minimum keeps every reminder to the contractual end (docs/engine-rules.md,
/// "Debt payments on the calendar"). The loans' months are merged month by month.
public func contractSchedule(_ h: Household, today: Day) -> PayoffSchedule {
    let loans = h.debts.filter { $0.loan != nil }
    var merged = payoffSchedule(debts: [], strategy: h.settings.strategy, monthlyExtra: .zero, today: today)
    for debt in loans {
        let alone = payoffSchedule(debts: [debt], strategy: h.settings.strategy, monthlyExtra: .zero, today: today)
        merged.loans += alone.loans
        merged.broughtForward = mergeMonths(merged.broughtForward, alone.broughtForward)
        merged.months = mergeMonths(merged.months, alone.months)
    }
    return merged
}

/// Two lists of months merged by month: the rows of a month present in both are joined.
private func mergeMonths(_ a: [PayoffMonth], _ b: [PayoffMonth]) -> [PayoffMonth] {
    var byMonth = Dictionary(a.map { ($0.month, $0) }, uniquingKeysWith: { first, _ in first })
    for month in b {
        if byMonth[month.month] == nil { byMonth[month.month] = month } else { byMonth[month.month]!.rows += month.rows }
    }
    return byMonth.values.sorted { $0.month < $1.month }
}

/// The schedule the calendar follows (`contractSchedule`).
func loanSchedule(_ h: Household, today: Day) -> PayoffSchedule { contractSchedule(h, today: today) }
