import Testing
@testable import Engine

// The month's checklist (docs/engine-rules.md, "The month's checklist").

private func line(_ kind: AllocationKind, _ name: String, _ amount: Int64, id: Int64? = nil) -> Allocation {
    Allocation(kind: kind, name: name, amount: money(amount), rationale: .unallocated, sourceID: id)
}

private let december = YearMonth(year: 2026, month: 12)!

/// The worked example: salary 170 000.00 on the 10th, advance 30 000.00 on the 25th; fund
/// 38 052.00, card 38 052.00 above its 4 400.00 minimum (payment day 15), «Vacation» 14 366.00.
@Test func workedExampleFollowsThePaydays() {
    // Given
    let card = loanDebt(7, balance: 500_000_00, apr: 2_990, minimum: 4_400_00, asOf: "2026-11-01", paymentDay: 15, name: "Card")
    let allocations = [line(.emergency, "", 38_052_00), line(.debt, "Card", 38_052_00, id: 7),
                       line(.goal, "Vacation", 14_366_00, id: 3), line(.unallocated, "", 1_00)]
    let paydays = [ChecklistPayday(date: day("2026-12-10"), amount: money(170_000_00)),
                   ChecklistPayday(date: day("2026-12-25"), amount: money(30_000_00))]
    // When
    let steps = checklistSteps(allocations, paydays: paydays, debts: [card], month: december)
    // Then
    #expect(steps.map(\.key) == ["emergency", "debt-7", "goal-3"])
    #expect(steps.map(\.due) == [day("2026-12-13"), day("2026-12-15"), day("2026-12-28")])
    #expect(steps.map(\.fundedBy) == [day("2026-12-10"), day("2026-12-10"), day("2026-12-25")])
    #expect(steps[1].minimum == money(4_400_00))
    #expect(steps[1].total == money(42_452_00))
    #expect(steps[2].total == money(14_366_00))
}

@Test func aLoanWhosePaymentDayIsBeforeItsPaydayIsDueAfterThePayday() {
    let card = loanDebt(7, balance: 500_000_00, apr: 2_990, minimum: 4_400_00, asOf: "2026-11-01", paymentDay: 5, name: "Card")
    let steps = checklistSteps([line(.debt, "Card", 1_000_00, id: 7)],
                               paydays: [ChecklistPayday(date: day("2026-12-10"), amount: money(100_000_00))],
                               debts: [card], month: december)
    #expect(steps.map(\.due) == [day("2026-12-13")])
}

@Test func monthEndClampsTheDueDate() {
    // Given: a salary on the 31st falls on 28 Feb 2027
    let h = Household(incomes: [income(1, 50_000_00, start: "2026-01-31")])
    let february = YearMonth(year: 2027, month: 2)!
    // When
    let paydays = checklistPaydays(h, month: february)
    let steps = checklistSteps([line(.emergency, "", 10_000_00)], paydays: paydays, debts: [], month: february)
    // Then
    #expect(paydays == [ChecklistPayday(date: day("2027-02-28"), amount: money(50_000_00))])
    #expect(steps.map(\.due) == [day("2027-02-28")])
}

@Test func noIncomeMakesEveryStepDueOnTheLastDay() {
    let steps = checklistSteps([line(.emergency, "", 10_000_00), line(.goal, "Car", 5_000_00, id: 2)],
                               paydays: [], debts: [], month: december)
    #expect(steps.map(\.due) == [day("2026-12-31"), day("2026-12-31")])
    #expect(steps.allSatisfy { $0.fundedBy == nil })
}

@Test func noGoalsNoStepsForThem() {
    #expect(checklistSteps([], paydays: [], debts: [], month: december).isEmpty)
    #expect(checklistSteps([line(.unallocated, "", 9_00)], paydays: [], debts: [], month: december).isEmpty)
    let steps = checklistSteps([line(.emergency, "", 10_000_00)],
                               paydays: [ChecklistPayday(date: day("2026-12-05"), amount: money(1_00))], debts: [], month: december)
    #expect(steps.map(\.kind) == [.emergency])
    #expect(steps.map(\.due) == [day("2026-12-08")])
}

@Test func paydaysAddUpPerDayAndFollowWeeklyIncomes() {
    let h = Household(incomes: [income(1, 1_000_00, .weekly, start: "2026-12-04"), income(2, 500_00, start: "2026-11-11"),
                                income(3, 20_00, start: "2026-10-11")])
    let paydays = checklistPaydays(h, month: december)
    #expect(paydays.map(\.date) == [day("2026-12-04"), day("2026-12-11"), day("2026-12-18"), day("2026-12-25")])
    #expect(paydays.map(\.amount) == [money(1_000_00), money(1_520_00), money(1_000_00), money(1_000_00)])
}

@Test func monthChecklistFromAPlan() {
    // Given: income 100 000 on the 5th, expense 40 000, one goal → fund 40 000, goal 20 000
    let h = Household(incomes: [income(1, 100_000_00, start: "2027-01-05")], expenses: [expense(2, 40_000_00)],
                      goals: [Goal(id: 9, name: "Trip", target: money(100_000_00))])
    let today = day("2027-03-15")
    // When
    let steps = monthChecklist(makePlan(h, today: today), household: h, month: today.yearMonth)
    // Then
    #expect(steps.map(\.key) == ["emergency", "goal-9"])
    #expect(steps.map(\.amount) == [money(40_000_00), money(20_000_00)])
    #expect(steps.map(\.due) == [day("2027-03-08"), day("2027-03-08")])
}

@Test func goalAdviceSaysTheMonthlyAmountAndTheDate() {
    // Goal 2 of "goals without deadline use the horizon": 1 200.00 a month, missing 100 000.00, 6 months
    let progress = GoalProgress(id: 2, name: "Goal 2", target: money(100_000_00), saved: .zero, missing: money(100_000_00),
                                monthly: money(1_200_00), etaMonths: 84, monthsToDeadline: 6, deadlinePassed: false,
                                unreachable: true, finished: false)
    let advice = goalAdvice(progress, deadline: day("2027-09-10"), today: day("2027-03-15"))
    #expect(advice.monthlyToDeadline == money(16_666_67))
    #expect(advice.reachedAt == YearMonth(year: 2034, month: 3))
    let noDeadline = goalAdvice(progress, deadline: nil, today: day("2027-03-15"))
    #expect(noDeadline.monthlyToDeadline == nil)
}
