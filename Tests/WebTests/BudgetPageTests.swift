import Engine
import HTTPCore
import Storage
import Testing
import TestSupport
@testable import Web

// The Budget page's figures, sections and lists (docs/product-rules.md, "The Budget page"; docs/engine-rules.md, "Budget totals"), with today pinned to
// 2026-11-21 (November has 30 days) and the household currency USD (en).

/// A household whose every figure is worked out by hand in `BudgetPageTests.figures`.
enum SampleHousehold {
    /// Seeds it and returns the ids of the debts (mode A, mode B).
    @discardableResult
    static func seed(_ database: AppDatabase) throws -> (payment: ID<Debt>, loan: ID<Debt>) {
        try database.seed(NewRecurringItem(kind: .income, name: "Salary", amount: cents(100_000), periodicity: .monthly,
                                           start: date("2026-01-01")))
        try database.seed(NewRecurringItem(kind: .income, name: "Tutoring", amount: cents(10_000), periodicity: .weekly,
                                           start: date("2026-09-05")))
        try database.seed(NewRecurringItem(kind: .income, name: "Old job", amount: cents(70_000), periodicity: .monthly,
                                           start: date("2025-01-01"), end: date("2025-12-31")))
        try database.seed(NewRecurringItem(kind: .expense, name: "Rent", amount: cents(50_000), periodicity: .monthly,
                                           start: date("2026-01-01"), category: "housing"))
        try database.seed(NewRecurringItem(kind: .expense, name: "Insurance", amount: cents(12_000), periodicity: .yearly,
                                           start: date("2026-03-01"), category: "health"))
        try database.seed(NewRecurringItem(kind: .expense, name: "Water", amount: cents(10_001), periodicity: .quarterly,
                                           start: date("2026-01-15"), category: "utilities"))
        let payment = try database.seed(NewDebt(name: "Phone plan", paymentDay: 5, kind: .paymentOnly(monthlyPayment: cents(4_500))))
        let loan = try database.seed(NewDebt(name: "Car loan", paymentDay: 15, kind: .loan(Loan(
            balance: cents(1_200_000), asOf: date("2026-11-21"), apr: APR(hundredths: 1200), termMonths: 12))))
        try database.seed(NewEntry(date: date("2026-08-01"), kind: .expense, name: "Gift", amount: cents(1_000), category: "other",
                                   isActual: true))
        try database.seed(NewEntry(date: date("2026-11-10"), kind: .income, name: "Bonus", amount: cents(20_000), isActual: true))
        try database.seed(NewEntry(date: date("2026-11-20"), kind: .expense, name: "Groceries", amount: cents(4_550),
                                   category: "food", isActual: true))
        try database.seed(NewEntry(date: date("2026-11-25"), kind: .expense, name: "Dentist", amount: cents(3_000),
                                   category: "health", isActual: false))
        try database.seed(NewEntry(date: date("2025-12-31"), kind: .income, name: "Old bonus", amount: cents(5_000), isActual: true))
        return (payment, loan)
    }

    // Worked out by hand (docs/engine-rules.md, "Budget totals"):
    // monthlyRecurringIncome = Salary 100,000 + Tutoring half-to-even(10,000 × 52 / 12 = 43,333.33) = 43,333
    //                          (Old job ended in 2025: inactive today)                    = 143,333
    static let monthlyRecurringIncome: Int64 = 143_333
    // monthlyFixedExpense = Rent 50,000 + Insurance 12,000 / 12 = 1,000
    //                       + Water half-to-even(10,001 / 3 = 3,333.67) = 3,334            = 54,334
    static let monthlyFixedExpense: Int64 = 54_334
    // minimumDebtPayments = Phone plan 4,500 + Car loan annuity ceil(1,200,000 × 0.01 / (1 − 1.01^−12)
    //                       = 106,618.55) = 106,619                                        = 111,119
    static let minimumDebtPayments: Int64 = 111_119
    // monthlyExpense = 54,334 + 111,119                                                    = 165,453
    static let monthlyExpense: Int64 = 165_453
    // annualIncome 2026 = 12 × 143,333 = 1,719,996 + Bonus 20,000                          = 1,739,996
    static let annualIncome: Int64 = 1_739_996
    // annualExpense 2026 = 12 × 165,453 = 1,985,436 + Gift 1,000 + Groceries 4,550 + Dentist 3,000 = 1,993,986
    static let annualExpense: Int64 = 1_993_986
    // plannedDailyExpense = half-to-even((165,453 + planned Dentist 3,000) / 30 days = 5,615.1) = 5,615
    static let plannedDailyExpense: Int64 = 5_615
    // actualDailyExpense: the earliest actual entry (2025-12-31) is before 2026-08-21, so it is shown:
    // half-to-even(Groceries 4,550 / 21 = 216.67)                                          = 217
    static let actualDailyExpense: Int64 = 217
    // Year 2025: 12 × 143,333 + Old bonus 5,000 = 1,724,996; 12 × 165,453 + nothing = 1,985,436.
    static let annualIncome2025: Int64 = 1_724_996
    static let annualExpense2025: Int64 = 1_985_436
}

@Suite("Budget page")
struct BudgetPageTests {
    @Test("the header figures are the ones worked out by hand")
    func figures() throws {
        let (app, database) = try makeTestApp()
        try SampleHousehold.seed(database)
        var browser = TestBrowser(app: app)
        let html = browser.get("/data").text
        #expect(HTML.figure("Total income a month", in: html) == "$1,433.33")
        #expect(HTML.figure("Total expense a month", in: html) == "$1,654.53")
        #expect(HTML.figure("Per year", in: html) == "$19,939.86")
        #expect(HTML.figure("Per month", in: html) == "$1,654.53")
        #expect(HTML.figure("Planned per day this month", in: html) == "$56.15")
        #expect(HTML.figure("Actual per day this month", in: html) == "$2.17")
        // The annual income is a visibly locked, read-only field.
        #expect(html.contains(#"<input type="text" id="annual-income" value="$17,399.96" readonly aria-readonly="true""#))
        #expect(html.contains(#"<span class="lock"><img src="/static/lock.svg" alt="" width="14" height="14"> locked</span>"#))
        // Items not monthly show their monthly amount too.
        #expect(html.contains(#"$100.00<span class="row-detail">$433.33 a month</span>"#))
        #expect(html.contains(#"$100.01<span class="row-detail">$33.34 a month</span>"#))
    }

    @Test("the year selector changes the annual figures", arguments: [
        (2025, "$17,249.96", "$19,854.36"), (2026, "$17,399.96", "$19,939.86"), (2027, "$17,199.96", "$19,854.36"),
    ])
    func year(year: Int, income: String, expense: String) throws {
        // 2027: no entries; 12 × 143,333 = 1,719,996 and 12 × 165,453 = 1,985,436.
        let (app, database) = try makeTestApp()
        try SampleHousehold.seed(database)
        var browser = TestBrowser(app: app)
        let html = browser.get("/data?year=\(year)").text
        #expect(html.contains(#"id="annual-income" value="\#(income)""#))
        #expect(HTML.figure("Per year", in: html) == expense)
        #expect(html.contains(#"<option value="\#(year)" selected>"#))
        #expect(HTML.figure("Total income a month", in: html) == "$1,433.33", "monthly figures do not depend on the year")
    }

    @Test("actual per day says when it becomes available while history is short")
    func actualDailyLater() throws {
        let (app, database) = try makeTestApp()
        try database.seed(NewEntry(date: date("2026-11-10"), kind: .expense, name: "Lunch", amount: cents(1_500), category: "food",
                                   isActual: true))
        var browser = TestBrowser(app: app)
        // 2026-11-10 + 3 months = 2027-02-10.
        let html = browser.get("/data").text
        #expect(HTML.figure("Actual per day this month", in: html) == "—")
        #expect(html.contains(#"<dd class="figure-note">Shown from February 10, 2027, once three months of actual expenses are entered.</dd>"#))
    }

    @Test("one mandatory debt payment line among expenses for mode A and mode B; each debt is listed once, under Debts")
    func debtLines() throws {
        let (app, database) = try makeTestApp()
        let (payment, loan) = try SampleHousehold.seed(database)
        var browser = TestBrowser(app: app)
        let html = browser.get("/data").text
        let expenses = HTML.between(html, #"id="expenses""#, #"id="debts""#)
        // Phone plan 4,500 + Car loan 106,619 = 111,119.
        #expect(expenses.contains(##"<a href="#debts" class="row-name">Mandatory debt payments</a>"##))
        #expect(expenses.contains(#"<div class="row-amount num">$1,111.19</div>"#))
        #expect(!expenses.contains("Phone plan") && !expenses.contains("Car loan"), "debts are not listed twice")
        for id in [payment, loan] {
            #expect(html.components(separatedBy: #"<a href="/data/debt/\#(id)/edit" class="row-name">"#).count - 1 == 1)
        }
        let debts = HTML.between(html, #"id="debts""#, #"id="goals""#)
        #expect(debts.contains("$1,066.19 a month (computed)"))
        #expect(debts.contains("payment only · pays on day 5"))
        #expect(debts.contains(#"<table class="payoff stack">"#), "a loan with a balance shows avalanche and snowball")
    }

    @Test("a loan with a minimum typed in is not marked computed; a payment-only debt is not in the payoff table")
    func typedMinimum() throws {
        let (app, database) = try makeTestApp()
        try database.seed(NewDebt(name: "Card", paymentDay: 1, kind: .loan(Loan(
            balance: cents(50_000), asOf: date("2026-11-01"), apr: APR(hundredths: 2500), minimumPayment: cents(5_000)))))
        try database.seed(NewDebt(name: "Phone", paymentDay: 1, kind: .paymentOnly(monthlyPayment: cents(2_000))))
        var browser = TestBrowser(app: app)
        let html = browser.get("/data").text
        #expect(html.contains(">$50.00 a month<"))
        #expect(!html.contains("(computed)"))
        // Total expense = Phone 2,000 + Card minimum 5,000 = 7,000.
        #expect(HTML.figure("Total expense a month", in: html) == "$70.00")
    }

    @Test("an empty budget shows the hints")
    func emptyState() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let html = browser.get("/data").text
        #expect(html.contains("Your budget is empty"))
        for link in ["/data/income/new", "/data/expense/new", "/data/goal/new"] {
            #expect(html.contains(#"<li><a href="\#(link)">"#))
        }
        #expect(html.contains(#"href="/calendar""#), "the Calendar link")
        #expect(HTML.figure("Total income a month", in: html) == "$0.00")
        #expect(HTML.figure("Actual per day this month", in: html) == "—")
        #expect(html.contains(#"<dd class="figure-note">Shown once three months of actual expenses are entered.</dd>"#))
    }

    @Test("the page is no longer empty once anything is added", arguments: ["goal", "entry"])
    func notEmpty(kind: String) throws {
        let (app, database) = try makeTestApp()
        if kind == "goal" {
            try database.seed(NewGoal(name: "Bike", target: cents(50_000)))
        } else {
            try database.seed(NewEntry(date: date("2026-11-01"), kind: .expense, name: "Taxi", amount: cents(900), category: "transport",
                                       isActual: true))
        }
        var browser = TestBrowser(app: app)
        #expect(!browser.get("/data").text.contains("Your budget is empty"))
    }

    @Test("sections are collapsible details remembered per browser, with the emergency fund as the first goal")
    func sections() throws {
        let (app, database) = try makeTestApp()
        try database.seed(NewGoal(name: "Bike", target: cents(50_000), saved: cents(10_000), deadline: date("2027-05-01"), priority: 3))
        var browser = TestBrowser(app: app)
        let html = browser.get("/data").text
        for section in ["incomes", "expenses", "debts", "goals"] {
            #expect(html.contains(#"<details class="card section" id="\#(section)" data-remember="\#(section)" open>"#))
        }
        let goals = HTML.between(html, #"id="goals""#, "</details>")
        let emergency = try #require(goals.range(of: "Emergency fund"))
        let bike = try #require(goals.range(of: "Bike"))
        #expect(emergency.lowerBound < bike.lowerBound)
        #expect(goals.contains("by May 1, 2027 · high priority"))
        #expect(goals.contains(#"<progress value="10000" max="50000""#))
    }

    @Test("Settings can hide sections and figures, but total income and expense stay")
    func hidden() throws {
        let (app, database) = try makeTestApp()
        try SampleHousehold.seed(database)
        try database.saveSettings(["hidden": "incomes,debts,annualIncome,plannedDaily"])
        var browser = TestBrowser(app: app)
        let html = browser.get("/data").text
        #expect(!html.contains(#"id="incomes""#))
        #expect(!html.contains(#"id="debts""#))
        #expect(!html.contains(#"id="annual-income""#))
        #expect(HTML.figure("Planned per day this month", in: html) == nil)
        #expect(html.contains(#"id="expenses""#) && html.contains(#"id="goals""#))
        #expect(HTML.figure("Total income a month", in: html) == "$1,433.33")
        #expect(HTML.figure("Total expense a month", in: html) == "$1,654.53")
    }

    @Test("the entries of the selected month are listed; other months by the month links")
    func entriesOfMonth() throws {
        let (app, database) = try makeTestApp()
        try SampleHousehold.seed(database)
        var browser = TestBrowser(app: app)
        let november = HTML.between(browser.get("/data").text, #"id="entries""#, "</section>")
        #expect(november.contains("One-off incomes and expenses · November 2026"))
        for name in ["Bonus", "Groceries", "Dentist"] { #expect(november.contains(#"class="row-name">\#(name)</a>"#)) }
        #expect(!november.contains("Gift"))
        #expect(november.contains("+$200.00") && november.contains("−$45.50"))
        #expect(november.contains(#"href="/data?month=2026-10&amp;year=2026#entries""#)
                || november.contains(#"href="/data?month=2026-10&year=2026#entries""#))
        let august = HTML.between(browser.get("/data?month=2026-08").text, #"id="entries""#, "</section>")
        #expect(august.contains(#"class="row-name">Gift</a>"#))
        #expect(!august.contains("Groceries"))
        // Recurring items are always listed, whatever the month.
        #expect(browser.get("/data?month=2026-08").text.contains(#"class="row-name">Rent</a>"#))
    }

    @Test("entries are listed 50 a page")
    func paging() throws {
        let (app, database) = try makeTestApp()
        for index in 1...51 {
            try database.seed(NewEntry(date: date("2026-11-\(index % 28 + 1 < 10 ? "0" : "")\(index % 28 + 1)"), kind: .expense,
                                       name: "Coffee \(index)", amount: cents(300), category: "food", isActual: false))
        }
        var browser = TestBrowser(app: app)
        let first = HTML.between(browser.get("/data").text, #"id="entries""#, "</section>")
        #expect(first.components(separatedBy: #"<li class="row">"#).count - 1 == 50)
        #expect(first.contains("page 1 of 2"))
        let second = HTML.between(browser.get("/data?month=2026-11&page=2").text, #"id="entries""#, "</section>")
        #expect(second.components(separatedBy: #"<li class="row">"#).count - 1 == 1)
        #expect(second.contains("page 2 of 2"))
        // A page beyond the last shows the last.
        #expect(HTML.between(browser.get("/data?month=2026-11&page=9").text, #"id="entries""#, "</section>").contains("page 2 of 2"))
    }

    @Test("amounts follow the language and the household currency")
    func currency() throws {
        let (app, database) = try makeTestApp()
        try SampleHousehold.seed(database)
        var browser = TestBrowser(app: app, language: "ru")
        // ru: no-break spaces, comma, symbol after; RUB by default for ru.
        #expect(browser.get("/data").text.contains("1\u{00A0}433,33\u{00A0}₽"))
        try database.saveSettings(["currency": "EUR"])
        #expect(browser.get("/data").text.contains("1\u{00A0}433,33\u{00A0}€"))
        browser.language = "en"
        browser.cookies["fm_lang"] = nil
        #expect(HTML.figure("Total income a month", in: browser.get("/data").text) == "€1,433.33")
    }
}
