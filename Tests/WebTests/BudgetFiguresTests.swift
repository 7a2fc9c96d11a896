import Engine
import HTTPCore
import Storage
import Testing
import TestSupport
@testable import Web

// The Budget page's figures say what they are: the annual income is
// labelled by its formula with what was actually received beside it; "actual per day" is a
// figure or "—"; debts are listed once; confirmations of recurring items are not one-offs;
// Russian messages do not depend on the noun's gender. Today is 2026-11-21.

@Suite("Budget figures")
struct BudgetFiguresTests {
    @Test("the annual income names its formula; what was received this year is shown beside it", arguments: [
        // 2026: Bonus 200.00 actual (the planned Dentist is an expense); 2025: Old bonus 50.00; 2027: nothing.
        (2026, "$200.00"), (2025, "$50.00"), (2027, "$0.00"),
    ])
    func received(year: Int, received: String) throws {
        let (app, database) = try makeTestApp()
        try SampleHousehold.seed(database)
        var browser = TestBrowser(app: app)
        let html = browser.get("/data?year=\(year)").text
        #expect(html.contains(#"<label for="annual-income">Annual income \#(year): 12 × monthly + the year&#39;s one-offs <span class="lock">"#))
        #expect(HTML.figure("Actually received in \(year)", in: html) == received)
    }

    @Test("a confirmed salary counts as received, a planned income does not")
    func confirmedSalaryReceived() throws {
        let (app, database) = try makeTestApp()
        let salary = try database.seed(NewRecurringItem(kind: .income, name: "Salary", amount: cents(250_000_00), periodicity: .monthly,
                                                        start: date("2026-09-05")))
        try database.seed(NewEntry(date: date("2026-11-30"), kind: .income, name: "Refund", amount: cents(10_00), isActual: false))
        var browser = TestBrowser(app: app)
        _ = try browser.submit("/calendar/2026-11-05", to: "/calendar/2026-11-05/confirm", [("source", "recurring-\(salary)"),
                                                                                          ("amount", "249000")])
        let html = browser.get("/data").text
        // 12 × 250,000 + Refund 10 (planned, unlinked): the seed's formula, unchanged.
        #expect(html.contains(#"id="annual-income" value="$3,000,010.00""#))
        #expect(HTML.figure("Actually received in 2026", in: html) == "$249,000.00")
    }

    @Test("actual per day is a figure or a dash, never a sentence", arguments: [true, false])
    func actualDaily(longHistory: Bool) throws {
        let (app, database) = try makeTestApp()
        try database.seed(NewEntry(date: date(longHistory ? "2026-01-10" : "2026-11-10"), kind: .expense, name: "Lunch",
                                   amount: cents(1_500), category: "food", isActual: true))
        try database.seed(NewEntry(date: date("2026-11-10"), kind: .expense, name: "Taxi", amount: cents(2_100), category: "transport",
                                   isActual: true))
        var browser = TestBrowser(app: app)
        let html = browser.get("/data").text
        let figure = try #require(HTML.figure("Actual per day this month", in: html))
        // 2,100 (+ 1,500 when in this month) ÷ 21 days.
        #expect(figure == (longHistory ? "$1.00" : "—"))
        let slot = HTML.between(html, "<dt>Actual per day this month</dt>", "</div>")
        #expect(slot.contains(#"<dd class="figure-note">Shown from "#) == !longHistory)
    }

    @Test("confirmations of recurring items and debt payments are not listed as one-offs")
    func confirmationsNotOneOffs() throws {
        let (app, database) = try makeTestApp()
        let rent = try database.seed(NewRecurringItem(kind: .expense, name: "Rent", amount: cents(30_000_00), periodicity: .monthly,
                                                      start: date("2026-01-01"), category: "housing"))
        try database.seed(NewEntry(date: date("2026-11-12"), kind: .expense, name: "Milk", amount: cents(90), category: "food",
                                   isActual: true))
        var browser = TestBrowser(app: app)
        _ = try browser.submit("/calendar/2026-11-01", to: "/calendar/2026-11-01/confirm", [("source", "recurring-\(rent)")])
        let entries = HTML.between(browser.get("/data").text, #"id="entries""#, "</section>")
        #expect(entries.contains("Milk"))
        #expect(!entries.contains("Rent"))
        #expect(entries.contains(#"<a href="/calendar/2026-11">Confirmed recurring items and debt payments this month: 1. They are on the Calendar.</a>"#))
        let october = HTML.between(browser.get("/data?month=2026-10").text, #"id="entries""#, "</section>")
        #expect(!october.contains("Confirmed recurring items"))
    }

    @Test("Russian messages do not depend on the noun's gender", arguments: [
        ("Зарплата", "Добавлено: «Зарплата».", "Сохранено: «Зарплата»."),
        ("Кредит", "Добавлено: «Кредит».", "Сохранено: «Кредит»."),
    ])
    func russianFlashes(name: String, added: String, saved: String) throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app, language: "ru")
        let create = try browser.submit("/data/income/new?type=recurring", to: "/data/income", [
            ("name", name), ("amount", "65 000"), ("periodicity", "monthly"), ("start", "2026-11-05"), ("end", "")])
        #expect(try browser.follow(create).text.contains("<p>\(added)</p>"))
        let id = try #require(database.household(settings: PlanSettings(), entriesFrom: date("2026-11-01"), through: date("2026-11-30"))
            .incomes.first?.id)
        let save = try browser.submit("/data/income/\(id)/edit", to: "/data/income/\(id)", [
            ("name", name), ("amount", "66 000"), ("periodicity", "monthly"), ("start", "2026-11-05"), ("end", "")])
        #expect(try browser.follow(save).text.contains("<p>\(saved)</p>"))
        let ru = Translations(.ru)
        for key in ["flash_added", "flash_saved", "flash_deleted", "flash_confirmed"] {
            #expect(ru[runtime: key].hasSuffix("«{name}»."), "\(key): the name comes last, after a colon")
        }
    }
}
