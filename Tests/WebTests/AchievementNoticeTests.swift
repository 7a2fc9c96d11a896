import Engine
import Foundation
import HTTPCore
@testable import Storage
import Testing
import TestSupport
@testable import Web

// The one-time notice of a new achievement on the next page view of any page
// (Features/Play/AchievementNotice.swift): shown once in the layout's flash, marked seen, derived at
// most once per data version, and never while games and achievements are hidden.

@Suite("Achievement notice on the next page view")
struct AchievementNoticeTests {
    private static let entry: [(String, String)] = [("kind", "expense"), ("name", "Groceries"), ("amount", "54.20"),
                                                    ("date", "2026-11-20"), ("category", "food"), ("status", "actual"), ("note", "")]

    @Test("an achievement earned by an ordinary action (the first entry) is announced on the next page, once")
    func announcedOnce() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        // The notices start once /achievements was opened (nothing earned yet).
        #expect(!browser.get("/achievements").text.contains("New: "))
        #expect(!browser.get("/data").text.contains("First entry"))
        // That page view started a derivation of its own; the write's is skipped while it runs.
        app.achievementNotices.settle()
        let saved = try browser.submit("/data/entry/new?kind=expense", to: "/data/entry", Self.entry)
        #expect(saved.status == 303)
        // The write's derivation runs in the background; the page after it announces.
        app.achievementNotices.settle()
        let next = try browser.follow(saved).text
        let flash = HTML.between(next, #"id="flash""#, "</div>")
        #expect(flash.contains("New: First entry"))
        #expect(try database.achievementRecords().first { $0.id == "first_entry" }?.seen == true
                || database.achievementRecords().allSatisfy(\.seen))
        // Any later page: no notice again.
        for page in ["/data", "/plan", "/calendar", "/wishlist"] {
            #expect(!browser.get(page).text.contains("New: First entry"), "\(page)")
        }
    }

    @Test("the notice shows on a page other than the game's (here /plan opened directly), in Russian too")
    func anyPageRussian() throws {
        let (app, database) = try makeTestApp()
        _ = try database.saveSettings(["achievements.notices": "on"])
        _ = try database.seed(NewEntry(date: date("2026-11-20"), kind: .expense, name: "Хлеб", amount: cents(100_00), category: "food", isActual: true))
        var browser = TestBrowser(app: app)
        browser.language = "ru"
        // The first view finds the achievements out of date and starts their derivation (it
        // never renders with it); the next view announces.
        #expect(!browser.get("/plan").text.contains("Первая запись"))
        app.achievementNotices.settle()
        let page = browser.get("/plan").text
        #expect(HTML.between(page, #"id="flash""#, "</div>").contains("Первая запись"))
        #expect(!browser.get("/plan").text.contains(#"id="flash""#))
    }

    @Test("derived at most once per data version: page views without a write do not scan again")
    func cheap() throws {
        let (app, database) = try makeTestApp()
        _ = try database.saveSettings(["achievements.notices": "on"])
        _ = try database.seed(NewEntry(date: date("2026-11-20"), kind: .expense, name: "Bread", amount: cents(1_00), category: "food", isActual: true))
        var browser = TestBrowser(app: app)
        _ = browser.get("/data")
        app.achievementNotices.settle()
        let once = app.achievementNotices.derivations
        #expect(once == 1)
        for page in ["/data", "/plan", "/calendar", "/limits", "/transactions", "/today", "/wishlist", "/data"] { _ = browser.get(page) }
        app.achievementNotices.settle()
        #expect(app.achievementNotices.derivations == once)
        _ = try database.seed(NewEntry(date: date("2026-11-21"), kind: .expense, name: "Milk", amount: cents(2_00), category: "food", isActual: true))
        _ = browser.get("/data")
        app.achievementNotices.settle()
        _ = browser.get("/plan")
        app.achievementNotices.settle()
        #expect(app.achievementNotices.derivations == once + 1)
        // JSON and static files never derive.
        _ = try database.seed(NewEntry(date: date("2026-11-19"), kind: .expense, name: "Tea", amount: cents(3_00), category: "food", isActual: true))
        _ = browser.get("/api/v1/limits")
        _ = browser.get("/static/app.css")
        app.achievementNotices.settle()
        #expect(app.achievementNotices.derivations == once + 1)
    }

    @Test("before /achievements was ever opened (an upgraded household) page views derive and write nothing")
    func notYetOn() throws {
        let (app, database) = try makeTestApp()
        _ = try database.seed(NewEntry(date: date("2026-11-20"), kind: .expense, name: "Bread", amount: cents(1_00), category: "food", isActual: true))
        var browser = TestBrowser(app: app)
        let before = try database.exportTables()
        #expect(!browser.get("/data").text.contains("First entry"))
        app.achievementNotices.settle()
        #expect(try database.exportTables() == before)
        #expect(app.achievementNotices.derivations == 1)
        _ = browser.get("/plan")
        app.achievementNotices.settle()
        #expect(app.achievementNotices.derivations == 1)
    }

    @Test("while games and achievements are hidden nothing is derived, remembered or announced")
    func hidden() throws {
        let (app, database) = try makeTestApp()
        _ = try database.saveSettings(["game.hidden": "on", "achievements.notices": "on"])
        _ = try database.seed(NewEntry(date: date("2026-11-20"), kind: .expense, name: "Bread", amount: cents(1_00), category: "food", isActual: true))
        var browser = TestBrowser(app: app)
        #expect(!browser.get("/data").text.contains("First entry"))
        app.achievementNotices.settle()
        #expect(!browser.get("/plan").text.contains("First entry"))
        #expect(try database.achievementRecords().isEmpty)
    }
}
