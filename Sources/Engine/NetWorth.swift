// MARK: - Net worth (docs/engine-rules.md, "Accounts and balances")

/// What a mode-B loan still owes today, as the engine brings it forward (interest and
/// minimum payments month by month up to the end of today's month); nil for a payment-only
/// debt. A loan whose balance overflowed while compounding owes the largest amount.
public func loanBalanceToday(_ debt: Debt, today: Day) -> Money? {
    guard let loan = debt.loan else { return nil }
    guard let brought = bringForward(debt, today: today) else { return Money(minorUnits: max(loan.balance.minorUnits, 0)) }
    return Money(minorUnits: brought.overflowed ? Int64.max : max(brought.balance, 0))
}

/// A mode-B loan after an extra principal payment of `amount` today (the checklist's loan step):
/// its balance today less the amount — at least 0.01, the table's rule, so an extra that pays it off
/// leaves its last reminder — true as of today. Nil for a payment-only debt.
public func loanAfterExtraPayment(_ debt: Debt, amount: Money, today: Day) -> Loan? {
    guard var loan = debt.loan else { return nil }
    let owed = loanBalanceToday(debt, today: today) ?? loan.balance
    loan.balance = Money(minorUnits: max(1, owed.minorUnits - amount.minorUnits))
    loan.asOf = today
    return loan
}

/// Σ `openBalances` − Σ every loan's balance today (`loanBalanceToday`), saturating at
/// the 64-bit range.
public func netWorth(openBalances: [Money], debts: [Debt], today: Day) -> Money {
    var sum = MoneySum()
    for balance in openBalances { sum.add(balance) }
    for debt in debts { if let owed = loanBalanceToday(debt, today: today) { sum.subtract(owed) } }
    return sum.money
}
