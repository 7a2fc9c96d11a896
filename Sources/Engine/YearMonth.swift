// MARK: - YearMonth

/// A calendar month of a year, e.g. 2027-02. Ordered chronologically.
public struct YearMonth: Hashable, Comparable, Sendable, Codable {
    /// The year (1 or later).
    public let year: Int
    /// The month, 1…12.
    public let month: Int

    /// A valid month, or nil.
    public init?(year: Int, month: Int) {
        guard year >= 1, year <= 9999, (1...12).contains(month) else { return nil }
        self.init(unchecked: year, month)
    }

    init(unchecked year: Int, _ month: Int) { self.year = year; self.month = month }

    /// The month with `index` = year × 12 + month − 1 (the inverse of `index`).
    public init(index: Int) {
        let year = index >= 0 ? index / 12 : (index - 11) / 12
        self.init(unchecked: year, index - year * 12 + 1)
    }

    /// Parses exactly `YYYY-MM`, else nil.
    public init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"),
              let year = decimal(bytes[0..<4]), let month = decimal(bytes[5..<7]) else { return nil }
        self.init(year: year, month: month)
    }

    /// `YYYY-MM`.
    public var iso: String {
        let y = String(year)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-" + twoDigits(month)
    }

    /// year × 12 + month − 1: consecutive months differ by one.
    public var index: Int { year * 12 + month - 1 }

    /// Chronological order.
    public static func < (lhs: YearMonth, rhs: YearMonth) -> Bool { lhs.index < rhs.index }

    /// The month `months` later (earlier when negative).
    public func adding(months: Int) -> YearMonth { YearMonth(index: index + months) }

    /// The following month.
    public var next: YearMonth { adding(months: 1) }

    /// The preceding month.
    public var previous: YearMonth { adding(months: -1) }

    /// Months from `self` to `other` (positive when `other` is later).
    public func months(to other: YearMonth) -> Int { other.index - index }

    /// The number of days in the month (28…31).
    public var numberOfDays: Int { Day.daysInMonth(year: year, month: month) }

    /// The 1st of the month.
    public var firstDay: Day { Day(unchecked: year, month, 1) }

    /// The last day of the month.
    public var lastDay: Day { Day(unchecked: year, month, numberOfDays) }

    /// The day `day` of this month, clamped into 1…numberOfDays (31 → 30 in April).
    public func day(clamping day: Int) -> Day {
        Day(unchecked: year, month, min(max(day, 1), numberOfDays))
    }
}

// MARK: - Codable

extension YearMonth: ISOTextCodable {
    public static let isoShape = "a YYYY-MM month"
}
