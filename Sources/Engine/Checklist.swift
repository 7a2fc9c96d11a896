// The Plan as this month's checklist (docs/engine-rules.md, "The month's checklist"):
// the plan's allocations turned into dated steps that follow the household's paydays.

// MARK: - Values

/// What a checklist step does.
public enum ChecklistStepKind: String, Sendable, Hashable, CaseIterable {
    /// Move money to the emergency fund.
    case emergency
    /// Pay a loan its minimum plus the plan's extra.
    case debt
    /// Put money toward a goal.
    case goal
}

/// One payday of the month: the day and what the incomes due on it bring.
public struct ChecklistPayday: Sendable, Hashable {
    public var date: Day
    public var amount: Money

    public init(date: Day, amount: Money) {
        self.date = date
        self.amount = amount
    }
}

/// One dated step of the month's checklist.
public struct ChecklistStep: Sendable, Hashable {
    public var kind: ChecklistStepKind
    /// Stable within a month: "emergency", "debt-<id>", "goal-<id>" (what "done" is stored under).
    public var key: String
    /// The loan's or goal's name; "" for the emergency fund.
    public var name: String
    /// The debt's or goal's id; nil for the fund.
    public var sourceID: Int64?
    /// The plan's allocation for the month: what moves to the fund or goal, or the extra above the minimum.
    public var amount: Money
    /// Debts: the loan's minimum payment (nil when it has none); the step pays minimum + amount.
    public var minimum: Money?
    /// The day it is due by.
    public var due: Day
    /// The payday that funds it (nil when the month has no payday).
    public var fundedBy: Day?

    /// Creates a step (the engine makes them; the web layer rebuilds done ones from storage).
    public init(kind: ChecklistStepKind, key: String, name: String, sourceID: Int64?, amount: Money, minimum: Money?,
                due: Day, fundedBy: Day?) {
        self.kind = kind; self.key = key; self.name = name; self.sourceID = sourceID
        self.amount = amount; self.minimum = minimum; self.due = due; self.fundedBy = fundedBy
    }

    /// What to pay or move in all: minimum + extra for a loan, the amount otherwise.
    public var total: Money {
        guard let minimum else { return amount }
        return Money(clamping: Int128(minimum.minorUnits) + Int128(amount.minorUnits))
    }
}

/// Days after the funding payday a step is due by.
public let checklistGraceDays = 3

// MARK: - Making the checklist

/// The paydays of `month`: the dates the household's recurring incomes fall due in it, with
/// what each brings, in date order (incomes due on one day add up).
public func checklistPaydays(_ h: Household, month: YearMonth) -> [ChecklistPayday] {
    var byDate: [Day: Int128] = [:]
    let amounts = Dictionary(h.incomes.map { ($0.id, $0.amount.minorUnits) }, uniquingKeysWith: { a, _ in a })
    for occurrence in occurrences(of: h.incomes, from: month.firstDay, through: month.lastDay) {
        byDate[occurrence.date, default: 0] += Int128(amounts[occurrence.itemID] ?? 0)
    }
    return byDate.keys.sorted().map { ChecklistPayday(date: $0, amount: Money(clamping: byDate[$0]!)) }
}

/// This month's checklist from `plan` (made for a day of `month`): one step per fund, debt
/// and goal allocation, in the plan's order (fund, debts in strategy order, goals).
///
/// Rule: the month's income arrives on its paydays; step k is funded by the first payday by
/// which the share of the month's income received covers the share of the allocations of
/// steps 1 … k (cumulative income × Σ allocations ≥ cumulative allocations × month's income,
/// exactly in integers). It is due `checklistGraceDays` after that payday, clamped to the
/// month's last day. A loan step is due on the loan's payment day instead when that day falls
/// in [funding payday, funding payday + grace] or later in the month (the extra goes with the
/// minimum). With no payday in the month every step is due on its last day. Nothing else is read.
public func monthChecklist(_ plan: Plan, household h: Household, month: YearMonth) -> [ChecklistStep] {
    checklistSteps(plan.allocations, paydays: checklistPaydays(h, month: month), debts: h.debts, month: month)
}

/// The checklist of `allocations` with the given paydays (see `monthChecklist`).
public func checklistSteps(_ allocations: [Allocation], paydays: [ChecklistPayday], debts: [Debt],
                           month: YearMonth) -> [ChecklistStep] {
    let lines = allocations.filter { $0.kind != .unallocated && $0.amount.minorUnits > 0 }
    let allocated = lines.reduce(Int128(0)) { $0 + Int128($1.amount.minorUnits) }
    let income = paydays.reduce(Int128(0)) { $0 + Int128($1.amount.minorUnits) }
    var cumulative = Int128(0)
    return lines.map { line in
        cumulative += Int128(line.amount.minorUnits)
        var received = Int128(0)
        var funder: Day? = paydays.last?.date
        for payday in paydays {
            received += Int128(payday.amount.minorUnits)
            if received * allocated >= cumulative * income { funder = payday.date; break }
        }
        var due = funder.map { min($0.adding(days: checklistGraceDays), month.lastDay) } ?? month.lastDay
        var minimum: Money?
        let kind: ChecklistStepKind
        let key: String
        switch line.kind {
        case .emergency:
            kind = .emergency; key = "emergency"
        case .debt:
            kind = .debt; key = "debt-\(line.sourceID ?? 0)"
            if let debt = debts.first(where: { $0.id.rawValue == line.sourceID }) {
                minimum = debt.loan?.effectiveMinimum
                let paymentDay = month.day(clamping: debt.paymentDay)
                if paymentDay >= (funder ?? month.firstDay) { due = paymentDay }
            }
        case .goal, .unallocated:
            kind = .goal; key = "goal-\(line.sourceID ?? 0)"
        }
        return ChecklistStep(kind: kind, key: key, name: line.name, sourceID: line.sourceID, amount: line.amount,
                             minimum: minimum, due: due, fundedBy: funder)
    }
}

// MARK: - Goal explanations

/// Why a goal gets its monthly amount and what would reach it (the Plan page's lines).
public struct GoalAdvice: Sendable, Hashable {
    /// The monthly amount that would reach the target by the deadline: ⌈missing ÷ months to
    /// deadline⌉ (nil without a deadline, when finished or past its deadline).
    public var monthlyToDeadline: Money?
    /// The month the current pace reaches the target: today's month + ETA months (nil when the
    /// goal gets nothing a month, or is finished).
    public var reachedAt: YearMonth?
}

/// The advice for `goal` on `today` (docs/engine-rules.md, "The month's checklist").
public func goalAdvice(_ goal: GoalProgress, deadline: Day?, today: Day) -> GoalAdvice {
    guard !goal.finished else { return GoalAdvice(monthlyToDeadline: nil, reachedAt: nil) }
    var monthly: Money?
    if deadline != nil, !goal.deadlinePassed {
        let months = Int128(max(goal.monthsToDeadline, 1))
        monthly = Money(clamping: (Int128(goal.missing.minorUnits) + months - 1) / months)
    }
    let reached = goal.etaMonths.map { today.yearMonth.adding(months: $0) }
    return GoalAdvice(monthlyToDeadline: monthly, reachedAt: reached)
}
