// MARK: - APR

/// A yearly interest rate in hundredths of a percent: 14.99 % is `APR(hundredths: 1499)`.
public struct APR: Hashable, Comparable, Sendable, Codable {
    /// The rate in hundredths of a percent.
    public var hundredths: Int64

    /// Creates a rate from hundredths of a percent.
    public init(hundredths: Int64) { self.hundredths = hundredths }

    /// Orders rates by value.
    public static func < (lhs: APR, rhs: APR) -> Bool { lhs.hundredths < rhs.hundredths }

    /// The monthly rate r = APR ÷ 120000 as the denominator monthly interest divides by
    /// (docs/engine-rules.md, "Loans").
    static let monthlyDenominator: Int64 = 120_000

    /// Decodes from a bare integer of hundredths.
    public init(from decoder: any Decoder) throws {
        hundredths = try decoder.singleValueContainer().decode(Int64.self)
    }

    /// Encodes as a bare integer of hundredths.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hundredths)
    }
}
