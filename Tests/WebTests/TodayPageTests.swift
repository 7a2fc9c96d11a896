import Engine
import Foundation
import HTTPCore
@testable import Storage
import Testing
import TestSupport
@testable import Web

/// /today, /api/v1/today, the month's checklist (done and undo) and the web app manifest, in
/// process. The test app's today is 2026-11-21.
@Suite("Today page")
struct TodayPageTests {
    /// Salary 100 000.00 on the 5th, rent 40 000.00 on the 21st (due today),
    /// internet 40.00 on the 25th, «Vacation»
    /// 100 000.00, and two actual entries.
    static func seed(_ database: AppDatabase) throws {
        _ = try database.seed(NewRecurringItem(kind: .income, name: "Salary", amount: cents(100_000_00), periodicity: .monthly,
                                               start: date("2026-01-05")))
        _ = try database.seed(NewRecurringItem(kind: .expense, name: "Rent", amount: cents(40_000_00), periodicity: .monthly,
                                               start: date("2026-01-21"), category: "housing"))
        _ = try database.seed(NewRecurringItem(kind: .expense, name: "Internet", amount: cents(40_00), periodicity: .monthly,
                                               start: date("2026-01-25"), category: "utilities"))
        _ = try database.seed(NewGoal(name: "Vacation", target: cents(100_000_00)))
        _ = try database.seed(NewEntry(date: date("2026-11-20"), kind: .expense, name: "Coffee", amount: cents(2_50),
                                       category: "food", isActual: true))
        _ = try database.seed(NewEntry(date: date("2026-11-19"), kind: .expense, name: "Taxi", amount: cents(7_80),
                                       category: "transport", isActual: true))
    }

    static func json(_ response: Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test("the page has every block, in English and Russian; Today is the first nav entry; no scripts or styles inline")
    func blocks() throws {
        let (app, database) = try makeTestApp()
        try Self.seed(database)
        var browser = TestBrowser(app: app)
        // Before any account: no figure, and the block says what to add.
        let before = browser.get("/today").text
        #expect(before.contains("Safe to spend needs a balance to start from") && before.contains(#"href="/accounts/new""#))
        _ = try database.addAccount(NewAccount(name: "Checking", type: .checking, openingBalance: cents(60_000_00), openedOn: date("2026-11-01"),
                                               spendable: true, currency: "USD"), formToken: Tokens.random())
        let response = browser.get("/today")
        #expect(response.status == 200)
        let html = response.text
        #expect(html.contains("Safe to spend") && html.contains("Per day") && html.contains("Left until payday (December 5, 2026)"))
        #expect(html.contains(#"<form method="get" action="/quick""#) && html.contains(#"name="text""#)
                && html.contains(#"<input type="hidden" name="back" value="/today">"#))
        #expect(html.contains("Planned for today") && html.contains("Rent") && html.contains(#"action="/calendar/2026-11-21/confirm""#))
        #expect(html.contains("Bills in the next 7 days") && html.contains("Internet") && html.contains("November 25, 2026"))
        #expect(html.contains("Latest entries") && html.contains("Coffee") && html.contains("Taxi")
                && html.contains(#"href="/data/entry/"#))
        #expect(html.contains("Goals and the emergency fund") && html.contains("<progress"))
        #expect(html.contains("Checklist for November 2026") && html.contains("Move ") && html.contains("toward “Vacation”")
                && html.contains(#"action="/today/checklist/emergency/done""#))
        #expect(!html.contains("style=") && !html.contains("<script>"))
        let nav = try #require(html.range(of: "<nav"))
        let firstLink = try #require(html.range(of: "href=\"", range: nav.upperBound..<html.endIndex))
        #expect(html[firstLink.upperBound...].hasPrefix("/today\""), "Today is the first nav entry")
        // The quick box and safe to spend come before the lists (the phone's first screen).
        let quick = try #require(html.range(of: "action=\"/quick\"")), planned = try #require(html.range(of: "Planned for today"))
        let safe = try #require(html.range(of: "Left until payday"))
        #expect(safe.lowerBound < quick.lowerBound && quick.lowerBound < planned.lowerBound)
        browser.language = "ru"
        let ru = browser.get("/today").text
        #expect(ru.contains("Сегодня") && ru.contains("Можно потратить") && ru.contains("Осталось до зарплаты") && ru.contains("Чек-лист на"))
    }

    @Test("/ leads to Today once onboarding is done, to the Budget page (and the welcome) before")
    func root() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(browser.get("/").headers["Location"] == "/today")
        let (fresh, _) = try makeTestApp(onboarded: false)
        var newcomer = TestBrowser(app: fresh)
        #expect(newcomer.get("/").headers["Location"] == "/data")
        #expect(newcomer.get("/today").headers["Location"] == "/welcome")
    }

    @Test("confirming a planned item from Today answers 303 back to /today and the item leaves the list")
    func confirm() throws {
        let (app, database) = try makeTestApp()
        try Self.seed(database)
        var browser = TestBrowser(app: app)
        let response = try browser.submit("/today", to: "/calendar/2026-11-21/confirm", [])
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/today")
        let after = try browser.follow(response).text
        #expect(!after.contains(#"action="/calendar/2026-11-21/confirm""#))
        #expect(after.contains("Confirmed") || after.contains("Rent"))
        let entries = try database.entries(from: date("2026-11-21"), through: date("2026-11-21"), limit: 10, offset: 0)
        #expect(entries.contains { $0.entry.name == "Rent" && $0.entry.isActual && $0.entry.amount == cents(40_000_00) })
    }

    @Test("the API returns the page's figures: minor units and ISO dates")
    func api() throws {
        let (app, database) = try makeTestApp()
        try Self.seed(database)
        var browser = TestBrowser(app: app)
        let body = try Self.json(browser.get("/api/v1/today"))
        #expect(Set(body.keys) == ["date", "safeToSpend", "risk", "planned", "bills", "limits", "recent", "emergencyFund", "goals", "checklist"])
        #expect(body["date"] as? String == "2026-11-21")
        #expect(body["safeToSpend"] is NSNull)   // no spendable account yet: no figure
        _ = try database.addAccount(NewAccount(name: "Checking", type: .checking, openingBalance: cents(60_000_00), openedOn: date("2026-11-01"),
                                               spendable: true, currency: "USD"), formToken: Tokens.random())
        let safe = try #require(try Self.json(browser.get("/api/v1/today"))["safeToSpend"] as? [String: Any])
        #expect(safe["payday"] as? String == "2026-12-05")
        #expect(safe["days"] as? Int == 14)
        let left = try #require(safe["leftUntilPayday"] as? Int), perDay = try #require(safe["perDay"] as? Int)
        #expect(perDay == left / 14)
        let planned = try #require(body["planned"] as? [[String: Any]])
        let rent = try #require(planned.first)
        #expect(rent["name"] as? String == "Rent")
        #expect(rent["amount"] as? Int == 40_000_00)
        #expect(rent["source"] as? String == "recurring-2")
        #expect(rent["overdue"] as? Bool == false)
        let bills = try #require(body["bills"] as? [[String: Any]])
        #expect(bills.count == 1)
        let internet = try #require(bills.first)
        #expect(internet["name"] as? String == "Internet")
        #expect(internet["due"] as? String == "2026-11-25")
        #expect(internet["amount"] as? Int == 40_00)
        let recent = try #require(body["recent"] as? [[String: Any]])
        #expect(recent.map { $0["name"] as? String } == ["Coffee", "Taxi"])
        let checklist = try #require(body["checklist"] as? [String: Any])
        #expect(checklist["month"] as? String == "2026-11")
        let steps = try #require(checklist["steps"] as? [[String: Any]])
        #expect(steps.map { $0["key"] as? String } == ["emergency", "goal-1"])
        // Salary on 5 Nov funds both: due 8 Nov.
        #expect(steps.allSatisfy { $0["due"] as? String == "2026-11-08" && $0["done"] as? Bool == false })
    }

    @Test("Done raises the fund, Undo restores the exact previous state (the export before and after); twice changes nothing")
    func doneAndUndo() throws {
        let (app, database) = try makeTestApp()
        try Self.seed(database)
        var browser = TestBrowser(app: app)
        let before = try database.exportTables()
        let steps = try #require(try Self.json(browser.get("/api/v1/today"))["checklist"] as? [String: Any])["steps"] as? [[String: Any]]
        let amount = try #require(steps?.first?["amount"] as? Int)
        // When: Done on the fund's step
        let form = try browser.form(on: "/today", action: "/today/checklist/emergency/done")
        let done = browser.post(form.action, form.hidden, formToken: form.token)
        #expect(done.status == 303 && done.headers["Location"] == "/today")
        // Then: the fund rose by the step's amount and the step shows done with Undo
        #expect(try database.emergencySaved() == cents(Int64(amount)))
        #expect(try browser.follow(done).text.contains(#"action="/today/checklist/emergency/undo""#))
        // The same form again: nothing more
        _ = browser.post(form.action, form.hidden, formToken: form.token)
        #expect(try database.emergencySaved() == cents(Int64(amount)))
        // When: Undo
        let undo = try browser.submit("/today", to: "/today/checklist/emergency/undo", [])
        #expect(undo.status == 303)
        // Then: exactly as before
        #expect(try database.exportTables() == before)
        // Undo again (a fresh token): 404, nothing changes
        let token = try browser.formToken(on: "/today", action: "/today/checklist/emergency/done")
        #expect(browser.post("/today/checklist/emergency/undo", [], formToken: token).status == 404)
        #expect(try database.exportTables() == before)
    }

    @Test("Done on the fund's step in Russian names the transfer «Резервный фонд», not the English fallback")
    func fundTransferIsNamedInTheHouseholdsLanguage() throws {
        let (app, database) = try makeTestApp()
        try Self.seed(database)
        _ = try database.addAccount(NewAccount(name: "Карта", type: .card, openingBalance: cents(200_000_00), openedOn: date("2026-11-01"),
                                               spendable: true, currency: "RUB"), formToken: Tokens.random())
        var browser = TestBrowser(app: app, language: "ru")
        let form = try browser.form(on: "/today", action: "/today/checklist/emergency/done")
        #expect(browser.post(form.action, form.hidden, formToken: form.token).status == 303)
        let names = try database.entries(from: date("2026-11-21"), through: date("2026-11-21"), limit: 10, offset: 0).map(\.entry.name)
        #expect(names.contains("Резервный фонд"))
        #expect(!names.contains("Emergency fund"))
    }

    @Test("Done on a loan's step pays the extra off the loan from the default account (a transfer, not an Other expense) and its flash names the amount moved; Undo puts it back; the Plan page shows the checklist and goes back to /plan")
    func loanStepAndPlanPage() throws {
        let (app, database) = try makeTestApp()
        _ = try database.addAccount(NewAccount(name: "Checking", type: .checking, openingBalance: cents(200_000_00), openedOn: date("2026-11-01"),
                                               spendable: true, currency: "USD"), formToken: Tokens.random())
        _ = try database.seed(NewRecurringItem(kind: .income, name: "Salary", amount: cents(100_000_00), periodicity: .monthly,
                                               start: date("2026-01-05")))
        _ = try database.seed(NewDebt(name: "Card", paymentDay: 25, kind: .loan(Loan(
            balance: cents(50_000_00), asOf: date("2026-11-01"), apr: APR(hundredths: 2_000), minimumPayment: cents(2_000_00)))))
        var browser = TestBrowser(app: app)
        let before = try database.exportTables()
        let plan = browser.get("/plan").text
        #expect(plan.contains("Checklist for November 2026") && plan.contains("above the minimum"))
        let steps = try #require(try Self.json(browser.get("/api/v1/today"))["checklist"] as? [String: Any])["steps"] as? [[String: Any]]
        let extra = try #require(steps?.first { $0["key"] as? String == "debt-1" }?["amount"] as? Int)
        let form = try browser.form(on: "/plan", action: "/today/checklist/debt-1/done")
        #expect(form.hidden.contains { $0 == ("back", "/plan") })
        let done = browser.post(form.action, form.hidden, formToken: form.token)
        #expect(done.headers["Location"] == "/plan")
        // The flash says what left the account: the extra, not the minimum + extra the step asks to pay.
        let moved = "Moved " + MoneyFormat.format(Money(minorUnits: Int64(extra)), .usd, .en) + " from Checking: a transfer"
        #expect(try browser.follow(done).text.contains(moved), "\(moved)")
        // Not an everyday expense: no entry in the household's figures, no "Other" spending; the
        // account paid it (a transfer) and the loan owes less.
        let household = try database.household(settings: PlanSettings(), entriesFrom: date("2026-11-01"), through: date("2026-11-30"))
        #expect(!household.entries.contains { $0.name == "Card" })
        #expect(household.debts.first?.loan?.asOf == date("2026-11-21"))
        #expect(try database.balances(on: date("2026-11-21")).values.first!.balance < cents(200_000_00))
        _ = try browser.submit("/plan", to: "/today/checklist/debt-1/undo", [])
        #expect(try database.exportTables() == before)
    }

    @Test("a bad step key is a 404; a GET of a checklist address leads to Today; no form token is a 400")
    func badRequests() throws {
        let (app, database) = try makeTestApp()
        try Self.seed(database)
        var browser = TestBrowser(app: app)
        #expect(browser.get("/today/checklist/nothing/done").status == 404)
        #expect(browser.get("/today/checklist/goal-01/done").status == 404)
        #expect(browser.get("/today/checklist/emergency/done").headers["Location"] == "/today")
        let token = try browser.formToken(on: "/today", action: "/today/checklist/emergency/done")
        #expect(browser.post("/today/checklist/goal-99/done", [], formToken: token).status == 404)
        #expect(browser.post("/today/checklist/emergency/done", []).status == 400)
        #expect(try database.emergencySaved() == .zero)
    }

    @Test("the Plan page says why a high-priority goal gets less, the monthly amount that reaches it and when the pace does")
    func goalAdviceOnThePlanPage() throws {
        let (app, database) = try makeTestApp()
        _ = try database.seed(NewRecurringItem(kind: .income, name: "Salary", amount: cents(10_000_00), periodicity: .monthly,
                                               start: date("2026-01-05")))
        _ = try database.seed(NewGoal(name: "House", target: cents(1_000_000_00), deadline: date("2028-11-30"), priority: 3))
        _ = try database.seed(NewGoal(name: "Car", target: cents(50_000_00), deadline: date("2027-05-31"), priority: 2))
        var browser = TestBrowser(app: app)
        let html = browser.get("/plan").text
        #expect(html.contains("“House” gets less than “Car” although its priority is higher"))
        #expect(html.contains("41,666.67 a month"))
        #expect(html.contains("At the current pace it is reached in June 2057."))
        browser.language = "ru"
        #expect(browser.get("/plan").text.contains("получает меньше, чем «Car»"))
    }

    @Test("an empty household: page and API answer 200")
    func empty() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let html = browser.get("/today").text
        #expect(html.contains("Nothing to move this month") && html.contains("No entries yet."))
        #expect(browser.get("/api/v1/today").status == 200)
    }

    @Test("the manifest is served as application/manifest+json, valid, with the icons it names; the layout links it")
    func manifest() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let html = browser.get("/today").text
        #expect(html.contains(#"<link rel="manifest" href="/static/manifest.webmanifest"#) && html.contains(#"name="theme-color""#))
        let response = browser.get("/static/manifest.webmanifest")
        #expect(response.status == 200 && response.headers["Content-Type"] == "application/manifest+json")
        let body = try Self.json(response)
        #expect(body["start_url"] as? String == "/today")
        #expect(body["display"] as? String == "standalone")
        #expect(body["name"] is String)
        #expect(body["short_name"] as? String == "FinMind")
        #expect(body["theme_color"] is String)
        let icons = try #require(body["icons"] as? [[String: Any]])
        let sizes = icons.compactMap { $0["sizes"] as? String }, purposes = icons.compactMap { $0["purpose"] as? String }
        #expect(sizes.contains("192x192"))
        #expect(sizes.contains("512x512"))
        #expect(purposes.contains("maskable"))
        for icon in icons {
            let src = try #require(icon["src"] as? String)
            let file = browser.get(src)
            #expect(file.status == 200, "\(src)")
            if src.hasSuffix(".png") {
                #expect(file.headers["Content-Type"] == "image/png")
                #expect(Array(file.body.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            }
        }
    }
}
