// "One event, one place" (docs/engine-rules.md, "One money model"; SPEC §11): before a path records
// a real money movement, it looks for the planned occurrence the movement fulfils, so that a
// salary typed in plain words confirms the planned salary instead of counting beside it.

/// What an actual entry being recorded fulfils: a pending occurrence of a recurring item or a
/// loan payment, or a planned one-off entry.
public enum PlannedMatch: Sendable, Hashable {
    case occurrence(Occurrence)
    case plannedEntry(Entry)

    /// The planned item's name, date and amount (a planned entry's planned amount).
    public var name: String {
        switch self { case .occurrence(let o): o.name; case .plannedEntry(let e): e.name }
    }
    public var date: Day {
        switch self { case .occurrence(let o): o.date; case .plannedEntry(let e): e.date }
    }
    public var amount: Money {
        switch self { case .occurrence(let o): o.amount; case .plannedEntry(let e): e.plannedAmount ?? e.amount }
    }
}

/// The days a real payment may be off a planned one-off entry (SPEC §11: ±3).
public let plannedEntryToleranceDays = 3

/// The pending planned item an actual entry of `kind` and `amount` dated `date` fulfils, or nil:
/// same kind; amount within 10 % of the planned amount (|actual − planned| × 10 ≤ planned); date
/// within the occurrence's tolerance (its periodicity's; a loan payment monthly ±3, a planned
/// one-off ±3); not confirmed yet. A recurring expense that plans its category (groceries) is
/// never one entry's: its category's entries consume it instead. Of several, the nearest in date,
/// then in amount, then the earlier, then occurrences before planned entries, then the lower id.
/// `h.entries` must hold the entries dated `date` ± 7 days (their links and the planned ones).
public func plannedMatch(kind: FlowKind, amount: Money, date: Day, in h: Household, today: Day) -> PlannedMatch? {
    let widest = 7
    var periodicity: [ID<RecurringItem>: Periodicity] = [:]
    for item in h.incomes + h.expenses { periodicity[item.id] = item.periodicity }
    struct Candidate { var distance: Int; var difference: UInt64; var match: PlannedMatch; var rank: (Day, Int, Int64) }
    var best: Candidate?
    func consider(_ match: PlannedMatch, planned: Money, tolerance: Int, order: Int, id: Int64) {
        let distance = abs(date.days(to: match.date))
        guard distance <= tolerance, planned.minorUnits > 0 else { return }
        let difference = (amount.minorUnits - planned.minorUnits).magnitude
        guard difference.multipliedReportingOverflow(by: 10).partialValue <= planned.minorUnits.magnitude,
              !difference.multipliedReportingOverflow(by: 10).overflow else { return }
        let candidate = Candidate(distance: distance, difference: difference, match: match, rank: (match.date, order, id))
        guard let current = best else { best = candidate; return }
        if (candidate.distance, candidate.difference) < (current.distance, current.difference)
            || ((candidate.distance, candidate.difference) == (current.distance, current.difference) && candidate.rank < current.rank) {
            best = candidate
        }
    }
    for occurrence in plannedOccurrences(h, from: date.adding(days: -widest), through: date.adding(days: widest), today: today)
    where occurrence.isPending && occurrence.kind == kind {
        switch occurrence.key.source {
        case .recurring(let id):
            consider(.occurrence(occurrence), planned: occurrence.amount,
                     tolerance: (periodicity[id] ?? .monthly).matchToleranceDays, order: 0, id: id.rawValue)
        case .debt(let id):
            consider(.occurrence(occurrence), planned: occurrence.amount, tolerance: Periodicity.monthly.matchToleranceDays,
                     order: 1, id: id.rawValue)
        }
    }
    for entry in h.entries where !entry.isActual && entry.kind == kind {
        consider(.plannedEntry(entry), planned: entry.plannedAmount ?? entry.amount, tolerance: plannedEntryToleranceDays,
                 order: 2, id: entry.id.rawValue)
    }
    return best?.match
}

// MARK: - A detected bill that is something the household already plans

/// The recurring item or loan payment a detected bill already is (SPEC §11 "Bills link to what
/// already exists"), with the occurrence each of its payments confirms — so Confirm links the
/// payments to it instead of creating a second item beside it (an imported "TOYOTA FINANCIAL
/// 346.55" is the «Car loan» payment of 346.55, not a new monthly expense).
public struct ExistingBill: Sendable, Equatable {
    public var source: OccurrenceSource
    public var name: String
    /// (entry, occurrence) pairs: each payment to the still pending occurrence it falls on within
    /// the tolerance, one payment per occurrence, the nearest first.
    public var links: [(entryID: ID<Entry>, key: OccurrenceKey)]
    /// The recurring item as it is now, when the bill is that item paid on another schedule
    /// (`existingBill`, second rule): Confirm changes it to the suggestion's expected amount,
    /// periodicity and start, and `links` are on that new schedule. Nil: linked as it is.
    public var rescheduled: RecurringItem?

    public static func == (a: ExistingBill, b: ExistingBill) -> Bool {
        a.source == b.source && a.name == b.name && a.links.map(\.entryID) == b.links.map(\.entryID) && a.links.map(\.key) == b.links.map(\.key)
            && a.rescheduled == b.rescheduled
    }
}

/// The existing item a suggestion is: a recurring item of the same kind and periodicity that is a
/// bill (not a category's plan), or a loan or payment-only debt for a monthly expense, whose
/// amount is within 10 % of the suggestion's expected amount and on whose schedule at least half
/// of the suggestion's payments fall (within the periodicity's tolerance; the schedule runs on
/// before the item's start too: a statement often shows payments older than the loan typed in
/// today). Each such payment is linked to the schedule date it falls on, unless an entry confirms
/// that date already. Of several, the nearest amount, then recurring items before debts, then
/// the lower id. `h.entries` must hold the entries dated in the hits' period.
///
/// When none is, the same money on another schedule (`otherSchedule`): an active recurring item
/// of the same kind that is a bill (of any periodicity: a monthly bill paid every 4 weeks is
/// detected monthly, off the item's day), whose monthly amount the suggestion's
/// monthly amount is within 10 % of — for an expense only when a word of its name is a word of
/// the suggestion's name or payees; for an income also when it is the household's only active
/// income item. Of several, the nearest monthly amount, then the lower id. Confirm changes that
/// item to the detected schedule instead of adding a second one.
public func existingBill(for suggestion: BillSuggestion, in h: Household, today: Day) -> ExistingBill? {
    let tolerance = suggestion.periodicity.matchToleranceDays
    let confirmed = Set(h.entries.compactMap(\.confirms))
    var best: (difference: UInt64, order: Int, id: Int64, bill: ExistingBill)?
    func consider(_ source: OccurrenceSource, name: String, amount: Money, order: Int, id: Int64, dateNear: (Day) -> Day) {
        let difference = (suggestion.expectedAmount.minorUnits - amount.minorUnits).magnitude
        guard amount.minorUnits > 0, difference.multipliedReportingOverflow(by: 10).partialValue <= amount.minorUnits.magnitude else { return }
        var taken = Set<OccurrenceKey>()
        var links: [(entryID: ID<Entry>, key: OccurrenceKey)] = []
        for hit in suggestion.hits {
            let key = OccurrenceKey(source: source, date: dateNear(hit.date))
            guard abs(key.date.days(to: hit.date)) <= tolerance, !confirmed.contains(key), taken.insert(key).inserted else { continue }
            links.append((hit.id, key))
        }
        guard !links.isEmpty, links.count * 2 >= suggestion.hits.count else { return }
        let candidate = (difference, order, id, ExistingBill(source: source, name: name, links: links))
        if best == nil || (candidate.0, candidate.1, candidate.2) < (best!.difference, best!.order, best!.id) { best = candidate }
    }
    for item in suggestion.kind == .income ? h.incomes : h.expenses
    where item.periodicity == suggestion.periodicity && !item.plansCategory {
        consider(.recurring(item.id), name: item.name, amount: item.amount, order: 0, id: item.id.rawValue) { scheduleDate(of: item, near: $0) }
    }
    if suggestion.kind == .expense, suggestion.periodicity == .monthly {
        for debt in h.debts {
            let amount: Money?
            switch debt.kind {
            case .paymentOnly(let payment): amount = payment
            case .loan(let loan): amount = loan.effectiveMinimum
            }
            guard let amount else { continue }
            consider(.debt(debt.id), name: debt.name, amount: amount, order: 1, id: debt.id.rawValue) { date in
                [date.yearMonth.previous, date.yearMonth, date.yearMonth.next].map { $0.day(clamping: debt.paymentDay) }
                    .min { abs($0.days(to: date)) < abs($1.days(to: date)) }!
            }
        }
    }
    return best?.bill ?? otherSchedule(for: suggestion, in: h, today: today)
}

/// The recurring item a suggestion is, paid on another schedule (`existingBill`'s second rule),
/// with the suggestion's links keyed to that item on the detected schedule; nil when none is.
/// Active: no end, or an end on or after `today` (an ended item's money on a new schedule is new
/// money). "Monthly amount": `Periodicity.monthlyAmount` (2,650.00 every 2 weeks → 5,741.67).
func otherSchedule(for s: BillSuggestion, in h: Household, today: Day) -> ExistingBill? {
    let monthly = s.monthlyAmount.minorUnits
    let active = (s.kind == .income ? h.incomes : h.expenses).filter { item in
        !item.plansCategory && item.amount.minorUnits > 0 && (item.end.map { $0 >= today } ?? true)
    }
    let words = billWords([s.name] + s.hits.compactMap(\.payee) + s.hits.map(\.name))
    var best: (difference: UInt64, id: Int64, item: RecurringItem)?
    for item in active {
        let planned = item.periodicity.monthlyAmount(item.amount).minorUnits
        let difference = (monthly - planned).magnitude
        let product = difference.multipliedReportingOverflow(by: 10)
        guard planned > 0, !product.overflow, product.partialValue <= planned.magnitude else { continue }
        let named = !billWords([item.name]).isDisjoint(with: words)
        guard named || (s.kind == .income && active.count == 1) else { continue }
        if best == nil || (difference, item.id.rawValue) < (best!.difference, best!.id) { best = (difference, item.id.rawValue, item) }
    }
    guard let item = best?.item else { return nil }
    let links = s.links.map { (entryID: $0.entryID, key: OccurrenceKey(source: .recurring(item.id), date: $0.date)) }
    return ExistingBill(source: .recurring(item.id), name: item.name, links: links, rescheduled: item)
}

/// The words two names are compared by: lower-cased runs of letters and digits, of 3 characters
/// or more, not only digits, not a bill stop word ("payment", "card"…). "ACME CORP PAYROLL" →
/// {acme, corp, payroll}.
func billWords(_ texts: [String]) -> Set<String> {
    var words = Set<String>()
    for text in texts {
        for word in text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }) where word.count >= 3 {
            let word = String(word)
            if !word.allSatisfy(\.isNumber) && !billStopWords.contains(word) { words.insert(word) }
        }
    }
    return words
}

/// The date of `item`'s schedule nearest to `date`, ignoring its start and end: every 7 or 14 days
/// in step with its start, or its start's day of the month (clamped) every 1, 3 or 12 months.
func scheduleDate(of item: RecurringItem, near date: Day) -> Day {
    let step = item.periodicity.step
    if step.days > 0 {
        let offset = ((date.ordinal - item.start.ordinal) % step.days + step.days) % step.days
        return offset * 2 <= step.days ? date.adding(days: -offset) : date.adding(days: step.days - offset)
    }
    let months = (-step.months...step.months).map { YearMonth(index: date.yearMonth.index + $0) }
        .filter { (($0.index - item.start.yearMonth.index) % step.months + step.months) % step.months == 0 }
    return months.map { $0.day(clamping: item.start.day) }.min { abs($0.days(to: date)) < abs($1.days(to: date)) } ?? date
}
