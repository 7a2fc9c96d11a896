import Testing
@testable import Engine

// MARK: - Annuity

struct AnnuityCase: Sendable, CustomTestStringConvertible {
    let name: String, principal: Int64, apr: Int64, months: Int, expected: Int64
    var testDescription: String { name }
}

@Test(arguments: [
    // Textbook: 150,000 at 10 % over 36 months = 4,840.0719… → rounded up 4,840.08.
    AnnuityCase(name: "150,000 at 10% over 36", principal: 150_000_00, apr: 1000, months: 36, expected: 4_840_08),
    // 200,000 at 6 % over 30 years = 1,199.1010… (textbook 1,199.10) → rounded up 1,199.11.
    AnnuityCase(name: "200,000 at 6% over 360", principal: 200_000_00, apr: 600, months: 360, expected: 1_199_11),
    // One month at 12 %: exactly P × 1.01 = 121,200.00, no rounding up (exact path).
    AnnuityCase(name: "exact one month", principal: 120_000_00, apr: 1200, months: 1, expected: 121_200_00),
    // r = 0: ceil(1,000,000.00 ÷ 7) = ceil(14,285,714.28…) minor units.
    AnnuityCase(name: "zero rate", principal: 1_000_000_00, apr: 0, months: 7, expected: 142_857_15),
    AnnuityCase(name: "zero rate divides evenly", principal: 1_200_00, apr: 0, months: 12, expected: 100_00),
    // Two months at 12 %: P·r·(1+r)² ÷ ((1+r)² − 1) = 10,000 × 0.01 × 1.0201 ÷ 0.0201 = 5,075.1243… → 5,075.13.
    AnnuityCase(name: "two months", principal: 10_000_00, apr: 1200, months: 2, expected: 5_075_13),
    AnnuityCase(name: "no principal", principal: 0, apr: 1200, months: 12, expected: 0),
])
func annuityMinimum(_ c: AnnuityCase) {
    #expect(annuityPayment(principal: money(c.principal), apr: APR(hundredths: c.apr), months: c.months) == money(c.expected))
}

@Test func annuityFastPathAgreesWithExactArithmetic() {
    var generator = SplitMix64(seed: 2024)
    for _ in 0..<200 {
        let principal = UInt64.random(in: 1...1_000_000_000_000, using: &generator)
        let rate = Int64.random(in: 1...10_000, using: &generator)
        let months = Int.random(in: 1...600, using: &generator)
        let fast = annuityPayment(principal: money(Int64(principal)), apr: APR(hundredths: rate), months: months)
        // Exact check: c = ceil(X) ⇔ (c − 1)·den < num ≤ c·den, X = P·a·B^n ÷ (120000·(B^n − 120000^n)), B = 120000 + a.
        let grown = BigUInt(UInt64(120_000 + rate)).power(months)
        let num = grown * principal * UInt64(rate)
        let den = (grown - BigUInt(120_000).power(months)) * 120_000
        let c = UInt64(fast.minorUnits)
        #expect(!(den * c < num) && den * (c - 1) < num, "P=\(principal) a=\(rate) n=\(months)")
    }
}

@Test func effectiveMinimumPrefersTheStatedMinimum() {
    let base = Loan(balance: money(150_000_00), asOf: day("2027-01-01"), apr: APR(hundredths: 1000), termMonths: 36)
    #expect(base.effectiveMinimum == money(4_840_08))
    var stated = base
    stated.minimumPayment = money(5_000_00)
    #expect(stated.effectiveMinimum == money(5_000_00))
    var neither = base
    neither.termMonths = nil
    #expect(neither.effectiveMinimum == nil)
}

// MARK: - Schedules

private let today = day("2027-03-15")

@Test func loanBroughtForwardFromThreeMonthsBack() {
    // 10,000.00 at 12 %, minimum 1,000.00, as of 2026-12-15:
    // Jan: +100.00 → 10,100.00 − 1,000 = 9,100.00; Feb: +91.00 → 8,191.00; Mar: +81.91 → 7,272.91.
    let schedule = payoffSchedule(debts: [loanDebt(1, balance: 10_000_00, apr: 1200, minimum: 1_000_00, asOf: "2026-12-15")],
                                  strategy: .avalanche, monthlyExtra: .zero, today: today)
    #expect(schedule.broughtForward.map(\.month.iso) == ["2027-01", "2027-02", "2027-03"])
    #expect(schedule.broughtForward.map { $0.rows[0].interest } == [money(100_00), money(91_00), money(81_91)])
    #expect(schedule.loans.first?.startBalance == money(7_272_91))
    #expect(schedule.months.first?.month.iso == "2027-04")
    // Apr … Nov (see RecurrenceTests): 8 months; interest 72.73+63.46+54.09+44.63+35.08+25.43+15.68+5.84 = 316.94.
    #expect(schedule.summary == PayoffSummary(months: 8, totalInterest: money(316_94), debtFreeMonth: YearMonth(iso: "2027-11")))
}

@Test func gracePeriodSkipsInterestInTheFirstMonthsAfterAsOf() {
    // 12,000.00 at 12 %, grace 2, minimum 3,000.00, as of today (March): April and May are interest-free.
    // Apr 9,000; May 6,000; Jun +60.00 → 3,060.00; Jul +30.60 → 90.60; Aug +0.91 → 91.51 paid → 0.
    let schedule = payoffSchedule(debts: [loanDebt(1, balance: 12_000_00, apr: 1200, minimum: 3_000_00, asOf: "2027-03-15", grace: 2)],
                                  strategy: .avalanche, monthlyExtra: .zero, today: today)
    #expect(schedule.months.map { $0.rows[0].interest } == [.zero, .zero, money(60_00), money(30_60), money(91)])
    #expect(schedule.months.map { $0.rows[0].balanceAfter } == [money(9_000_00), money(6_000_00), money(3_060_00), money(90_60), .zero])
    #expect(schedule.summary == PayoffSummary(months: 5, totalInterest: money(91_51), debtFreeMonth: YearMonth(iso: "2027-08")))
}

@Test func loanExactlyAtInterestNeverClears() {
    // 120,000.00 at 12 %: interest 1,200.00 a month = the minimum; the balance never falls.
    let schedule = payoffSchedule(debts: [loanDebt(1, balance: 120_000_00, apr: 1200, minimum: 1_200_00, asOf: "2027-03-15")],
                                  strategy: .avalanche, monthlyExtra: .zero, today: today)
    #expect(schedule.summary == PayoffSummary(months: nil, totalInterest: nil, debtFreeMonth: nil))
    #expect(schedule.months.count == PayoffSchedule.monthLimit)
    #expect(schedule.months.allSatisfy { $0.rows[0].balanceAfter == money(120_000_00) })
}

@Test func hundredPercentCompoundingWithoutPaymentsDoesNotTrap() {
    // 10^12 minor units at 100 % and no minimum overflows Int64 within 1200 months: not cleared, no trap.
    let schedule = payoffSchedule(debts: [loanDebt(1, balance: 1_000_000_000_000, apr: 10_000, minimum: nil, asOf: "1900-01-01")],
                                  strategy: .snowball, monthlyExtra: .zero, today: day("2199-12-31"))
    #expect(schedule.summary.isCleared == false)
    let fresh = payoffSchedule(debts: [loanDebt(1, balance: 1_000_000_000_000, apr: 10_000, minimum: nil, asOf: "2027-03-15")],
                               strategy: .avalanche, monthlyExtra: .zero, today: today)
    #expect(fresh.summary.totalInterest == nil)
}

@Test func recommendationTiesAndNulls() {
    let a = PayoffSummary(months: 10, totalInterest: money(100), debtFreeMonth: nil)
    let fewerMonths = PayoffSummary(months: 9, totalInterest: money(100), debtFreeMonth: nil)
    let none = PayoffSummary(months: nil, totalInterest: nil, debtFreeMonth: nil)
    #expect(recommendedStrategy(avalanche: a, snowball: fewerMonths) == .snowball)
    #expect(recommendedStrategy(avalanche: a, snowball: a) == .avalanche)
    #expect(recommendedStrategy(avalanche: none, snowball: a) == .snowball)
    #expect(recommendedStrategy(avalanche: none, snowball: none) == .avalanche)
}
