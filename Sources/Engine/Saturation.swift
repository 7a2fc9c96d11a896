// Figures a household's data can push past 64 bits (docs/engine-rules.md, "Overflow"): amounts up to 10^12
// and dates over 300 years, so a weekly item summed over a long chart period, or a few
// thousand items, exceed Int64 (≈ 9.2 × 10^18). Every such figure is computed in 128 bits
// and shown clamped: a figure beyond the range reads as the nearest 64-bit value
// (Int64.max or Int64.min minor units). Nothing on a request's path may trap.

// MARK: - Clamped money

extension Money {
    /// The value clamped into the 64-bit range.
    public init(clamping value: Int128) {
        self.init(minorUnits: Int64(saturating: value))
    }

    /// `self + other`, clamped to the 64-bit range.
    public func saturatingAdding(_ other: Money) -> Money {
        Money(clamping: Int128(minorUnits) + Int128(other.minorUnits))
    }

    /// `self − other`, clamped to the 64-bit range.
    public func saturatingSubtracting(_ other: Money) -> Money {
        Money(clamping: Int128(minorUnits) - Int128(other.minorUnits))
    }

    /// `self × factor`, clamped to the 64-bit range.
    public func saturatingMultiplied(by factor: Int) -> Money {
        let (product, overflow) = Int128(minorUnits).multipliedReportingOverflow(by: Int128(factor))
        if overflow { return (minorUnits < 0) == (factor < 0) ? Money(minorUnits: .max) : Money(minorUnits: .min) }
        return Money(clamping: product)
    }

    /// `−self`, with `Int64.min` (which has no opposite) giving `Int64.max`.
    public var saturatingNegated: Money { Money(clamping: -Int128(minorUnits)) }

    /// `|self|`, with `Int64.min` giving `Int64.max`.
    public var saturatingMagnitude: Money { Money(clamping: Int128(minorUnits.magnitude)) }
}

extension Sequence where Element == Money {
    /// The total of the amounts in 128 bits, clamped to the 64-bit range.
    public func saturatingTotal() -> Money { total() }
}

// MARK: - Whole percents

/// Whole percents of each part of the parts' total, summing to exactly 100 (largest
/// remainder, ties to the earlier part: docs/engine-rules.md, "Splitting a total"); negative parts count as zero. All zero
/// when no part is positive. Exact for any amounts (the products are not formed in 64 bits).
public func wholePercents(of parts: [Money]) -> [Int] {
    let weights = parts.map { BigUInt(UInt64(max($0.minorUnits, 0))) }
    guard weights.contains(where: { !$0.isZero }) else { return parts.map { _ in 0 } }
    return largestRemainderSplit(100, weights: weights).map { Int($0) }
}
