// The Plan page (docs/engine-rules.md, "The plan"): free cash flow, the split, payoff and goals.

// MARK: - Plan values

/// Which bucket an allocation line belongs to.
public enum AllocationKind: String, Sendable, Hashable, CaseIterable {
    case emergency, debt, goal, unallocated
}

/// One line of the monthly split of free cash flow.
public struct Allocation: Sendable, Hashable {
    public var kind: AllocationKind
    /// The loan's or goal's name; "" for the emergency fund and the unallocated rest
    /// (`title(_:)` names those).
    public var name: String
    /// Per month.
    public var amount: Money
    /// The facts its one-sentence explanation quotes (`text(_:_:)`).
    public var rationale: AllocationRationale
    /// The debt's or goal's id (nil for the fund and the unallocated rest).
    public var sourceID: Int64? = nil
}

/// Why an allocation line has its amount, with the figures its sentence quotes.
public enum AllocationRationale: Sendable, Hashable {
    /// The fund misses `missing` of `target` (= `months` months of expenses).
    case emergency(missing: Money, target: Money, months: Int)
    /// The loan is paid `rank` (1 = first) in `strategy` order; its APR and balance at the start.
    case debt(strategy: PayoffStrategy, rank: Int, apr: APR, balance: Money)
    /// The goal misses `missing`; at this amount it is reached in `etaMonths` months.
    case goal(missing: Money, etaMonths: Int?, deadline: Day?)
    /// Every bucket is at its cap (the debt cap being what month 1 can take, see `makePlan`).
    case unallocated
}

/// A remark on the plan with a stable `code` and the figures its text quotes.
public enum PlanNote: Sendable, Hashable {
    /// FCF ≤ 0 (docs/engine-rules.md, "Plan notes", a deficit note of −FCF): expenses exceed income by `amount` a
    /// month, or, with `amount` zero, income exactly covers them and nothing is split.
    case deficit(amount: Money)
    /// The emergency fund holds its target (> 0).
    case fundComplete(saved: Money, target: Money)
    /// A goal with a deadline not reached by it at this pace (ETA nil or after the deadline).
    case goalUnreachable(name: String, etaMonths: Int?, monthsToDeadline: Int)
    /// A goal's deadline is before today.
    case deadlinePassed(name: String, deadline: Day)
    /// The avalanche or the snowball schedule (chosen or not) does not clear within 1200
    /// months; `loans` names the loans whose minimum does not exceed their first month's
    /// interest.
    case minimumBelowInterest(loans: [String])
    /// `amount` a month left after every bucket reached its cap.
    case unallocated(amount: Money)

    /// The stable code of the JSON API.
    public var code: String {
        switch self {
        case .deficit: return "deficit"
        case .fundComplete: return "fund_complete"
        case .goalUnreachable: return "goal_unreachable"
        case .deadlinePassed: return "deadline_passed"
        case .minimumBelowInterest: return "minimum_below_interest"
        case .unallocated: return "unallocated"
        }
    }
}

/// A goal's progress bar and ETA.
public struct GoalProgress: Sendable, Hashable {
    public var id: ID<Goal>
    public var name: String
    public var target: Money
    public var saved: Money
    /// max(0, target − saved).
    public var missing: Money
    /// Its goal allocation per month.
    public var monthly: Money
    /// ceil(missing ÷ monthly); 0 when finished; nil when monthly is 0.
    public var etaMonths: Int?
    /// (y2·12 + m2) − (y1·12 + m1) from today, at least 1; the horizon without deadline.
    public var monthsToDeadline: Int
    public var deadlinePassed: Bool
    /// Has a deadline, is unfinished, and its ETA is nil or after the months to deadline.
    public var unreachable: Bool
    public var finished: Bool
}

/// Avalanche and snowball side by side, and the schedule of the chosen one.
public struct PayoffComparison: Sendable {
    /// The strategy the plan follows (Settings).
    public var strategy: PayoffStrategy
    public var avalanche: PayoffSummary
    public var snowball: PayoffSummary
    /// The chosen strategy's schedule, for the on-demand table and the calendar.
    public var schedule: PayoffSchedule
}

/// The whole plan.
public struct Plan: Sendable {
    public var totals: BudgetTotals
    /// monthlyRecurringIncome − monthlyExpense − everydaySpending (SPEC §11: what a household can
    /// live by, not only what its bills leave).
    public var freeCashFlow: Money
    /// The expected everyday spending a month the free cash flow keeps back (`Household.everydaySpending`).
    public var everydaySpending: Money
    /// half-to-even(1000 × minimumDebtPayments ÷ monthlyRecurringIncome); nil at zero income.
    public var debtLoadPermille: Int?
    /// emergencyMonths × monthlyExpense.
    public var emergencyTarget: Money
    public var emergencySaved: Money
    public var emergencyMissing: Money
    /// Emergency, debt lines (strategy order), goal lines (tie-break order), unallocated;
    /// only lines with a positive amount. They sum to FCF when FCF > 0, else there are none.
    public var allocations: [Allocation]
    public var notes: [PlanNote]
    /// Less total interest; ties fewer months, then avalanche; a cleared schedule beats
    /// one that is not. Nil when there is no loan to pay off.
    public var recommendedStrategy: PayoffStrategy?
    /// Nil when no mode-B loan is owing.
    public var payoff: PayoffComparison?
    /// Every goal, in household order.
    public var goals: [GoalProgress]

    /// The total of the allocation lines of one kind.
    public func allocated(_ kind: AllocationKind) -> Money {
        allocations.filter { $0.kind == kind }.map(\.amount).total()
    }
}

// MARK: - Making the plan

/// The plan on `today` (docs/engine-rules.md, "The plan"). Reads recurring items, debts, goals, settings and
/// the entries `budgetTotals` reads (year and month of today; FCF itself uses only
/// recurring items and debts).
///
/// The debt bucket's cap (docs/engine-rules.md, "The split"; item 1 of its "Differences from the
/// product specification"): the debt share can only pay what is left after this month's
/// mandatory payments; a careful accountant would not park money the loans cannot take.
/// So the cap is what the debt share can pay in the schedule's first month, Σ over open
/// loans of (balance brought forward to today + month-1 interest, 0 in grace,
/// − min(minimum, that sum)), less what the unused rest of month 1's minimums pays first
/// (`firstMonthExtraCapacity`). The capped repeat then passes any surplus on to the fund
/// and the goals; only what no bucket can take is "unallocated". The debt lines (one per
/// loan the debt share pays in month 1, strategy order) sum to the debt share, and all
/// lines to FCF. FCF ≤ 0: no split and a `deficit` note of −FCF (0 when FCF is 0).
public func makePlan(_ h: Household, today: Day) -> Plan {
    let debts = DebtBook(h.debts, today: today)
    let totals = budgetTotals(h, today: today, year: today.year, debts: debts)
    let settings = h.settings
    let income = totals.monthlyRecurringIncome
    let fcfValue = Int128(income.minorUnits) - Int128(totals.monthlyExpense.minorUnits) - Int128(max(0, h.everydaySpending.minorUnits))
    let fcf = Money(minorUnits: Int64(saturating: fcfValue))
    let debtLoad = income.minorUnits > 0
        ? Int(clamping: roundHalfEven(numerator: 1000 * Int128(totals.minimumDebtPayments.minorUnits), denominator: Int128(income.minorUnits)))
        : nil
    let target = Money(minorUnits: Int64(saturating: Int128(max(settings.emergencyMonths, 0)) * Int128(totals.monthlyExpense.minorUnits)))
    let missing = h.emergencySaved.shortfall(below: target)
    let goalPlans = goalOrder(h.goals, today: today, horizon: settings.horizonMonths)

    // The split of FCF > 0 among fund, debts, goals; the debt cap is what month 1 can take.
    var bucketParts: [Int64] = [0, 0, 0]
    if fcf.minorUnits > 0 {
        let goalCap = goalPlans.map(\.missing.minorUnits).reduce(Int128(0)) { $0 + Int128($1) }
        let debtCap = firstMonthExtraCapacity(broughtForward: debts.loans, today: today)
        bucketParts = cappedSplit(fcf.minorUnits,
                                  weights: shareWeights([settings.emergencyShare, settings.debtShare, settings.goalShare]),
                                  caps: [missing.minorUnits, debtCap.minorUnits, Int64(saturating: goalCap)])
    }

    // Payoff with the debt share as the monthly extra.
    var payoff: PayoffComparison?
    var recommended: PayoffStrategy?
    var debtLines: [Allocation] = []
    var uncleared: PayoffSchedule?
    if !debts.openLoans.isEmpty {
        let extra = Money(minorUnits: bucketParts[1])
        let avalanche = payoffSchedule(broughtForward: debts.loans, strategy: .avalanche, monthlyExtra: extra, today: today)
        let snowball = payoffSchedule(broughtForward: debts.loans, strategy: .snowball, monthlyExtra: extra, today: today)
        let chosen = settings.strategy == .avalanche ? avalanche : snowball
        // "Minimum below interest" whichever strategy fails to clear, chosen or not.
        uncleared = [chosen, avalanche, snowball].first { !$0.summary.isCleared }
        payoff = PayoffComparison(strategy: settings.strategy, avalanche: avalanche.summary, snowball: snowball.summary, schedule: chosen)
        recommended = recommendedStrategy(avalanche: avalanche.summary, snowball: snowball.summary)
        debtLines = debtAllocationLines(chosen)
        // The cap makes month 1 use the whole debt share, so the lines sum to it.
        assert(debtLines.map(\.amount.minorUnits).reduce(0, +) == bucketParts[1], "debt lines must sum to the debt share")
    }

    let goalParts = splitGoalShare(bucketParts[2], goalPlans)
    let progress = goalProgress(h.goals, goalPlans, parts: goalParts, today: today, horizon: settings.horizonMonths)
    var allocations: [Allocation] = []
    if bucketParts[0] > 0 {
        allocations.append(Allocation(kind: .emergency, name: "", amount: Money(minorUnits: bucketParts[0]),
                                      rationale: .emergency(missing: missing, target: target, months: settings.emergencyMonths)))
    }
    allocations += debtLines
    for (plan, part) in zip(goalPlans, goalParts) where part > 0 {
        let eta = progress.first { $0.id == plan.goal.id }?.etaMonths
        allocations.append(Allocation(kind: .goal, name: plan.goal.name, amount: Money(minorUnits: part),
                                      rationale: .goal(missing: plan.missing, etaMonths: eta, deadline: plan.goal.deadline),
                                      sourceID: plan.goal.id.rawValue))
    }
    let rest = fcf.minorUnits > 0 ? fcf.minorUnits - bucketParts[0] - bucketParts[1] - goalParts.reduce(0, +) : 0
    if rest > 0 {
        allocations.append(Allocation(kind: .unallocated, name: "", amount: Money(minorUnits: rest), rationale: .unallocated))
    }

    var notes: [PlanNote] = []
    if fcf.minorUnits <= 0 { notes.append(.deficit(amount: Money(minorUnits: Int64(saturating: -fcfValue)))) }
    if target.minorUnits > 0, missing == .zero { notes.append(.fundComplete(saved: h.emergencySaved, target: target)) }
    if let schedule = uncleared {
        notes.append(.minimumBelowInterest(loans: loansNotCoveringInterest(schedule, debts: debts)))
    }
    for goal in progress where !goal.finished {
        let deadline = h.goals.first { $0.id == goal.id }?.deadline
        if goal.deadlinePassed, let deadline { notes.append(.deadlinePassed(name: goal.name, deadline: deadline)) }
        else if goal.unreachable {
            notes.append(.goalUnreachable(name: goal.name, etaMonths: goal.etaMonths, monthsToDeadline: goal.monthsToDeadline))
        }
    }
    if rest > 0 { notes.append(.unallocated(amount: Money(minorUnits: rest))) }

    return Plan(totals: totals, freeCashFlow: fcf, everydaySpending: Money(minorUnits: max(0, h.everydaySpending.minorUnits)), debtLoadPermille: debtLoad, emergencyTarget: target,
                emergencySaved: h.emergencySaved, emergencyMissing: missing, allocations: allocations, notes: notes,
                recommendedStrategy: recommended, payoff: payoff, goals: progress)
}

// MARK: - Payoff helpers

/// docs/engine-rules.md, "Strategies": the strategy with less total interest; ties fewer months, then avalanche.
/// A cleared schedule beats one that is not; neither cleared → avalanche.
func recommendedStrategy(avalanche: PayoffSummary, snowball: PayoffSummary) -> PayoffStrategy {
    guard let aInterest = avalanche.totalInterest, let aMonths = avalanche.months else {
        return snowball.isCleared ? .snowball : .avalanche
    }
    guard let sInterest = snowball.totalInterest, let sMonths = snowball.months else { return .avalanche }
    if sInterest != aInterest { return sInterest < aInterest ? .snowball : .avalanche }
    return sMonths < aMonths ? .snowball : .avalanche
}

/// One debt allocation line per loan the debt share pays in month 1, in strategy order.
private func debtAllocationLines(_ schedule: PayoffSchedule) -> [Allocation] {
    schedule.firstMonthExtra.compactMap { line in
        guard let rank = schedule.loans.firstIndex(where: { $0.debtID == line.debtID }) else { return nil }
        let loan = schedule.loans[rank]
        return Allocation(kind: .debt, name: loan.name, amount: line.amount,
                          rationale: .debt(strategy: schedule.strategy, rank: rank + 1, apr: loan.apr, balance: loan.startBalance),
                          sourceID: line.debtID.rawValue)
    }
}

/// Names of scheduled loans whose minimum does not exceed their first schedule month's interest.
private func loansNotCoveringInterest(_ schedule: PayoffSchedule, debts: DebtBook) -> [String] {
    guard let first = schedule.months.first else { return schedule.loans.map(\.name) }
    return schedule.loans.filter { loan in
        guard let row = first.rows.first(where: { $0.debtID == loan.debtID }) else { return false }
        return loan.minimum <= row.interest
    }.map(\.name)
}
