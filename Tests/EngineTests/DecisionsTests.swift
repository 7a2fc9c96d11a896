import Testing
@testable import Engine

// The engine-rule decisions of 2026-11-22, each with the smallest case that shows it.

private let decisionsToday = day("2026-11-21")

@Test func minimumBelowInterestNoteForTheStrategyNotChosen() {
    // Income 850.00, shares 0/100/0, avalanche. X: 10,000.00 at 100 % with minimum 800.00 (interest 833.33 a month);
    // Y: 5,000.00 at 0 % with minimum 10.00. FCF = 850 − 810 = 40, all to debts. Avalanche pays X first and
    // clears; snowball pays Y first, so X grows for ever: the note is due although avalanche is chosen.
    let h = Household(incomes: [income(1, 850_00)],
                      debts: [loanDebt(1, balance: 10_000_00, apr: 10_000, minimum: 800_00, asOf: "2026-11-21", name: "X"),
                              loanDebt(2, balance: 5_000_00, apr: 0, minimum: 10_00, asOf: "2026-11-21", name: "Y")],
                      settings: PlanSettings(emergencyShare: 0, debtShare: 100, goalShare: 0, strategy: .avalanche))
    let plan = makePlan(h, today: decisionsToday)
    #expect(plan.payoff?.avalanche.months != nil, "avalanche clears")
    #expect(plan.payoff?.snowball.months == nil, "snowball never clears")
    #expect(plan.notes.contains(.minimumBelowInterest(loans: ["X"])))
    // The same household choosing snowball gets the same note (its own schedule fails).
    var snowball = h
    snowball.settings.strategy = .snowball
    #expect(makePlan(snowball, today: decisionsToday).notes.contains(.minimumBelowInterest(loans: ["X"])))
    // When both clear there is no such note.
    var fine = h
    fine.debts[0] = loanDebt(1, balance: 10_000_00, apr: 1200, minimum: 800_00, asOf: "2026-11-21", name: "X")
    #expect(!makePlan(fine, today: decisionsToday).notes.contains { $0.code == "minimum_below_interest" })
}

@Test func goalPastItsDeadlineGetsOnlyDeadlinePassed() {
    let h = Household(incomes: [income(1, 1_000_00)],
                      goals: [Goal(id: 1, name: "Trip", target: money(100_000_00), deadline: day("2026-10-01"))],
                      settings: PlanSettings(emergencyShare: 0, debtShare: 0, goalShare: 100, emergencyMonths: 0))
    let codes = makePlan(h, today: decisionsToday).notes.map(\.code)
    #expect(codes.contains("deadline_passed"))
    #expect(!codes.contains("goal_unreachable"))
}

@Test func fundCompleteOnlyWithATargetAboveZero() {
    let zeroTarget = Household(incomes: [income(1, 1_000_00)], settings: PlanSettings(emergencyMonths: 0))
    #expect(!makePlan(zeroTarget, today: decisionsToday).notes.contains { $0.code == "fund_complete" })
    let complete = Household(incomes: [income(1, 1_000_00)], expenses: [expense(2, 100_00)], emergencySaved: money(300_00))
    #expect(makePlan(complete, today: decisionsToday).notes.contains { $0.code == "fund_complete" })
}

@Test func allocationsAlwaysSumToFreeCashFlowWithTheMonthOneDebtCap() {
    // The debt cap is what month 1 can pay, so the split never leaves the debt share unspent by the schedule.
    for minimum: Int64 in [50_00, 500_00, 5_000_00] {
        let h = Household(incomes: [income(1, 10_000_00)],
                          debts: [loanDebt(1, balance: 2_000_00, apr: 1500, minimum: minimum, asOf: "2026-11-21")],
                          settings: PlanSettings(emergencyShare: 0, debtShare: 100, goalShare: 0, emergencyMonths: 0))
        let plan = makePlan(h, today: decisionsToday)
        #expect(plan.allocations.map(\.amount).total() == plan.freeCashFlow, "minimum \(minimum)")
    }
}

@Test func paymentOnlyDebtRunsFromItsStartToItsEnd() {
    // An installment of 1,000.00 on the 20th, entered on the 21st but started on the 1st: November's payment counts;
    // it ends on 2027-02-20, so February 2027 is its last payment.
    let installment = Debt(id: 1, name: "Sofa", paymentDay: 20, createdOn: day("2026-11-01"),
                           kind: .paymentOnly(monthlyPayment: money(1_000_00)), endsOn: day("2027-02-20"))
    let schedule = payoffSchedule(debts: [], strategy: .avalanche, monthlyExtra: .zero, today: decisionsToday)
    let payments = debtPayments([installment], schedule: schedule, from: day("2026-10-01"), through: day("2027-06-30"),
                                today: decisionsToday)
    #expect(payments.map(\.date.iso) == ["2026-11-20", "2026-12-20", "2027-01-20", "2027-02-20"])
    // Created on the 21st with no start named: the first payment is next month's (the 20th has passed).
    let late = Debt(id: 2, name: "Phone", paymentDay: 20, createdOn: day("2026-11-21"), kind: .paymentOnly(monthlyPayment: money(500_00)))
    #expect(debtPayments([late], schedule: schedule, from: day("2026-11-01"), through: day("2026-12-31"), today: decisionsToday)
        .map(\.date.iso) == ["2026-12-20"])
    // It counts in the monthly figures only while active, like a recurring item.
    let h = Household(incomes: [income(1, 5_000_00)], debts: [installment])
    #expect(budgetTotals(h, today: decisionsToday, year: 2026).minimumDebtPayments == money(1_000_00))
    #expect(budgetTotals(h, today: day("2027-03-01"), year: 2027).minimumDebtPayments == .zero)
    #expect(budgetTotals(h, today: day("2026-10-15"), year: 2026).minimumDebtPayments == .zero)
}

@Test func confirmingKeepsThePlannedFigure() {
    // Salary 250,000.00 on the 5th, confirmed at 248,000.00; a planned one-off of 3,000.00 confirmed in place at 3,500.00.
    let key = OccurrenceKey(source: .recurring(1), date: day("2026-11-05"))
    let h = Household(incomes: [RecurringItem(id: 1, kind: .income, name: "Salary", amount: money(250_000_00),
                                              periodicity: .monthly, start: day("2026-01-05"))],
                      entries: [Entry(id: 1, date: day("2026-11-05"), kind: .income, name: "Salary", amount: money(248_000_00),
                                      isActual: true, confirms: key),
                                Entry(id: 2, date: day("2026-11-10"), kind: .expense, name: "Dentist", amount: money(3_500_00),
                                      category: "health", isActual: true, plannedAmount: money(3_000_00))])
    let month = try! cashFlowSeries(h, from: day("2026-11-01"), through: day("2026-11-30"), interval: .month, today: decisionsToday)[0]
    #expect(month.plannedIncome == money(250_000_00))
    #expect(month.actualIncome == money(248_000_00))
    #expect(month.pendingIncome == .zero)
    #expect(month.plannedExpense == money(3_000_00))
    #expect(month.actualExpense == money(3_500_00))
    #expect(month.pendingExpense == .zero)
    // The planned per-day figure takes the entry at its planned amount.
    let totals = budgetTotals(h, today: decisionsToday, year: 2026)
    #expect(totals.plannedDailyExpense == .rounded(Int128(3_000_00), over: 30))
}
