import Engine
import Foundation
import HTTPCore
@testable import Storage
import Testing
import TestSupport
@testable import Web

/// /saving: round-up settings (validation), the suggestion on the checklist with done and an
/// exact undo, hidden money's refusal below the safety buffer and "hidden: X" on Today and the
/// forecast. The test app's today is Saturday 2026-11-21 (week of Mon 16 Nov); currency USD.
@Suite("Playful saving pages")
struct SavingPageTests {
    /// «Vacation» and two actual expenses in the week of 9 Nov: $4.01 → 0.99, $2.50 → 0.50.
    static func seedRoundUps(_ database: AppDatabase, on: Bool = true, minimum: Int64 = 0) throws -> ID<Goal> {
        let goal = try database.seed(NewGoal(name: "Vacation", target: cents(1_000_00), saved: cents(10_00)))
        _ = try database.seed(NewEntry(date: date("2026-11-10"), kind: .expense, name: "Coffee", amount: cents(4_01),
                                       category: "food", isActual: true))
        _ = try database.seed(NewEntry(date: date("2026-11-15"), kind: .expense, name: "Bus", amount: cents(2_50),
                                       category: "transport", isActual: true))
        _ = try database.seed(NewEntry(date: date("2026-11-20"), kind: .expense, name: "Tea", amount: cents(1_20),
                                       category: "food", isActual: true))
        if on {
            _ = try database.saveRoundUpSettings(RoundUpSettings(enabled: true, stepIndex: 0, multiplier: 1, period: .week, goalID: goal,
                                                                 minimum: cents(minimum), startsOn: date("2026-11-01")),
                                                 formToken: Tokens.random())
        }
        return goal
    }

    @Test("settings: off by default; bad input is a 422 with the input kept and a message by each field; a valid post starts today")
    func settingsValidation() throws {
        let (app, database) = try makeTestApp()
        _ = try Self.seedRoundUps(database, on: false)
        var browser = TestBrowser(app: app)
        let page = browser.get("/saving").text
        #expect(page.contains("Round-ups are off.") && page.contains("FinMind moves no real money"))
        let form = browser.get("/saving/roundups").text
        #expect(!form.contains(#"name="enabled" value="1" checked"#))
        #expect(form.contains("$1.00") && form.contains("$2.00") && form.contains("$5.00"))
        let bad = try browser.submit("/saving/roundups", to: "/saving/roundups",
                                     [("enabled", "1"), ("step", "7"), ("multiplier", "11"), ("period", "week"), ("goal", ""),
                                      ("minimum", "abc")])
        #expect(bad.status == 422)
        let html = HTML.unescape(bad.text)
        #expect(html.contains(#"value="11""#) && html.contains(#"value="abc""#))
        #expect(html.contains("Choose one of the options.") && html.contains("from 1 to 10") && html.contains("Choose a goal."))
        #expect(try database.roundUpSettings() == nil)
        let good = try browser.submit("/saving/roundups", to: "/saving/roundups",
                                      [("enabled", "1"), ("step", "1"), ("multiplier", "3"), ("period", "month"), ("goal", "1"),
                                       ("minimum", "5")])
        #expect(good.status == 303 && good.headers["Location"] == "/saving")
        #expect(try browser.follow(good).text.contains("Round-ups saved."))
        let stored = try #require(try database.roundUpSettings())
        #expect(stored == RoundUpSettings(enabled: true, stepIndex: 1, multiplier: 3, period: .month, goalID: 1, minimum: cents(5_00),
                                          startsOn: date("2026-11-21")))
    }

    @Test("the suggestion is a checklist step on Today; done raises the goal once; undo restores exactly the export before")
    func doneAndUndo() throws {
        let (app, database) = try makeTestApp()
        let goal = try Self.seedRoundUps(database)
        var browser = TestBrowser(app: app)
        let today = browser.get("/today").text
        #expect(HTML.unescape(today).contains("Move $1.49 of round-ups to “Vacation”"))
        #expect(today.contains(#"action="/saving/roundups/done""#))
        #expect(browser.get("/saving").text.contains("This week so far: $0.80; expenses counted: 1."))
        let before = try database.exportTables()
        let done = try browser.submit("/today", to: "/saving/roundups/done", [])
        #expect(done.status == 303 && done.headers["Location"] == "/today")
        let after = try browser.follow(done).text
        #expect(HTML.unescape(after).contains("Done: “Vacation” has $1.49 more."))
        #expect(after.contains(#"action="/saving/roundups/1/undo""#))
        #expect(try database.goal(id: goal)?.saved == cents(11_49))
        // The same expenses are not counted again: a second Done moves nothing.
        let again = browser.post("/saving/roundups/done", [("back", "/saving")], formToken: Tokens.random())
        #expect(again.status == 303)
        #expect(try browser.follow(again).text.contains("There are no round-ups to move right now."))
        #expect(try database.goal(id: goal)?.saved == cents(11_49))
        // Undo from the Plan page's checklist too, back where it came from.
        let undo = try browser.submit("/saving", to: "/saving/roundups/1/undo", [])
        #expect(undo.status == 303)
        #expect(try database.exportTables() == before)
        #expect(browser.post("/saving/roundups/1/undo", [], formToken: Tokens.random()).status == 404)
        #expect(HTML.unescape(browser.get("/plan").text).contains("Move $1.49 of round-ups to “Vacation”"))
    }

    @Test("below the minimum the round-ups wait and nothing is suggested")
    func minimumWaits() throws {
        let (app, database) = try makeTestApp()
        _ = try Self.seedRoundUps(database, minimum: 2_00)
        var browser = TestBrowser(app: app)
        #expect(!browser.get("/today").text.contains("/saving/roundups/done"))
        #expect(HTML.unescape(browser.get("/saving").text).contains("$1.49 of round-ups is waiting: below the minimum of $2.00"))
    }

    @Test("hiding below the safety buffer is refused with the most; what is hidden leaves safe to spend and shows on Today and the forecast")
    func hiddenMoney() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        // No account: nothing can be hidden.
        let none = try browser.submit("/saving/hidden/new", to: "/saving/hidden", [("amount", "10"), ("purpose", "forced"), ("delay", "0")])
        #expect(none.status == 422 && HTML.unescape(none.text).contains("Hiding needs a spendable account"))
        // Balance $2,000, rent $300 due in 30 days, no emergency buffer kept: buffer $600, at most $1,400.
        _ = try database.saveSettings(["forecast.emergencyBuffer": "0"])
        _ = try database.addAccount(NewAccount(name: "Checking", type: .checking, openingBalance: cents(2_000_00), openedOn: date("2026-01-01"),
                                               spendable: true, currency: "USD"), formToken: Tokens.random())
        _ = try database.seed(NewRecurringItem(kind: .expense, name: "Rent", amount: cents(300_00), periodicity: .monthly,
                                               start: date("2026-01-25"), category: "housing"))
        let safeBefore = try app.currentForecast(days: 30, currency: .usd).safeToSpend
        let refused = try browser.submit("/saving/hidden/new", to: "/saving/hidden",
                                         [("amount", "1400.01"), ("purpose", "forced"), ("delay", "3"), ("note", "rainy day")])
        #expect(refused.status == 422)
        let text = HTML.unescape(refused.text)
        #expect(text.contains("at most $1,400.00 can be hidden now") && text.contains("safety buffer of $600.00"))
        #expect(text.contains(#"value="1400.01""#) && text.contains("rainy day"))
        #expect(try database.hiddenAmounts().isEmpty)
        let invalid = try browser.submit("/saving/hidden/new", to: "/saving/hidden", [("amount", "5"), ("purpose", "goal"), ("delay", "400")])
        #expect(invalid.status == 422 && HTML.unescape(invalid.text).contains("Choose a goal.") && invalid.text.contains("from 0 to 365"))
        let hidden = try browser.submit("/saving/hidden/new", to: "/saving/hidden",
                                        [("amount", "1400"), ("purpose", "forced"), ("delay", "3"), ("note", "rainy day")])
        #expect(hidden.status == 303)
        #expect(try browser.follow(hidden).text.contains("$1,400.00 is hidden."))
        #expect(try app.currentForecast(days: 30, currency: .usd).safeToSpend == Money(minorUnits: max(0, safeBefore.minorUnits - 1_400_00)))
        #expect(browser.get("/forecast").text.contains("Hidden: $1,400.00, not counted as spendable"))
        #expect(browser.get("/today").text.contains("Hidden: $1,400.00, not counted as spendable"))
        let explain = browser.get("/explain/low-point").text
        #expect(explain.contains("hidden money") && explain.contains("$2,000.00") && explain.contains("$1,400.00"))
        #expect(try TodayPageTests.json(browser.get("/api/v1/forecast"))["hidden"] as? Int == 1_400_00)
        let more = try browser.submit("/saving/hidden/new", to: "/saving/hidden", [("amount", "0.01"), ("purpose", "emergency"), ("delay", "0")])
        #expect(more.status == 422 && HTML.unescape(more.text).contains("at most $0.00 can be hidden now"))
        // A reveal with a delay of 3 days takes effect on the 24th; until then it stays hidden.
        let reveal = try browser.submit("/saving", to: "/saving/hidden/1/reveal", [])
        #expect(try browser.follow(reveal).text.contains("$1,400.00 will be revealed on November 24, 2026."))
        #expect(browser.get("/saving").text.contains("reveals on November 24, 2026"))
        #expect(try app.hiddenMoneyTotal(today: date("2026-11-23")) == cents(1_400_00))
        #expect(try app.hiddenMoneyTotal(today: date("2026-11-24")) == .zero)
    }

    @Test("every page renders in Russian too, and the games block links to it")
    func russianAndLinks() throws {
        let (app, database) = try makeTestApp()
        _ = try Self.seedRoundUps(database)
        var browser = TestBrowser(app: app)
        #expect(browser.get("/today").text.contains(#"href="/saving""#))
        browser.language = "ru"
        for path in ["/saving", "/saving/roundups", "/saving/hidden/new"] {
            let response = browser.get(path)
            #expect(response.status == 200, "\(path)")
            #expect(!response.text.contains("saving_"), "\(path) has a missing string")
        }
        #expect(browser.get("/saving").text.contains("Копим играючи"))
        #expect(browser.get("/saving/roundups/done").headers["Location"] == "/saving")
    }
}
