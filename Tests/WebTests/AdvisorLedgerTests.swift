import Engine
import Foundation
import HTTPCore
@testable import Storage
import Testing
import Advisor
import TestSupport
@testable import Web

/// The Advisor's direct answers in process (AdvisorLedger.swift): figures from the ledger with the
/// link to exactly the entries counted, the other reading of an ambiguous question, safe to spend,
/// a goal's missing amount, the clarifying links, and links rendered only from built-in answers.
/// The same questions over real HTTP: Tests/EndToEndTests/AdvisorLedgerServerTests.swift.
@Suite("Advisor ledger answers")
struct AdvisorLedgerTests {
    private static func token() -> String { UUID().uuidString }

    /// The test household (TestSupport/AdvisorHousehold.swift) with a salary, rent, a loan, two goals and a card.
    static func household(today: String = AdvisorHousehold.today) throws -> (App, AppDatabase) {
        let (app, database) = try makeTestApp(today: today)
        try database.saveSettings(["currency": "USD"])
        for name in AdvisorHousehold.ownCategories { _ = try database.addCategory(name: name, formToken: token()) }
        try ForecastPageTests.account(database, balance: 3_000_00)
        var cards: [String: Int64] = [:]
        for name in AdvisorHousehold.accounts {
            cards[name] = try TransactionsPageTests.account(database, name)
            try database.write { db in try db.execute(sql: "UPDATE account SET spendable = 0 WHERE id = ?", arguments: [cards[name]]) }
        }
        for p in AdvisorHousehold.purchases {
            _ = try TransactionsPageTests.insert(database, p.date, p.name, p.amount, category: p.category, payee: p.payee,
                                                 account: p.account.flatMap { cards[$0] }, actual: p.isActual)
        }
        for p in AdvisorHousehold.incomes {
            _ = try TransactionsPageTests.insert(database, p.date, p.name, p.amount, income: true, payee: p.payee)
        }
        for limit in AdvisorHousehold.limits {
            _ = try database.addCategoryLimit(CategoryLimit(category: limit.category, period: .month, amount: Money(minorUnits: limit.amount)), formToken: token())
        }
        let start = Day(iso: "2026-01-01")!
        _ = try database.addRecurring(NewRecurringItem(kind: .income, name: "Salary", amount: Money(minorUnits: 4_000_00), periodicity: .monthly,
                                                       start: start), formToken: token())
        _ = try database.addRecurring(NewRecurringItem(kind: .expense, name: "Rent", amount: Money(minorUnits: 1_500_00), periodicity: .monthly,
                                                       start: start, category: "housing"), formToken: token())
        _ = try database.addDebt(NewDebt(name: "Car loan", paymentDay: 10, kind: .loan(Loan(
            balance: Money(minorUnits: 8_000_00), asOf: Day(iso: today)!, apr: APR(hundredths: 900), minimumPayment: Money(minorUnits: 250_00)))),
                                 today: Day(iso: today)!, formToken: token())
        _ = try database.addGoal(NewGoal(name: "Italy trip", target: Money(minorUnits: 3_000_00), saved: Money(minorUnits: 1_200_00),
                                         deadline: Day(iso: "2027-06-30")), formToken: token())
        _ = try database.addGoal(NewGoal(name: "Ремонт", target: Money(minorUnits: 5_000_00), saved: Money(minorUnits: 500_00)), formToken: token())
        return (app, database)
    }

    /// Asks `question` (the check-up first, once, as the conversation starts with it) and returns the answer.
    static func answer(_ browser: inout TestBrowser, _ database: AppDatabase, _ question: String) throws -> String {
        if !(try database.advisorHasAnswered()) { _ = try AdvisorPageTests.ask(&browser) }
        _ = try AdvisorPageTests.ask(&browser, question)
        return try AdvisorPageTests.lastAnswer(database)
    }

    static func money(_ minor: Int64, _ language: Language) -> String { MoneyFormat.format(Money(minorUnits: minor), .usd, language) }

    @Test("a sum with its link: the link's page lists exactly the entries counted")
    func sumAndEvidence() throws {
        let (app, database) = try Self.household()
        var browser = TestBrowser(app: app)
        let expected = AdvisorHousehold.figure("sum", category: "food", merchant: nil, from: "2026-11-01", through: "2026-11-21")
        let answer = try Self.answer(&browser, database, "How much did I spend on food this month?")
        #expect(answer.hasPrefix("Food, November 1, 2026 – November 21, 2026: $232.63 spent (6 purchases)."), "\(answer)")
        #expect(expected.value == 232_63 && expected.count == 6)
        let link = "/transactions?category=food&kind=expense&status=actual&from=2026-11-01&to=2026-11-21"
        #expect(answer.contains("[Show these entries](\(link))"), "\(answer)")
        let page = browser.get(link).text
        #expect(page.contains("\(expected.count) entries"), "\(link)")
        // The planned Пятёрочка of 20 November is in the dates but not spent: not counted, not listed.
        #expect(!HTML.unescape(page).contains("99.99"))
    }

    @Test("the links of a built-in answer are links on the page; a typed question's brackets stay text")
    func linksRendered() throws {
        let (app, database) = try Self.household()
        var browser = TestBrowser(app: app)
        _ = try Self.answer(&browser, database, "сколько раз я был в пятёрочке в октябре")
        _ = try AdvisorPageTests.ask(&browser, "[evil](/advisor/delete) how much did I spend on food today")
        let html = browser.get("/advisor").text
        #expect(html.contains("<a href=\"/transactions?q=%D0%9F%D1%8F%D1%82%D1%91%D1%80%D0%BE%D1%87%D0%BA%D0%B0&amp;kind=expense&amp;status=actual&amp;from=2026-10-01&amp;to=2026-10-31\">"),
                "\(html.count)")
        #expect(!html.contains("<a href=\"/advisor/delete\">evil</a>") && html.contains("[evil](/advisor/delete)"))
        #expect(AdvisorLink.parts("a [x](//evil.example) b [y](/ok) [z](/bad path)") == [
            AdvisorTextPart(text: "a [x](//evil.example) b "), AdvisorTextPart(text: "y", href: "/ok"), AdvisorTextPart(text: " [z](/bad path)")])
    }

    @Test("«скоко», «скока», «скокло» through the page: the figure is stored, never an expense of “2” nor a topic summary")
    func informalHowMuch() throws {
        let (app, database) = try Self.household()
        var browser = TestBrowser(app: app)
        func ru(_ minor: Int64) -> String { Self.money(minor, .ru) }
        // A number in the question (two weeks) made it a command: the action preview, nothing stored.
        let weeks = AdvisorHousehold.figure("sum", category: "food", merchant: nil, from: "2026-11-08", through: "2026-11-21")
        let twoWeeks = try Self.answer(&browser, database, "а скоко я потратил на продукты за последние 2 недели")
        #expect(twoWeeks.contains("потрачено \(ru(weeks.value)) (\(weeks.count) покупки)"), "\(twoWeeks)")
        #expect(twoWeeks.contains("(/transactions?category=food&kind=expense&status=actual&from=2026-11-08&to=2026-11-21)"), "\(twoWeeks)")
        // «скоко заработал» counted expenses; «скокло стоили» was a topic's summary.
        let earned = AdvisorHousehold.figure("sum", category: nil, merchant: nil, from: "2026-10-01", through: "2026-10-31", income: true)
        let income = try Self.answer(&browser, database, "скоко заработал в октябре")
        #expect(income.contains("получено \(ru(earned.value))"), "\(income)")
        let october = AdvisorHousehold.figure("sum", category: "food", merchant: nil, from: "2026-10-01", through: "2026-10-31")
        let cost = try Self.answer(&browser, database, "скокло стоили продукты в октябре")
        #expect(cost.contains("потрачено \(ru(october.value))"), "\(cost)")
    }

    @Test("“this month” on 2 December: read as December so far, November offered with its link")
    func thisMonthEarly() throws {
        let (app, database) = try Self.household(today: "2026-12-02")
        var browser = TestBrowser(app: app)
        let answer = try Self.answer(&browser, database, "How much did I spend on food this month?")
        #expect(answer.contains("Read as this month so far; the other reading is last month:"), "\(answer)")
        #expect(answer.contains("](/transactions?category=food&kind=expense&status=actual&from=2026-11-01&to=2026-11-30)"), "\(answer)")
    }

    @Test("a merchant that matches two payees: all counted, and each alone one tap away")
    func twoPayees() throws {
        let (app, database) = try Self.household()
        var browser = TestBrowser(app: app)
        let expected = AdvisorHousehold.figure("count", category: nil, merchant: "Uber", from: "2026-11-01", through: "2026-11-21")
        let answer = try Self.answer(&browser, database, "How many times did I order Uber in November?")
        #expect(answer.contains("\(expected.count) purchases"), "\(answer)")
        #expect(answer.contains("“Uber” matches Uber, Uber Eats: all of them are counted."), "\(answer)")
        #expect(answer.contains("[Uber Eats](/transactions?q=Uber%20Eats&kind=expense"), "\(answer)")
        // "Uber" alone would list them all again: it is the answer's own link, not a second one.
        #expect(!answer.contains("[Uber](/transactions"), "\(answer)")
    }

    @Test("safe to spend today: the one figure of /api/v1/today, linked to its explanation")
    func safeToSpend() throws {
        let (app, database) = try Self.household()
        var browser = TestBrowser(app: app)
        let today = try #require(try OneMoneyModelTests.json(browser.get("/api/v1/today"))["safeToSpend"] as? [String: Any])
        let left = try #require(today["leftUntilPayday"] as? Int), perDay = try #require(today["perDay"] as? Int)
        for (question, language) in [("How much can I safely spend today?", Language.en), ("сколько можно потратить сегодня", .ru)] {
            let answer = try Self.answer(&browser, database, question)
            #expect(answer.contains(Self.money(Int64(left), language)) && answer.contains(Self.money(Int64(perDay), language)), "\(answer)")
            #expect(answer.contains("](/explain/safe-to-spend)"), "\(answer)")
        }
        // German: the link says what the pages' block says (its name is „Sicher ausgebbar“, not „sicher ausgeben“).
        let de = try Self.answer(&browser, database, "wie viel kann ich heute ausgeben")
        #expect(de.contains(Self.money(Int64(left), .de)) && de.contains("[Wie wird der sicher ausgebbare Betrag berechnet?](/explain/safe-to-spend)"), "\(de)")
    }

    @Test("a goal: the amount still missing, the monthly amount its deadline needs, the plan's ETA")
    func goalMissing() throws {
        let (app, database) = try Self.household()
        var browser = TestBrowser(app: app)
        let answer = try Self.answer(&browser, database, "How much more do I need for the Italy trip?")
        // 3 000 − 1 200 = 1 800 missing; December 2026 … June 2027: 7 months → 257.15 a month (rounded up).
        #expect(answer.contains("“Italy trip”: $1,800.00 still missing ($1,200.00 of $3,000.00)."), "\(answer)")
        #expect(answer.contains("To reach it by June 30, 2027: $257.15 a month."), "\(answer)")
        #expect(answer.contains("](/explain/goal-1)"), "\(answer)")
        let ru = try Self.answer(&browser, database, "сколько ещё не хватает на ремонт")
        #expect(ru.contains("«Ремонт»: не хватает \(Self.money(4_500_00, .ru))"), "\(ru)")
        for question in ["how close am I to my Italy trip goal", "how much is still missing for italy", "wie viel brauche ich noch für die Italienreise",
                         "hab ich genug für den Italienurlaub gespart", "stand beim Sparziel Italien", "how much am I still short for the Italy trip", "wie weit bin ich von meinem Ziel Italy trip entfernt"] {
            let reply = try Self.answer(&browser, database, question)
            #expect(reply.contains("“Italy trip”: $1,800.00 still missing") || reply.contains("es fehlen noch 1.800,00"), "\(question) \(reply)")
        }
        // German: "bis zum" before a date in a sentence, and the months after the plan's amount in the case the sentence needs.
        let de = try Self.answer(&browser, database, "wie viel fehlt noch für Italy trip")
        #expect(de.contains("„Italy trip“: es fehlen noch \(Self.money(1_800_00, .de))"), "\(de)")
        #expect(de.contains("Um es bis zum 30. Juni 2027 zu erreichen: \(Self.money(257_15, .de)) pro Monat."), "\(de)")
        #expect(de.contains("Der Plan legt") && de.contains("pro Monat dafür zurück: Es dauert noch "), "\(de)")
        #expect(de.range(of: #"in \d+ Monate\b"#, options: .regularExpression) == nil, "\(de)")
    }

    @Test("a spending question with nothing to count: one clarifying question with links, not a neighbouring topic")
    func clarifying() throws {
        let (app, database) = try Self.household()
        var browser = TestBrowser(app: app)
        for question in ["How much did I spend?", "сколько я потратил"] {
            let answer = try Self.answer(&browser, database, question)
            #expect(answer.contains("/transactions?kind=expense&status=actual&from=2026-11-01&to=2026-11-21)"), "\(answer)")
            #expect(answer.contains("/transactions?kind=expense&status=actual&from=2026-10-01&to=2026-10-31)"), "\(answer)")
        }
        // The router's unsure answer carries the same kind of links.
        let (_, facts) = try AdvisorToneTests.facts(app: app)
        #expect(BuiltInAdvisor(facts: facts).clarifyingLinks().text(limit: 700).contains("[How much I can spend today](/explain/safe-to-spend)"))
    }

    @Test("should I cancel Spotify or Hulu: each one's monthly and yearly cost and last payment; groceries are never a subscription")
    func subscriptions() throws {
        let (app, database) = try Self.household()
        var browser = TestBrowser(app: app)
        let answer = try Self.answer(&browser, database, "Should I cancel Spotify or Hulu?")
        #expect(answer.contains("“Spotify”: $10.99 a month, $131.88 a year; last paid November 6, 2026 ($10.99)."), "\(answer)")
        #expect(answer.contains("“Hulu”: $7.99 a month, $95.88 a year; last paid November 17, 2026 ($7.99)."), "\(answer)")
        #expect(answer.contains("Cancelling “Spotify” saves the most: $131.88 a year."), "\(answer)")
        #expect(answer.contains("[Payments to Hulu](/transactions?q=Hulu&kind=expense&status=actual&from=2025-11-21&to=2026-11-21)"), "\(answer)")
        #expect(try Self.answer(&browser, database, "spotify or hulu, which one should i drop").contains("$95.88 a year"))
        #expect(try Self.answer(&browser, database, "which is cheaper per year, spotify or hulu").contains("Cancelling “Spotify” saves the most: $131.88 a year."))
        let largest = try Self.answer(&browser, database, "what was my biggest income in october")
        #expect(largest.contains("the largest payment received is $4,000.00, “ACME Payroll” on October 5, 2026"), "\(largest)")
        let ru = try Self.answer(&browser, database, "отменить ли подписку на Пятёрочку")
        #expect(ru.contains("«Пятёрочка» — не подписка"), "\(ru)")
    }

    @Test("the ledger's words are kept between questions, and a purchase at a new shop is known to the next question")
    func vocabularyFollowsTheLedger() throws {
        let (app, database) = try Self.household()
        var browser = TestBrowser(app: app)
        let before = try Self.answer(&browser, database, "How much did I spend at Lidl this month?")
        #expect(!before.contains("Lidl"), "\(before)")
        _ = try TransactionsPageTests.insert(database, "2026-11-19", "Lidl", 12_34)
        let after = try Self.answer(&browser, database, "How much did I spend at Lidl this month?")
        #expect(after.contains("$12.34") && after.contains("Lidl"), "\(after)")
    }
}
