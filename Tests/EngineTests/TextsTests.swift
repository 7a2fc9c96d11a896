import Testing
@testable import Engine

// Plan lines and notes in words, months and dates in words (Sources/Engine/Texts.swift).
@Suite("Texts")
struct TextsTests {
    @Test("months in words pick the form by the rule")
    func monthsInWords() {
        #expect(monthsPhrase(1, .en) == "1 month")
        #expect(monthsPhrase(2, .en) == "2 months")
        #expect(monthsPhrase(1, .ru) == "1 месяц")
        #expect(monthsPhrase(3, .ru) == "3 месяца")
        #expect(monthsPhrase(11, .ru) == "11 месяцев")
        #expect(monthsPhrase(21, .ru) == "21 месяц")
    }

    @Test("dates and months in words, in both languages")
    func datesInWords() {
        #expect(DateFormat.long(day("2027-03-05"), .en) == "March 5, 2027")
        #expect(DateFormat.long(day("2027-03-05"), .ru) == "5 марта 2027 г.")
        #expect(DateFormat.long(day("2026-12-31"), .ru) == "31 декабря 2026 г.")
        #expect(DateFormat.month(YearMonth(year: 2027, month: 3)!, .en) == "March 2027")
        #expect(DateFormat.month(YearMonth(year: 2027, month: 3)!, .ru) == "март 2027")
    }

    @Test("a passed deadline names the goal in quotes and the date in words")
    func deadlinePassedNote() {
        let note = PlanNote.deadlinePassed(name: "Car", deadline: day("2027-01-10"))
        #expect(note.text(.en, .usd) == "The deadline of “Car” (January 10, 2027) has passed; set a new one.")
        #expect(note.text(.ru, .rub) == "Срок цели «Car» (10 января 2027 г.) прошёл; назначьте новый.")
    }
}
