import Engine
import Foundation
import HTTPCore
@testable import Storage
import Testing
import TestSupport
@testable import Web

// Quick entry (Features/Today/QuickPage.swift): GET /api/v1/quick, the /quick card, saving (303 with a
// flash and Undo, 422 with the input kept), the undo, learning a corrected category, the
// recurring item, the limit feedback and the box on the Budget page and the Calendar.
// Today is pinned to Sat 2026-11-21; the household currency is USD (en).

/// The card's fields for one draft as the person leaves them, with the parser's guesses.
private func card(_ values: [String: String], guesses: [String: String] = [:], back: String = "/data", text: String = "") -> [(String, String)] {
    var fields: [(String, String)] = [("count", "1"), ("back", back), ("text", text)]
    let defaults = ["kind": "expense", "name": "Coffee", "amount": "4.50", "date": "2026-11-20", "status": "actual",
                    "category": "food", "account": "", "periodicity": "", "confidence": "95"]
    let merged = defaults.merging(values) { _, new in new }
    for (key, value) in merged.sorted(by: { $0.key < $1.key }) { fields.append(("d0_" + key, value)) }
    for field in ["kind", "amount", "date", "category", "account"] {
        fields.append(("d0_guess_" + field, guesses[field] ?? defaults[field] ?? ""))
    }
    return fields
}

private func allEntries(_ database: AppDatabase) throws -> [StoredEntry] {
    try database.entries(from: date("2000-01-01"), through: date("2100-01-01"), limit: 100, offset: 0)
}

@Suite("Quick entry page and API")
struct QuickPageTests {
    @Test("the API returns the parse with per-field confidence and why, and saves nothing")
    func api() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let response = browser.get("/api/v1/quick?text=coffee%204.50%20yesterday%3B%20taxi%2012")
        #expect(response.status == 200)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        let drafts = try #require(json["drafts"] as? [[String: Any]])
        #expect(drafts.count == 2)
        #expect(drafts[0]["kind"] as? String == "expense")
        #expect(drafts[0]["amount"] as? Int == 450)
        #expect(drafts[0]["date"] as? String == "2026-11-20")
        #expect(drafts[0]["status"] as? String == "actual")
        #expect(drafts[0]["category"] as? String == "food")
        #expect(drafts[0]["periodicity"] is NSNull)
        #expect(drafts[0]["name"] as? String == "Coffee")
        let fields = try #require(drafts[0]["fields"] as? [String: [String: Any]])
        #expect(fields["date"]?["why"] as? String == "yesterday → November 20, 2026")
        #expect((fields["date"]?["confidence"] as? Double) == 1.0)
        #expect(drafts[1]["category"] as? String == "transport")
        #expect(try allEntries(database).isEmpty)
        // Periodicity and a future date.
        let netflix = browser.get("/api/v1/quick?text=netflix%209.99%20monthly").text
        #expect(netflix.contains(#""periodicity":"monthly""#))
        let planned = browser.get("/api/v1/quick?text=dentist%20150%20tomorrow").text
        #expect(planned.contains(#""status":"planned""#) && planned.contains(#""date":"2026-11-22""#))
    }

    @Test("the API answers 422 for a text without an amount and 400 without text")
    func apiRefusals() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let none = browser.get("/api/v1/quick?text=coffee%20yesterday")
        #expect(none.status == 422)
        #expect(none.text.contains(#""drafts":[]"#))
        #expect(browser.get("/api/v1/quick").status == 400)
    }

    @Test("GET /quick shows the card pre-filled with a why under each field and doubtful fields highlighted")
    func cardShows() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let page = browser.get("/quick?text=coffee%204.50%20yesterday&back=%2Fcalendar")
        #expect(page.status == 200)
        let html = page.text
        #expect(html.contains(#"name="d0_amount" value="4.50""#))
        #expect(html.contains(#"name="d0_date" value="2026-11-20""#))
        #expect(html.contains("yesterday → November 20, 2026"))
        #expect(html.contains(#"name="back" value="/calendar""#))
        #expect(html.contains(#"<form class="card form quick-card" method="post" action="/quick""#))
        #expect(!html.contains("quick-field doubtful"))
        let doubtful = browser.get("/quick?text=2%20things%20300").text
        #expect(doubtful.contains("quick-field doubtful"))
        // No amount: 422 with the message and the text kept in the box.
        let refused = browser.get("/quick?text=coffee%20yesterday")
        #expect(refused.status == 422)
        #expect(refused.text.contains("No amount in"))
        #expect(refused.text.contains(#"value="coffee yesterday""#))
        #expect(try allEntries(database).isEmpty)
    }

    @Test("saving: 303 to back with the flash and Undo; the entry and the quick_entry event are stored; Undo deletes it once")
    func saveAndUndo() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let token = try browser.formToken(on: "/quick?text=coffee%204.50%20yesterday&back=%2Fcalendar", action: "/quick")
        let saved = browser.post("/quick", card([:], back: "/calendar"), formToken: token)
        #expect(saved.status == 303)
        #expect(saved.headers["Location"] == "/calendar")
        let entries = try allEntries(database)
        #expect(entries.count == 1)
        #expect(entries.first?.entry.name == "Coffee" && entries.first?.entry.amount == cents(450))
        #expect(entries.first?.entry.date == date("2026-11-20") && entries.first?.entry.category == "food")
        #expect(try database.eventCount(.quickEntry) == 1)
        let event = try #require(try database.events().first { $0.name == "quick_entry" })
        #expect(event.properties.contains(#""confidence":"high""#) && event.properties.contains(#""corrected":"""#))
        let next = try browser.follow(saved).text
        #expect(next.contains("Saved: Coffee $4.50."))
        let undo = try #require(HTML.form(in: next, action: "/data/undo"))
        #expect(next.contains(">Undo</button>"))
        let thing = try #require(undo.hidden.first { $0.0 == "thing" }?.1)
        #expect(thing.hasPrefix("quick-"))
        // The same form twice: single-use, the second changes nothing.
        let undone = browser.post("/data/undo", [("thing", thing)], formToken: undo.token)
        #expect(undone.status == 303)
        #expect(try allEntries(database).isEmpty)
        #expect(try browser.follow(undone).text.contains("Undone"))
        let id = try database.seed(NewEntry(date: date("2026-11-21"), kind: .expense, name: "Later", amount: cents(100), category: "other", isActual: true))
        _ = browser.post("/data/undo", [("thing", thing)], formToken: undo.token)
        #expect(try allEntries(database).map(\.entry.id) == [id])
    }

    @Test("a refused field answers 422 with the input kept and the message by it; nothing is stored", arguments: [
        ("amount", "abc"), ("amount", "0"), ("date", "2026-13-01"), ("name", ""), ("category", "nope"), ("status", "actual-ish"),
    ])
    func refused(field: String, value: String) throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let token = try browser.formToken(on: "/quick?text=coffee%204.50", action: "/quick")
        let response = browser.post("/quick", card([field: value]), formToken: token)
        #expect(response.status == 422)
        #expect(response.text.contains(#"id="error-d0_\#(field)""#))
        if !value.isEmpty { #expect(response.text.contains(#"value="\#(value)""#) || field == "category" || field == "status") }
        #expect(try allEntries(database).isEmpty)
        #expect(try database.eventCount(.quickEntry) == 0)
    }

    @Test("a future date saved as actual is refused; planned is accepted")
    func futureActual() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let token = try browser.formToken(on: "/quick?text=coffee%204.50", action: "/quick")
        #expect(browser.post("/quick", card(["date": "2026-12-01"]), formToken: token).status == 422)
        let again = try browser.formToken(on: "/quick?text=coffee%204.50", action: "/quick")
        #expect(browser.post("/quick", card(["date": "2026-12-01", "status": "planned"]), formToken: again).status == 303)
        #expect(try allEntries(database).first?.entry.isActual == false)
    }

    @Test("a corrected category teaches the payee map: the next phrase with that name gets it")
    func learning() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let before = browser.get("/api/v1/quick?text=coffee%203").text
        #expect(before.contains(#""category":"food""#))
        let token = try browser.formToken(on: "/quick?text=coffee%204.50", action: "/quick")
        let saved = browser.post("/quick", card(["category": "entertainment"], guesses: ["category": "food"]), formToken: token)
        #expect(saved.status == 303)
        let event = try #require(try database.events().first { $0.name == "quick_entry" })
        #expect(event.properties.contains(#""corrected":"category""#))
        let after = browser.get("/api/v1/quick?text=coffee%203").text
        #expect(after.contains(#""category":"entertainment""#))
        #expect(after.contains("before"))
    }

    @Test("back must be a local path; a periodicity draft can become a recurring item")
    func backAndRecurring() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let page = browser.get("/quick?text=netflix%209.99%20monthly").text
        #expect(page.contains(#"name="d0_recurring""#))
        let token = try browser.formToken(on: "/quick?text=netflix%209.99%20monthly", action: "/quick")
        let saved = browser.post("/quick", card(["name": "Netflix", "amount": "9.99", "date": "2026-11-21", "category": "subscriptions",
                                                 "periodicity": "monthly", "recurring": "1"], back: "//evil.example"), formToken: token)
        #expect(saved.status == 303)
        #expect(saved.headers["Location"] == "/data")
        #expect(try allEntries(database).isEmpty)
        let household = try database.household(settings: PlanSettings(), entriesFrom: date("2026-11-01"), through: date("2026-11-30"))
        #expect(household.expenses.map(\.name) == ["Netflix"])
        #expect(household.expenses.first?.periodicity == .monthly)
    }

    @Test("after saving an expense the limit feedback shows in the flash")
    func limitFeedback() throws {
        let (app, database) = try makeTestApp()
        _ = try database.addCategoryLimit(CategoryLimit(category: "food", period: .month, amount: cents(10_00), threshold: 80),
                                          formToken: Tokens.random())
        var browser = TestBrowser(app: app)
        let token = try browser.formToken(on: "/quick?text=coffee%204.50", action: "/quick")
        let saved = browser.post("/quick", card(["amount": "9"]), formToken: token)
        let next = try browser.follow(saved).text
        #expect(next.contains("Saved: Coffee $9.00."))
        #expect(next.contains("90 %"))
    }

    @Test("the Budget page and the Calendar carry the box (GET /quick with back); /quick's Edit opens the full form pre-filled")
    func boxes() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let budget = browser.get("/data").text
        #expect(budget.contains(#"<form method="get" action="/quick""#))
        #expect(budget.contains(#"name="back" value="/data""#))
        #expect(budget.contains(#"name="text""#))
        let calendar = browser.get("/calendar").text
        #expect(calendar.contains(#"<form method="get" action="/quick""#))
        #expect(calendar.contains(#"name="back" value="/calendar/2026-11""#))
        let card = browser.get("/quick?text=coffee%204.50").text
        let edit = try #require(card.range(of: #"href="/data/entry/new?"#))
        let href = String(card[edit.upperBound...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
        let form = browser.get("/data/entry/new?" + href).text
        #expect(form.contains(#"value="Coffee""#))
        #expect(form.contains(#"value="4.50""#))
    }
}

@Suite("Quick entry countdown switch")
struct QuickCountdownTests {
    @Test("the card offers the 3-second countdown only with the Settings switch on and every draft confident")
    func countdown() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(!browser.get("/quick?text=coffee%204.50").text.contains("data-quick-countdown"))
        let settings = browser.get("/settings/appearance").text
        #expect(settings.contains(#"name="quickAutoSave""#))
        #expect(!settings.contains(#"name="quickAutoSave" value="1" checked"#))
        let token = try browser.formToken(on: "/settings/appearance", action: "/settings/appearance")
        let saved = browser.post("/settings/appearance", [("theme", "system"), ("accent", "blue"), ("quickAutoSave", "1")], formToken: token)
        #expect(saved.status == 303)
        #expect(try database.settings()["quick.autoSave"] == "on")
        #expect(browser.get("/quick?text=coffee%204.50").text.contains(#"data-quick-countdown="3""#))
        #expect(!browser.get("/quick?text=2%20things%20300").text.contains("data-quick-countdown"))
    }
}
