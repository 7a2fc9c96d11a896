import Engine
import Foundation
import HTTPCore
@testable import Storage
import Testing
import TestSupport
@testable import Web

/// /bills, its Confirm and Not a bill buttons and /api/v1/bills, in process (today 2026-11-21).
@Suite("Bills page")
struct BillsPageTests {
    /// Monthly "<b>Netflix</b>" at 799.00 on the 5th from September to November, and a monthly gym at 2 000.00.
    static func seedBills(_ database: AppDatabase) throws {
        for month in ["06", "07", "08", "09", "10", "11"] {
            try TransactionsPageTests.insert(database, "2026-\(month)-05", "<b>Netflix</b>", 799_00, category: "subscriptions")
        }
        for date in ["2026-09-12", "2026-10-14"] {
            try TransactionsPageTests.insert(database, date, "Gym", 2_000_00, category: "other")
        }
    }

    @Test("the page lists suggestions by level with their parts, escaped, in the nav after Transactions")
    func page() throws {
        let (app, database) = try makeTestApp()
        try Self.seedBills(database)
        var browser = TestBrowser(app: app)
        let response = browser.get("/bills")
        #expect(response.status == 200)
        let html = response.text
        #expect(!html.contains("<b>Netflix"))
        #expect(html.contains("&lt;b&gt;Netflix&lt;/b&gt;"))
        #expect(html.contains("High confidence") && html.contains("100%"))
        #expect(html.contains("Medium confidence"), "the 2-hit gym")
        #expect(html.contains("Seen 6 times, on regular dates, the same amount."))
        #expect(html.contains("subscription"))
        #expect(html.contains(#"action="/bills/confirm""#) && html.contains(#"action="/bills/dismiss""#))
        #expect(html.contains("0 items"))
        let nav = try #require(html.range(of: #"href="/transactions""#))
        let bills = try #require(html.range(of: #"href="/bills""#))
        #expect(nav.upperBound < bills.lowerBound)
        #expect(browser.get("/bills?lang=ru").text.contains("Платежи и подписки"))
    }

    @Test("Confirm: 303 with a flash naming the bill as the page does (not its matching key), the item tracked, its past entries linked, the suggestion gone")
    func confirm() throws {
        let (app, database) = try makeTestApp()
        try Self.seedBills(database)
        var browser = TestBrowser(app: app)
        let token = try browser.formToken(on: "/bills", action: "/bills/confirm")
        let response = browser.post("/bills/confirm", [("key", "b netflix b"), ("kind", "expense"), ("periodicity", "monthly"),
                                                        ("amount", "79900")], formToken: token)
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/bills")
        let page = try browser.follow(response).text
        #expect(page.contains("“&lt;b&gt;Netflix&lt;/b&gt;” is now tracked"), "the payee's name, escaped, not “b netflix b”")
        #expect(page.contains("for 1 item<"))
        #expect(page.contains("On track"))
        let linked = try database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM entry WHERE confirmsRecurringID IS NOT NULL") ?? 0
        }
        #expect(linked == 6)
        #expect(try database.billSuggestions(today: date("2026-11-21")).map(\.merchantKey) == ["gym"])
        // The same form again (its token is spent): nothing more is written.
        let again = browser.post("/bills/confirm", [("key", "b netflix b"), ("kind", "expense"), ("periodicity", "monthly"),
                                                     ("amount", "79900")], formToken: token)
        #expect(again.status == 303)
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM recurringItem") ?? 0 } == 1)
    }

    @Test("Not a bill is remembered: 303 with a flash naming the payee and the suggestion is gone")
    func dismiss() throws {
        let (app, database) = try makeTestApp()
        try Self.seedBills(database)
        var browser = TestBrowser(app: app)
        let token = try browser.formToken(on: "/bills", action: "/bills/dismiss")
        let response = browser.post("/bills/dismiss", [("key", "gym"), ("kind", "expense"), ("periodicity", "monthly"),
                                                        ("amount", "200000")], formToken: token)
        #expect(response.status == 303)
        #expect(try browser.follow(response).text.contains("“Gym” will not be suggested again"), "the payee's name, not its key “gym”")
        #expect(try database.billSuggestions(today: date("2026-11-21")).map(\.merchantKey) == ["b netflix b"])
        // The page (kept by the page cache) no longer offers the gym.
        #expect(!browser.get("/bills").text.contains(#"name="key" value="gym""#))
    }

    @Test("bad input: 400 and nothing written; a stale suggestion: 303 with a flash, nothing written")
    func badInput() throws {
        let (app, database) = try makeTestApp()
        try Self.seedBills(database)
        var browser = TestBrowser(app: app)
        for fields in [[("key", "gym"), ("kind", "expense"), ("periodicity", "daily"), ("amount", "200000")],
                       [("key", "gym"), ("kind", "loan"), ("periodicity", "monthly"), ("amount", "200000")],
                       [("key", "gym"), ("kind", "expense"), ("periodicity", "monthly"), ("amount", "-5")],
                       [("key", "GYM <x>"), ("kind", "expense"), ("periodicity", "monthly"), ("amount", "200000")],
                       [("kind", "expense"), ("periodicity", "monthly"), ("amount", "200000")]] {
            let token = try browser.formToken(on: "/bills", action: "/bills/confirm")
            #expect(browser.post("/bills/confirm", fields, formToken: token).status == 400)
        }
        let token = try browser.formToken(on: "/bills", action: "/bills/confirm")
        let stale = browser.post("/bills/confirm", [("key", "gym"), ("kind", "expense"), ("periodicity", "weekly"), ("amount", "200000")],
                                 formToken: token)
        #expect(stale.status == 303)
        #expect(try browser.follow(stale).text.contains("no longer there"))
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM recurringItem") ?? 0 } == 0)
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM billDismissal") ?? 0 } == 0)
        // Without CSRF: refused.
        #expect(browser.post("/bills/dismiss", [("key", "gym"), ("kind", "expense"), ("periodicity", "monthly"), ("amount", "200000"),
                                                ("_form", Tokens.random())], csrf: false).status == 403)
    }

    @Test("an item with no occurrence left before its end has ended: no next due on the page, in the API or the Calendar, not counted")
    func endedItem() throws {
        let (app, database) = try makeTestApp()
        // Quarterly from 14 Feb to today (21 Nov), paid on 14 Nov: nothing is due any more.
        let id = try database.seed(NewRecurringItem(kind: .expense, name: "Insurance", amount: cents(120_00), periodicity: .quarterly,
                                                    start: date("2026-02-14"), end: date("2026-11-21"), category: "other"))
        let paid = try TransactionsPageTests.insert(database, "2026-11-14", "Insurance", 120_00, category: "other")
        try database.write { db in
            try db.execute(sql: "UPDATE entry SET confirmsRecurringID = ?, confirmsDate = '2026-11-14' WHERE id = ?", arguments: [id, paid])
        }
        var browser = TestBrowser(app: app)
        let json = try ForecastPageTests.json(browser.get("/api/v1/bills"))
        let tracked = try #require((json["tracked"] as? [[String: Any]])?.first)
        #expect(tracked["status"] as? String == "ended")
        #expect(tracked["nextDue"] is NSNull)
        #expect(json["monthlyTotal"] as? Int == 0 && json["yearlyTotal"] as? Int == 0)
        let page = browser.get("/bills").text
        #expect(page.contains("Ended: nothing is due before its end date, November 21, 2026"))
        #expect(!page.contains("next due"))
        #expect(page.contains("0 items"))
        #expect(!browser.get("/calendar/2026-11").text.contains("Bills due this month"))
    }

    @Test("GET /api/v1/bills has the issue's shape")
    func api() throws {
        let (app, database) = try makeTestApp()
        try Self.seedBills(database)
        _ = try database.seed(NewRecurringItem(kind: .expense, name: "Rent", amount: cents(40_000_00), periodicity: .monthly,
                                               start: date("2026-11-10"), category: "housing"))
        try TransactionsPageTests.insert(database, "2026-10-10", "Rent", 40_000_00, category: "housing")
        var browser = TestBrowser(app: app)
        let response = browser.get("/api/v1/bills")
        #expect(response.status == 200)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(Set(json.keys) == ["suggestions", "tracked", "monthlyTotal", "yearlyTotal"])
        let suggestions = try #require(json["suggestions"] as? [[String: Any]])
        #expect(suggestions.count == 2)
        let netflix = suggestions[0]
        #expect(Set(netflix.keys) == ["merchant", "direction", "periodicity", "amount", "nextDue", "confidence", "parts", "hits"])
        #expect(netflix["merchant"] as? String == "b netflix b")
        #expect(netflix["direction"] as? String == "expense")
        #expect(netflix["periodicity"] as? String == "monthly")
        #expect(netflix["amount"] as? Int == 799_00)
        #expect(netflix["nextDue"] as? String == "2026-12-05")
        #expect(netflix["confidence"] as? Double == 1.0)
        #expect(netflix["hits"] as? Int == 6)
        let tracked = try #require(json["tracked"] as? [[String: Any]])
        #expect(tracked.count == 1)
        #expect(Set(tracked[0].keys) == ["name", "periodicity", "amount", "nextDue", "status"])
        #expect(tracked[0]["status"] as? String == "late", "last seen 10 Oct; 10 Nov + 3 days has passed")
        #expect(tracked[0]["nextDue"] as? String == "2026-11-10")
        #expect(json["monthlyTotal"] as? Int == 40_000_00)
        #expect(json["yearlyTotal"] as? Int == 480_000_00)
    }
}

/// The walkthrough's household (SPEC §11 "a detected bill that matches an existing recurring item
/// links to it"): a monthly salary typed at onboarding, the same money paid twice a month.
@Suite("Bills page: the same money on another schedule")
struct BillsOtherScheduleTests {
    /// A Chase-shaped statement: payroll of 2,650.00 on the 1st and the 15th from September to November.
    static let statement: [UInt8] = {
        var lines = ["Transaction Date,Post Date,Description,Category,Type,Amount,Memo"]
        for month in 9...11 {
            for payday in [1, 15] {
                let date = String(format: "%02d/%02d/2026", month, payday)
                lines.append("\(date),\(date),ACME CORP PAYROLL,,ACH_CREDIT,2650.00,")
            }
        }
        return Array(lines.joined(separator: "\n").utf8)
    }()

    @Test("onboarding's monthly Salary, payroll imported every 2 weeks: Confirm moves Salary to that schedule — one income item, 5,741.67 a month, the payments its own")
    func salaryPaidTwiceAMonth() throws {
        let (app, database) = try makeTestApp(onboarded: false)
        var browser = TestBrowser(app: app, language: "en")
        #expect(try browser.submit("/welcome", to: "/welcome", [("language", "en"), ("currency", "USD"), ("income", "5300.00"),
                                                                 ("payday", "1"), ("emergencyMonths", "3")]).status == 303)
        #expect(try browser.submit("/accounts/new", to: "/accounts", [("name", "Checking"), ("type", "checking"), ("openingBalance", "1000"),
                                                                      ("openedOn", "2026-05-01"), ("spendable", "1")]).status == 303)
        let upload = try browser.uploadStatement(Self.statement, account: 1)
        #expect(try browser.commit(try #require(upload.headers["Location"])).status == 303)
        let budgetBefore = try OneMoneyModelTests.json(browser.get("/api/v1/budget"))
        let planBefore = try OneMoneyModelTests.json(browser.get("/api/v1/plan"))
        #expect(budgetBefore["monthlyRecurringIncome"] as? Int == 5_300_00)

        let bills = browser.get("/bills").text
        let card = HTML.unescape(bills)
        #expect(card.contains("Your planned “Salary”, $5,300.00 a month — paid every 2 weeks, $2,650.00"),
                "\(HTML.between(card, "<main", "</main>").prefix(3000))")
        let form = try #require(HTML.form(in: bills, action: "/bills/confirm"))
        let confirmed = browser.post("/bills/confirm", form.hidden, formToken: form.token)
        #expect(confirmed.status == 303)
        #expect(HTML.unescape(try browser.follow(confirmed).text).contains("“Salary” now follows these payments"))

        let household = try database.household(settings: PlanSettings(), entriesFrom: date("2026-06-01"), through: date("2026-11-30"))
        #expect(household.incomes.count == 1, "one income item, not a second beside the Salary")
        let salary = try #require(household.incomes.first)
        #expect(salary.name == "Salary" && salary.periodicity == .biweekly && salary.amount == cents(2_650_00))
        #expect(salary.start == date("2026-09-01"), "the schedule starts at the first payment")
        let payroll = household.entries.filter { $0.kind == .income }
        #expect(payroll.count == 6)
        // 1st and 15th on an every-2-weeks schedule: 1 Oct and 15 Oct fall within 2 days of it, 1 and 15 Nov do not.
        #expect(payroll.filter { $0.confirms?.source == .recurring(salary.id) }.map(\.date)
                == ["2026-09-01", "2026-09-15", "2026-10-01", "2026-10-15"].map(date))
        let budgetAfter = try OneMoneyModelTests.json(browser.get("/api/v1/budget"))
        let planAfter = try OneMoneyModelTests.json(browser.get("/api/v1/plan"))
        #expect(budgetAfter["monthlyRecurringIncome"] as? Int == 5_741_67)            // 2,650.00 × 26 ÷ 12, not 11,041.67
        let freeBefore = try #require(planBefore["freeCashFlow"] as? Int), freeAfter = try #require(planAfter["freeCashFlow"] as? Int)
        #expect(freeAfter - freeBefore == 441_67, "\(freeBefore) → \(freeAfter)")
        // The two payments left off that schedule come back as the same Salary, never as a new item.
        let again = browser.get("/bills").text
        #expect(HTML.unescape(again).contains("Your planned “Salary”, $5,741.67 a month — paid every 2 weeks, $2,650.00"))
        let second = try #require(HTML.form(in: again, action: "/bills/confirm"))
        #expect(browser.post("/bills/confirm", second.hidden, formToken: second.token).status == 303)
        let finally = try database.household(settings: PlanSettings(), entriesFrom: date("2026-09-01"), through: date("2026-11-30"))
        #expect(finally.incomes.count == 1 && finally.incomes[0].amount == cents(2_650_00))
        #expect(finally.entries.filter { $0.kind == .income }.allSatisfy { $0.confirms?.source == .recurring(salary.id) })
        #expect(try OneMoneyModelTests.json(browser.get("/api/v1/budget"))["monthlyRecurringIncome"] as? Int == 5_741_67)
    }
}
