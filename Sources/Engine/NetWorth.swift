// MARK: - Net worth (docs/engine-rules.md, "Accounts and balances")

/// What a mode-B loan still owes today, as the engine brings it forward (interest and
/// minimum payments month by month up to the end of today's month); nil for a payment-only
/// debt. A loan whose balance overflowed while compounding owes the largest amount.
public func loanBalanceToday(_ debt: Debt, today: Day) -> Money? {
    guard let loan = debt.loan else { return nil }
    guard let brought = bringForward(debt, today: today) else { return Money(minorUnits: max(loan.balance.minorUnits, 0)) }
    return Money(minorUnits: brought.overflowed ? Int64.max : max(brought.balance, 0))
}

/// Σ `openBalances` − Σ every loan's balance today (`loanBalanceToday`), saturating at
/// the 64-bit range.
public func netWorth(openBalances: [Money], debts: [Debt], today: Day) -> Money {
    var sum = MoneySum()
    for balance in openBalances { sum.add(balance) }
    for debt in debts { if let owed = loanBalanceToday(debt, today: today) { sum.subtract(owed) } }
    return sum.money
}
