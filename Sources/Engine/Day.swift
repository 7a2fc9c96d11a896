// Civil (proleptic Gregorian) dates with real month lengths, no time zone.

// MARK: - Day

/// A civil date: year, month 1…12, day 1…28/29/30/31. Ordered chronologically.
public struct Day: Hashable, Comparable, Sendable, Codable {
    /// The year (1 or later).
    public let year: Int
    /// The month, 1…12.
    public let month: Int
    /// The day of the month, 1…days in that month.
    public let day: Int

    /// A real calendar date, or nil (30 February, month 13, year 0…).
    public init?(year: Int, month: Int, day: Int) {
        guard year >= 1, year <= 9999, (1...12).contains(month),
              day >= 1, day <= Day.daysInMonth(year: year, month: month) else { return nil }
        self.init(unchecked: year, month, day)
    }

    /// For values already known to be valid.
    init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year; self.month = month; self.day = day
    }

    /// Parses exactly `YYYY-MM-DD` (ten characters, ASCII digits) into a real date, else nil.
    public init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = decimal(bytes[0..<4]), let month = decimal(bytes[5..<7]), let day = decimal(bytes[8..<10])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DD`.
    public var iso: String { yearMonth.iso + "-" + twoDigits(day) }

    /// The month this day is in.
    public var yearMonth: YearMonth { YearMonth(unchecked: year, month) }

    /// Chronological order.
    public static func < (lhs: Day, rhs: Day) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Days in a month of a year, with Gregorian leap years.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Gregorian leap year: divisible by 4, except centuries not divisible by 400.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }
}

// MARK: - Arithmetic

extension Day {
    /// Days since 1970-01-01 (negative before it). Consecutive days differ by one.
    public var ordinal: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthFromMarch = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `ordinal` days after 1970-01-01 (the inverse of `ordinal`).
    public init(ordinal: Int) {
        // Howard Hinnant's civil_from_days.
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        self.init(unchecked: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> Day { Day(ordinal: ordinal + days) }

    /// The same day of the month `months` months later (earlier when negative),
    /// clamped to the last day of a shorter month: 31 Jan + 1 month = 28/29 Feb.
    public func addingMonths(_ months: Int) -> Day {
        yearMonth.adding(months: months).day(clamping: day)
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(to other: Day) -> Int { other.ordinal - ordinal }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (4).
        let shifted = (ordinal + 3) % 7
        return (shifted < 0 ? shifted + 7 : shifted) + 1
    }
}

// MARK: - Helpers

/// The decimal value of ASCII digits, or nil when any byte is not a digit.
func decimal(_ bytes: ArraySlice<UInt8>) -> Int? {
    var value = 0
    for byte in bytes {
        guard byte >= 48, byte <= 57 else { return nil }
        value = value * 10 + Int(byte - 48)
    }
    return value
}

/// A number with at least two digits ("07").
func twoDigits(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }

// MARK: - Codable

/// A value written as its ISO 8601 text in JSON (`Day` as YYYY-MM-DD, `YearMonth` as YYYY-MM).
public protocol ISOTextCodable: Codable {
    init?(iso: String)
    var iso: String { get }
    /// What the text must be, for the decoding error ("a YYYY-MM-DD date").
    static var isoShape: String { get }
}

extension ISOTextCodable {
    /// Decodes from its ISO text; throws `DecodingError.dataCorrupted` on any other text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let value = Self(iso: try container.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected \(Self.isoShape)")
        }
        self = value
    }

    /// Encodes as its ISO text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}

extension Day: ISOTextCodable {
    public static let isoShape = "a YYYY-MM-DD date"
}
