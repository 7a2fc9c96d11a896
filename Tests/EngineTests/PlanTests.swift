import Testing
@testable import Engine

// MARK: - Scenarios

private let today = day("2027-03-15")

/// One named plan scenario with the figures derived by hand.
struct PlanCase: Sendable, CustomTestStringConvertible {
    let name: String
    let household: Household
    let freeCashFlow: Int64
    /// (kind, name, amount in minor units) in plan order.
    let allocations: [Allocation.Line]
    let notes: [String]
    var testDescription: String { name }
}

extension Allocation {
    struct Line: Equatable, Sendable, CustomStringConvertible {
        let kind: AllocationKind, name: String, amount: Int64
        init(_ kind: AllocationKind, _ name: String, _ amount: Int64) { self.kind = kind; self.name = name; self.amount = amount }
        init(_ kind: AllocationKind, _ amount: Int64) { self.init(kind, "", amount) }
        var description: String { "\(kind) \(name) \(amount)" }
    }
    var line: Line { Line(kind, name, amount.minorUnits) }
}

private func goal(_ id: ID<Goal>, target: Int64, saved: Int64 = 0, deadline: String? = nil, priority: Int = 2) -> Goal {
    Goal(id: id, name: "Goal \(id)", target: money(target), saved: money(saved), deadline: deadline.map(day), priority: priority)
}

private let scenarios: [PlanCase] = [
    // No data: FCF 0 ≤ 0 → no split and, read literally (docs/engine-rules.md, "Plan notes"), a deficit note of 0.
    PlanCase(name: "empty household", household: Household(), freeCashFlow: 0, allocations: [], notes: ["deficit"]),
    // 100,000 of income and nothing else: the fund target is 3 × 0 = 0, no debts, no goals → all unallocated.
    PlanCase(name: "income only", household: Household(incomes: [income(1, 100_000_00)]), freeCashFlow: 100_000_00,
             allocations: [.init(.unallocated, 100_000_00)], notes: ["unallocated"]),
    // 50,000 − 60,000 = −10,000: no split, a deficit note.
    PlanCase(name: "deficit", household: Household(incomes: [income(1, 50_000_00)], expenses: [expense(2, 60_000_00)]),
             freeCashFlow: -10_000_00, allocations: [], notes: ["deficit"]),
    // 1,000 − 1,000 = 0; FCF ≤ 0 gives no split and a deficit note of −FCF (docs/engine-rules.md, "Plan notes") → a deficit note of 0.
    PlanCase(name: "break-even", household: Household(incomes: [income(1, 1_000_00)], expenses: [expense(2, 1_000_00)]),
             freeCashFlow: 0, allocations: [], notes: ["deficit"]),
    // Target 3 × 40,000 = 120,000 ≤ saved 150,000: the fund takes nothing.
    PlanCase(name: "fund complete", household: Household(incomes: [income(1, 100_000_00)], expenses: [expense(2, 40_000_00)],
                                                         emergencySaved: money(150_000_00)),
             freeCashFlow: 60_000_00, allocations: [.init(.unallocated, 60_000_00)], notes: ["fund_complete", "unallocated"]),
    // FCF 60,000; debts cap 0 so fund and goals split 40:20 → 40,000 / 20,000 (fund misses 120,000, goal 100,000).
    PlanCase(name: "no debts", household: Household(incomes: [income(1, 100_000_00)], expenses: [expense(2, 40_000_00)],
                                                    goals: [goal(1, target: 100_000_00)]),
             freeCashFlow: 60_000_00, allocations: [.init(.emergency, 40_000_00), .init(.goal, "Goal 1", 20_000_00)], notes: []),
    // Loan 100,000 at 12 %, minimum 5,000 → FCF 95,000; fund target 15,000. Round 1: 47,500 each to fund and debts,
    // fund clamped at 15,000; round 2: the 32,500 left goes to debts → 80,000 (cap 100,000).
    // Month 1 (April): +1,000 interest → 101,000 − 5,000 = 96,000 − 80,000 = 16,000. May: +160 → 16,160, cleared.
    PlanCase(name: "no goals", household: Household(incomes: [income(1, 100_000_00)],
                                                    debts: [loanDebt(1, balance: 100_000_00, apr: 1200, minimum: 5_000_00, asOf: "2027-03-15")]),
             freeCashFlow: 95_000_00, allocations: [.init(.emergency, 15_000_00), .init(.debt, "Loan 1", 80_000_00)], notes: []),
    // Shares 100/0/0: the fund takes its 3,000 (3 × 1,000); the 6,000 left go to the goals, whose share is zero,
    // because every open bucket has share zero → equal split among the open ones.
    PlanCase(name: "all open buckets have zero share",
             household: Household(incomes: [income(1, 10_000_00)], expenses: [expense(2, 1_000_00)],
                                  goals: [goal(1, target: 50_000_00)],
                                  settings: PlanSettings(emergencyShare: 100, debtShare: 0, goalShare: 0)),
             freeCashFlow: 9_000_00, allocations: [.init(.emergency, 3_000_00), .init(.goal, "Goal 1", 6_000_00)], notes: []),
    // Goal share only (fund target 0): 1,000.01 split 1:1 between two equal goals → 500.00 each and the odd unit
    // to the earlier in tie order: same priority, no deadlines → creation order (goal 1).
    PlanCase(name: "goal ties by creation order",
             household: Household(incomes: [income(1, 1_000_01)], goals: [goal(2, target: 1_000_000_00), goal(1, target: 1_000_000_00)],
                                  settings: PlanSettings(emergencyShare: 0, debtShare: 0, goalShare: 100, emergencyMonths: 0)),
             freeCashFlow: 1_000_01, allocations: [.init(.goal, "Goal 1", 500_01), .init(.goal, "Goal 2", 500_00)], notes: []),
    // Same months to deadline (September: 6 months) → equal weights; the earlier deadline (goal 2) wins the odd unit.
    PlanCase(name: "goal ties by earlier deadline",
             household: Household(incomes: [income(1, 1_000_01)],
                                  goals: [goal(1, target: 1_000_000_00, deadline: "2027-09-30"), goal(2, target: 1_000_000_00, deadline: "2027-09-01")],
                                  settings: PlanSettings(emergencyShare: 0, debtShare: 0, goalShare: 100, emergencyMonths: 0)),
             freeCashFlow: 1_000_01, allocations: [.init(.goal, "Goal 2", 500_01), .init(.goal, "Goal 1", 500_00)],
             notes: ["goal_unreachable", "goal_unreachable"]),
    // Finished goal takes nothing; the other (priority 3, 12 months: weight 3/12) takes the whole goal share.
    PlanCase(name: "finished goals",
             household: Household(incomes: [income(1, 1_000_00)], goals: [goal(1, target: 500_00, saved: 600_00), goal(2, target: 12_000_00, priority: 3)],
                                  settings: PlanSettings(emergencyShare: 0, debtShare: 0, goalShare: 100, emergencyMonths: 0, horizonMonths: 12)),
             freeCashFlow: 1_000_00, allocations: [.init(.goal, "Goal 2", 1_000_00)], notes: []),
    // Deadline January 2027 is before today: months = max(1, −2) = 1; ETA 1,000/100 = 10 > 1.
    PlanCase(name: "goal past deadline",
             household: Household(incomes: [income(1, 100_00)], goals: [goal(1, target: 1_000_00, deadline: "2027-01-31")],
                                  settings: PlanSettings(emergencyShare: 0, debtShare: 0, goalShare: 100, emergencyMonths: 0)),
             freeCashFlow: 100_00, allocations: [.init(.goal, "Goal 1", 100_00)], notes: ["deadline_passed"]),
    // Weights priority ÷ months: goal 1 = 1/24 (no deadline → horizon 24), goal 2 = 3/6 (September).
    // Over L = 24: 1 and 12 → 1,300.00 × 1/13 = 100.00 and × 12/13 = 1,200.00.
    PlanCase(name: "goals without deadline use the horizon",
             household: Household(incomes: [income(1, 1_300_00)],
                                  goals: [goal(1, target: 100_000_00, priority: 1), goal(2, target: 100_000_00, deadline: "2027-09-10", priority: 3)],
                                  settings: PlanSettings(emergencyShare: 0, debtShare: 0, goalShare: 100, emergencyMonths: 0)),
             freeCashFlow: 1_300_00, allocations: [.init(.goal, "Goal 2", 1_200_00), .init(.goal, "Goal 1", 100_00)],
             notes: ["goal_unreachable"]),
    // 33/33/34 of 1,000.01: 330.0033 / 330.0033 / 340.0034 → floors 330.00, 330.00, 340.00 and the odd unit to the
    // largest remainder (goals, .0034). No cap binds: the fund misses 12 × 999,000, the loan owes 1,000.00 (paid off
    // in 4 months by its 330.00 a month), the goal misses 1,000,000.
    PlanCase(name: "rounding still sums exactly",
             household: Household(incomes: [income(1, 1_000_000_01)], expenses: [expense(2, 999_000_00)],
                                  debts: [loanDebt(1, balance: 1_000_00, apr: 0, minimum: nil, asOf: "2027-03-15")],
                                  goals: [goal(1, target: 1_000_000_00)],
                                  settings: PlanSettings(emergencyShare: 33, debtShare: 33, goalShare: 34, emergencyMonths: 12)),
             freeCashFlow: 1_000_01, allocations: [.init(.emergency, 330_00), .init(.debt, "Loan 1", 330_00), .init(.goal, "Goal 1", 340_01)],
             notes: []),
]

@Test(arguments: scenarios)
func planScenario(_ c: PlanCase) {
    let plan = makePlan(c.household, today: today)
    #expect(plan.freeCashFlow == money(c.freeCashFlow))
    #expect(plan.allocations.map(\.line) == c.allocations)
    #expect(plan.notes.map(\.code) == c.notes)
    if c.freeCashFlow > 0 {
        #expect(plan.allocations.map(\.amount).total() == money(c.freeCashFlow))
    }
}

// MARK: - Details of single scenarios

@Test func deficitNoteCarriesItsSizeInBothLanguages() {
    let plan = makePlan(Household(incomes: [income(1, 50_000_00)], expenses: [expense(2, 60_000_00)]), today: today)
    #expect(plan.notes == [.deficit(amount: money(10_000_00))])
    #expect(plan.notes[0].text(.en, .usd) == "Your monthly expenses exceed your recurring income by $10,000.00, so there is nothing to split.")
    #expect(plan.notes[0].text(.ru, .rub).contains("10\u{00A0}000,00\u{00A0}₽"))
}

@Test func debtLoadFundAndPayoffFigures() {
    let h = Household(incomes: [income(1, 100_000_00)],
                      debts: [loanDebt(1, balance: 100_000_00, apr: 1200, minimum: 5_000_00, asOf: "2027-03-15")])
    let plan = makePlan(h, today: today)
    #expect(plan.debtLoadPermille == 50)                 // 1000 × 5,000 ÷ 100,000
    #expect(plan.emergencyTarget == money(15_000_00))    // 3 × 5,000
    #expect(plan.emergencyMissing == money(15_000_00))
    // See "no goals": April and May, interest 1,000.00 + 160.00.
    #expect(plan.payoff?.avalanche == PayoffSummary(months: 2, totalInterest: money(1_160_00), debtFreeMonth: YearMonth(iso: "2027-05")))
    #expect(plan.recommendedStrategy == .avalanche)
    #expect(plan.allocations[1].text(.en, .usd)
            == "Adds $80,000.00 a month on top of the minimum payment to “Loan 1”, because it has the highest rate (12%) and is paid first under the avalanche method.")
}

@Test func debtCapIsWhatMonthOneCanTakeAndTheSurplusGoesOn() {
    // Loan 1,000.00 at 0 %, minimum 100.00, as of today; income 10,000.00 → FCF 9,900; fund target 3 × 100 = 300.
    // Debt cap = what is left owing after month 1's minimum: 1,000 + 0 interest − min(100, 1,000) = 900.
    // With a goal missing 100,000: round 1 (40/40/20) 3,960 / 3,960 / 1,980 → fund 300, debts 900, goals 1,980;
    // left 9,900 − 3,180 = 6,720 → only the goal is open → goal 8,700. Nothing is unallocated.
    let withGoal = Household(incomes: [income(1, 10_000_00)],
                             debts: [loanDebt(1, balance: 1_000_00, apr: 0, minimum: 100_00, asOf: "2027-03-15")],
                             goals: [goal(1, target: 100_000_00)])
    let plan = makePlan(withGoal, today: today)
    #expect(plan.allocations.map(\.line) == [.init(.emergency, 300_00), .init(.debt, "Loan 1", 900_00), .init(.goal, "Goal 1", 8_700_00)])
    #expect(plan.notes.isEmpty)
    // April: 1,000 − 100 minimum − 900 extra = 0; the schedule's extra is the debt share.
    #expect(plan.payoff?.schedule.monthlyExtra == money(900_00))
    #expect(plan.payoff?.avalanche == PayoffSummary(months: 1, totalInterest: .zero, debtFreeMonth: YearMonth(iso: "2027-04")))
    // Without a goal no bucket can take the 8,700 left after fund 300 and debts 900: it is unallocated.
    var noGoal = withGoal
    noGoal.goals = []
    let rest = makePlan(noGoal, today: today)
    #expect(rest.allocations.map(\.line) == [.init(.emergency, 300_00), .init(.debt, "Loan 1", 900_00), .init(.unallocated, 8_700_00)])
    #expect(rest.notes == [.unallocated(amount: money(8_700_00))])
}

@Test func debtCapLeavesOutWhatUnusedMinimumsPayFirst() {
    // APR 0, as of today. Loan 1: 300.00, minimum 500.00; loan 2: 1,000.00, minimum 100.00. Income 10,000.00 →
    // FCF 10,000 − 600 = 9,400; fund target 3 × 600 = 1,800. Month 1 (April): loan 1 pays min(500, 300) = 300 and
    // closes, its unused 200 goes to the pool; loan 2 pays 100 → 900 left. Left owing after the minimums: 0 + 900;
    // the pool spends the unused 200 before the extra, so the debt share can pay only 700: cap 700.
    // Split 40/40/20 (goals cap 0): 4,700 / 4,700 → fund 1,800, debts 700; 9,400 − 2,500 = 6,900 unallocated.
    let h = Household(incomes: [income(1, 10_000_00)],
                      debts: [loanDebt(1, balance: 300_00, apr: 0, minimum: 500_00, asOf: "2027-03-15"),
                              loanDebt(2, balance: 1_000_00, apr: 0, minimum: 100_00, asOf: "2027-03-15")])
    let plan = makePlan(h, today: today)
    #expect(plan.freeCashFlow == money(9_400_00))
    #expect(plan.allocations.map(\.line) == [.init(.emergency, 1_800_00), .init(.debt, "Loan 2", 700_00), .init(.unallocated, 6_900_00)])
    // April: loan 2 gets 200 from the unused minimum and 700 from the debt share → cleared in month 1.
    #expect(plan.payoff?.schedule.months.first?.rows.map(\.extraPayment) == [.zero, money(900_00)])
    #expect(plan.payoff?.avalanche.debtFreeMonth == YearMonth(iso: "2027-04"))
}

@Test func debtCapCountsMonthOneInterestButNotInGrace() {
    // 10,000.00 at 12 %, minimum 1,000.00, as of today. Month-1 interest 100.00: cap 10,000 + 100 − 1,000 = 9,100.
    // With grace 1 April is interest-free: cap 10,000 − 1,000 = 9,000. Income 100,000, shares 0/100/0, fund target 0.
    for (grace, cap) in [(0, 9_100_00 as Int64), (1, 9_000_00)] {
        let h = Household(incomes: [income(1, 100_000_00)],
                          debts: [loanDebt(1, balance: 10_000_00, apr: 1200, minimum: 1_000_00, asOf: "2027-03-15", grace: grace)],
                          settings: PlanSettings(emergencyShare: 0, debtShare: 100, goalShare: 0, emergencyMonths: 0))
        let plan = makePlan(h, today: today)
        // FCF 99,000: the debts take their cap, the rest has nowhere to go.
        #expect(plan.allocations.map(\.line) == [.init(.debt, "Loan 1", cap), .init(.unallocated, 99_000_00 - cap)], "grace \(grace)")
        #expect(plan.payoff?.avalanche.months == 1, "grace \(grace)")
    }
}

@Test func breakEvenNoteReadsSensiblyInBothLanguages() {
    let plan = makePlan(Household(incomes: [income(1, 1_000_00)], expenses: [expense(2, 1_000_00)]), today: today)
    #expect(plan.notes == [.deficit(amount: .zero)])
    #expect(plan.notes[0].text(.en, .usd) == "Income exactly covers expenses: nothing is left for the fund, debts or goals.")
    #expect(plan.notes[0].text(.ru, .rub) == "Доход ровно покрывает расходы: на резервный фонд, долги и цели ничего не остаётся.")
}

@Test func minimumBelowInterestGivesNullsAndANote() {
    let h = Household(incomes: [income(1, 1_000_00)],
                      debts: [loanDebt(1, balance: 120_000_00, apr: 1200, minimum: 1_200_00, asOf: "2027-03-15", name: "Card")])
    let plan = makePlan(h, today: today)
    #expect(plan.freeCashFlow == money(-200_00))
    #expect(plan.payoff?.avalanche == PayoffSummary(months: nil, totalInterest: nil, debtFreeMonth: nil))
    #expect(plan.notes == [.deficit(amount: money(200_00)), .minimumBelowInterest(loans: ["Card"])])
}

@Test func goalProgressFlagsAndETA() {
    // Goal share 1,300: goal 2 gets 1,200 → ETA ceil(100,000 ÷ 1,200) = 84 > 6 months → unreachable.
    let plan = makePlan(scenarios.first { $0.name == "goals without deadline use the horizon" }!.household, today: today)
    let second = plan.goals.first { $0.id == 2 }!
    #expect(second.etaMonths == 84)
    #expect(second.monthsToDeadline == 6)
    #expect(second.unreachable)
    let first = plan.goals.first { $0.id == 1 }!
    #expect(first.etaMonths == 1_000)                    // 100,000 ÷ 100
    #expect(first.monthsToDeadline == 24)
    #expect(!first.unreachable)                          // no deadline
    let finished = makePlan(scenarios.first { $0.name == "finished goals" }!.household, today: today).goals[0]
    #expect(finished.finished && finished.etaMonths == 0 && finished.missing == .zero && finished.monthly == .zero)
}
