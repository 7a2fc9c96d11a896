// The month-by-month payoff schedule (docs/engine-rules.md, "Payoff schedule") for avalanche and snowball.

// MARK: - Schedule values

/// One loan's line in one month of a schedule.
public struct PayoffRow: Sendable, Hashable {
    public var debtID: ID<Debt>
    /// Interest added this month (zero in grace months).
    public var interest: Money
    /// The mandatory payment: min(minimum, balance after interest).
    public var minimumPayment: Money
    /// Paid from the pool on top of the minimum.
    public var extraPayment: Money
    /// The balance at the end of the month (never negative).
    public var balanceAfter: Money
    /// minimumPayment + extraPayment.
    public var payment: Money { Money(minorUnits: minimumPayment.minorUnits + extraPayment.minorUnits) }
}

/// One month of a schedule: a row per loan open at the start of that month, in strategy order.
public struct PayoffMonth: Sendable, Hashable {
    public var month: YearMonth
    public var rows: [PayoffRow]
}

/// A loan as it enters the schedule (after the bring-forward).
public struct ScheduledLoan: Sendable, Hashable {
    public var debtID: ID<Debt>
    public var name: String
    public var apr: APR
    /// The effective minimum (zero when the loan has neither minimum nor term).
    public var minimum: Money
    /// The balance brought forward to the end of today's month.
    public var startBalance: Money
    public var paymentDay: Int
}

/// The figures compared side by side. All three are nil when the schedule is not
/// cleared within `PayoffSchedule.monthLimit` months (or its arithmetic overflows).
public struct PayoffSummary: Sendable, Hashable {
    /// Schedule months with a payment.
    public var months: Int?
    /// Interest added over the schedule months (the bring-forward is history, not counted).
    public var totalInterest: Money?
    /// The month of the last payment.
    public var debtFreeMonth: YearMonth?

    /// Whether the schedule clears every loan.
    public var isCleared: Bool { months != nil }
}

/// A full payoff schedule.
public struct PayoffSchedule: Sendable {
    /// The longest schedule computed before giving up (docs/engine-rules.md, "Payoff schedule").
    public static let monthLimit = 1200

    public var strategy: PayoffStrategy
    /// The monthly debt allocation added to the pool every month.
    public var monthlyExtra: Money
    /// Loans in strategy order, fixed at the start.
    public var loans: [ScheduledLoan]
    /// Months after each loan's as-of month up to today's (history; one row per month per loan).
    public var broughtForward: [PayoffMonth]
    /// Schedule months, month 1 being the month after today's.
    public var months: [PayoffMonth]
    public var summary: PayoffSummary
    /// What `monthlyExtra` paid to each loan in month 1, in strategy order, only loans it
    /// paid. The pool spends minimum money (freed or unused minimums) before the extra.
    public var firstMonthExtra: [(debtID: ID<Debt>, amount: Money)]

    /// Whether there is no loan to pay off (the plan then shows no payoff).
    public var isEmpty: Bool { loans.isEmpty }
}

// MARK: - Ordering

extension PayoffStrategy {
    /// Whether `a` is paid before `b`: avalanche = higher APR, then smaller balance,
    /// then creation order; snowball = smaller balance, then higher APR, then creation order.
    func pays(_ a: ScheduledLoan, before b: ScheduledLoan) -> Bool {
        switch self {
        case .avalanche:
            if a.apr != b.apr { return a.apr > b.apr }
            if a.startBalance != b.startBalance { return a.startBalance < b.startBalance }
        case .snowball:
            if a.startBalance != b.startBalance { return a.startBalance < b.startBalance }
            if a.apr != b.apr { return a.apr > b.apr }
        }
        return a.debtID < b.debtID
    }
}

// MARK: - Schedule

/// The payoff schedule of every mode-B loan in `debts` (docs/engine-rules.md, "Payoff schedule").
///
/// Each loan is brought forward to the end of today's month; loans still owing enter
/// the schedule in `strategy` order. Each month: interest on every open loan outside
/// its grace months; each pays min(minimum, balance); then a pool — `monthlyExtra`, the
/// minimums of loans closed in earlier months and the unused rest of this month's
/// minimums — pays open loans in order until spent. Arithmetic is checked: an overflow,
/// or 1200 months without clearing, gives a summary of nils. With no loan owing the
/// schedule is empty (months 0, interest 0, no debt-free month).
public func payoffSchedule(debts: [Debt], strategy: PayoffStrategy, monthlyExtra: Money, today: Day) -> PayoffSchedule {
    payoffSchedule(broughtForward: debts.compactMap { bringForward($0, today: today) },
                   strategy: strategy, monthlyExtra: monthlyExtra, today: today)
}

/// The schedule from loans already brought forward (shared by the plan, which brings
/// them forward once).
func payoffSchedule(broughtForward states: [BroughtForwardLoan], strategy: PayoffStrategy,
                    monthlyExtra: Money, today: Day) -> PayoffSchedule {
    let history = mergeHistory(states)
    let open = states.filter(\.isOpen)
    let loans = open.map {
        ScheduledLoan(debtID: $0.debt.id, name: $0.debt.name, apr: $0.loan.apr, minimum: Money(minorUnits: $0.minimum),
                      startBalance: Money(minorUnits: $0.overflowed ? .max : $0.balance), paymentDay: $0.debt.paymentDay)
    }.sorted { strategy.pays($0, before: $1) }
    var schedule = PayoffSchedule(strategy: strategy, monthlyExtra: monthlyExtra, loans: loans, broughtForward: history,
                                  months: [], summary: PayoffSummary(months: 0, totalInterest: .zero, debtFreeMonth: nil),
                                  firstMonthExtra: [])
    guard !loans.isEmpty else { return schedule }
    let notCleared = PayoffSummary(months: nil, totalInterest: nil, debtFreeMonth: nil)
    guard !open.contains(where: \.overflowed) else { schedule.summary = notCleared; return schedule }
    let byID = Dictionary(open.map { ($0.debt.id, $0) }, uniquingKeysWith: { first, _ in first })
    var run = ScheduleRun(loans: loans.map { byID[$0.debtID]! }, extra: Int128(max(monthlyExtra.minorUnits, 0)))
    var month = today.yearMonth
    for index in 1...PayoffSchedule.monthLimit {
        month = month.next
        guard let payoffMonth = run.step(month, recordExtra: index == 1) else { schedule.summary = notCleared; return schedule }
        schedule.months.append(payoffMonth)
        if run.isCleared {
            schedule.summary = PayoffSummary(months: run.monthsWithPayment, totalInterest: Money(minorUnits: run.totalInterest),
                                             debtFreeMonth: run.lastPaymentMonth)
            schedule.firstMonthExtra = run.firstMonthExtra
            return schedule
        }
        if index == 1 { schedule.firstMonthExtra = run.firstMonthExtra }
    }
    schedule.summary = notCleared
    return schedule
}

// MARK: - What a monthly extra can pay in month 1

/// The most a monthly extra can pay in the schedule's first month (the plan's debt cap):
/// Σ over open loans of (balance brought forward to today + month-1 interest, 0 in grace,
/// − min(minimum, that sum)) — what is left owing after month 1's mandatory payments —
/// less the part of it the unused rest of month 1's minimums pays, since the pool spends
/// minimum money before the extra. The two readings differ only when a loan's minimum
/// exceeds what it owes in month 1 while another loan stays open.
///
/// Computed by running month 1 of the schedule with an unlimited extra, so it is by
/// construction what `firstMonthExtra` of any schedule with `monthlyExtra` ≤ this sums to
/// (the total does not depend on the strategy). Zero when no loan is open, or when the
/// schedule cannot be computed (a balance or month 1's arithmetic overflows).
func firstMonthExtraCapacity(broughtForward states: [BroughtForwardLoan], today: Day) -> Money {
    let open = states.filter(\.isOpen)
    guard !open.isEmpty, !open.contains(where: \.overflowed) else { return .zero }
    var run = ScheduleRun(loans: open, extra: Int128(Int64.max))
    guard run.step(today.yearMonth.next, recordExtra: true) != nil else { return .zero }
    // Each amount is taken from an extra of Int64.max, so the sum cannot exceed it.
    return Money(minorUnits: run.firstMonthExtra.reduce(0) { $0 + $1.amount.minorUnits })
}

/// The bring-forward rows of all loans merged into one row list per month.
private func mergeHistory(_ states: [BroughtForwardLoan]) -> [PayoffMonth] {
    var rowsByMonth: [YearMonth: [PayoffRow]] = [:]
    for state in states {
        for month in state.history { rowsByMonth[month.month, default: []] += month.rows }
    }
    return rowsByMonth.keys.sorted().map { PayoffMonth(month: $0, rows: rowsByMonth[$0]!) }
}

// MARK: - One schedule month

/// The mutable state of a schedule being computed.
private struct ScheduleRun {
    let loans: [BroughtForwardLoan]          // strategy order
    let extra: Int128
    var balances: [Int64]
    var freedMinimums: Int128 = 0            // minimums of loans closed in earlier months
    var totalInterest: Int64 = 0
    var monthsWithPayment = 0
    var lastPaymentMonth: YearMonth?
    var firstMonthExtra: [(debtID: ID<Debt>, amount: Money)] = []

    init(loans: [BroughtForwardLoan], extra: Int128) {
        self.loans = loans; self.extra = extra; balances = loans.map(\.balance)
    }

    var isCleared: Bool { balances.allSatisfy { $0 == 0 } }

    /// Runs one month; nil when its arithmetic overflows.
    mutating func step(_ month: YearMonth, recordExtra: Bool) -> PayoffMonth? {
        var rows: [PayoffRow] = []
        rows.reserveCapacity(loans.count)
        var rowIndex: [Int] = []                 // loan index → row, for loans open at the start
        var minimumMoney: Int128 = freedMinimums // pool money that is not the extra
        var extraMoney = extra
        var paidAnything = false
        // (1) interest and (2) minimums.
        for (index, loan) in loans.enumerated() where balances[index] > 0 {
            let interest = loan.isInGrace(month) ? 0 : monthlyInterest(balance: balances[index], apr: loan.loan.apr)
            let (grown, o1) = balances[index].addingReportingOverflow(interest)
            let (total, o2) = totalInterest.addingReportingOverflow(interest)
            if o1 || o2 { return nil }
            totalInterest = total
            let payment = min(loan.minimum, grown)
            balances[index] = grown - payment
            minimumMoney += Int128(loan.minimum - payment)
            paidAnything = paidAnything || payment > 0
            rowIndex.append(index)
            rows.append(PayoffRow(debtID: loan.debt.id, interest: Money(minorUnits: interest),
                                  minimumPayment: Money(minorUnits: payment), extraPayment: .zero, balanceAfter: .zero))
        }
        // (3) the pool, minimum money first, then the extra, in strategy order.
        for (row, index) in rowIndex.enumerated() where balances[index] > 0 && minimumMoney + extraMoney > 0 {
            let fromMinimums = min(minimumMoney, Int128(balances[index]))
            let fromExtra = min(extraMoney, Int128(balances[index]) - fromMinimums)
            minimumMoney -= fromMinimums
            extraMoney -= fromExtra
            let paid = Int64(fromMinimums + fromExtra)
            balances[index] -= paid
            rows[row].extraPayment = Money(minorUnits: paid)
            paidAnything = paidAnything || paid > 0
            if recordExtra, fromExtra > 0 { firstMonthExtra.append((loan(index), Money(minorUnits: Int64(fromExtra)))) }
        }
        for (row, index) in rowIndex.enumerated() {
            rows[row].balanceAfter = Money(minorUnits: balances[index])
            if balances[index] == 0 { freedMinimums += Int128(loans[index].minimum) }
        }
        if paidAnything { monthsWithPayment += 1; lastPaymentMonth = month }
        return PayoffMonth(month: month, rows: rows)
    }

    private func loan(_ index: Int) -> ID<Debt> { loans[index].debt.id }
}
