// MARK: - Money

/// An amount of the household currency as a signed count of minor units
/// (kopecks, cents). Never a floating-point value. Arithmetic is checked: the
/// methods return nil instead of trapping on overflow.
public struct Money: Hashable, Comparable, Sendable, Codable {
    /// The amount in minor units: `123_45` is 123.45.
    public var minorUnits: Int64

    /// Creates an amount from a count of minor units.
    public init(minorUnits: Int64) { self.minorUnits = minorUnits }

    /// Zero.
    public static let zero = Money(minorUnits: 0)

    /// Orders amounts by value.
    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.minorUnits < rhs.minorUnits }

    /// Encodes as a bare integer of minor units (the JSON API and export use minor units).
    public init(from decoder: any Decoder) throws {
        minorUnits = try decoder.singleValueContainer().decode(Int64.self)
    }

    /// Encodes as a bare integer of minor units.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(minorUnits)
    }
}

// MARK: - Checked arithmetic

extension Money {
    /// The sum, or nil on overflow.
    public func adding(_ other: Money) -> Money? {
        let (value, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
        return overflow ? nil : Money(minorUnits: value)
    }

    /// The difference, or nil on overflow.
    public func subtracting(_ other: Money) -> Money? {
        let (value, overflow) = minorUnits.subtractingReportingOverflow(other.minorUnits)
        return overflow ? nil : Money(minorUnits: value)
    }

    /// The amount times a whole factor, or nil on overflow.
    public func multiplied(by factor: Int) -> Money? {
        let (value, overflow) = minorUnits.multipliedReportingOverflow(by: Int64(factor))
        return overflow ? nil : Money(minorUnits: value)
    }

    /// The opposite amount, or nil for the one value without an opposite (`Int64.min`).
    public var negated: Money? {
        minorUnits == .min ? nil : Money(minorUnits: -minorUnits)
    }

    /// `self − other` when positive, else zero (what a goal or fund still misses).
    /// Saturates instead of overflowing.
    public func shortfall(below target: Money) -> Money {
        let missing = Int128(target.minorUnits) - Int128(minorUnits)
        return missing > 0 ? Money(minorUnits: Int64(saturating: missing)) : .zero
    }

    /// Rounds numerator ÷ denominator half-to-even into an amount, clamping to the
    /// 64-bit range. The engine's single entry point for rounded money figures.
    static func rounded(_ numerator: Int128, over denominator: Int128) -> Money {
        Money(minorUnits: Int64(saturating: roundHalfEven(numerator: numerator, denominator: denominator)))
    }
}

// MARK: - Sums

/// A running total kept in 128 bits so that adding many amounts never traps;
/// `money` clamps to the 64-bit range (reachable: see Saturation.swift and
/// docs/engine-rules.md, "Overflow").
struct MoneySum {
    var total: Int128 = 0

    mutating func add(_ amount: Money) { total += Int128(amount.minorUnits) }
    mutating func subtract(_ amount: Money) { total -= Int128(amount.minorUnits) }

    var money: Money { Money(minorUnits: Int64(saturating: total)) }
}

extension Sequence where Element == Money {
    /// The total of the amounts, clamped to the 64-bit range.
    func total() -> Money {
        var sum = MoneySum()
        for amount in self { sum.add(amount) }
        return sum.money
    }
}
