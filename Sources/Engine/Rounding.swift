// The engine's only rounding rules. Every figure docs/engine-rules.md ("Rounding") rounds goes through
// `roundHalfEven(numerator:denominator:)`; the two places the rules round up
// (the annuity minimum, goal ETAs) go through `ceilDivide(_:_:)`.

// MARK: - Half-to-even

/// Returns numerator ÷ denominator rounded to the nearest integer, ties to the even one
/// ("banker's rounding"). Works for any signs; `denominator` must not be zero.
/// Computed in 128 bits so that products of two `Int64` values never overflow.
public func roundHalfEven(numerator: Int128, denominator: Int128) -> Int128 {
    precondition(denominator != 0, "roundHalfEven: zero denominator")
    // Normalise to a positive denominator so the remainder test below is one case.
    let (n, d) = denominator < 0 ? (-numerator, -denominator) : (numerator, denominator)
    var quotient = n / d            // truncates toward zero
    let remainder = n - quotient * d // same sign as n
    let twiceRemainder = (remainder < 0 ? -remainder : remainder) * 2
    if twiceRemainder > d || (twiceRemainder == d && quotient % 2 != 0) {
        quotient += n < 0 ? -1 : 1
    }
    return quotient
}

// MARK: - Rounding up

/// Returns numerator ÷ denominator rounded toward +∞ (for a positive denominator).
/// `denominator` must be positive.
public func ceilDivide(_ numerator: Int128, _ denominator: Int128) -> Int128 {
    precondition(denominator > 0, "ceilDivide: denominator must be positive")
    let quotient = numerator / denominator
    return (numerator % denominator > 0) ? quotient + 1 : quotient
}

// MARK: - Narrowing

extension Int64 {
    /// The value when it fits in 64 bits, else nil (an overflow the caller must report).
    init?(fitting value: Int128) {
        guard value >= Int128(Int64.min), value <= Int128(Int64.max) else { return nil }
        self.init(value)
    }

    /// The value clamped into 64 bits: how every figure beyond the range is shown (sums over
    /// long periods or many items can leave it within the input limits; docs/engine-rules.md, "Overflow").
    init(saturating value: Int128) {
        if value > Int128(Int64.max) { self = .max }
        else if value < Int128(Int64.min) { self = .min }
        else { self.init(value) }
    }
}
