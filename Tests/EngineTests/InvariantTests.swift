import Testing
@testable import Engine

// MARK: - Random households

/// A random but valid household within the limits of docs/product-rules.md, "Ground limits".
func randomHousehold(_ g: inout SplitMix64, today: Day) -> Household {
    func amount(_ range: ClosedRange<Int64>) -> Money { money(Int64.random(in: range, using: &g)) }
    func pastDay() -> Day { today.adding(days: -Int.random(in: 0...2000, using: &g)) }
    var id: Int64 = 0
    func nextID<Tag>() -> ID<Tag> { id += 1; return ID(id) }
    let incomes = (0..<Int.random(in: 0...4, using: &g)).map { _ in
        RecurringItem(id: nextID(), kind: .income, name: "I", amount: amount(1_000_00...300_000_00),
                      periodicity: Periodicity.allCases.randomElement(using: &g)!, start: pastDay())
    }
    let expenses = (0..<Int.random(in: 0...6, using: &g)).map { _ in
        RecurringItem(id: nextID(), kind: .expense, name: "E", amount: amount(100_00...80_000_00),
                      periodicity: Periodicity.allCases.randomElement(using: &g)!, start: pastDay(), category: "food")
    }
    let debts = (0..<Int.random(in: 0...4, using: &g)).map { _ -> Debt in
        let debtID: ID<Debt> = nextID()
        if Bool.random(using: &g) {
            return Debt(id: debtID, name: "A", paymentDay: Int.random(in: 1...31, using: &g), createdOn: pastDay(),
                        kind: .paymentOnly(monthlyPayment: amount(100_00...10_000_00)))
        }
        let loan = Loan(balance: amount(1_000_00...5_000_000_00), asOf: today.adding(days: -Int.random(in: 0...400, using: &g)),
                        apr: APR(hundredths: Int64.random(in: 0...10_000, using: &g)),
                        termMonths: Bool.random(using: &g) ? Int.random(in: 1...600, using: &g) : nil,
                        graceMonths: Int.random(in: 0...3, using: &g), minimumPayment: amount(0...200_000_00))
        return Debt(id: debtID, name: "L\(debtID)", paymentDay: Int.random(in: 1...31, using: &g), createdOn: loan.asOf, kind: .loan(loan))
    }
    let goals = (0..<Int.random(in: 0...5, using: &g)).map { _ in
        Goal(id: nextID(), name: "G", target: amount(1_000_00...10_000_000_00), saved: amount(0...2_000_000_00),
             deadline: Bool.random(using: &g) ? today.adding(days: Int.random(in: -100...3000, using: &g)) : nil,
             priority: Int.random(in: 1...3, using: &g))
    }
    let first = Int.random(in: 0...100, using: &g), second = Int.random(in: 0...(100 - first), using: &g)
    let settings = PlanSettings(emergencyShare: first, debtShare: second, goalShare: 100 - first - second,
                                emergencyMonths: Int.random(in: 0...24, using: &g), horizonMonths: Int.random(in: 1...600, using: &g),
                                strategy: PayoffStrategy.allCases.randomElement(using: &g)!)
    return Household(incomes: incomes, expenses: expenses, debts: debts, goals: goals,
                     emergencySaved: amount(0...500_000_00), settings: settings)
}

// MARK: - Plan invariants

@Test(arguments: [1, 2, 3, 4] as [UInt64])
func planInvariantsOverRandomHouseholds(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    for _ in 0..<100 {
        let today = Day(ordinal: day("2026-01-01").ordinal + Int.random(in: 0...1500, using: &g))
        let h = randomHousehold(&g, today: today)
        let plan = makePlan(h, today: today)
        if plan.freeCashFlow.minorUnits > 0 {
            // Allocations + unallocated = FCF, every line positive.
            #expect(plan.allocations.map(\.amount).total() == plan.freeCashFlow)
            #expect(plan.allocations.allSatisfy { $0.amount.minorUnits > 0 })
            #expect(plan.allocated(.emergency) <= plan.emergencyMissing)
        } else {
            #expect(plan.allocations.isEmpty)
        }
        for goal in plan.goals {
            #expect(goal.monthly <= goal.missing)
            #expect(goal.finished == (goal.missing == .zero))
            #expect(goal.monthsToDeadline >= 1)
        }
        #expect(plan.allocated(.goal) == plan.goals.map(\.monthly).total())
        if let payoff = plan.payoff {
            let schedule = payoff.schedule
            #expect(schedule.monthlyExtra == plan.allocated(.debt))
            // No negative balance anywhere; schedules terminate within the limit.
            #expect(schedule.months.count <= PayoffSchedule.monthLimit)
            for month in schedule.broughtForward + schedule.months {
                #expect(month.rows.allSatisfy { $0.balanceAfter.minorUnits >= 0 && $0.minimumPayment.minorUnits >= 0 && $0.extraPayment.minorUnits >= 0 })
            }
            if payoff.schedule.summary.isCleared {
                #expect(schedule.months.last?.rows.allSatisfy { $0.balanceAfter == .zero } ?? false)
                #expect(schedule.summary.debtFreeMonth == schedule.months.last?.month)
            } else {
                #expect(plan.notes.contains { $0.code == "minimum_below_interest" })
            }
        }
        // Every text renders in both languages without losing a figure.
        for allocation in plan.allocations {
            #expect(allocation.text(.en, .usd).contains(MoneyFormat.format(allocation.amount, .usd, .en)))
            #expect(allocation.text(.ru, .rub).contains(MoneyFormat.format(allocation.amount, .rub, .ru)))
        }
        for note in plan.notes { #expect(!note.text(.ru, .rub).isEmpty && !note.text(.en, .eur).isEmpty) }
    }
}
