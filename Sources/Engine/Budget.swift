// The Budget page's header figures (docs/engine-rules.md, "Budget totals").

// MARK: - Budget totals

/// The budget figures of the Budget page and `GET /api/v1/budget`.
public struct BudgetTotals: Sendable, Hashable {
    /// The calendar year the annual figures are for.
    public var year: Int
    /// Σ monthly amounts of incomes active today.
    public var monthlyRecurringIncome: Money
    /// 12 × monthlyRecurringIncome + unlinked income entries dated in `year`.
    public var annualIncome: Money
    /// Σ monthly amounts of recurring expenses active today.
    public var monthlyFixedExpense: Money
    /// monthlyFixedExpense + minimumDebtPayments.
    public var monthlyExpense: Money
    /// 12 × monthlyExpense + unlinked expense entries dated in `year`.
    public var annualExpense: Money
    /// Σ mode-A payments + Σ minimums of mode-B loans whose balance brought forward to
    /// today's month is above zero.
    public var minimumDebtPayments: Money
    /// half-to-even((monthlyExpense + unlinked expense entries entered as planned this month,
    /// at their planned amounts, confirmed since or not) ÷ days this month).
    public var plannedDailyExpense: Money
    /// half-to-even(actual expense entries from the 1st to today ÷ today's day), nil while
    /// the earliest actual entry is later than today minus 3 months.
    public var actualDailyExpense: Money?
    /// When `actualDailyExpense` is nil because history is short: the first day it will
    /// be shown. Nil when it is shown, or when there is no actual entry at all.
    public var actualDailyAvailableFrom: Day?
    /// Each recurring item's monthly amount by item id (active or not).
    public var itemMonthlyAmounts: [ID<RecurringItem>: Money]
    /// Each debt's mandatory monthly line by debt id: the mode-A payment, or the mode-B
    /// minimum (zero once the loan is paid off).
    public var debtMonthlyPayments: [ID<Debt>: Money]
}

/// The budget totals on `today`, with annual figures for `year` (docs/engine-rules.md, "Budget totals").
///
/// Reads `h.entries` dated in `year` and in today's month (others are ignored, so the
/// caller may pre-filter to those), `h.earliestActualEntry` (or, when nil, the earliest
/// actual entry in `h.entries`), recurring items and debts.
public func budgetTotals(_ h: Household, today: Day, year: Int) -> BudgetTotals {
    budgetTotals(h, today: today, year: year, debts: DebtBook(h.debts, today: today))
}

func budgetTotals(_ h: Household, today: Day, year: Int, debts: DebtBook) -> BudgetTotals {
    var amounts: [ID<RecurringItem>: Money] = [:]
    func monthlySum(_ items: [RecurringItem]) -> Money {
        var sum = MoneySum()
        for item in items {
            let monthly = item.periodicity.monthlyAmount(item.amount)
            amounts[item.id] = monthly
            if item.isActive(on: today) { sum.add(monthly) }
        }
        return sum.money
    }
    let income = monthlySum(h.incomes)
    let fixedExpense = monthlySum(h.expenses)
    let minimums = debts.minimumPayments
    let expense = [fixedExpense, minimums].total()

    var annualIncome = MoneySum(), annualExpense = MoneySum(), plannedThisMonth = MoneySum(), actualToDate = MoneySum()
    annualIncome.total = Int128(income.minorUnits) * 12
    annualExpense.total = Int128(expense.minorUnits) * 12
    plannedThisMonth.add(expense)
    let month = today.yearMonth
    for entry in h.entries {
        let unlinked = entry.confirms == nil
        if entry.date.year == year, unlinked {
            if entry.kind == .income { annualIncome.add(entry.amount) } else { annualExpense.add(entry.amount) }
        }
        guard entry.kind == .expense, entry.date.yearMonth == month else { continue }
        if let planned = entry.plannedAmount, unlinked { plannedThisMonth.add(planned) }
        if entry.isActual, entry.date <= today { actualToDate.add(entry.amount) }
    }
    let history = actualHistory(h, today: today)
    return BudgetTotals(
        year: year, monthlyRecurringIncome: income, annualIncome: annualIncome.money,
        monthlyFixedExpense: fixedExpense, monthlyExpense: expense, annualExpense: annualExpense.money,
        minimumDebtPayments: minimums,
        plannedDailyExpense: .rounded(plannedThisMonth.total, over: Int128(month.numberOfDays)),
        actualDailyExpense: history.isLongEnough ? .rounded(actualToDate.total, over: Int128(today.day)) : nil,
        actualDailyAvailableFrom: history.availableFrom,
        itemMonthlyAmounts: amounts, debtMonthlyPayments: debts.monthlyLines)
}

// MARK: - History rule

/// docs/engine-rules.md, "Budget totals": the actual per-day figure needs the earliest actual entry on or before
/// today minus 3 months (same day, clamped to month end). When it is later, the figure
/// becomes available on the first day D with D − 3 months ≥ earliest entry: the
/// earliest entry plus 3 months, or the 1st of the next month when that was clamped
/// (earliest 30 Nov → 1 Mar, since 28 Feb − 3 months = 28 Nov is still too early).
private func actualHistory(_ h: Household, today: Day) -> (isLongEnough: Bool, availableFrom: Day?) {
    let earliest = h.earliestActualEntry ?? h.entries.lazy.filter(\.isActual).map(\.date).min()
    guard let earliest else { return (false, nil) }
    if earliest <= today.addingMonths(-3) { return (true, nil) }
    let candidate = earliest.addingMonths(3)
    return (false, candidate.addingMonths(-3) >= earliest ? candidate : candidate.adding(days: 1))
}

// MARK: - Debts on today

/// The household's debts on today: every loan brought forward once, shared by the
/// budget, the plan and the calendar.
struct DebtBook: Sendable {
    let debts: [Debt]
    let loans: [BroughtForwardLoan]
    let today: Day

    init(_ debts: [Debt], today: Day) {
        self.debts = debts
        self.today = today
        loans = debts.compactMap { bringForward($0, today: today) }
    }

    /// Loans still owing at the end of today's month.
    var openLoans: [BroughtForwardLoan] { loans.filter(\.isOpen) }

    /// Σ payments of mode-A debts active today + Σ minimums of open mode-B loans.
    var minimumPayments: Money {
        var sum = MoneySum()
        for debt in debts where debt.isActive(on: today) {
            if case .paymentOnly(let payment) = debt.kind { sum.add(payment) }
        }
        for loan in openLoans { sum.add(Money(minorUnits: loan.minimum)) }
        return sum.money
    }


    /// Each debt's mandatory monthly line.
    var monthlyLines: [ID<Debt>: Money] {
        var lines: [ID<Debt>: Money] = [:]
        for debt in debts {
            if case .paymentOnly(let payment) = debt.kind, debt.isActive(on: today) { lines[debt.id] = payment } else { lines[debt.id] = .zero }
        }
        for loan in openLoans { lines[loan.debt.id] = Money(minorUnits: loan.minimum) }
        return lines
    }
}
