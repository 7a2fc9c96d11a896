// What the forecast's optional inputs are made of: the category limits and the payments of
// tracked bills that were never linked to their recurring item (docs/engine-rules.md,
// "Forecast inputs: limits and tracked bills").

// MARK: - Limits

/// The forecast's limit inputs from today's limit statuses: every *monthly* limit with what
/// was spent in it this month, and whether some limit (of any period) is projected to be
/// exceeded — it has a projected exceed date in its current period, or it is exceeded already.
public func forecastLimitInputs(_ statuses: [LimitStatus]) -> (limits: [ForecastLimit], projectedExceeded: Bool) {
    let monthly = statuses.filter { $0.limit.period == .month }
        .map { ForecastLimit(category: $0.limit.category, amount: $0.limit.amount, spentThisMonth: $0.spent) }
    let exceeded = statuses.contains { $0.projectedExceedOn != nil || $0.state == .exceeded }
    return (monthly, exceeded)
}

// MARK: - Tracked bills

/// The ids of the actual expense entries dated `from` … `through` that pay a tracked bill
/// without being linked to it: not linked to anything, and their merchant key — the Bills
/// detection's own (`billEntryKey`: of the name, else of the bank's payee in `payees`; each text
/// `normalise`d first — the web layer passes NFKC) — equals the key of one of the household's
/// recurring expense items or starts with it followed by a space (the Bills watch's rule).
/// The forecast leaves them out of everyday spending: the item's next occurrences are
/// counted as bills already, so the payment must not count a second time in the mean.
public func unlinkedBillEntryIDs(_ h: Household, from: Day, through: Day, payees: [ID<Entry>: String] = [:],
                                 normalise: (String) -> String = { $0 }) -> Set<ID<Entry>> {
    // A recurring expense that plans its category is no bill: its category's entries consume it.
    let keys = Set(h.expenses.filter { !$0.plansCategory }.map { billMerchantKey(normalise($0.name)) }.filter { !$0.isEmpty })
    guard !keys.isEmpty else { return [] }
    var known: [String: String] = [:]             // names repeat: one key per distinct text
    func key(_ text: String) -> String {
        if let done = known[text] { return done }
        let done = billMerchantKey(normalise(text))
        known[text] = done
        return done
    }
    func isBill(_ key: String) -> Bool {
        if keys.contains(key) { return true }
        var prefix = Substring(key)
        while let space = prefix.lastIndex(of: " ") {
            prefix = prefix[..<space]
            if keys.contains(String(prefix)) { return true }
        }
        return false
    }
    var ids = Set<ID<Entry>>()
    for entry in h.entries where entry.isActual && entry.kind == .expense && entry.confirms == nil
        && entry.date >= from && entry.date <= through {
        let merchant = billEntryKey(name: entry.name, payee: payees[entry.id], key: key)
        if !merchant.isEmpty && isBill(merchant) { ids.insert(entry.id) }
    }
    return ids
}

// MARK: - Spending now

/// What spending `amount` today does to a forecast (the Advisor's "can I afford X").
public struct ForecastSpendEffect: Sendable, Hashable {
    /// The low point's date (a spend today lowers every day alike, so the date stays).
    public var lowPointDate: Day
    /// The expected balance at the low point after the spend.
    public var lowPointAmount: Money
    /// The risk after the spend, by the forecast's rules (unknown stays unknown).
    public var risk: ForecastRisk
    /// The low point after the spend is below the safety buffer (2 × bills due in 30 days + the emergency buffer).
    public var belowSafetyBuffer: Bool
    /// The most that can be spent today while the low point stays at or above the safety buffer (≥ 0).
    public var roomAboveBuffer: Money
}

/// Spending `amount` today lowers the expected and the pessimistic balance of every day by
/// it; the risk is taken again by the forecast's rules (high: an expected day below 0;
/// medium: a pessimistic day below 0, the low point below the bills due in the 7 days
/// after it, or `limitProjectedExceeded`; low otherwise; unknown with a short history).
public func forecastAfterSpending(_ f: Forecast, _ amount: Money, limitProjectedExceeded: Bool) -> ForecastSpendEffect {
    let x = Int128(amount.minorUnits)
    let low = Int128(f.lowPoint.amount.minorUnits) - x
    let risk: ForecastRisk
    if f.risk == .unknown { risk = .unknown }
    else if f.days.contains(where: { Int128($0.expected.minorUnits) - x < 0 }) { risk = .high }
    else if f.days.contains(where: { Int128($0.pessimistic.minorUnits) - x < 0 }) || low < Int128(f.billsAfterLowPoint.minorUnits)
        || limitProjectedExceeded { risk = .medium }
    else { risk = .low }
    let buffer = Int128(f.safetyBuffer.minorUnits)
    return ForecastSpendEffect(lowPointDate: f.lowPoint.date, lowPointAmount: Money(clamping: low), risk: risk,
                               belowSafetyBuffer: low < buffer,
                               roomAboveBuffer: Money(clamping: max(0, Int128(f.lowPoint.amount.minorUnits) - buffer)))
}
