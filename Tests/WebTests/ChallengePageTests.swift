import Engine
import Foundation
import HTTPCore
import Logging
@testable import Storage
import Testing
import TestSupport
@testable import Web

// The Challenge and the achievements (Features/Play/ChallengePage.swift, ChallengeSettings.swift,
// AchievementsPage.swift). The household currency is USD (en): start 5.00, maximum 1 000 000.00.

/// An app over `database` with today pinned to `today` (the same data on several days; ChallengeSettingsTests uses it too).
func gameApp(_ database: AppDatabase, today: String) throws -> App {
    let configuration = WebConfiguration(
        templatesDirectory: repositoryRoot + "/Templates", publicDirectory: repositoryRoot + "/Public",
        timeZone: TimeZone(identifier: "UTC")!, pinnedToday: today)
    var logger = Logger(label: "test")
    logger.logLevel = .critical
    return try App(configuration: configuration, database: database, logger: logger)
}

private let today = Day(iso: "2026-11-21")!

@Suite("The Challenge pages")
struct ChallengePageTests {
    @Test("an item is added with 303, kept as a draft between visits, and the day saved with 303")
    func addKeepSave() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let first = browser.get("/challenge")
        #expect(first.status == 200)
        #expect(first.text.contains("Day 1"))
        #expect(first.text.contains("$5.00"))
        let added = try browser.submit("/challenge", to: "/challenge/items", [("title", "Coffee"), ("amount", "3.00"), ("category", "food")])
        #expect(added.status == 303)
        #expect(added.headers["Location"] == "/challenge")
        // The draft is on the server: a new browser sees it, and the day is not saved yet.
        var other = TestBrowser(app: app)
        let again = other.get("/challenge").text
        #expect(again.contains("Coffee"))
        #expect(again.contains("$3.00"))
        #expect(try database.challengeStored().filled.isEmpty)
        #expect(try database.challengeItems(on: today).count == 1)
        let saved = try browser.submit("/challenge", to: "/challenge/save", [])
        #expect(saved.status == 303)
        let filled = try database.challengeStored().filled
        #expect(filled == [ChallengeFilledDay(date: today, currency: "USD", budget: Money(minorUnits: 5_00), total: Money(minorUnits: 3_00))])
        #expect(try database.eventCount(.gameDayFilled) == 1)
    }

    @Test("an item with no category has no badge: the page's category field never shows through (was a FieldView dump)")
    func noCategoryNoBadge() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        _ = browser.get("/challenge")
        let added = try browser.submit("/challenge", to: "/challenge/items", [("title", "Bus"), ("amount", "1.00"), ("category", "")])
        #expect(added.status == 303)
        let page = browser.get("/challenge").text
        #expect(page.contains("Bus"))
        #expect(!page.contains("FieldView"))
        #expect(!page.contains("<span class=\"badge\">Category"))
    }

    @Test("beyond the budget + 5 % a 422 says by how much, keeps the input and stores nothing")
    func overAllowance() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        _ = try browser.submit("/challenge", to: "/challenge/items", [("title", "Coffee"), ("amount", "3.00")])
        // 3.00 + 2.25 = 5.25 is exactly +5 %: allowed.
        let ok = try browser.submit("/challenge", to: "/challenge/items", [("title", "Cake"), ("amount", "2.25")])
        #expect(ok.status == 303)
        let refused = try browser.submit("/challenge", to: "/challenge/items", [("title", "Candy"), ("amount", "0.01")])
        #expect(refused.status == 422)
        #expect(refused.text.contains("Over the budget + 5 % by $0.01."))
        #expect(refused.text.contains("value=\"Candy\""))
        #expect(try database.challengeItems(on: today).map(\.title) == ["Coffee", "Cake"])
    }

    @Test("a refused item (no title, bad amount, unknown category) answers 422", arguments: [
        [("title", ""), ("amount", "1")], [("title", "X"), ("amount", "abc")], [("title", "X"), ("amount", "1"), ("category", "nope")],
    ])
    func refusedItem(fields: [(String, String)]) throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let response = try browser.submit("/challenge", to: "/challenge/items", fields)
        #expect(response.status == 422)
        #expect(try database.challengeItems(on: today).isEmpty)
    }

    @Test("the next day doubles; yesterday is frozen: shown without forms, its items can't be changed")
    func frozenDay() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        _ = try browser.submit("/challenge", to: "/challenge/items", [("title", "Book"), ("amount", "5")])
        _ = try browser.submit("/challenge", to: "/challenge/save", [])
        let item = try #require(try database.challengeItems(on: today).first)
        let tomorrow = try gameApp(database, today: "2026-11-22")
        var next = TestBrowser(app: tomorrow)
        let page = next.get("/challenge").text
        #expect(page.contains("Day 2"))
        #expect(page.contains("$10.00"))
        let past = next.get("/challenge/2026-11-21")
        #expect(past.status == 200)
        #expect(past.text.contains("This day is over"))
        #expect(past.text.contains("Book"))
        #expect(!past.text.contains("/challenge/items/\(item.id)"))
        let token = try next.formToken(on: "/challenge", action: "/challenge/items")
        let edit = next.post("/challenge/items/\(item.id)", [("title", "Changed"), ("amount", "1")], formToken: token)
        #expect(edit.status == 404)
        #expect(try database.challengeItems(on: today).first?.title == "Book")
        // History lists both days.
        let history = next.get("/challenge/history").text
        #expect(history.contains("saved") && history.contains("open"))
        #expect(next.get("/challenge/2020-01-01").status == 404)
    }

    @Test("hiding games removes Today's block; Settings keeps the switch")
    func hide() throws {
        let (app, database) = try makeTestApp()
        try TodayPageTests.seed(database)
        var browser = TestBrowser(app: app)
        #expect(browser.get("/today").text.contains("game-links-title"))
        #expect(!browser.get("/data").text.contains("game-links-title"), "the daily screen holds it, not the Budget page")
        #expect(browser.get("/settings").text.contains("/challenge"))
        let hidden = try browser.submit("/settings", to: "/challenge/visibility", [("hide", "on")])
        #expect(hidden.status == 303)
        #expect(!browser.get("/today").text.contains("game-links-title"))
        let settings = browser.get("/settings").text
        #expect(settings.contains("game-hide"))
        #expect(!settings.contains("href=\"/challenge\""))
    }

    @Test("the celebration after a day at the maximum, then reset starts again the next day")
    func celebration() throws {
        let (app, database) = try makeTestApp()
        try database.saveSettings(["challenge.start.USD": "500", "challenge.max.USD": "500"])
        var browser = TestBrowser(app: app)
        _ = try browser.submit("/challenge", to: "/challenge/items", [("title", "Book"), ("amount", "5")])
        let saved = try browser.submit("/challenge", to: "/challenge/save", [])
        #expect(saved.headers["Location"] == "/challenge/celebration")
        let page = try browser.follow(saved)
        #expect(page.status == 200)
        #expect(page.text.contains("Maximum reached!"))
        #expect(page.text.contains("class=\"confetti\""))
        #expect(page.text.contains("share.js"))
        #expect(!page.text.contains("<script>"))
        var next = TestBrowser(app: try gameApp(database, today: "2026-11-22"))
        #expect(next.get("/challenge").text.contains("Day 1"))
    }
}
