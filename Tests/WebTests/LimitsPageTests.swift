import Engine
import Foundation
import HTTPCore
@testable import Storage
import Testing
import TestSupport
@testable import Web

// Category limits (Features/Bills/LimitsPage.swift): the /limits forms, the flash after saving an
// expense, the banners of the Budget page and the Calendar, the Budget page's block and
// GET /api/v1/limits. Today is pinned to Sat 2026-11-21; the household currency is USD (en).

private let validLimit: [(String, String)] = [("category", "food"), ("period", "month"), ("amount", "20,000"), ("threshold", "80")]

private func seedLimit(_ database: AppDatabase, _ category: String = "food", _ period: LimitPeriod = .month,
                       _ amount: Int64 = 20_000_00, threshold: Int = 80) throws {
    _ = try database.addCategoryLimit(CategoryLimit(category: category, period: period, amount: cents(amount), threshold: threshold),
                                      formToken: Tokens.random())
}

private func food(_ amount: Int64, _ day: String = "2026-11-02", actual: Bool = true) -> NewEntry {
    NewEntry(date: date(day), kind: .expense, name: "Groceries", amount: cents(amount), category: "food", isActual: actual)
}

@Suite("Category limits pages")
struct LimitsPageTests {
    @Test("a valid limit form creates it: 303 to /limits with a flash; the list shows its progress")
    func create() throws {
        let (app, database) = try makeTestApp()
        try database.seed(food(16_800_00))
        try database.seed(food(2_000_00, "2026-11-28", actual: false))
        var browser = TestBrowser(app: app)
        let response = try browser.submit("/limits/new", to: "/limits", validLimit)
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/limits")
        let page = try browser.follow(response).text
        #expect(page.contains("Added"))
        let limits = try database.categoryLimits()
        #expect(limits == [CategoryLimit(id: limits.first?.id ?? 0, category: "food", period: .month, amount: cents(20_000_00), threshold: 80)])
        let list = HTML.between(page, #"id="limits""#, "</section>")
        #expect(list.contains("84 %"))
        #expect(list.contains("$16,800.00 spent of $20,000.00"))
        #expect(list.contains("+ $2,000.00 planned"))
        #expect(list.contains("warning"))
        // 16 800 over 21 days = 800 a day: day k over 20 000 first at k = 26.
        #expect(list.contains("At this pace you will exceed it on"))
        #expect(list.contains("November 26") || list.contains("26 November") || list.contains("Nov 26"))
        // Money's own navigation has Limits after Transactions.
        let nav = HTML.between(page, #"class="section-nav""#, "</nav>")
        let transactions = try #require(nav.range(of: "/transactions")), limitsLink = try #require(nav.range(of: "/limits"))
        #expect(transactions.lowerBound < limitsLink.lowerBound)
    }

    @Test("the limit's name keeps German nouns capitalised: „Lebensmittel, Monat“ hinzugefügt")
    func germanPeriodIsANoun() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        browser.language = "de"
        let fields = validLimit.map { $0.0 == "amount" ? ("amount", "800") : $0 }
        let page = try browser.follow(browser.submit("/limits/new", to: "/limits", fields)).text
        #expect(page.contains("„Lebensmittel, Monat“ hinzugefügt"), "\(HTML.between(page, "class=\"flash", "</p>"))")
        #expect(!page.contains("Lebensmittel, monat"))
    }

    @Test("a refused limit form answers 422 with the input kept and a message by the field; nothing is stored", arguments: [
        ("category", "nope"), ("category", ""), ("period", "year"), ("amount", ""), ("amount", "abc"), ("amount", "0"),
        ("threshold", "49"), ("threshold", "101"), ("threshold", "x"), ("threshold", ""),
    ])
    func refused(field: String, value: String) throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let fields = validLimit.map { $0.0 == field ? ($0.0, value) : $0 }
        let response = try browser.submit("/limits/new", to: "/limits", fields)
        #expect(response.status == 422)
        #expect(response.text.contains(#"id="error-\#(field)""#))
        if field == "amount" || field == "threshold", !value.isEmpty { #expect(response.text.contains(#"value="\#(value)""#)) }
        #expect(try database.categoryLimits().isEmpty)
    }

    @Test("a second limit for the same category and period is refused by the period field; edit and delete work")
    func duplicateEditDelete() throws {
        let (app, database) = try makeTestApp()
        try seedLimit(database)
        var browser = TestBrowser(app: app)
        let duplicate = try browser.submit("/limits/new", to: "/limits", validLimit)
        #expect(duplicate.status == 422)
        #expect(duplicate.text.contains("This category already has a limit for this period."))
        let id = try #require(try database.categoryLimits().first?.id)
        let edit = browser.get("/limits/\(id)/edit").text
        #expect(edit.contains(#"value="20,000.00""#) || edit.contains(#"value="20000.00""#) || edit.contains("20,000"))
        let saved = try browser.submit("/limits/\(id)/edit", to: "/limits/\(id)/edit",
                                       [("category", "food"), ("period", "week"), ("amount", "500"), ("threshold", "90")])
        #expect(saved.status == 303)
        #expect(try database.categoryLimit(id: id)?.period == .week)
        #expect(try database.categoryLimit(id: id)?.threshold == 90)
        #expect(browser.get("/limits/999/edit").status == 404)
        let deleted = try browser.submit("/limits/\(id)/delete", to: "/limits/\(id)/delete", [])
        #expect(deleted.status == 303)
        #expect(try database.categoryLimits().isEmpty)
    }

    @Test("saving an expense says \"Food: 84 % of $20,000.00 this month\"; the warning event is logged once")
    func flashAfterExpense() throws {
        let (app, database) = try makeTestApp()
        try seedLimit(database)
        try database.seed(food(16_000_00))
        var browser = TestBrowser(app: app)
        let saved = try browser.submit("/data/entry/new?kind=expense", to: "/data/entry", [
            ("kind", "expense"), ("name", "Groceries"), ("amount", "800"), ("date", "2026-11-20"), ("category", "food"),
            ("status", "actual"), ("note", "")])
        #expect(saved.status == 303)
        let page = try browser.follow(saved).text
        #expect(page.contains("Food: 84 % of $20,000.00 this month."))
        #expect(try database.eventCount(.limitWarning) == 1)
        // Another expense: still warning, no second event; the Calendar's form says it too.
        let calendar = try browser.submit("/calendar/2026-11-20", to: "/calendar/2026-11-20", [
            ("kind", "expense"), ("name", "Bread"), ("amount", "200"), ("category", "food"), ("status", "actual")])
        #expect(calendar.status == 303)
        #expect(try browser.follow(calendar).text.contains("Food: 85 % of $20,000.00 this month."))
        #expect(try database.eventCount(.limitWarning) == 1)
        #expect(try database.eventCount(.limitExceeded) == 0)
        // Another category, or an income: no limit note.
        let other = try browser.submit("/data/entry/new?kind=expense", to: "/data/entry", [
            ("kind", "expense"), ("name", "Bus"), ("amount", "3"), ("date", "2026-11-20"), ("category", "transport"),
            ("status", "actual"), ("note", "")])
        #expect(!(try browser.follow(other).text.contains("% of $20,000.00")))
    }

    @Test("the banner shows once per category, period and level on the Budget page and the Calendar, and is dismissed")
    func bannerOnceAndDismiss() throws {
        let (app, database) = try makeTestApp()
        try seedLimit(database)
        try database.seed(food(16_800_00))
        var browser = TestBrowser(app: app)
        let banner = "Food: 84 % of the $20,000.00 limit used this month."
        #expect(browser.get("/data").text.contains(banner))
        #expect(browser.get("/calendar").text.contains(banner))
        let dismissed = try browser.submit("/data", to: "/limits/dismiss", [])
        #expect(dismissed.status == 303)
        #expect(dismissed.headers["Location"] == "/data")
        #expect(!browser.get("/data").text.contains(banner))
        #expect(!browser.get("/calendar").text.contains(banner))
        // Going over 100 %: a new banner at the new level.
        try database.seed(food(4_000_00, "2026-11-21"))
        let exceeded = "Food: the $20,000.00 limit is exceeded this month (104 %)."
        #expect(browser.get("/calendar").text.contains(exceeded))
        #expect(browser.get("/data").text.contains(exceeded))
    }

    @Test("a dismiss with bad fields answers 400 and stores nothing", arguments: [
        [("category", "food"), ("period", "month"), ("start", "2026-11-02"), ("level", "warning")],
        [("category", "food"), ("period", "year"), ("start", "2026-11-01"), ("level", "warning")],
        [("category", "nope"), ("period", "month"), ("start", "2026-11-01"), ("level", "warning")],
        [("category", "food"), ("period", "month"), ("start", "2026-11-01"), ("level", "ok")],
        [("category", "food"), ("period", "week"), ("start", "2026-11-18"), ("level", "warning")],
        [("category", "food"), ("period", "month"), ("start", "2026-13-01"), ("level", "warning")],
    ])
    func badDismiss(fields: [(String, String)]) throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let token = try browser.formToken(on: "/data/entry/new?kind=expense")
        let response = browser.post("/limits/dismiss", fields, formToken: token)
        #expect(response.status == 400)
        #expect(try database.limitNotices(since: date("1900-01-01")).isEmpty)
    }

    @Test("GET /api/v1/limits has the issue's shape, in minor units and ISO dates")
    func api() throws {
        let (app, database) = try makeTestApp()
        try seedLimit(database)
        try seedLimit(database, "transport", .week, 100_00)
        try seedLimit(database, "health", .day, 50_00)
        try database.seed(food(16_800_00))
        try database.seed(food(2_000_00, "2026-11-28", actual: false))
        try database.seed(NewEntry(date: date("2026-11-17"), kind: .expense, name: "Bus", amount: cents(101_00), category: "transport", isActual: true))
        var browser = TestBrowser(app: app)
        let response = browser.get("/api/v1/limits")
        #expect(response.status == 200)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]])
        #expect(rows.count == 3)
        for row in rows {
            #expect(Set(row.keys) == ["category", "period", "amount", "spent", "planned", "percent", "state", "projectedExceedOn"])
        }
        let byCategory = Dictionary(uniqueKeysWithValues: rows.map { ($0["category"] as? String ?? "", $0) })
        let foodRow = try #require(byCategory["food"])
        #expect(foodRow["period"] as? String == "month")
        #expect((foodRow["amount"] as? NSNumber)?.int64Value == 20_000_00)
        #expect((foodRow["spent"] as? NSNumber)?.int64Value == 16_800_00)
        #expect((foodRow["planned"] as? NSNumber)?.int64Value == 2_000_00)
        #expect((foodRow["percent"] as? NSNumber)?.intValue == 84)
        #expect(foodRow["state"] as? String == "warning")
        #expect(foodRow["projectedExceedOn"] as? String == "2026-11-26")
        let transport = try #require(byCategory["transport"])
        #expect(transport["period"] as? String == "week")
        #expect((transport["percent"] as? NSNumber)?.intValue == 101)
        #expect(transport["state"] as? String == "exceeded")
        #expect(transport["projectedExceedOn"] is NSNull)
        let health = try #require(byCategory["health"])
        #expect((health["spent"] as? NSNumber)?.int64Value == 0 && health["state"] as? String == "ok")
        #expect(health["projectedExceedOn"] is NSNull)
    }

    @Test("user text is escaped on /limits, in the banner and the Budget page's block")
    func escaped() throws {
        let (app, database) = try makeTestApp()
        guard case .written(let key) = try database.addCategory(name: "<b>Pets</b>", formToken: Tokens.random()) else {
            Issue.record("no category"); return
        }
        try seedLimit(database, key, .month, 100_00)
        try database.seed(NewEntry(date: date("2026-11-03"), kind: .expense, name: "Food", amount: cents(90_00), category: key, isActual: true))
        var browser = TestBrowser(app: app)
        for path in ["/limits", "/data", "/calendar"] {
            let page = browser.get(path).text
            #expect(!page.contains("<b>Pets</b>"), "\(path)")
            #expect(page.contains("&lt;b&gt;Pets&lt;/b&gt;"), "\(path)")
        }
    }

    @Test("the Budget page shows per category this month: planned (or the limit), actual, left")
    func budgetBlock() throws {
        let (app, database) = try makeTestApp()
        try seedLimit(database)
        try database.seed(food(16_800_00))
        try database.seed(NewEntry(date: date("2026-11-05"), kind: .expense, name: "Bus", amount: cents(30_00), category: "transport",
                                   isActual: false))
        try database.seed(NewEntry(date: date("2026-11-06"), kind: .expense, name: "Taxi", amount: cents(45_00), category: "transport",
                                   isActual: true))
        var browser = TestBrowser(app: app)
        let block = HTML.between(browser.get("/data").text, #"id="category-month""#, "</section>")
        #expect(block.contains("November 2026 by category"))
        let foodRow = HTML.between(block, "Food", "</tr>")
        #expect(foodRow.contains("$20,000.00") && foodRow.contains("limit") && foodRow.contains("$16,800.00") && foodRow.contains("$3,200.00"))
        let transportRow = HTML.between(block, "Transport", "</tr>")
        #expect(transportRow.contains("$30.00") && transportRow.contains("$45.00") && transportRow.contains("−$15.00"))
    }

    @Test("a category with nothing planned and no limit has nothing left to show on the Budget page: “—”, not its spending in red")
    func budgetBlockUnplannedCategory() throws {
        let (app, database) = try makeTestApp()
        try database.seed(NewEntry(date: date("2026-11-06"), kind: .expense, name: "Pharmacy", amount: cents(45_00), category: "health",
                                   isActual: true))
        var browser = TestBrowser(app: app)
        let block = HTML.between(browser.get("/data").text, #"id="category-month""#, "</details>")
        let row = HTML.between(block, "Health", "</tr>")
        #expect(row.contains("$45.00") && !row.contains("−$45.00") && !row.contains("warning"), "\(row)")
        #expect(row.contains(">—</td>"), "\(row)")
    }
}
