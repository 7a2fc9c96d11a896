import Foundation
import Testing
@testable import Engine

// Calendar feeds (docs/engine-rules.md, "Calendar feeds (.ics)").

// MARK: - Golden files

/// The household the golden files are written from: a salary on the 31st, rent with a comma
/// and a semicolon in its name, a loan, a planned entry, a confirmed occurrence, a goal.
private func goldenHousehold() -> Household {
    let salary = RecurringItem(id: 1, kind: .income, name: "Зарплата", amount: money(185_000_00), periodicity: .monthly,
                               start: day("2027-01-31"))
    let rent = RecurringItem(id: 2, kind: .expense, name: "Rent; flat 5, \"Oak\" \\ main", amount: money(42_000_00),
                             periodicity: .monthly, start: day("2026-12-05"), category: "housing")
    let phone = Debt(id: 3, name: "Phone plan", paymentDay: 20, createdOn: day("2027-01-01"),
                     kind: .paymentOnly(monthlyPayment: money(799_00)))
    let confirmed = Entry(id: 10, date: day("2027-02-05"), kind: .expense, name: "Rent", amount: money(42_000_00),
                          isActual: true, confirms: OccurrenceKey(source: .recurring(2), date: day("2027-02-05")))
    let planned = Entry(id: 11, date: day("2027-02-14"), kind: .expense, name: "Цветы для мамы, большой букет с доставкой на дом",
                        amount: money(3_500_00), category: "gifts", isActual: false)
    let goal = Goal(id: 4, name: "Vacation", target: money(100_000_00), saved: money(20_000_00), deadline: day("2027-03-01"))
    return Household(incomes: [salary], expenses: [rent], debts: [phone], goals: [goal], entries: [confirmed, planned])
}

private let goldenStamp = UTCTimestamp(day: day("2027-01-15"), secondOfDay: 9 * 3600 + 5 * 60 + 7)
private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

private func golden(_ name: String, language: Language, options: CalendarFeedOptions) throws -> (expected: Data, actual: Data) {
    let events = calendarEvents(goldenHousehold(), from: day("2027-01-15"), through: day("2027-03-05"), today: day("2027-03-03"),
                                options: options, currency: language == .ru ? .rub : .usd, language: language)
    let text = ICalendar.document(name: "FinMind", language: language, events: events, stamp: goldenStamp)
    let url = fixtures.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["FINMIND_WRITE_GOLDEN"] == "1" { try Data(text.utf8).write(to: url) }
    return (try Data(contentsOf: url), Data(text.utf8))
}

@Test func englishFeedMatchesItsGoldenFileByteForByte() throws {
    let (expected, actual) = try golden("feed-en.ics", language: .en, options: CalendarFeedOptions())
    #expect(actual == expected)
}

@Test func russianFeedWithHiddenAmountsAndAlarmsMatchesItsGoldenFileByteForByte() throws {
    let options = CalendarFeedOptions(includeAmounts: false, dailyReminderMinutes: 21 * 60 + 30, paymentAlarmMinutes: 9 * 60)
    let (expected, actual) = try golden("feed-ru-private.ics", language: .ru, options: options)
    #expect(actual == expected)
}

// MARK: - Serialisation

@Test(arguments: [
    ("plain", "plain"),
    ("a;b,c\\d", "a\\;b\\,c\\\\d"),
    ("line1\nline2\r\nline3\rline4", "line1\\nline2\\nline3\\nline4"),
    ("bell\u{07}tab\there", "belltab\there"),
    ("Кофе, 250 ₽", "Кофе\\, 250 ₽"),
])
func textValuesAreEscaped(_ input: String, _ expected: String) {
    #expect(ICalendar.escape(input) == expected)
}

/// Splits folded text into physical lines' bytes.
private func physicalLines(_ text: String) -> [[UInt8]] {
    var lines: [[UInt8]] = [[]]
    let bytes = Array(text.utf8)
    var i = 0
    while i < bytes.count {
        if bytes[i] == 13, i + 1 < bytes.count, bytes[i + 1] == 10 { lines.append([]); i += 2; continue }
        lines[lines.count - 1].append(bytes[i]); i += 1
    }
    return lines
}

@Test(arguments: 0..<4)
func cyrillicFoldsAtSeventyFiveOctetsWithoutSplittingASequence(_ shift: Int) {
    // "SUMMARY:" is 8 octets; `shift` ASCII letters move the 75-octet boundary onto either
    // octet of a two-octet letter, and onto a four-octet emoji.
    let value = String(repeating: "x", count: shift) + String(repeating: "Ж", count: 60) + "🎉" + String(repeating: "ё", count: 50)
    let line = "SUMMARY:" + value
    let folded = ICalendar.fold(line)
    let lines = physicalLines(folded)
    #expect(lines.count > 1)
    for (index, bytes) in lines.enumerated() {
        #expect(bytes.count <= 75)
        #expect(String(validating: bytes, as: UTF8.self) != nil, "line \(index) splits a UTF-8 sequence")
        if index > 0 { #expect(bytes.first == 32) }
    }
    // Unfolding (drop CRLF + one space) gives the line back.
    #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line)
}

@Test func shortLinesAreNotFolded() {
    let line = "SUMMARY:" + String(repeating: "a", count: 67)
    #expect(ICalendar.fold(line) == line)
    #expect(ICalendar.fold(line + "b").contains("\r\n "))
}

@Test func everyLineEndsInCRLF() {
    let text = ICalendar.document(name: "X", language: .en, events: [
        CalendarEvent(uid: "u@finmind", date: day("2027-01-01"), summary: "a\nb", isConfirmed: false),
    ], stamp: goldenStamp)
    #expect(text.hasSuffix("END:VCALENDAR\r\n"))
    #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\r"))
    #expect(text.contains("DTSTART;VALUE=DATE:20270101\r\nDTEND;VALUE=DATE:20270102\r\n"))
    #expect(text.contains("STATUS:TENTATIVE\r\nTRANSP:TRANSPARENT\r\n"))
}

@Test func timestampsFromUnixSeconds() {
    #expect(UTCTimestamp(unixSeconds: 0).text == "19700101T000000Z")
    #expect(UTCTimestamp(unixSeconds: 1_795_482_000).text == "20261124T010000Z")
    #expect(UTCTimestamp(unixSeconds: -1).text == "19691231T235959Z")
}

// MARK: - Events

@Test func monthEndItemsLandOnTheLastDayOfShorterMonths() {
    let item = RecurringItem(id: 7, kind: .expense, name: "Loan", amount: money(1_00), periodicity: .monthly, start: day("2027-01-31"))
    let events = calendarEvents(Household(expenses: [item]), from: day("2027-01-01"), through: day("2028-04-30"),
                                today: day("2027-01-01"), options: CalendarFeedOptions(), currency: .rub, language: .en)
    let dates = events.map(\.date.iso)
    #expect(dates.contains("2027-02-28"))
    #expect(dates.contains("2028-02-29"))
    #expect(dates.contains("2027-04-30"))
    #expect(dates.contains("2028-04-30"))
    #expect(!dates.contains { $0.hasPrefix("2027-03-0") })   // never spills into the next month
    #expect(dates.count == 16)
    #expect(events.first { $0.date == day("2027-02-28") }?.uid == "recurring-7-20270228@finmind")
}

@Test func uidsStayTheSameWhenAmountAndNameAreEdited() {
    var item = RecurringItem(id: 5, kind: .expense, name: "Netflix", amount: money(799_00), periodicity: .monthly,
                             start: day("2027-01-10"), category: "subscriptions")
    let before = calendarEvents(Household(expenses: [item]), from: day("2027-01-01"), through: day("2027-06-30"),
                                today: day("2027-01-01"), options: CalendarFeedOptions(), currency: .rub, language: .ru)
    item.name = "Netflix Premium"
    item.amount = money(1_199_00)
    let after = calendarEvents(Household(expenses: [item]), from: day("2027-01-01"), through: day("2027-06-30"),
                               today: day("2027-01-01"), options: CalendarFeedOptions(), currency: .rub, language: .ru)
    #expect(before.count == 6)
    #expect(before.map(\.uid) == after.map(\.uid))
    #expect(before.map(\.summary) != after.map(\.summary))
    #expect(Set(before.map(\.uid)).count == 6)
}

@Test func statusFollowsConfirmationAndAmountsCanBeHidden() {
    let item = RecurringItem(id: 5, kind: .expense, name: "Gym", amount: money(2_000_00), periodicity: .monthly, start: day("2027-01-10"))
    let paid = Entry(id: 9, date: day("2027-01-10"), kind: .expense, name: "Gym", amount: money(2_000_00), isActual: true,
                     confirms: OccurrenceKey(source: .recurring(5), date: day("2027-01-10")))
    let typed = Entry(id: 12, date: day("2027-01-11"), kind: .expense, name: "Coffee", amount: money(250_00), isActual: true)
    let options = CalendarFeedOptions(includeAmounts: false, paymentAlarmMinutes: 8 * 60)
    let events = calendarEvents(Household(expenses: [item], entries: [paid, typed]), from: day("2027-01-01"), through: day("2027-02-28"),
                                today: day("2027-01-01"), options: options, currency: .usd, language: .en)
    #expect(events.map(\.isConfirmed) == [true, false])     // the typed-as-actual coffee is history, not an event
    #expect(events.map(\.summary) == ["Gym", "Gym"])
    #expect(events.map(\.alarmMinutes) == [nil, 480])       // no reminder for what is already paid
}

@Test func theExtraHookAndTheDailyReminderJoinInDateOrder() {
    let extra = CalendarEvent(uid: "challenge-20270103@finmind", date: day("2027-01-03"), summary: "Challenge", isConfirmed: true, alarmMinutes: 600)
    let events = calendarEvents(Household(), from: day("2027-01-01"), through: day("2027-01-04"), today: day("2027-01-02"),
                                options: CalendarFeedOptions(dailyReminderMinutes: 1290), currency: .usd, language: .en, extra: [extra])
    #expect(events.map(\.uid) == ["daily-20270102@finmind", "challenge-20270103@finmind", "daily-20270103@finmind", "daily-20270104@finmind"])
    let text = ICalendar.document(name: "X", language: .en, events: events, stamp: goldenStamp)
    #expect(text.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Log today's spending\r\nTRIGGER;RELATED=START:PT21H30M\r\nEND:VALARM\r\n"))
    #expect(ICalendar.duration(minutes: 0) == "PT0S")
    #expect(ICalendar.duration(minutes: 30) == "PT30M")
    #expect(ICalendar.duration(minutes: 540) == "PT9H")
}
