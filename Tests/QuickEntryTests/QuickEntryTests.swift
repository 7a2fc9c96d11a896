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

@Suite("Quick entry parser")
struct QuickEntryParserTests {
    @Test func noAmountIsAProblem() {
        let parse = QuickEntryParser.parse("кофе вчера", quickContext())
        #expect(parse.drafts.isEmpty)
        #expect(parse.problems == [.noAmount("кофе вчера")])
        #expect(QuickEntryParser.parse("  ", quickContext()).problems == [.empty])
        #expect(QuickEntryParser.parse(String(repeating: "1", count: 600), quickContext()).problems == [.tooLong])
        #expect(QuickEntryParser.parse("кофе 99999999999999", quickContext()).drafts.isEmpty)
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
                      ("subway sandwich 11.25", "food"), ("subway 2.90", "transport"),
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

    @Test("an income said in words names nothing by its verb: 'got paid 3000' is an income, not one called “Got”")
    func incomeVerbsAreNotNames() throws {
        let draft = try #require(quickDraft("got paid 3000"))
        #expect(draft.kind == .income)
        #expect(draft.name != "Got" && !draft.name.isEmpty, "\(draft.name)")
    }

    @Test("a salary said to have arrived is named by what it is: «зарплата 120000 пришла» is «Зарплата», one income")
    func arrivalWordsAreNotNames() throws {
        let salary = try #require(quickDraft("зарплата 120000 пришла"))
        #expect(salary.kind == .income && salary.amount.minorUnits == 120_000_00)
        #expect(salary.name == "Зарплата", "\(salary.name)")
        #expect(try #require(quickDraft("пришла зарплата 120000")).name == "Зарплата")
        let english = try #require(QuickEntryParser.parse("salary 5200 came in", quickContext(.en)).drafts.first)
        #expect(english.kind == .income && english.name == "Salary", "\(english.name)")
    }

    @Test("a salary said to have been received is named by what it is: „Gehalt 3200 bekommen“ is „Gehalt“, as «зарплата 120000 получил» is «Зарплата» and 'salary 5200 received' is 'Salary'")
    func receivedWordsAreNotNames() throws {
        for text in ["Gehalt 3200 bekommen", "Gehalt 3200 erhalten", "3200 Gehalt bekommen", "Gehalt 3200 angekommen"] {
            let draft = try #require(QuickEntryParser.parse(text, quickContext(.de)).drafts.first)
            #expect(draft.kind == .income && draft.amount.minorUnits == 3200_00, "\(text)")
            #expect(draft.name == "Gehalt", "\(text): \(draft.name)")
        }
        for text in ["зарплата 120000 получил", "получила зарплату 120000"] {
            #expect(try #require(quickDraft(text)).name.lowercased().hasPrefix("зарплат"), "\(text)")
            #expect(try #require(quickDraft(text)).name.split(separator: " ").count == 1, "\(text)")
        }
        let english = try #require(QuickEntryParser.parse("salary 5200 received", quickContext(.en)).drafts.first)
        #expect(english.kind == .income && english.name == "Salary", "\(english.name)")
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
