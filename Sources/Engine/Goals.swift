// Goals in the plan (docs/engine-rules.md, "Goals"): weights priority ÷ months, ETAs.

// MARK: - Goal order

/// An unfinished goal as the goal share sees it.
struct GoalPlan: Sendable {
    let goal: Goal
    let missing: Money
    /// Months to the deadline (at least 1), or the horizon.
    let months: Int
}

/// Months to a deadline counted on months: (y2·12 + m2) − (y1·12 + m1), at least 1;
/// the horizon (at least 1) without a deadline.
func monthsToDeadline(_ deadline: Day?, today: Day, horizon: Int) -> Int {
    guard let deadline else { return max(horizon, 1) }
    return max(today.yearMonth.months(to: deadline.yearMonth), 1)
}

/// Unfinished goals in tie-break order: higher priority, earlier deadline (goals without
/// a deadline after those with one), then creation order (id).
func goalOrder(_ goals: [Goal], today: Day, horizon: Int) -> [GoalPlan] {
    goals.filter { !$0.isFinished }.sorted { a, b in
        if a.priority != b.priority { return a.priority > b.priority }
        switch (a.deadline, b.deadline) {
        case let (x?, y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: return a.id < b.id
        }
    }.map {
        GoalPlan(goal: $0, missing: $0.saved.shortfall(below: $0.target),
                 months: monthsToDeadline($0.deadline, today: today, horizon: horizon))
    }
}

// MARK: - Goal share

/// Splits the goal share among unfinished goals by weight priority ÷ months, exactly:
/// the weights are put over the least common multiple of the months, so
/// weightᵢ = priorityᵢ × (L ÷ monthsᵢ) in integers. Capped at each goal's missing
/// amount with the capped repeat (docs/engine-rules.md, "Splitting a total"). Returns one part per goal of `plans`.
func splitGoalShare(_ share: Int64, _ plans: [GoalPlan]) -> [Int64] {
    guard share > 0, !plans.isEmpty else { return Array(repeating: 0, count: plans.count) }
    var common = BigUInt(1)
    for plan in plans {
        let months = UInt64(plan.months)
        let remainder = common.divided(by: months).remainder
        common = common * (months / UInt64(greatestCommonDivisor(Int64(remainder), Int64(months))))
    }
    let weights = plans.map { common.divided(by: UInt64($0.months)).quotient * UInt64(max($0.goal.priority, 0)) }
    return cappedSplit(share, weights: weights, caps: plans.map(\.missing.minorUnits))
}

// MARK: - Progress

/// Progress of every goal, in household order, given the parts of the goal share
/// (one per goal of `plans`).
func goalProgress(_ goals: [Goal], _ plans: [GoalPlan], parts: [Int64], today: Day, horizon: Int) -> [GoalProgress] {
    var monthlyByID: [ID<Goal>: Int64] = [:]
    for (plan, part) in zip(plans, parts) { monthlyByID[plan.goal.id] = part }
    return goals.map { goal in
        let missing = goal.saved.shortfall(below: goal.target)
        let monthly = monthlyByID[goal.id] ?? 0
        let finished = goal.isFinished
        let eta: Int? = finished ? 0 : (monthly > 0 ? Int(ceilDivide(Int128(missing.minorUnits), Int128(monthly))) : nil)
        let months = monthsToDeadline(goal.deadline, today: today, horizon: horizon)
        let unreachable = !finished && goal.deadline != nil && (eta.map { $0 > months } ?? true)
        return GoalProgress(id: goal.id, name: goal.name, target: goal.target, saved: goal.saved, missing: missing,
                            monthly: Money(minorUnits: monthly), etaMonths: eta, monthsToDeadline: months,
                            deadlinePassed: goal.deadline.map { $0 < today } ?? false,
                            unreachable: unreachable, finished: finished)
    }
}
