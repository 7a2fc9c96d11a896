// Loan arithmetic (docs/engine-rules.md, "Loans"): monthly interest, the annuity minimum and the
// bring-forward of a balance from its as-of date to today.

// MARK: - Interest

/// One month's interest on a balance: half-to-even(balance × APR ÷ 120000).
func monthlyInterest(balance: Int64, apr: APR) -> Int64 {
    // |result| < |balance| for APR ≤ 1200 %, so it always fits; clamped for absurd rates.
    Int64(saturating: roundHalfEven(numerator: Int128(balance) * Int128(apr.hundredths),
                                    denominator: Int128(APR.monthlyDenominator)))
}

// MARK: - Annuity

/// The annuity payment that repays `principal` in `months` equal payments at `apr`:
/// ceil(P·r ÷ (1 − (1 + r)^−n)), r = APR ÷ 120000; r = 0 → ceil(P ÷ n) (docs/engine-rules.md, "Loans"),
/// rounded up to a whole minor unit. 150,000.00 at 10 % over 36 months → 4,840.08.
/// A non-positive principal gives zero; `months` below 1 counts as 1; a negative APR as 0.
/// Exact: a 100-bit fixed-point evaluation decides the rounding unless the result lies
/// within 2^-20 of a whole minor unit, in which case exact big-integer arithmetic does.
public func annuityPayment(principal: Money, apr: APR, months: Int) -> Money {
    let p = principal.minorUnits, n = max(months, 1), rate = max(apr.hundredths, 0)
    guard p > 0 else { return .zero }
    guard rate > 0 else {
        return Money(minorUnits: Int64(saturating: ceilDivide(Int128(p), Int128(n))))
    }
    // r = a / 120000 in lowest terms: numerator / denominator.
    let common = greatestCommonDivisor(rate, APR.monthlyDenominator)
    let numerator = UInt64(rate / common), denominator = UInt64(APR.monthlyDenominator / common)
    if n <= 10_000, let fast = annuityFixedPoint(UInt64(p), numerator, denominator, n) {
        return Money(minorUnits: fast)
    }
    return Money(minorUnits: annuityExact(UInt64(p), numerator, denominator, n))
}

/// The annuity by 100-bit fixed point, or nil when the result is too close to a whole
/// minor unit (or too large) for the fixed-point error bound to decide the ceiling.
private func annuityFixedPoint(_ principal: UInt64, _ numerator: UInt64, _ denominator: UInt64, _ n: Int) -> Int64? {
    let scale = 100
    let one = UInt128(1) << scale
    func multiply(_ a: UInt128, _ b: UInt128) -> UInt128 {
        let (high, low) = a.multipliedFullWidth(by: b)
        return (high << (128 - scale)) | (low >> scale)
    }
    // v = 1 / (1 + r) = q / (q + p); vⁿ by repeated squaring.
    var base = (UInt128(denominator) << scale) / UInt128(denominator + numerator)
    var power = one, e = n
    while e > 0 {
        if e & 1 == 1 { power = multiply(power, base) }
        e >>= 1
        if e > 0 { base = multiply(base, base) }
    }
    // X = P·p·2^100 ÷ (q · (2^100 − vⁿ)).
    let divisor = UInt128(denominator) * (one - power)
    let scaledPrincipal = UInt128(principal) * UInt128(numerator)
    let dividend = (high: scaledPrincipal >> (128 - scale), low: scaledPrincipal << scale)
    guard dividend.high < divisor else { return nil }
    let (quotient, remainder) = divisor.dividingFullWidth(dividend)
    let tolerance = divisor >> 20
    guard quotient < UInt128(1) << 44, remainder > tolerance, remainder < divisor - tolerance else { return nil }
    return Int64(quotient) + 1
}

/// The annuity in exact integers: ceil(P·p·(q+p)ⁿ ÷ (q·((q+p)ⁿ − qⁿ))).
private func annuityExact(_ principal: UInt64, _ numerator: UInt64, _ denominator: UInt64, _ n: Int) -> Int64 {
    let grown = BigUInt(denominator + numerator).power(n)
    let dividend = grown * principal * numerator
    let divisor = (grown - BigUInt(denominator).power(n)) * denominator
    guard let floor = BigUInt.floorQuotient(dividend, divisor) else { return .max }
    let isExact = !(divisor * floor < dividend)
    return Int64(floor) + (isExact ? 0 : 1)
}

/// Euclid's algorithm on non-negative values; gcd(0, b) = b.
func greatestCommonDivisor(_ a: Int64, _ b: Int64) -> Int64 {
    var (x, y) = (a, b)
    while y != 0 { (x, y) = (y, x % y) }
    return x
}

// MARK: - Bring-forward

/// A mode-B loan as it stands at the end of today's month, with the months that
/// brought it there.
struct BroughtForwardLoan: Sendable {
    let debt: Debt
    let loan: Loan
    /// The effective minimum, zero when the loan has neither minimum nor term.
    let minimum: Int64
    /// The as-of month (an as-of date in the future counts as today).
    let asOfMonth: YearMonth
    /// The balance after today's month; meaningless when `overflowed`.
    var balance: Int64
    /// The balance left the 64-bit range while compounding: it can never be cleared.
    var overflowed: Bool
    /// One row per month after the as-of month up to today's, while the balance was open.
    var history: [PayoffMonth]

    /// Whether no interest accrues in `month`: it is one of the first `graceMonths`
    /// months after the as-of month.
    func isInGrace(_ month: YearMonth) -> Bool {
        asOfMonth.months(to: month) <= loan.graceMonths
    }

    /// Whether the loan enters the payoff schedule (an open loan, docs/engine-rules.md "Loans").
    var isOpen: Bool { overflowed || balance > 0 }
}

/// Brings a mode-B debt forward from its as-of month to the end of today's month:
/// each month after the as-of month up to and including today's accrues interest
/// (except in grace months) and pays min(minimum, balance), nothing more (docs/engine-rules.md, "Loans").
/// Returns nil for mode-A debts and for loans entered with no positive balance.
func bringForward(_ debt: Debt, today: Day) -> BroughtForwardLoan? {
    guard let loan = debt.loan, loan.balance.minorUnits > 0 else { return nil }
    let asOf = min(loan.asOf, today)
    var state = BroughtForwardLoan(debt: debt, loan: loan,
                                   minimum: max(loan.effectiveMinimum?.minorUnits ?? 0, 0),
                                   asOfMonth: asOf.yearMonth, balance: loan.balance.minorUnits,
                                   overflowed: false, history: [])
    var month = state.asOfMonth.next
    let last = today.yearMonth
    while month <= last, state.balance > 0 {
        let interest = state.isInGrace(month) ? 0 : monthlyInterest(balance: state.balance, apr: loan.apr)
        let (grown, overflow) = state.balance.addingReportingOverflow(interest)
        if overflow { state.overflowed = true; break }
        let payment = min(state.minimum, grown)
        state.balance = grown - payment
        state.history.append(PayoffMonth(month: month, rows: [
            PayoffRow(debtID: debt.id, interest: Money(minorUnits: interest), minimumPayment: Money(minorUnits: payment),
                      extraPayment: .zero, balanceAfter: Money(minorUnits: state.balance)),
        ]))
        month = month.next
    }
    return state
}
