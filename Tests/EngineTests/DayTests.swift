import Testing
@testable import Engine

// MARK: - Validation and ISO

@Test(arguments: ["2027-02-29", "2100-02-29", "2027-04-31", "2027-13-01", "2027-00-10", "2027-01-00",
                  "2027-1-01", "2027-01-1", "27-01-01", "2027/01/01", "2027-01-01T", "２０２７-01-01", ""])
func invalidISODates(_ text: String) {
    #expect(Day(iso: text) == nil)
}

@Test(arguments: ["2028-02-29", "2000-02-29", "1900-01-01", "2199-12-31", "2027-12-31"])
func validISODatesRoundTrip(_ text: String) {
    #expect(Day(iso: text)?.iso == text)
}

@Test func monthLengths() {
    #expect(Day.daysInMonth(year: 2027, month: 2) == 28)
    #expect(Day.daysInMonth(year: 2028, month: 2) == 29)
    #expect(Day.daysInMonth(year: 1900, month: 2) == 28)   // century, not leap
    #expect(Day.daysInMonth(year: 2000, month: 2) == 29)   // divisible by 400
    #expect(Day.daysInMonth(year: 2027, month: 4) == 30)
    #expect(Day.daysInMonth(year: 2027, month: 12) == 31)
    #expect(YearMonth(iso: "2028-02")?.numberOfDays == 29)
    #expect(YearMonth(iso: "2028-2") == nil)
}

// MARK: - Arithmetic

struct MonthShiftCase: Sendable, CustomTestStringConvertible {
    let from: String, months: Int, expected: String
    var testDescription: String { "\(from) + \(months) months" }
}

@Test(arguments: [
    MonthShiftCase(from: "2027-01-31", months: 1, expected: "2027-02-28"),
    MonthShiftCase(from: "2028-01-31", months: 1, expected: "2028-02-29"),
    MonthShiftCase(from: "2027-03-31", months: 1, expected: "2027-04-30"),
    MonthShiftCase(from: "2027-05-31", months: -3, expected: "2027-02-28"),
    MonthShiftCase(from: "2027-12-15", months: 1, expected: "2028-01-15"),
    MonthShiftCase(from: "2027-01-15", months: -1, expected: "2026-12-15"),
    MonthShiftCase(from: "2028-02-29", months: 12, expected: "2029-02-28"),
    MonthShiftCase(from: "2027-08-31", months: -18, expected: "2026-02-28"),
])
func addingMonthsClampsToMonthEnd(_ c: MonthShiftCase) {
    #expect(day(c.from).addingMonths(c.months) == day(c.expected))
}

@Test func weekdaysAndDayArithmetic() {
    #expect(day("1970-01-01").weekday == 4)      // Thursday
    #expect(day("2027-03-15").weekday == 1)      // Monday
    #expect(day("2027-03-21").weekday == 7)      // Sunday
    #expect(day("1969-12-29").weekday == 1)      // Monday before the epoch
    #expect(day("1970-01-01").ordinal == 0)
    #expect(day("2027-02-28").adding(days: 1) == day("2027-03-01"))
    #expect(day("2028-02-28").adding(days: 1) == day("2028-02-29"))
    #expect(day("2027-01-01").days(to: day("2028-01-01")) == 365)
    #expect(day("2028-01-01").days(to: day("2029-01-01")) == 366)
    #expect(YearMonth(index: day("2027-01-15").yearMonth.index - 1) == YearMonth(year: 2026, month: 12))
}

@Test func ordinalRoundTripsOverEveryDayFrom1900To2199() {
    var expected = day("1900-01-01")
    var ordinal = expected.ordinal
    while expected <= day("2199-12-31") {
        let rebuilt = Day(ordinal: ordinal)
        guard rebuilt == expected, rebuilt.weekday == (ordinal % 7 + 7 + 3) % 7 + 1 else {
            Issue.record("ordinal \(ordinal) gave \(rebuilt.iso), expected \(expected.iso)")
            return
        }
        // The next real date, built field by field.
        let last = Day.daysInMonth(year: expected.year, month: expected.month)
        expected = expected.day < last ? Day(year: expected.year, month: expected.month, day: expected.day + 1)!
            : expected.month < 12 ? Day(year: expected.year, month: expected.month + 1, day: 1)!
            : Day(year: expected.year + 1, month: 1, day: 1)!
        ordinal += 1
    }
}
