import Engine
import Foundation
import HTTPCore
@testable import Storage
import Testing
import TestSupport
@testable import Web

/// /forecast, /api/v1/forecast and the "safe to spend" blocks of the Budget and Plan pages, in process.
/// The test app's today is 2026-11-21.
@Suite("Forecast page")
struct ForecastPageTests {
    /// A spendable account opened on 2026-01-01 at `balance`.
    static func account(_ database: AppDatabase, balance: Int64) throws {
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO account (name, type, currency, openingBalance, openedOn, spendable, createdAt)
                VALUES ('Card', 'card', 'USD', ?, '2026-01-01', 1, '2026-01-01T00:00:00Z')
                """, arguments: [balance])
        }
    }

    /// `days` days of food at 10.00 before today (no account), and a planned dentist of 50.00 on 25 Nov.
    static func seed(_ database: AppDatabase, days: Int = 20) throws {
        for i in 1...days {
            try TransactionsPageTests.insert(database, date("2026-11-21").adding(days: -i).iso, "Shop", 10_00)
        }
        try TransactionsPageTests.insert(database, "2026-11-25", "Dentist", 50_00, category: "health", actual: false)
    }

    static func json(_ response: Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test("the page shows risk, safe to spend and how, the chart and its table, in English and Russian; nav links it")
    func page() throws {
        let (app, database) = try makeTestApp()
        try Self.account(database, balance: 1_000_00)
        try Self.seed(database)
        var browser = TestBrowser(app: app)
        let response = browser.get("/forecast")
        #expect(response.status == 200)
        let html = response.text
        #expect(html.contains("Safe to spend") && html.contains("Per day") && html.contains("Left for the next 30 days")
                && html.contains("How it was computed"))
        #expect(html.contains("<svg") && html.contains("expected-line") && html.contains("pessimistic-line") && html.contains("buffer-line"))
        #expect(!html.contains("style="), "no inline styles (CSP)")
        #expect(html.contains(#"<time datetime="2026-11-22">"#) && html.contains(#"<time datetime="2026-12-21">"#))
        #expect(!html.contains(#"<time datetime="2026-12-22">"#), "30 days by default")
        #expect(html.contains("Dentist"))
        #expect(html.contains("Risk: <span class=\"risk-level\">low</span>"))
        #expect(html.contains(#"href="/forecast""#) && html.contains(">Forecast<"))
        #expect(html.contains(#"href="/forecast?days=60""#) && html.contains(#"href="/forecast?days=90""#))
        browser.language = "ru"
        let ru = browser.get("/forecast").text
        #expect(ru.contains("Можно потратить") && ru.contains("В день") && ru.contains("Прогноз"))
    }

    @Test("?days=60 and 90 give that many days; anything else is a 400, page and API")
    func daysParameter() throws {
        let (app, database) = try makeTestApp()
        try Self.seed(database)
        var browser = TestBrowser(app: app)
        let sixty = browser.get("/forecast?days=60").text
        #expect(sixty.contains(#"<time datetime="2027-01-20">"#) && !sixty.contains(#"<time datetime="2027-01-21">"#))
        #expect(try (Self.json(browser.get("/api/v1/forecast?days=90"))["days"] as? [Any])?.count == 90)
        for bad in ["45", "abc", "090", "", "30.0", "-30", "9999999999999999999999"] {
            #expect(browser.get("/forecast?days=\(bad)").status == 400, "page days=\(bad)")
            #expect(browser.get("/api/v1/forecast?days=\(bad)").status == 400, "api days=\(bad)")
        }
    }

    @Test("the API has the issue's shape: start, days[date, income, bills, everyday, expected, pessimistic], risk, lowPoint, drivers, safeToSpend")
    func apiShape() throws {
        let (app, database) = try makeTestApp()
        try Self.account(database, balance: 1_000_00)
        try Self.seed(database)
        var browser = TestBrowser(app: app)
        let body = try Self.json(browser.get("/api/v1/forecast?days=30"))
        #expect(Set(body.keys) == ["start", "days", "risk", "lowPoint", "drivers", "safeToSpend", "hidden"])
        // The seeded food (no account, after the account opened) is cash spent outside accounts: it
        // lowers the start as an account's entry would (SPEC §11).
        #expect(body["start"] as? Int == 1_000_00 - 20 * 10_00)
        let days = try #require(body["days"] as? [[String: Any]])
        #expect(days.count == 30)
        #expect(Set(days[0].keys) == ["date", "income", "bills", "everyday", "expected", "pessimistic"])
        #expect(days[0]["date"] as? String == "2026-11-22" && days[0]["everyday"] as? Int == 10_00)
        #expect(days[3]["date"] as? String == "2026-11-25" && days[3]["bills"] as? Int == 50_00)
        #expect(days[3]["expected"] as? Int == 800_00 - 4 * 10_00 - 50_00)
        #expect(body["risk"] as? String == "low")
        let low = try #require(body["lowPoint"] as? [String: Any])
        #expect(low["date"] as? String == "2026-12-21")
        let drivers = try #require(body["drivers"] as? [[String: Any]])
        #expect(drivers.first?["name"] as? String == "Dentist")
        // Safe to spend: the lowest pessimistic balance from today (the start) to the day before the
        // next income, less the emergency buffer (USD default 500.00), per day over those days.
        let safe = try #require(body["safeToSpend"] as? [String: Any])
        let paydayIndex = days.firstIndex { ($0["income"] as? Int ?? 0) > 0 }
        let window = [1_000_00] + days.prefix(paydayIndex ?? 29).map { $0["pessimistic"] as! Int }
        let left = max(0, window.min()! - 500_00)
        #expect(safe["leftUntilPayday"] as? Int == left && safe["emergencyBuffer"] as? Int == 500_00)
        #expect(safe["days"] as? Int == (paydayIndex.map { $0 + 1 } ?? 30))
        #expect(safe["perDay"] as? Int == left / (safe["days"] as! Int))
    }

    @Test("no accounts: the net change from today, said on the page; short history: unknown")
    func netChange() throws {
        let (app, database) = try makeTestApp()
        try Self.seed(database, days: 5)
        var browser = TestBrowser(app: app)
        let html = browser.get("/forecast").text
        #expect(html.contains("net change from today"))
        #expect(try Self.json(browser.get("/api/v1/forecast"))["risk"] as? String == "unknown")
        #expect(try Self.json(browser.get("/api/v1/forecast"))["start"] as? Int == 0)
    }

    @Test("an empty household: page and API answer 200, risk unknown, no safe-to-spend figure (no account)")
    func empty() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(browser.get("/forecast").status == 200)
        let body = try Self.json(browser.get("/api/v1/forecast?days=60"))
        #expect(body["risk"] as? String == "unknown" && body["safeToSpend"] is NSNull && (body["days"] as? [Any])?.count == 60)
    }

    @Test("Budget and Plan show safe to spend with a link to how; the Plan notes a high risk")
    func budgetAndPlan() throws {
        let (app, database) = try makeTestApp()
        try Self.account(database, balance: 100_00)
        try Self.seed(database)
        _ = try database.seed(NewRecurringItem(kind: .expense, name: "Rent", amount: cents(500_00), periodicity: .monthly,
                                               start: date("2026-01-01"), category: "housing"))
        var browser = TestBrowser(app: app)
        let data = browser.get("/data").text
        #expect(data.contains("Safe to spend") && data.contains(#"href="/explain/safe-to-spend""#))
        let plan = browser.get("/plan").text
        #expect(plan.contains("Safe to spend") && plan.contains(#"href="/explain/safe-to-spend""#))
        #expect(plan.contains("Forecast: high risk."))
        browser.language = "ru"
        #expect(browser.get("/data").text.contains("Можно потратить"))
    }
}
