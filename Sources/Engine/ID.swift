// MARK: - Typed row ids

/// The id of a stored `Tag` (a recurring item, a debt, a goal, an entry…): an `Int64`
/// underneath, typed so that an `ID<Goal>` cannot be passed where an `ID<Debt>` is
/// expected (pointfreeco's `Tagged` idea). Literals work in tests: `let id: ID<Goal> = 7`.
/// Encodes as a bare integer; the database conformance lives in Storage.
public struct ID<Tag>: RawRepresentable, Hashable, Comparable, Sendable, Codable, ExpressibleByIntegerLiteral,
                       LosslessStringConvertible {
    /// The row id as stored.
    public var rawValue: Int64

    /// The id whose stored value is `rawValue`.
    public init(rawValue: Int64) { self.rawValue = rawValue }

    /// The id whose stored value is `rawValue`.
    public init(_ rawValue: Int64) { self.rawValue = rawValue }

    /// An id written as a literal.
    public init(integerLiteral value: Int64) { rawValue = value }

    /// Orders ids by their stored value (creation order).
    public static func < (lhs: ID, rhs: ID) -> Bool { lhs.rawValue < rhs.rawValue }

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
