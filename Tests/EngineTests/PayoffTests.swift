import Testing
@testable import Engine

private let today = day("2027-03-15")

struct StrategyCase: Sendable, CustomTestStringConvertible {
    let strategy: PayoffStrategy, order: [ID<Debt>], months: Int, interest: Int64, firstRows: [[Int64]]
    var testDescription: String { strategy.rawValue }
}

// Payoff schedules: the strategies' order, extra payments and freed minimums (Sources/Engine/Payoff.swift).
@Suite("Payoff")
struct PayoffTests {
    // A: 10,000.00 at 20 %, minimum 500.00 (id 1); B: 5,000.00 at 10 %, minimum 300.00 (id 2); extra 1,000.00;
    // today 2027-01-10, so month 1 is February. Month 1 interest: A 10,000 × 2000/120000 = 166.666… → 166.67,
    // B 5,000 × 1000/120000 = 41.666… → 41.67. Rows are [interest, minimum, extra] in minor units.
    @Test(arguments: [
        StrategyCase(strategy: .avalanche, order: [1, 2], months: 9, interest: 974_98, firstRows: [[166_67, 500_00, 1_000_00], [41_67, 300_00, 0]]),
        StrategyCase(strategy: .snowball, order: [2, 1], months: 9, interest: 1_166_79, firstRows: [[41_67, 300_00, 1_000_00], [166_67, 500_00, 0]]),
    ])
    func avalancheAndSnowballOnTheSameLoans(_ c: StrategyCase) {
        let debts = [loanDebt(1, balance: 10_000_00, apr: 2000, minimum: 500_00, asOf: "2027-01-10"),
                     loanDebt(2, balance: 5_000_00, apr: 1000, minimum: 300_00, asOf: "2027-01-10")]
        let schedule = payoffSchedule(debts: debts, strategy: c.strategy, monthlyExtra: money(1_000_00), today: day("2027-01-10"))
        #expect(schedule.loans.map(\.debtID) == c.order)
        #expect(schedule.months[0].rows.map { [$0.interest.minorUnits, $0.minimumPayment.minorUnits, $0.extraPayment.minorUnits] } == c.firstRows)
        #expect(schedule.summary == PayoffSummary(months: c.months, totalInterest: money(c.interest), debtFreeMonth: YearMonth(iso: "2027-10")))
        #expect(recommendedStrategy(avalanche: PayoffSummary(months: 9, totalInterest: money(974_98), debtFreeMonth: nil),
                                    snowball: PayoffSummary(months: 9, totalInterest: money(1_166_79), debtFreeMonth: nil)) == .avalanche)
    }

    @Test func orderTiesFollowSpec() {
        // Same APR: smaller balance first, then creation order; snowball: same balance → higher APR, then creation order.
        let debts = [loanDebt(3, balance: 5_000_00, apr: 1000, minimum: 100_00, asOf: "2027-03-15"),
                     loanDebt(1, balance: 5_000_00, apr: 1000, minimum: 100_00, asOf: "2027-03-15"),
                     loanDebt(2, balance: 4_000_00, apr: 1000, minimum: 100_00, asOf: "2027-03-15"),
                     loanDebt(4, balance: 5_000_00, apr: 1500, minimum: 100_00, asOf: "2027-03-15")]
        #expect(payoffSchedule(debts: debts, strategy: .avalanche, monthlyExtra: .zero, today: today).loans.map(\.debtID) == [4, 2, 1, 3])
        #expect(payoffSchedule(debts: debts, strategy: .snowball, monthlyExtra: .zero, today: today).loans.map(\.debtID) == [2, 4, 1, 3])
    }

    @Test func freedMinimumsRollOverToTheNextLoan() {
        // A: 300.00 at 0 %, minimum 200.00; B: 1,000.00 at 0 %, minimum 100.00; no extra; avalanche tie → smaller balance A first.
        // Month 1: A pays 200 → 100; B pays 100 → 900. Month 2: A pays 100 (unused 100 → pool) → 0; B 100 + pool 100 → 700.
        // Month 3: B 100 + freed 200 → 400. Month 4: → 100. Month 5: B pays 100 → 0, pool unused.
        let debts = [loanDebt(1, balance: 300_00, apr: 0, minimum: 200_00, asOf: "2027-03-15"),
                     loanDebt(2, balance: 1_000_00, apr: 0, minimum: 100_00, asOf: "2027-03-15")]
        let schedule = payoffSchedule(debts: debts, strategy: .avalanche, monthlyExtra: .zero, today: today)
        #expect(schedule.months.map { $0.rows.last!.balanceAfter.minorUnits } == [900_00, 700_00, 400_00, 100_00, 0])
        #expect(schedule.summary.months == 5)
        #expect(schedule.summary.totalInterest == .zero)
    }
}
