// The watch over confirmed recurring items (docs/engine-rules.md, "Bills and subscriptions"):
// late, possibly cancelled, price changed, ended; duplicates flagged. Pure: "today" is a parameter.

// MARK: - Watch

/// The state of a confirmed recurring item.
public enum BillStatus: String, Sendable {
    case ok, late, possiblyCancelled, priceChanged
    /// No occurrence is left to pay before the item's end date: nothing is due any more.
    case ended
}

/// What the watch says about one recurring item.
public struct BillWatch: Sendable, Hashable {
    public var item: RecurringItem
    public var status: BillStatus
    /// The next due date not yet paid (for a late item: the date expected and not seen); nil
    /// when the item has no occurrence left before its end date (status `ended`).
    public var nextDue: Day?
    /// The last hit's amount when it moved more than 10 % from the item's amount.
    public var newAmount: Money?
    /// Percent change of newAmount against the item's amount, rounded half to even.
    public var changePercent: Int64?
    /// Another active item of the same direction, merchant key and period.
    public var duplicate: Bool
    public var isSubscription: Bool = false
}

/// Watches the live items of `items` (end on or after today, or none) against their hits
/// (`linked`: entries confirming the item, plus `entries` with the same direction whose
/// merchant key is the item name's key or starts with it and a space). The first unpaid due =
/// the item's first occurrence on or after last hit + tolerance + 1 (no hit: on or after
/// today, or its start). Status, first that applies: *ended* when no occurrence is left up to
/// its end date (no next due; not a duplicate of anything); possibly cancelled (today after the
/// second unpaid due + tolerance), late (today after the first unpaid due + tolerance), price
/// changed (last hit > 10 % from the amount), ok. An item with no hit in the 400 days is ok.
public func watchBills(_ items: [RecurringItem], linked: [ID<RecurringItem>: [BillEntry]], entries: [BillEntry], today: Day) -> [BillWatch] {
    guard items.contains(where: { $0.end.map { $0 >= today } ?? true }) else { return [] }
    return watchBills(items, linked: linked, grouped: billGroups(entries, today: today), today: today)
}

/// The watch over entries already grouped by `billGroups`.
func watchBills(_ items: [RecurringItem], linked: [ID<RecurringItem>: [BillEntry]], grouped byKey: [BillGroupKey: [BillEntry]],
                today: Day) -> [BillWatch] {
    let active = items.filter { $0.end.map { $0 >= today } ?? true }
    guard !active.isEmpty else { return [] }
    var watch = active.map { item in
        let key = billMerchantKey(item.name)
        var hits = linked[item.id] ?? []
        if !key.isEmpty {
            for (group, members) in byKey where group.kind == item.kind && (group.key == key || group.key.hasPrefix(key + " ")) {
                hits += members
            }
        }
        hits = hits.filter { $0.amount > 0 && $0.date <= today }.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
        let tolerance = item.periodicity.billTolerance
        // With no hit there is nothing to watch: the next due on or after today, status ok.
        let after = hits.last.map { $0.date.adding(days: tolerance + 1) } ?? max(item.start, today)
        let horizon = after.addingMonths(13).adding(days: 15)
        let next = occurrences(of: [item], from: after, through: horizon).prefix(2).map(\.date)
        // Nothing left to pay before the end date: ended, no next due, nothing to watch.
        guard let nextDue = next.first else {
            return BillWatch(item: item, status: .ended, nextDue: nil, newAmount: nil, changePercent: nil, duplicate: false)
        }
        var status = BillStatus.ok
        var newAmount: Money?
        var percent: Int64?
        if let last = hits.last, movedOverTenPercent(from: item.amount.minorUnits, to: last.amount) {
            newAmount = Money(minorUnits: last.amount)
            percent = item.amount.minorUnits == 0 ? nil
                : Int64(roundHalfEven(numerator: (Int128(last.amount) - Int128(item.amount.minorUnits)) * 100, denominator: Int128(item.amount.minorUnits)))
            status = .priceChanged
        }
        if hits.isEmpty {
            status = .ok
        } else if next.count == 2, today > next[1].adding(days: tolerance) {
            status = .possiblyCancelled
        } else if today > nextDue.adding(days: tolerance) {
            status = .late
        }
        return BillWatch(item: item, status: status, nextDue: nextDue, newAmount: newAmount, changePercent: percent, duplicate: false)
    }
    // Duplicates among the items still watched (an ended one is counted nowhere).
    var counts: [BillTrackedKey: Int] = [:]
    func trackedKey(_ item: RecurringItem) -> BillTrackedKey {
        BillTrackedKey(key: billMerchantKey(item.name), kind: item.kind, periodicity: item.periodicity)
    }
    for entry in watch where entry.status != .ended { counts[trackedKey(entry.item), default: 0] += 1 }
    for index in watch.indices where watch[index].status != .ended {
        let key = trackedKey(watch[index].item)
        watch[index].duplicate = !key.key.isEmpty && counts[key, default: 0] > 1
    }
    return watch
}

// MARK: - Detection and watch together

/// `detectBills` and `watchBills` over the same entries, grouping them by merchant once
/// (what the bills page shows); the same results as the two calls.
public func detectAndWatchBills(_ entries: [BillEntry], linked: [ID<RecurringItem>: [BillEntry]], items: [RecurringItem],
                                dismissed: [BillDismissal], today: Day) -> (suggestions: [BillSuggestion], watch: [BillWatch]) {
    let groups = billGroups(entries, today: today)
    return (detectBills(grouped: groups, today: today, tracked: items, dismissed: dismissed),
            watchBills(items, linked: linked, grouped: groups, today: today))
}
