// Independent review of the engine against the rules in docs/engine-rules.md (the
// "§" marks below name the product specification's sections those rules came from).
// Every expected figure is computed by hand; the arithmetic is in the comment next to
// each case. The three "reviewFinding…" cases were once findings (the engine differed);
// the engine agrees with them now, and docs/engine-rules.md states each rule they check.
import Testing
@testable import Engine

private let reviewToday = day("2027-03-15")

private func reviewGoal(_ id: ID<Goal>, target: Int64, saved: Int64 = 0, deadline: String? = nil, priority: Int = 2) -> Goal {
    Goal(id: id, name: "G\(id)", target: money(target), saved: money(saved), deadline: deadline.map(day), priority: priority)
}

private func entry(_ id: ID<Entry>, _ date: String, _ kind: FlowKind, _ amount: Int64, actual: Bool,
                   confirms: OccurrenceKey? = nil) -> Entry {
    Entry(id: id, date: day(date), kind: kind, name: "E\(id)", amount: money(amount), category: "other",
          isActual: actual, confirms: confirms)
}

// MARK: - §9 Normalising: round each item, then sum

struct ReviewSumCase: Sendable, CustomTestStringConvertible {
    let name: String, items: [(Int64, Periodicity)], expected: Int64
    var testDescription: String { name }
}

@Test(arguments: [
    // 6 × 1/12 = 0.5 → 0 each; 0 + 0 = 0 (summing first would give 12/12 = 1).
    ReviewSumCase(name: "two yearly 0.06 sum to 0", items: [(6, .yearly), (6, .yearly)], expected: 0),
    // 3 × 26/12 = 6.5 → 6 each; 6 + 6 = 12 (not 13).
    ReviewSumCase(name: "two biweekly 0.03 sum to 12", items: [(3, .biweekly), (3, .biweekly)], expected: 12),
    // 30 × 1/12 = 2.5 → 2; 2 × 1/3 = 0.67 → 1; 1 × 52/12 = 4.33 → 4; 7 → 7. Σ = 14.
    ReviewSumCase(name: "mixed periodicities", items: [(30, .yearly), (2, .quarterly), (1, .weekly), (7, .monthly)], expected: 14),
])
func reviewNormaliseThenSum(_ c: ReviewSumCase) {
    let items = c.items.enumerated().map { income(ID(Int64($0.offset + 1)), $0.element.0, $0.element.1) }
    #expect(budgetTotals(Household(incomes: items), today: reviewToday, year: 2027).monthlyRecurringIncome == money(c.expected))
}

// MARK: - §9 Active on today

@Test func reviewActiveOnTodayBothEndsInclusive() {
    // start = today (100) ✓, end = today (200) ✓, start tomorrow (400) ✗, ended yesterday (800) ✗ → 300.
    let h = Household(incomes: [income(1, 100, start: "2027-03-15"), income(2, 200, end: "2027-03-15"),
                                income(3, 400, start: "2027-03-16"), income(4, 800, end: "2027-03-14")])
    #expect(budgetTotals(h, today: reviewToday, year: 2027).monthlyRecurringIncome == money(300))
}

// MARK: - §9 Year totals

@Test(arguments: [2027, 2026])
func reviewAnnualTotals(year: Int) {
    let linked = OccurrenceKey(source: .recurring(1), date: day("2027-02-01"))
    let h = Household(
        incomes: [income(1, 1_000)],
        expenses: [expense(2, 300)],
        debts: [Debt(id: 9, name: "Phone", paymentDay: 5, createdOn: day("2027-01-01"), kind: .paymentOnly(monthlyPayment: money(200)))],
        entries: [
            entry(1, "2027-06-01", .income, 50, actual: false),            // unlinked planned income, 2027
            entry(2, "2027-01-10", .income, 70, actual: true),             // unlinked actual income, 2027
            entry(3, "2027-02-01", .income, 999, actual: true, confirms: linked), // linked: excluded
            entry(4, "2026-12-31", .income, 500, actual: true),            // 2026
            entry(5, "2027-12-31", .expense, 11, actual: false),           // unlinked planned expense, 2027
            entry(6, "2027-03-01", .expense, 13, actual: true),            // unlinked actual expense, 2027
            entry(7, "2027-03-01", .expense, 777, actual: true,
                  confirms: OccurrenceKey(source: .recurring(2), date: day("2027-03-01"))), // linked: excluded
            entry(8, "2026-07-01", .expense, 40, actual: false),           // 2026
        ])
    let totals = budgetTotals(h, today: reviewToday, year: year)
    // monthlyExpense = 300 + 200 = 500.
    // 2027: income 12 × 1,000 + 50 + 70 = 12,120; expense 12 × 500 + 11 + 13 = 6,024.
    // 2026: income 12,000 + 500 = 12,500;          expense 6,000 + 40 = 6,040.
    #expect(totals.annualIncome == money(year == 2027 ? 12_120 : 12_500))
    #expect(totals.annualExpense == money(year == 2027 ? 6_024 : 6_040))
}

// MARK: - §9 plannedDailyExpense

struct ReviewPlannedDailyCase: Sendable, CustomTestStringConvertible {
    let name: String, today: String, monthlyExpense: Int64, plannedEntry: Int64?, expected: Int64
    var testDescription: String { name }
}

@Test(arguments: [
    // 14 ÷ 28 = 0.5 → 0 (even).
    ReviewPlannedDailyCase(name: "Feb 2027 tie down", today: "2027-02-10", monthlyExpense: 14, plannedEntry: nil, expected: 0),
    // (14 + 28) ÷ 28 = 1.5 → 2 (even).
    ReviewPlannedDailyCase(name: "Feb 2027 tie up with entry", today: "2027-02-10", monthlyExpense: 14, plannedEntry: 28, expected: 2),
    // (2,900 + 14) ÷ 29 = 100.48 → 100; with 28 days it would be 104.07.
    ReviewPlannedDailyCase(name: "Feb 2028 29 days", today: "2028-02-10", monthlyExpense: 2_900, plannedEntry: 14, expected: 100),
    // (2,900 + 15) ÷ 29 = 100.52 → 101.
    ReviewPlannedDailyCase(name: "Feb 2028 above half", today: "2028-02-10", monthlyExpense: 2_900, plannedEntry: 15, expected: 101),
    // 45 ÷ 30 = 1.5 → 2; 75 ÷ 30 = 2.5 → 2.
    ReviewPlannedDailyCase(name: "April 1.5", today: "2027-04-30", monthlyExpense: 45, plannedEntry: nil, expected: 2),
    ReviewPlannedDailyCase(name: "April 2.5", today: "2027-04-30", monthlyExpense: 75, plannedEntry: nil, expected: 2),
    // (155 + 15) ÷ 31 = 5.48 → 5.
    ReviewPlannedDailyCase(name: "January 31 days", today: "2027-01-31", monthlyExpense: 155, plannedEntry: 15, expected: 5),
])
func reviewPlannedDaily(_ c: ReviewPlannedDailyCase) {
    let today = day(c.today)
    var entries = [
        // Not counted: actual expense, planned income, planned expense of the next month.
        Entry(id: 90, date: today.yearMonth.firstDay, kind: .expense, name: "a", amount: money(1_000), isActual: true),
        Entry(id: 91, date: today.yearMonth.firstDay, kind: .income, name: "b", amount: money(1_000), isActual: false),
        Entry(id: 92, date: today.yearMonth.next.firstDay, kind: .expense, name: "c", amount: money(1_000), isActual: false),
    ]
    if let planned = c.plannedEntry {
        // The last day of the month (after today in most cases) still counts: "this month".
        entries.append(Entry(id: 1, date: today.yearMonth.lastDay, kind: .expense, name: "p", amount: money(planned), isActual: false))
    }
    let h = Household(expenses: [expense(1, c.monthlyExpense)], entries: entries, earliestActualEntry: day("2020-01-01"))
    #expect(budgetTotals(h, today: today, year: today.year).plannedDailyExpense == money(c.expected))
}

// MARK: - §9 actualDailyExpense and the 3-month rule

struct ReviewActualCase: Sendable, CustomTestStringConvertible {
    let name: String, today: String, earliest: String, expected: Int64?
    var testDescription: String { name }
}

@Test(arguments: [
    // today − 3 months = 2027-02-28 (31 May → 31 Feb clamped). Earliest on it: shown. 3,115 ÷ 31 = 100.48 → 100.
    ReviewActualCase(name: "31 May, earliest 28 Feb", today: "2027-05-31", earliest: "2027-02-28", expected: 100),
    ReviewActualCase(name: "31 May, earliest 1 Mar", today: "2027-05-31", earliest: "2027-03-01", expected: nil),
    // 30 May − 3 months = 2027-02-28 as well: 3,115 ÷ 30 = 103.83 → 104.
    ReviewActualCase(name: "30 May, earliest 28 Feb", today: "2027-05-30", earliest: "2027-02-28", expected: 104),
    // Leap year: 2028-05-31 − 3 months = 2028-02-29.
    ReviewActualCase(name: "leap 31 May, earliest 29 Feb", today: "2028-05-31", earliest: "2028-02-29", expected: 100),
    ReviewActualCase(name: "leap 31 May, earliest 1 Mar", today: "2028-05-31", earliest: "2028-03-01", expected: nil),
    // Across the year: 2027-03-31 − 3 months = 2026-12-31.
    ReviewActualCase(name: "31 Mar, earliest 31 Dec", today: "2027-03-31", earliest: "2026-12-31", expected: 100),
    ReviewActualCase(name: "31 Mar, earliest 1 Jan", today: "2027-03-31", earliest: "2027-01-01", expected: nil),
])
func reviewActualDaily(_ c: ReviewActualCase) {
    let today = day(c.today)
    let h = Household(entries: [
        // The earliest actual entry is an income: the rule speaks of "the earliest actual entry", any kind.
        Entry(id: 1, date: day(c.earliest), kind: .income, name: "first", amount: money(1), isActual: true),
        Entry(id: 2, date: today.yearMonth.firstDay, kind: .expense, name: "x", amount: money(3_100), isActual: true),
        // A linked actual expense is still an actual expense entry.
        Entry(id: 3, date: today, kind: .expense, name: "y", amount: money(15), isActual: true,
              confirms: OccurrenceKey(source: .recurring(7), date: today)),
        Entry(id: 4, date: today, kind: .expense, name: "planned", amount: money(5_000), isActual: false),
        Entry(id: 5, date: today, kind: .income, name: "inc", amount: money(5_000), isActual: true),
    ])
    #expect(budgetTotals(h, today: today, year: today.year).actualDailyExpense == c.expected.map(money))
}

// MARK: - §9 Debt load, emergency target

@Test(arguments: [
    (2_000 as Int64, 1 as Int64, 0 as Int?),   // 1000 × 1 ÷ 2,000 = 0.5 → 0
    (2_000, 3, 2),                              // 1.5 → 2
    (2_000, 5, 2),                              // 2.5 → 2
    (8_000, 1_234, 154),                        // 154.25 → 154
    (0, 100, nil),                              // no income
])
func reviewDebtLoadPermille(income incomeAmount: Int64, minimum: Int64, expected: Int?) {
    var h = Household(debts: [Debt(id: 1, name: "A", paymentDay: 1, createdOn: day("2027-01-01"),
                                   kind: .paymentOnly(monthlyPayment: money(minimum)))])
    if incomeAmount > 0 { h.incomes = [income(1, incomeAmount)] }
    #expect(makePlan(h, today: reviewToday).debtLoadPermille == expected)
}

@Test func reviewEmergencyTargetAndMissing() {
    // monthlyExpense = 1,000 + 234 (mode A) = 1,234; target 3 × 1,234 = 3,702; missing 3,702 − 1,000 = 2,702.
    let h = Household(incomes: [income(1, 100_000)], expenses: [expense(2, 1_000)],
                      debts: [Debt(id: 1, name: "A", paymentDay: 1, createdOn: day("2027-01-01"), kind: .paymentOnly(monthlyPayment: money(234)))],
                      emergencySaved: money(1_000))
    let plan = makePlan(h, today: reviewToday)
    #expect(plan.emergencyTarget == money(3_702))
    #expect(plan.emergencyMissing == money(2_702))
}

// MARK: - §9 Split: capped repeat, largest remainder, ties fund/debts/goals

struct ReviewSplitCase: Sendable, CustomTestStringConvertible {
    let name: String, total: Int64, shares: [Int], caps: [Int64], expected: [Int64]
    var testDescription: String { name }
}

private let big: Int64 = 1_000_000

@Test(arguments: [
    // 1 × .4/.4/.2: floors 0,0,0; remainders .4,.4,.2 → tie fund/debts → fund.
    ReviewSplitCase(name: "one unit, tie to fund", total: 1, shares: [40, 40, 20], caps: [big, big, big], expected: [1, 0, 0]),
    // 1 × 0/.5/.5: tie debts/goals → debts.
    ReviewSplitCase(name: "one unit, tie to debts", total: 1, shares: [0, 50, 50], caps: [big, big, big], expected: [0, 1, 0]),
    // 3: 1.2/1.2/0.6 → 1,1,0 + largest remainder .6 → goals.
    ReviewSplitCase(name: "three units", total: 3, shares: [40, 40, 20], caps: [big, big, big], expected: [1, 1, 1]),
    // 101: 40.4/40.4/20.2 → 40,40,20 + 1 to fund (tie) = 41; clamp fund at 10; left 101 − 70 = 31;
    // 31 × 40/60 = 20.67, × 20/60 = 10.33 → 20, 10 + the odd unit to debts (.67) → 21, 10 → totals 10, 61, 30.
    ReviewSplitCase(name: "capped repeat", total: 101, shares: [40, 40, 20], caps: [10, big, big], expected: [10, 61, 30]),
    // 11 with 0/0/100: goals take 11 → clamp 5; left 6 among fund, debts with shares 0, 0 → equally 3, 3.
    ReviewSplitCase(name: "all open shares zero", total: 11, shares: [0, 0, 100], caps: [big, big, 5], expected: [3, 3, 5]),
    // Same with 7 left: 3.5, 3.5 → 3, 3 + 1 to fund (tie) → 4, 3.
    ReviewSplitCase(name: "all open shares zero, odd", total: 12, shares: [0, 0, 100], caps: [big, big, 5], expected: [4, 3, 5]),
    // Everything capped: 5 + 0 + 2 = 7 taken, 93 left unallocated.
    ReviewSplitCase(name: "all capped", total: 100, shares: [40, 40, 20], caps: [5, 0, 2], expected: [5, 0, 2]),
])
func reviewCappedSplit(_ c: ReviewSplitCase) {
    #expect(cappedSplit(c.total, weights: shareWeights(c.shares), caps: c.caps) == c.expected)
}

// MARK: - §9 Goals

@Test func reviewGoalWeightTieGoesToHigherPriority() {
    // Today 2027-03-15. G1: priority 1, deadline 2027-05 → 2 months → weight 1/2.
    // G2: priority 3, deadline 2027-09 → 6 months → weight 3/6 = 1/2. Equal weights: 101 → 50.5 each →
    // 50, 50 + the odd unit by tie order: higher priority first → G2 51, G1 50 (creation order would say G1).
    let h = Household(incomes: [income(1, 101)],
                      goals: [reviewGoal(1, target: 1_000, deadline: "2027-05-31", priority: 1),
                              reviewGoal(2, target: 1_000, deadline: "2027-09-01", priority: 3)],
                      settings: PlanSettings(emergencyShare: 0, debtShare: 0, goalShare: 100, emergencyMonths: 0))
    let plan = makePlan(h, today: reviewToday)
    #expect(plan.allocations.map { "\($0.name)=\($0.amount.minorUnits)" } == ["G2=51", "G1=50"])
    // ETA G2 = ceil(1,000 ÷ 51) = 20 > 6 → unreachable; G1 = ceil(1,000 ÷ 50) = 20 > 2 → unreachable.
    #expect(plan.goals.map(\.etaMonths) == [20, 20])
    #expect(plan.goals.map(\.monthsToDeadline) == [2, 6])
    #expect(plan.goals.map(\.unreachable) == [true, true])
}

@Test func reviewGoalMonthsToDeadline() {
    // This month → 0 → at least 1; passed (2026-12) → −3 → 1 and "deadline passed"; 2028-02 → 11; none → horizon 7.
    #expect(monthsToDeadline(day("2027-03-31"), today: reviewToday, horizon: 24) == 1)
    #expect(monthsToDeadline(day("2026-12-01"), today: reviewToday, horizon: 24) == 1)
    #expect(monthsToDeadline(day("2028-02-01"), today: reviewToday, horizon: 24) == 11)
    #expect(monthsToDeadline(nil, today: reviewToday, horizon: 7) == 7)
}

@Test func reviewGoalEtaCeilAndFinished() {
    // Goal share 250 to G1 (missing 1,000): ETA = ceil(1,000 ÷ 250) = 4 exactly; G2 finished → ETA 0, nothing.
    let h = Household(incomes: [income(1, 250)],
                      goals: [reviewGoal(1, target: 1_000, deadline: "2027-07-01"), reviewGoal(2, target: 10, saved: 10)],
                      settings: PlanSettings(emergencyShare: 0, debtShare: 0, goalShare: 100, emergencyMonths: 0))
    let plan = makePlan(h, today: reviewToday)
    #expect(plan.goals.map(\.etaMonths) == [4, 0])
    #expect(plan.goals.map(\.unreachable) == [false, false])   // 4 ≤ 4 months to July
}

// MARK: - §9 Loans: interest and annuity

@Test(arguments: [
    (100 as Int64, 600 as Int64, 0 as Int64),  // 100 × 600 ÷ 120,000 = 0.5 → 0
    (300, 600, 2),                              // 1.5 → 2
    (500, 600, 2),                              // 2.5 → 2
    (100_000, 1_200, 1_000),                    // exactly 1 %
    (12_345, 1_499, 154),                       // 154.21 → 154
])
func reviewMonthlyInterest(balance: Int64, apr: Int64, expected: Int64) {
    #expect(monthlyInterest(balance: balance, apr: APR(hundredths: apr)) == expected)
}

@Test(arguments: [
    (1_000 as Int64, 0 as Int64, 3, 334 as Int64),   // r = 0: ceil(1,000 ÷ 3) = 334
    (100_000, 1_200, 12, 8_885),                       // 1,000.00 at 12 %: 88.8488 → 88.85
    (15_000_000, 1_000, 36, 484_008),                  // 150,000.00 at 10 %, 36 → 4,840.08
    (1_000_000, 1_499, 60, 23_785),                    // 10,000.00 at 14.99 %, 60 → 237.85
])
func reviewAnnuity(principal: Int64, apr: Int64, months: Int, expected: Int64) {
    #expect(annuityPayment(principal: money(principal), apr: APR(hundredths: apr), months: months) == money(expected))
}

// MARK: - §9 Order, bring-forward, schedule

@Test func reviewStrategyOrderTieBreaks() {
    // (id, APR, balance): 1 (10 %, 5,000), 2 (10 %, 3,000), 3 (20 %, 9,000), 4 (10 %, 3,000), 5 (15 %, 3,000).
    // Avalanche: APR ↓, balance ↑, id: 3, 5, 2, 4, 1. Snowball: balance ↑, APR ↓, id: 5, 2, 4, 1, 3.
    let spec: [(ID<Debt>, Int64, Int64)] = [(1, 1000, 5_000), (2, 1000, 3_000), (3, 2000, 9_000), (4, 1000, 3_000), (5, 1500, 3_000)]
    let debts = spec.map { loanDebt($0.0, balance: $0.2, apr: $0.1, minimum: 100, asOf: "2027-03-15") }
    #expect(payoffSchedule(debts: debts, strategy: .avalanche, monthlyExtra: .zero, today: reviewToday).loans.map(\.debtID) == [3, 5, 2, 4, 1])
    #expect(payoffSchedule(debts: debts, strategy: .snowball, monthlyExtra: .zero, today: reviewToday).loans.map(\.debtID) == [5, 2, 4, 1, 3])
}

@Test func reviewBringForwardWithGrace() {
    // As of 2026-12-10, grace 1, 1 %/month, minimum 1,000.00; today 2027-03-15 → months Jan, Feb, Mar (Dec excluded).
    // Jan: grace → 100,000 − 10,000 = 90,000. Feb: +900 → 80,900. Mar (today's month, included): +809 → 71,709.
    let debt = loanDebt(1, balance: 100_000, apr: 1200, minimum: 10_000, asOf: "2026-12-10", grace: 1)
    let s = payoffSchedule(debts: [debt], strategy: .avalanche, monthlyExtra: .zero, today: reviewToday)
    #expect(s.loans.first?.startBalance == money(71_709))
    #expect(s.broughtForward.map(\.month.iso) == ["2027-01", "2027-02", "2027-03"])
    #expect(s.broughtForward.map { $0.rows[0].interest.minorUnits } == [0, 900, 809])
    // April, month 1: +717.09 (71,709 × 1 % = 717.09 → 717) → 72,426 − 10,000 = 62,426.
    #expect(s.months.first?.rows.first?.balanceAfter == money(62_426))
}

@Test func reviewPoolFreedAndUnusedMinimums() {
    // APR 0. A: 500, min 300 (id 1); B: 10,000, min 100 (id 2); extra 0; order A, B (equal APR, smaller balance).
    // Apr: A 500 → 200, B → 9,900. May: A pays min(300, 200) = 200, unused 100 → pool → B 9,900 − 100 − 100 = 9,700.
    // Jun: A closed in May → its 300 is freed → B pays 100 + 300 = 400 → 9,300; then 400 a month: 23 × 400 = 9,200,
    // month 24 pays the last 100. Months 3 + 24 = 27, April 2027 + 26 → June 2029, interest 0.
    let debts = [loanDebt(1, balance: 500, apr: 0, minimum: 300, asOf: "2027-03-15"),
                 loanDebt(2, balance: 10_000, apr: 0, minimum: 100, asOf: "2027-03-15")]
    let s = payoffSchedule(debts: debts, strategy: .avalanche, monthlyExtra: .zero, today: reviewToday)
    #expect(s.months[1].rows[1].extraPayment == money(100))
    #expect(s.months[2].rows.map(\.debtID) == [2])
    #expect(s.months[2].rows[0].extraPayment == money(300))
    #expect(s.summary == PayoffSummary(months: 27, totalInterest: .zero, debtFreeMonth: YearMonth(iso: "2029-06")))
}

@Test func reviewRecommendedTies() {
    let a = PayoffSummary(months: 10, totalInterest: money(500), debtFreeMonth: YearMonth(iso: "2028-01"))
    let fewer = PayoffSummary(months: 9, totalInterest: money(500), debtFreeMonth: YearMonth(iso: "2027-12"))
    let cheaper = PayoffSummary(months: 11, totalInterest: money(499), debtFreeMonth: YearMonth(iso: "2028-02"))
    #expect(recommendedStrategy(avalanche: a, snowball: a) == .avalanche)
    #expect(recommendedStrategy(avalanche: a, snowball: fewer) == .snowball)
    #expect(recommendedStrategy(avalanche: a, snowball: cheaper) == .snowball)
    #expect(recommendedStrategy(avalanche: cheaper, snowball: a) == .avalanche)
}

// MARK: - Former findings (the engine agrees now; see docs/engine-rules.md, "The split" and "Plan notes")

/// Former finding 1 (docs/engine-rules.md, "The split"). The product specification then read: "Caps: … debts = Σ balances of mode-B loans … The rest is 'unallocated'."
/// Loan 1,000.00 at 0 %, minimum 500.00, as of today; income 10,000.00; goal missing 100,000.
/// monthlyExpense = 500 → FCF = 9,500; fund target 3 × 500 = 1,500 (missing 1,500).
/// Round 1 (40/40/20): 3,800 / 3,800 / 1,900 → clamp fund 1,500, debts 1,000. Left 9,500 − 4,400 = 5,100;
/// round 2: only goals open → goals 7,000. Fund 1,500 + debts 1,000 + goals 7,000 = 9,500: nothing is left, so
/// no "unallocated" line or note. (The engine once cut the debt line to the 500 month 1 still needs after
/// the minimum and reported 500 as "unallocated" while the goal still missed 93,000.)
@Test func reviewFindingDebtSurplusMustNotBeUnallocatedWhileGoalsMiss() {
    let h = Household(incomes: [income(1, 10_000_00)],
                      debts: [loanDebt(1, balance: 1_000_00, apr: 0, minimum: 500_00, asOf: "2027-03-15")],
                      goals: [reviewGoal(1, target: 100_000_00)])
    let plan = makePlan(h, today: reviewToday)
    #expect(plan.freeCashFlow == money(9_500_00))
    #expect(plan.allocated(.emergency) == money(1_500_00))
    #expect(plan.allocated(.unallocated) == .zero)
    #expect(!plan.notes.map(\.code).contains("unallocated"))
}

/// Former finding 2 (docs/engine-rules.md, "Plan notes"). The product specification then read: "FCF ≤ 0: no split, a deficit note of −FCF."
/// Income 1,000.00 = expense 1,000.00 → FCF 0 → a deficit note of 0. (The engine once emitted a note only for
/// FCF < 0.)
@Test func reviewFindingZeroFcfGetsDeficitNote() {
    let h = Household(incomes: [income(1, 1_000_00)], expenses: [expense(2, 1_000_00)])
    let plan = makePlan(h, today: reviewToday)
    #expect(plan.freeCashFlow == .zero)
    #expect(plan.allocations.isEmpty)
    #expect(plan.notes.contains(.deficit(amount: .zero)))
}

// MARK: - §9 Chart series (ISO weeks, confirmed occurrences, entries, debt payments)

@Test func reviewWeeklySeries() throws {
    // Weekly income 100 from Monday 2027-03-01 → Mar 1 (outside), 8, 15. Mar 8 confirmed by an actual 90 (linked).
    // Planned expense entry 30 on Mar 4. Mode-A payment 50 on day 16 (from 2027-01-01).
    // Buckets (ISO weeks cut at the ends): Mar 3–7, Mar 8–14, Mar 15–20.
    let h = Household(incomes: [income(1, 100, .weekly, start: "2027-03-01")],
                      debts: [Debt(id: 5, name: "Phone", paymentDay: 16, createdOn: day("2027-01-01"), kind: .paymentOnly(monthlyPayment: money(50)))],
                      entries: [entry(1, "2027-03-08", .income, 90, actual: true,
                                      confirms: OccurrenceKey(source: .recurring(1), date: day("2027-03-08"))),
                                entry(2, "2027-03-04", .expense, 30, actual: false)])
    let s = try cashFlowSeries(h, from: day("2027-03-03"), through: day("2027-03-20"), interval: .week, today: reviewToday)
    #expect(s.map { "\($0.start.iso)…\($0.end.iso)" } == ["2027-03-03…2027-03-07", "2027-03-08…2027-03-14", "2027-03-15…2027-03-20"])
    // Changed 2026-11-22: the confirmed Mar 8 occurrence stays planned (100); it is no longer pending.
    #expect(s.map(\.plannedIncome.minorUnits) == [0, 100, 100])
    #expect(s.map(\.pendingIncome.minorUnits) == [0, 0, 100])
    #expect(s.map(\.actualIncome.minorUnits) == [0, 90, 0])
    #expect(s.map(\.plannedExpense.minorUnits) == [30, 0, 50])
    #expect(s.map(\.pendingExpense.minorUnits) == [30, 0, 50])
    #expect(s.map(\.plannedFreeCashFlow.minorUnits) == [-30, 100, 50])
    #expect(throws: EngineError.tooManyBuckets(401)) {
        try cashFlowSeries(h, from: day("2027-01-01"), through: day("2027-01-01").adding(days: 400), interval: .day, today: reviewToday)
    }
}

/// Former finding 3 (calendar vs schedule; docs/engine-rules.md, "Debt payments on the calendar"). Loan 1,000.00 at 0 %, minimum 300.00, as of 2027-03-05, payment day 20,
/// today 2027-03-15. §9: the as-of month is not brought forward and month 1 is April, so the payments are
/// April 300, May 300, June 300, July 100 = 1,000.00 in all, the whole balance. §3 shows loan payments "until the last
/// month of the chosen strategy's schedule". (The engine once also put 300.00 on 2027-03-20, the as-of month, so
/// the calendar planned 1,300.00 of payments for a 1,000.00 loan.)
@Test func reviewFindingCalendarLoanPaymentsSumToTheBalance() {
    let debt = loanDebt(1, balance: 1_000_00, apr: 0, minimum: 300_00, asOf: "2027-03-05")
    let h = Household(debts: [debt])
    let payments = plannedOccurrences(h, from: day("2027-03-01"), through: day("2027-12-31"), today: reviewToday)
    #expect(payments.map { "\($0.date.iso)=\($0.amount.minorUnits)" } ==
            ["2027-04-20=30000", "2027-05-20=30000", "2027-06-20=30000", "2027-07-20=10000"])
}
