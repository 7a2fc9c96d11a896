import Engine
import Foundation
import HTTPCore
import Storage
import Testing
import TestSupport
@testable import Web

// The Calendar (docs/product-rules.md, "The Calendar"; docs/engine-rules.md, "Recurring items"): the month grid, expansion of recurring items
// and loan payments onto their days, and the day page's add and confirm forms. Today is
// Saturday 2026-11-21; November 2026 starts on a Sunday.

@Suite("Calendar")
struct CalendarPageTests {
    /// The days of `month` with planned expense (or income) above zero, from the calendar API.
    static func plannedDays(_ browser: inout TestBrowser, _ month: String, key: String = "plannedExpense") throws -> [Int] {
        let days = try #require(try jsonObject(browser.get("/api/v1/calendar/\(month)"))["days"] as? [[String: Any]])
        return days.enumerated().filter { (integer($0.element, key) ?? 0) > 0 }.map { $0.offset + 1 }
    }

    // MARK: - Addresses

    @Test("invalid calendar addresses are 404", arguments: ["/calendar/2026-02-30", "/calendar/abc", "/calendar/2026-13",
                                                             "/calendar/2026-00", "/calendar/1899-12", "/calendar/2200-01",
                                                             "/calendar/2026-11-31", "/calendar/2026-1-01", "/calendar/2026-11/x",
                                                             "/calendar/2026-02-30/confirm"])
    func notFound(path: String) throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(browser.get(path).status == 404)
    }

    @Test("valid edges answer", arguments: ["/calendar", "/calendar/1900-01", "/calendar/2199-12", "/calendar/2028-02-29",
                                             "/calendar/1900-01-01", "/calendar/2199-12-31"])
    func edges(path: String) throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(browser.get(path).status == 200)
    }

    // MARK: - The grid

    @Test("weeks start on Sunday in English, Monday in Russian; today is marked")
    func grid() throws {
        let (app, _) = try makeTestApp()
        var en = TestBrowser(app: app, language: "en")
        let english = en.get("/calendar").text
        #expect(english.contains("<h1>Calendar · November 2026</h1>"))
        #expect(english.contains(#"<thead><tr><th scope="col">Sun</th><th scope="col">Mon</th>"#))
        // November 1, 2026 is a Sunday: the first cell of the first row.
        #expect(english.contains(#"<tbody>"#))
        #expect(HTML.between(english, "<tbody>", "</tr>").trimmingCharacters(in: .whitespacesAndNewlines)
            .hasPrefix(#"<tr><td><a href="/calendar/2026-11-01""#))

        var ru = TestBrowser(app: app, language: "ru")
        let russian = ru.get("/calendar/2026-11").text
        let monday = Translations(.ru)["weekday_short_1"], sunday = Translations(.ru)["weekday_short_7"]
        #expect(russian.contains(#"<thead><tr><th scope="col">\#(monday)</th>"#))
        #expect(russian.contains(#"<th scope="col">\#(sunday)</th></tr></thead>"#))
        // Monday first: six blank cells, then Sunday the 1st.
        let firstRow = HTML.between(russian, "<tbody>", "</tr>")
        #expect(firstRow.components(separatedBy: #"<td class="blank"></td>"#).count - 1 == 6)
        #expect(firstRow.contains(#"<a href="/calendar/2026-11-01""#))

        for html in [english, russian] {
            #expect(html.components(separatedBy: #"aria-current="date""#).count - 1 == 1)
            #expect(html.contains(#"<td class="today"><a href="/calendar/2026-11-21" aria-label=""#))
        }
        #expect(!en.get("/calendar/2026-12").text.contains(#"aria-current="date""#))
    }

    @Test("previous and next month links, and the grid has whole weeks")
    func navigation() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let html = browser.get("/calendar/2027-01").text
        #expect(html.contains(#"<a href="/calendar/2026-12" rel="prev">"#))
        #expect(html.contains(#"<a href="/calendar/2027-02" rel="next">"#))
        #expect(html.contains(#"<a href="/calendar/2026-11-21">Today</a>"#))
        // January 2027 starts on a Friday: 5 blanks + 31 days = 36 → 6 rows, 6 blanks at the end.
        let body = HTML.between(html, "<tbody>", "</tbody>")
        #expect(body.components(separatedBy: "<tr>").count - 1 == 6)
        #expect(body.components(separatedBy: #"<td class="blank"></td>"#).count - 1 == 11)
        #expect(!browser.get("/calendar/1900-01").text.contains(#"rel="prev""#))
        #expect(!browser.get("/calendar/2199-12").text.contains(#"rel="next""#))
    }

    // MARK: - Recurrence on the right days

    struct Expansion: Sendable, CustomTestStringConvertible {
        var label: String
        var periodicity: Periodicity
        var start: String
        var end: String? = nil
        var month: String
        var days: [Int]
        var testDescription: String { label }
    }

    static let expansions: [Expansion] = [
        Expansion(label: "monthly from the 31st: Feb 28 in 2027", periodicity: .monthly, start: "2027-01-31", month: "2027-02", days: [28]),
        Expansion(label: "monthly from the 31st: Feb 29 in 2028", periodicity: .monthly, start: "2027-01-31", month: "2028-02", days: [29]),
        Expansion(label: "monthly from the 31st: Apr 30", periodicity: .monthly, start: "2027-01-31", month: "2027-04", days: [30]),
        Expansion(label: "monthly from the 31st: back on the 31st", periodicity: .monthly, start: "2027-01-31", month: "2027-03", days: [31]),
        Expansion(label: "monthly: nothing before the start", periodicity: .monthly, start: "2027-01-31", month: "2026-12", days: []),
        Expansion(label: "weekly from Mon Nov 2", periodicity: .weekly, start: "2026-11-02", month: "2026-11", days: [2, 9, 16, 23, 30]),
        Expansion(label: "weekly: the end date is inclusive", periodicity: .weekly, start: "2026-11-02", end: "2026-11-23",
                  month: "2026-11", days: [2, 9, 16, 23]),
        Expansion(label: "weekly: an end the day before an occurrence excludes it", periodicity: .weekly, start: "2026-11-02",
                  end: "2026-11-22", month: "2026-11", days: [2, 9, 16]),
        Expansion(label: "weekly across the month end", periodicity: .weekly, start: "2026-11-02", month: "2026-12", days: [7, 14, 21, 28]),
        Expansion(label: "every 2 weeks", periodicity: .biweekly, start: "2026-11-02", month: "2026-12", days: [14, 28]),
        Expansion(label: "quarterly from Jan 31: Apr 30", periodicity: .quarterly, start: "2026-01-31", month: "2026-04", days: [30]),
        Expansion(label: "quarterly: not in between", periodicity: .quarterly, start: "2026-01-31", month: "2026-05", days: []),
        Expansion(label: "yearly from Feb 29: Feb 28 in a common year", periodicity: .yearly, start: "2024-02-29", month: "2027-02",
                  days: [28]),
        Expansion(label: "yearly from Feb 29: Feb 29 in a leap year", periodicity: .yearly, start: "2024-02-29", month: "2028-02",
                  days: [29]),
        Expansion(label: "monthly ending on its day", periodicity: .monthly, start: "2026-01-15", end: "2026-11-15", month: "2026-11",
                  days: [15]),
        Expansion(label: "monthly ended", periodicity: .monthly, start: "2026-01-15", end: "2026-11-15", month: "2026-12", days: []),
    ]

    @Test("recurring expenses fall on the right days", arguments: expansions)
    func expansion(_ example: Expansion) throws {
        let (app, database) = try makeTestApp()
        try database.seed(NewRecurringItem(kind: .expense, name: "Gym", amount: cents(5_000), periodicity: example.periodicity,
                                           start: date(example.start), end: example.end.map(date), category: "health"))
        var browser = TestBrowser(app: app)
        #expect(try Self.plannedDays(&browser, example.month) == example.days)
        // The grid and the day page show it on those days.
        let grid = browser.get("/calendar/\(example.month)").text
        for day in example.days {
            let iso = example.month + "-" + (day < 10 ? "0" : "") + String(day)
            #expect(HTML.between(grid, #"<a href="/calendar/\#(iso)" aria-label=""#, "\"").contains("Planned expense $50.00"))
            #expect(browser.get("/calendar/\(iso)").text.contains(#"<span class="row-name">Gym</span>"#))
        }
    }

    @Test("a monthly income from the 31st in February 2027 and 2028, on the day pages")
    func thirtyFirst() throws {
        let (app, database) = try makeTestApp()
        try database.seed(NewRecurringItem(kind: .income, name: "Pension", amount: cents(90_000), periodicity: .monthly,
                                           start: date("2026-10-31")))
        var browser = TestBrowser(app: app)
        #expect(try Self.plannedDays(&browser, "2027-02", key: "plannedIncome") == [28])
        #expect(try Self.plannedDays(&browser, "2028-02", key: "plannedIncome") == [29])
        #expect(try Self.plannedDays(&browser, "2026-11", key: "plannedIncome") == [30])
        #expect(browser.get("/calendar/2027-02-28").text.contains(#"<span class="row-name">Pension</span>"#))
        #expect(!browser.get("/calendar/2028-02-28").text.contains("Pension"))
        #expect(browser.get("/calendar/2028-02-29").text.contains("+$900.00"))
    }

    // MARK: - Loan payments

    @Test("mode A pays every month on its payment day from the day it was added")
    func paymentOnly() throws {
        let (app, database) = try makeTestApp()
        // Added on 2026-10-10: Oct 5 is before that, Oct 31 (day 31) is not.
        try database.seed(NewDebt(name: "Phone", paymentDay: 5, kind: .paymentOnly(monthlyPayment: cents(4_500))), today: date("2026-10-10"))
        try database.seed(NewDebt(name: "Gym debt", paymentDay: 31, kind: .paymentOnly(monthlyPayment: cents(1_000))), today: date("2026-10-10"))
        var browser = TestBrowser(app: app)
        #expect(try Self.plannedDays(&browser, "2026-09") == [])
        #expect(try Self.plannedDays(&browser, "2026-10") == [31])
        // Day 31 in a 30-day month falls on the 30th.
        #expect(try Self.plannedDays(&browser, "2026-11") == [5, 30])
        #expect(try Self.plannedDays(&browser, "2027-02") == [5, 28])
        #expect(try Self.plannedDays(&browser, "2030-06") == [5, 30], "mode A never ends")
        let day = browser.get("/calendar/2026-11-05").text
        #expect(day.contains(#"<span class="row-name">Phone</span><span class="row-detail">Debt payments"#))
        #expect(day.contains("−$45.00"))
    }

    @Test("mode B pays from the month after its as-of month until the schedule's last month")
    func loanPayments() throws {
        let (app, database) = try makeTestApp()
        // Balance 1,000.00 on Sep 10, 0 % APR, minimum 100.00, day 15; no income, so no extra payments.
        // Brought forward: Oct 15 (→ 900), Nov 15 (→ 800). Schedule from December: 800 / 100 = 8 months,
        // Dec 2026 … Jul 2027.
        try database.seed(NewDebt(name: "Loan", paymentDay: 15, kind: .loan(Loan(
            balance: cents(100_000), asOf: date("2026-09-10"), apr: APR(hundredths: 0), minimumPayment: cents(10_000)))),
            today: date("2026-11-21"))
        var browser = TestBrowser(app: app)
        #expect(try Self.plannedDays(&browser, "2026-09") == [], "the as-of month's payment is in the balance already")
        for month in ["2026-10", "2026-11", "2026-12", "2027-01", "2027-07"] {
            #expect(try Self.plannedDays(&browser, month) == [15], "\(month)")
        }
        #expect(try Self.plannedDays(&browser, "2027-08") == [], "paid off")
        let november = try #require(try jsonObject(browser.get("/api/v1/calendar/2026-11"))["days"] as? [[String: Any]])
        #expect(integer(november[14], "plannedExpense") == 10_000)
    }

    @Test("a loan with a last partial payment")
    func loanLastPayment() throws {
        let (app, database) = try makeTestApp()
        // 250.00 as of today, 0 %, minimum 100.00, day 1: Dec 1 100, Jan 1 100, Feb 1 50.
        try database.seed(NewDebt(name: "Loan", paymentDay: 1, kind: .loan(Loan(
            balance: cents(25_000), asOf: date("2026-11-21"), apr: APR(hundredths: 0), minimumPayment: cents(10_000)))))
        var browser = TestBrowser(app: app)
        #expect(try Self.plannedDays(&browser, "2026-11") == [])
        let february = try #require(try jsonObject(browser.get("/api/v1/calendar/2027-02"))["days"] as? [[String: Any]])
        #expect(integer(february[0], "plannedExpense") == 5_000)
        #expect(try Self.plannedDays(&browser, "2027-03") == [])
    }

    // MARK: - The day page

    @Test("+ Expense on a day: actual entry listed, daily_entry_added recorded, Data totals follow")
    func addOnDay() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let day = browser.get("/calendar/2026-11-21").text
        #expect(day.contains("<h1>November 21, 2026</h1>"))
        #expect(day.contains(#"<form method="post" action="/calendar/2026-11-21" class="form" novalidate>"#))
        #expect(day.contains(#"name="status" value="actual" checked"#), "today defaults to actual")
        #expect(!day.contains(#"name="date""#), "the date is the page's")

        let response = try browser.submit("/calendar/2026-11-21", to: "/calendar/2026-11-21", [
            ("kind", "expense"), ("name", "Coffee"), ("amount", "4,50"), ("category", "food"), ("status", "actual"), ("note", "")])
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/calendar/2026-11-21")
        let page = try browser.follow(response).text
        #expect(page.contains("<p>Added “Coffee”.</p>"))
        let actual = HTML.between(page, #"id="actual-title""#, "</section>")
        #expect(actual.contains(#"class="row-name">Coffee</a>"#) && actual.contains("−$4.50"))
        let event = try #require(try database.events(limit: 1).first)
        #expect(event.name == "daily_entry_added")
        #expect(event.properties == #"{"kind":"expense"}"#)
        // An unlinked entry counts in the year's expense: 0 recurring + 450.
        #expect(integer(try jsonObject(browser.get("/api/v1/budget")), "annualExpense") == 450)
        #expect(HTML.between(browser.get("/calendar/2026-11").text, #"<a href="/calendar/2026-11-21" aria-label=""#, "\"")
            .contains("Actual expense $4.50"))
    }

    @Test("+ Income planned on a future day")
    func plannedIncomeOnDay() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(browser.get("/calendar/2026-11-28").text.contains(#"name="status" value="planned" checked"#))
        let response = try browser.submit("/calendar/2026-11-28", to: "/calendar/2026-11-28", [
            ("kind", "income"), ("name", "Gift from Mum"), ("amount", "100"), ("status", "planned"), ("note", "birthday")])
        #expect(response.status == 303)
        let planned = HTML.between(try browser.follow(response).text, #"id="planned-title""#, "</section>")
        #expect(planned.contains(#"<span class="row-name">Gift from Mum</span>"#))
        #expect(planned.contains("+$100.00"))
        #expect(!planned.contains(#"class="confirm-form""#), "a future day cannot confirm")
        #expect(try database.events(limit: 1).first?.properties == #"{"kind":"income"}"#)
    }

    @Test("the day form refuses bad input with 422, keeps it, writes nothing", arguments: [
        ("2026-11-22", "actual", "100", "status", "A future date can only be planned."),
        ("2026-11-21", "actual", "", "amount", "This field is required."),
        ("2026-11-21", "actual", "0,001", "amount", "Enter an amount like 1234.50, with at most two decimals."),
    ])
    func dayRefusals(day: String, status: String, amount: String, field: String, message: String) throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let token = try browser.formToken(on: "/calendar/\(day)", action: "/calendar/\(day)")
        let version = database.version
        let response = browser.post("/calendar/\(day)", [("kind", "expense"), ("name", "Taxi & tip"), ("amount", amount),
                                                         ("category", "transport"), ("status", status)], formToken: token)
        #expect(response.status == 422)
        #expect(response.text.contains("<p class=\"error\" id=\"error-\(field)\">\(message)</p>"))
        #expect(response.text.contains(#"name="name" value="Taxi &amp; tip""#))
        #expect(response.text.contains(#"<option value="transport" selected>"#))
        #expect(database.version == version)
    }

    @Test("confirm a planned occurrence with another amount: it stays planned, is no longer pending, the actual entry appears")
    func confirmOccurrence() throws {
        let (app, database) = try makeTestApp()
        let rent = try database.seed(NewRecurringItem(kind: .expense, name: "Rent", amount: cents(50_000), periodicity: .monthly,
                                                      start: date("2026-01-01"), category: "housing"))
        var browser = TestBrowser(app: app)
        let before = browser.get("/calendar/2026-11-01").text
        let planned = HTML.between(before, #"id="planned-title""#, "</section>")
        #expect(planned.contains(#"<span class="row-name">Rent</span>"#))
        #expect(planned.contains(#"<input type="hidden" name="source" value="recurring-\#(rent)">"#))
        #expect(planned.contains(#"placeholder="500.00""#))
        #expect(HTML.figure(#"<span class="swatch planned-expense" aria-hidden="true"></span>Planned expense"#,
                            in: browser.get("/calendar/2026-11").text) == "$500.00")

        let response = try browser.submit("/calendar/2026-11-01", to: "/calendar/2026-11-01/confirm", [
            ("source", "recurring-\(rent)"), ("amount", "512.30")])
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/calendar/2026-11-01")
        let after = try browser.follow(response).text
        #expect(after.contains("<p>“Rent” is now actual.</p>"))
        // Still planned at its planned amount, with what happened beside it and no confirm button.
        let plannedAfter = HTML.between(after, #"id="planned-title""#, "</section>")
        #expect(plannedAfter.contains(#"<span class="row-name">Rent</span>"#) && plannedAfter.contains("−$500.00"))
        #expect(plannedAfter.contains("confirmed: $512.30"))
        #expect(!plannedAfter.contains(#"name="source" value="recurring-\#(rent)""#))
        let actual = HTML.between(after, #"id="actual-title""#, "</section>")
        #expect(actual.contains(#"class="row-name">Rent</a>"#) && actual.contains("−$512.30"))

        let grid = browser.get("/calendar/2026-11").text
        #expect(HTML.figure(#"<span class="swatch planned-expense" aria-hidden="true"></span>Planned expense"#, in: grid) == "$500.00")
        #expect(HTML.figure(#"<span class="swatch actual-expense" aria-hidden="true"></span>Actual expense"#, in: grid) == "$512.30")
        #expect(HTML.figure("Expense still expected", in: grid) == "$0.00")
        let days = try #require(try jsonObject(browser.get("/api/v1/calendar/2026-11"))["days"] as? [[String: Any]])
        #expect(integer(days[0], "plannedExpense") == 50_000)
        #expect(integer(days[0], "pendingExpense") == 0)
        #expect(integer(days[0], "actualExpense") == 51_230)
        // December's occurrence is still planned; the linked entry does not count twice in the year.
        #expect(try Self.plannedDays(&browser, "2026-12") == [1])
        #expect(integer(try jsonObject(browser.get("/api/v1/budget")), "annualExpense") == 12 * 50_000)
        #expect(try database.eventCount(.dailyEntryAdded) == 1)

        // Confirming it again writes nothing more.
        let stale = try browser.formToken(on: "/calendar/2026-11-02")
        let again = browser.post("/calendar/2026-11-01/confirm", [("source", "recurring-\(rent)")], formToken: stale)
        #expect(again.status == 303)
        #expect(try database.entryCount(from: date("2026-11-01"), through: date("2026-11-30")) == 1)
    }

    @Test("confirm without an amount takes the planned amount; loan payments can be confirmed too")
    func confirmDefaultAmount() throws {
        let (app, database) = try makeTestApp()
        let phone = try database.seed(NewDebt(name: "Phone", paymentDay: 5, kind: .paymentOnly(monthlyPayment: cents(4_500))),
                                      today: date("2026-10-01"))
        var browser = TestBrowser(app: app)
        let response = try browser.submit("/calendar/2026-11-05", to: "/calendar/2026-11-05/confirm", [("source", "debt-\(phone)"),
                                                                                                    ("amount", "")])
        #expect(response.status == 303)
        let entries = try database.entries(from: date("2026-11-05"), through: date("2026-11-05"), limit: 10, offset: 0)
        #expect(entries.count == 1)
        #expect(entries.first?.entry.amount == cents(4_500))
        #expect(entries.first?.entry.isActual == true)
        #expect(entries.first?.entry.confirms == OccurrenceKey(source: .debt(phone), date: date("2026-11-05")))
    }

    @Test("a planned entry is confirmed in place")
    func confirmEntry() throws {
        let (app, database) = try makeTestApp()
        let id = try database.seed(NewEntry(date: date("2026-11-20"), kind: .expense, name: "Dentist", amount: cents(3_000),
                                            category: "health", isActual: false, note: "check-up"))
        var browser = TestBrowser(app: app)
        let day = browser.get("/calendar/2026-11-20").text
        #expect(day.contains(#"<input type="hidden" name="entry" value="\#(id)">"#))
        let response = try browser.submit("/calendar/2026-11-20", to: "/calendar/2026-11-20/confirm", [("entry", "\(id)"),
                                                                                                    ("amount", "35")])
        #expect(response.status == 303)
        let stored = try #require(try database.storedEntry(id: id))
        #expect(stored.entry.isActual)
        #expect(stored.entry.amount == cents(3_500))
        #expect(stored.note == "check-up")
        #expect(stored.entry.category == "health")
        #expect(stored.entry.plannedAmount == cents(3_000), "it keeps its planned amount")
        let page = try browser.follow(response).text
        #expect(HTML.between(page, #"id="actual-title""#, "</section>").contains("Dentist"))
        let planned = HTML.between(page, #"id="planned-title""#, "</section>")
        #expect(planned.contains("Dentist") && planned.contains("−$30.00") && planned.contains("confirmed: $35.00"))
        #expect(!planned.contains(#"name="entry" value="\#(id)""#))
        let days = try #require(try jsonObject(browser.get("/api/v1/calendar/2026-11"))["days"] as? [[String: Any]])
        #expect(integer(days[19], "plannedExpense") == 3_000)
        #expect(integer(days[19], "actualExpense") == 3_500)
        #expect(integer(days[19], "pendingExpense") == 0)
    }

    @Test("a future day cannot confirm")
    func futureConfirm() throws {
        let (app, database) = try makeTestApp()
        let rent = try database.seed(NewRecurringItem(kind: .expense, name: "Rent", amount: cents(50_000), periodicity: .monthly,
                                                      start: date("2026-01-25"), category: "housing"))
        var browser = TestBrowser(app: app)
        let page = browser.get("/calendar/2026-11-25").text
        #expect(page.contains(#"<span class="row-name">Rent</span>"#))
        #expect(!page.contains(#"action="/calendar/2026-11-25/confirm""#))
        let token = try browser.formToken(on: "/calendar/2026-11-25")
        let version = database.version
        let response = browser.post("/calendar/2026-11-25/confirm", [("source", "recurring-\(rent)")], formToken: token)
        #expect(response.status == 422)
        #expect(response.text.contains("A future date can only be planned."))
        #expect(database.version == version)
    }

    @Test("confirming something not planned that day is a 404", arguments: ["recurring-99", "debt-1", "nonsense"])
    func confirmUnknown(source: String) throws {
        let (app, database) = try makeTestApp()
        try database.seed(NewRecurringItem(kind: .expense, name: "Rent", amount: cents(50_000), periodicity: .monthly,
                                           start: date("2026-01-01"), category: "housing"))
        var browser = TestBrowser(app: app)
        let token = try browser.formToken(on: "/calendar/2026-11-02")
        #expect(browser.post("/calendar/2026-11-02/confirm", [("source", source)], formToken: token).status == 404)
    }

    @Test("an entry's edit and delete from the day page come back to the day")
    func editFromDay() throws {
        let (app, database) = try makeTestApp()
        let id = try database.seed(NewEntry(date: date("2026-11-20"), kind: .expense, name: "Taxi", amount: cents(1_200),
                                            category: "transport", isActual: true))
        var browser = TestBrowser(app: app)
        let day = browser.get("/calendar/2026-11-20").text
        let editHref = "/data/entry/\(id)/edit?back=%2Fcalendar%2F2026-11-20"
        #expect(day.contains(#"href="\#(editHref)""#))
        let saved = try browser.submit(editHref, to: "/data/entry/\(id)", [
            ("kind", "expense"), ("name", "Taxi home"), ("amount", "14"), ("date", "2026-11-20"), ("category", "transport"),
            ("status", "actual"), ("note", "")])
        #expect(saved.status == 303)
        #expect(saved.headers["Location"] == "/calendar/2026-11-20")
        #expect(try browser.follow(saved).text.contains("−$14.00"))
    }
}

extension CalendarPageTests {
    @Test("editing the actual entry that confirmed an occurrence keeps it confirmed")
    func editConfirmingEntry() throws {
        let (app, database) = try makeTestApp()
        let rent = try database.seed(NewRecurringItem(kind: .expense, name: "Rent", amount: cents(50_000), periodicity: .monthly,
                                                      start: date("2026-01-01"), category: "housing"))
        var browser = TestBrowser(app: app)
        _ = try browser.submit("/calendar/2026-11-01", to: "/calendar/2026-11-01/confirm", [("source", "recurring-\(rent)"), ("amount", "512.30")])
        let entry = try #require(try database.entries(from: date("2026-11-01"), through: date("2026-11-01"), limit: 5, offset: 0).first)
        let response = try browser.submit("/data/entry/\(entry.entry.id)/edit", to: "/data/entry/\(entry.entry.id)", [("amount", "520")]
            + [("kind", "expense"), ("name", "Rent"), ("date", "2026-11-01"), ("category", "housing"), ("status", "actual"), ("note", "")])
        #expect(response.status == 303)
        let stored = try #require(try database.storedEntry(id: entry.entry.id))
        #expect(stored.entry.amount == cents(52_000))
        #expect(stored.entry.confirms == OccurrenceKey(source: .recurring(rent), date: date("2026-11-01")))
        #expect(try Self.plannedDays(&browser, "2026-11", key: "pendingExpense") == [], "the occurrence stays confirmed")
        #expect(try Self.plannedDays(&browser, "2026-11") == [1], "and planned")
        #expect(integer(try jsonObject(browser.get("/api/v1/budget")), "annualExpense") == 12 * 50_000, "not counted twice")
    }

    @Test("confirm with a malformed amount writes nothing and says why on the day page")
    func confirmBadAmount() throws {
        let (app, database) = try makeTestApp()
        let rent = try database.seed(NewRecurringItem(kind: .expense, name: "Rent", amount: cents(50_000), periodicity: .monthly,
                                                      start: date("2026-01-01"), category: "housing"))
        var browser = TestBrowser(app: app)
        let token = try browser.formToken(on: "/calendar/2026-11-01", action: "/calendar/2026-11-01/confirm")
        let version = database.version
        let response = browser.post("/calendar/2026-11-01/confirm", [("source", "recurring-\(rent)"), ("amount", "5,1,2")], formToken: token)
        // The inline confirm form answers 422 with the day page and the message on its row.
        #expect(response.status == 422)
        #expect(response.text.contains(#"<p class="error" id="confirm-error-source-recurring-\#(rent)">Enter an amount like 1234.50, with at most two decimals.</p>"#))
        #expect(database.version == version)
    }
}
