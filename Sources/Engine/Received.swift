// What actually came in during a year: the Budget page shows it beside the
// seed's annual-income formula, which is a projection, not money received.

/// The sum of the actual income entries dated in `year` (confirmations of recurring
/// incomes included, at their confirmed amounts); nil when the sum overflows.
public func actualIncomeReceived(_ entries: [Entry], year: Int) -> Money? {
    var total = Money.zero
    for entry in entries where entry.kind == .income && entry.isActual && entry.date.year == year {
        guard let sum = total.adding(entry.amount) else { return nil }
        total = sum
    }
    return total
}
