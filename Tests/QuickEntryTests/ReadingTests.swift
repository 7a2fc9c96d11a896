import Engine
import Testing
@testable import QuickEntry

struct QuickDateCase: Sendable, CustomStringConvertible {
    var text: String, language: Language, date: String, planned: Bool
    var description: String { text }
}

// Reading a phrase's date: relative days, weekdays, numeric and named dates (Sources/QuickEntry/Reading.swift).
@Suite("Quick entry dates")
struct ReadingTests {
    @Test(arguments: [
        QuickDateCase(text: "кофе 250", language: .ru, date: "2026-11-24", planned: false),
        QuickDateCase(text: "кофе 250 сегодня", language: .ru, date: "2026-11-24", planned: false),
        QuickDateCase(text: "такси 780 вчера", language: .ru, date: "2026-11-23", planned: false),
        QuickDateCase(text: "такси 780 вчира", language: .ru, date: "2026-11-23", planned: false),
        QuickDateCase(text: "продукты 900 позавчера", language: .ru, date: "2026-11-22", planned: false),
        QuickDateCase(text: "обед 400 3 дня назад", language: .ru, date: "2026-11-21", planned: false),
        QuickDateCase(text: "обед 400 два дня назад", language: .ru, date: "2026-11-22", planned: false),
        QuickDateCase(text: "обед 400 неделю назад", language: .ru, date: "2026-11-17", planned: false),
        QuickDateCase(text: "пицца 900 в пятницу", language: .ru, date: "2026-11-20", planned: false),
        QuickDateCase(text: "пицца 900 во вторник", language: .ru, date: "2026-11-24", planned: false),
        QuickDateCase(text: "такси 500 в прошлый понедельник", language: .ru, date: "2026-11-23", planned: false),
        QuickDateCase(text: "такси 500 в прошлый вторник", language: .ru, date: "2026-11-17", planned: false),
        QuickDateCase(text: "такси 500 в следующую пятницу", language: .ru, date: "2026-11-27", planned: true),
        QuickDateCase(text: "коммуналка 7800 21.11", language: .ru, date: "2026-11-21", planned: false),
        QuickDateCase(text: "коммуналка 7800 21/11", language: .ru, date: "2026-11-21", planned: false),
        QuickDateCase(text: "коммуналка 7800 21.11.2025", language: .ru, date: "2025-11-21", planned: false),
        QuickDateCase(text: "bills 78 11/21", language: .en, date: "2026-11-21", planned: false),
        QuickDateCase(text: "врач 2500 5 мая", language: .ru, date: "2026-05-05", planned: false),
        QuickDateCase(text: "страховка 12000 5 декабря", language: .ru, date: "2026-12-05", planned: true),
        QuickDateCase(text: "lunch 11 May 5", language: .en, date: "2026-05-05", planned: false),
        QuickDateCase(text: "lunch 11 on friday", language: .en, date: "2026-11-20", planned: false),
        QuickDateCase(text: "lunch 11 last monday", language: .en, date: "2026-11-23", planned: false),
        QuickDateCase(text: "lunch 11 yesterday", language: .en, date: "2026-11-23", planned: false),
        QuickDateCase(text: "lunch 11 day before yesterday", language: .en, date: "2026-11-22", planned: false),
        QuickDateCase(text: "lunch 11 today", language: .en, date: "2026-11-24", planned: false),
        QuickDateCase(text: "lunch 11 2 days ago", language: .en, date: "2026-11-22", planned: false),
        QuickDateCase(text: "salary 4200 the 10th", language: .en, date: "2026-11-10", planned: false),
        QuickDateCase(text: "зарплата 185к 10-го", language: .ru, date: "2026-11-10", planned: false),
        QuickDateCase(text: "аренда 30000 30-го", language: .ru, date: "2026-11-30", planned: true),
        QuickDateCase(text: "такси 600 завтра", language: .ru, date: "2026-11-25", planned: true),
        QuickDateCase(text: "dentist 150 tomorrow", language: .en, date: "2026-11-25", planned: true),
        QuickDateCase(text: "dentist 150 in 3 days", language: .en, date: "2026-11-27", planned: true),
        QuickDateCase(text: "врач 1500 через 3 дня", language: .ru, date: "2026-11-27", planned: true),
        QuickDateCase(text: "rent 900 2026-12-01", language: .en, date: "2026-12-01", planned: true),
    ])
    func date(_ c: QuickDateCase) throws {
        let draft = try #require(quickDraft(c.text, c.language))
        #expect(draft.date.iso == c.date)
        #expect(draft.isPlanned == c.planned)
    }

    @Test func dateWhyShowsThePhraseAndTheDay() throws {
        let draft = try #require(quickDraft("такси 780 вчера"))
        #expect(draft.fields[.date]?.why == "вчера → 23.11.2026")
        #expect(draft.fields[.date]?.confidence == 100)
    }
}
