// MARK: - Typed row ids

/// The id of a stored `Tag` (a recurring item, a debt, a goal, an entry…): an `Int64`
/// underneath, typed so that an `ID<Goal>` cannot be passed where an `ID<Debt>` is
/// expected (pointfreeco's `Tagged` idea). Literals work in tests: `let id: ID<Goal> = 7`.
/// Encodes as a bare integer; the database conformance lives in Storage.
public struct ID<Tag>: RawRepresentable, Hashable, Comparable, Sendable, Codable, ExpressibleByIntegerLiteral,
                       LosslessStringConvertible {
    /// The row id as stored.
    public var rawValue: Int64

    // The members used on every row read and every dictionary look-up are @inlinable, so other
    // targets compile them for the concrete id as they do for a bare Int64 (docs/PERFORMANCE.md,
    // "Typed ids at full speed").

    /// The id whose stored value is `rawValue`.
    @inlinable public init(rawValue: Int64) { self.rawValue = rawValue }

    /// The id whose stored value is `rawValue`.
    @inlinable public init(_ rawValue: Int64) { self.rawValue = rawValue }

    /// An id written as a literal.
    @inlinable public init(integerLiteral value: Int64) { rawValue = value }

    /// Orders ids by their stored value (creation order).
    @inlinable public static func < (lhs: ID, rhs: ID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The same stored value.
    @inlinable public static func == (lhs: ID, rhs: ID) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Hashes the stored value, as `Int64` does.
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// The stored value in decimal, as paths and forms show it.
    public var description: String { String(rawValue) }

    /// The id written in decimal (`Int64`'s reading), nil for other text. Paths check their
    /// digits first (`Route.id`).
    public init?(_ description: String) {
        guard let rawValue = Int64(description) else { return nil }
        self.rawValue = rawValue
    }

    /// Decodes a bare integer.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int64.self)
    }

    /// Encodes a bare integer.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
