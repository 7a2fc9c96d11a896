import Engine
import Testing
@testable import QuickEntry

// The quick-entry parser, one table row per phrase form (docs/engine-rules.md, "Quick entry
// in plain words"). Today is Tuesday 24 Nov 2026.

let quickToday = Day(year: 2026, month: 11, day: 24)!

func quickContext(_ language: Language = .ru, accounts: [String] = [], learned: [String: String] = [:],
                  custom: [QuickCustomCategory] = []) -> QuickContext {
    QuickContext(today: quickToday, language: language, currency: language == .ru ? .rub : .usd, accounts: accounts,
                 customCategories: custom, learnedCategory: { learned[$0.lowercased()] })
}

func quickDraft(_ text: String, _ language: Language = .ru) -> QuickDraft? {
    QuickEntryParser.parse(text, quickContext(language)).drafts.first
}

struct QuickAmountCase: Sendable, CustomStringConvertible {
    var text: String, language: Language, minor: Int64
    var description: String { text }
}

struct QuickDateCase: Sendable, CustomStringConvertible {
    var text: String, language: Language, date: String, planned: Bool
    var description: String { text }
}

@Suite("Quick entry parser")
struct QuickEntryParserTests {
    // MARK: - Amounts

    @Test(arguments: [
        QuickAmountCase(text: "кофе 250", language: .ru, minor: 250_00),
        QuickAmountCase(text: "продукты 1 230,50", language: .ru, minor: 1230_50),
        QuickAmountCase(text: "продукты 1\u{00A0}230,50", language: .ru, minor: 1230_50),
        QuickAmountCase(text: "продукты 1\u{202F}230", language: .ru, minor: 1230_00),
        QuickAmountCase(text: "аренда 45 000 ₽", language: .ru, minor: 45_000_00),
        QuickAmountCase(text: "lunch 12.50", language: .en, minor: 12_50),
        QuickAmountCase(text: "rent 1,450.00", language: .en, minor: 1450_00),
        QuickAmountCase(text: "зарплата 185к", language: .ru, minor: 185_000_00),
        QuickAmountCase(text: "bonus 1.5k", language: .en, minor: 1500_00),
        QuickAmountCase(text: "премия 2,5 тыс", language: .ru, minor: 2500_00),
        QuickAmountCase(text: "зарплата 120 тысяч", language: .ru, minor: 120_000_00),
        QuickAmountCase(text: "кофе 250р", language: .ru, minor: 250_00),
        QuickAmountCase(text: "кофе 250 руб.", language: .ru, minor: 250_00),
        QuickAmountCase(text: "кофе250", language: .ru, minor: 250_00),
        QuickAmountCase(text: "$5 coffee", language: .en, minor: 5_00),
        QuickAmountCase(text: "coffee 4.5 usd", language: .en, minor: 4_50),
        QuickAmountCase(text: "ticket 20 €", language: .en, minor: 20_00),
        QuickAmountCase(text: "2 кофе 300", language: .ru, minor: 300_00),
        QuickAmountCase(text: "кофе 250 21.11", language: .ru, minor: 250_00),
        QuickAmountCase(text: "такси 780 3 дня назад", language: .ru, minor: 780_00),
    ])
    func amount(_ c: QuickAmountCase) throws {
        let draft = try #require(quickDraft(c.text, c.language))
        #expect(draft.amount.minorUnits == c.minor)
    }

    @Test func noAmountIsAProblem() {
        let parse = QuickEntryParser.parse("кофе вчера", quickContext())
        #expect(parse.drafts.isEmpty)
        #expect(parse.problems == [.noAmount("кофе вчера")])
        #expect(QuickEntryParser.parse("  ", quickContext()).problems == [.empty])
        #expect(QuickEntryParser.parse(String(repeating: "1", count: 600), quickContext()).problems == [.tooLong])
        #expect(QuickEntryParser.parse("кофе 99999999999999", quickContext()).drafts.isEmpty)
    }

    // MARK: - Dates

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

    // MARK: - Kind, periodicity, accounts, categories, names

    @Test(arguments: [("+5000 подарок от мамы", FlowKind.income), ("подарок маме 3000", .expense), ("зарплата 185к", .income),
                      ("аванс 60к", .income), ("кэшбэк 340", .income), ("salary 4200", .income), ("refund 35.99", .income),
                      ("кофе 250", .expense), ("-250 кофе", .expense), ("+200 gift from grandma", .income),
                      ("вчера заплатил за интернет 750", .expense), ("премия 5000", .income)])
    func kind(_ text: String, _ kind: FlowKind) throws {
        #expect(try #require(quickDraft(text)).kind == kind)
    }

    @Test(arguments: [("netflix 9.99 monthly", Periodicity?.some(.monthly)), ("аренда 45000 ежемесячно", .monthly),
                      ("спортзал 800 каждую неделю", .weekly), ("gym 10 every week", .weekly), ("страховка 9000 ежегодно", .yearly),
                      ("domain 12 yearly", .yearly), ("кружок 2000 раз в две недели", .biweekly), ("кофе 250", nil)])
    func periodicity(_ text: String, _ periodicity: Periodicity?) throws {
        #expect(try #require(quickDraft(text)).periodicity == periodicity)
    }

    @Test func accountsByName() throws {
        let context = quickContext(accounts: ["Наличные", "Тинькофф Black", "Сбербанк"])
        #expect(QuickEntryParser.parse("кофе 250 наличными", context).drafts.first?.account == 0)
        #expect(QuickEntryParser.parse("такси 780 с тинькоффа", context).drafts.first?.account == 1)
        #expect(QuickEntryParser.parse("продукты 900 сбер", context).drafts.first?.account == nil)
        #expect(QuickEntryParser.parse("продукты 900 сбербанк", context).drafts.first?.account == 2)
        let draft = try #require(QuickEntryParser.parse("такси 780 с тинькоффа", context).drafts.first)
        #expect(draft.name == "Такси")
    }

    @Test(arguments: [("кофе 250", "food"), ("продуктов 900", "food"), ("такси 780", "transport"), ("аптека 300", "health"),
                      ("кино 500", "entertainment"), ("интернет 650", "utilities"), ("аренда 45000", "housing"),
                      ("кроссовки 7990", "clothing"), ("книги 1500", "education"), ("spotify 10.99", "subscriptions"),
                      ("стрижка 1500", "other"), ("groceries 87", "food"), ("uber 23", "transport"),
                      // The earliest known word decides; several-word names first; pets are not food.
                      ("шаурма у метро 320", "food"), ("uber eats 23.50", "food"), ("корм коту 900", "other"),
                      ("кофэ 200", "food"), ("ютуб премиум 299", "subscriptions")])
    func category(_ text: String, _ category: String) throws {
        #expect(try #require(quickDraft(text)).category == category)
    }

    @Test func theLearnedMapWinsOverKeywords() throws {
        let context = quickContext(learned: ["кофе": "entertainment"])
        let draft = try #require(QuickEntryParser.parse("кофе 250", context).drafts.first)
        #expect(draft.category == "entertainment")
        #expect(draft.fields[.category]?.confidence == 100)
    }

    @Test func householdCategoriesByName() throws {
        let context = quickContext(custom: [QuickCustomCategory(key: "custom-1", name: "Питомцы")])
        #expect(QuickEntryParser.parse("корм питомцу 900", context).drafts.first?.category == "custom-1")
    }

    @Test func namesKeepTheWordsLeft() throws {
        #expect(try #require(quickDraft("+5000 подарок от мамы")).name == "Подарок от мамы")
        #expect(try #require(quickDraft("такси 780 вчера")).name == "Такси")
        #expect(try #require(quickDraft("250 на кофе")).name == "Кофе")
    }

    // MARK: - Several drafts and confidence

    @Test func severalDrafts() {
        let drafts = QuickEntryParser.parse("обед 450; метро 62", quickContext()).drafts
        #expect(drafts.map(\.amount.minorUnits) == [450_00, 62_00])
        #expect(drafts.map(\.category) == ["food", "transport"])
        let lines = QuickEntryParser.parse("lunch 12.50, taxi 8\ncoffee 3", quickContext(.en)).drafts
        #expect(lines.map(\.amount.minorUnits) == [12_50, 8_00, 3_00])
        #expect(QuickEntryParser.parse("продукты 1 230,50", quickContext()).drafts.count == 1)
    }

    @Test func confidenceIsWeightedAndDoubtfulFieldsAreLow() throws {
        let sure = try #require(quickDraft("кофе 250 вчера"))
        // 0.4·100 + 0.2·100 + 0.3·80 + 0.1·90 = 93 → 95.
        #expect(sure.confidence == 95)
        let doubtful = try #require(quickDraft("2 штуки 300"))
        #expect(doubtful.fields[.amount]!.confidence < QuickEntryParser.doubtful)
        #expect(doubtful.fields[.category]!.confidence < QuickEntryParser.doubtful)
    }
}
