import Engine
import Foundation
@testable import Storage
import Testing
import TestSupport
@testable import Web

private let today = Day(iso: "2026-11-21")!

/// Tests Sources/Web/Features/Play/AchievementsPage.swift: GET /achievements and its check-in.
@Suite("Achievements page")
struct AchievementsPageTests {
    @Test("achievements are derived, remembered once with achievement_earned, and the notice shows once")
    func achievementsOnce() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        _ = try browser.submit("/challenge", to: "/challenge/items", [("title", "Book"), ("amount", "5")])
        // The save's flash announces it once (the next page view), with one achievement_earned.
        let saved = try browser.submit("/challenge", to: "/challenge/save", [])
        let next = try browser.follow(saved).text
        #expect(next.contains("A perfect day: exactly the budget! New: Perfect day"))
        #expect(try database.eventCount(.achievementEarned) == 1)
        #expect(!browser.get("/challenge").text.contains("New: Perfect day"))
        let first = browser.get("/achievements")
        #expect(first.status == 200)
        #expect(!first.text.contains("achievement-notice"))
        #expect(first.text.contains("Perfect day"))
        #expect(try database.eventCount(.achievementEarned) == 1)
        // Viewing again writes nothing (a write would drop every cached page).
        let version = database.version
        _ = browser.get("/achievements")
        #expect(database.version == version)
        // "No spending today" is a logged day.
        let checked = try browser.submit("/achievements", to: "/achievements/check-in", [])
        #expect(checked.status == 303)
        #expect(try database.checkIns() == [today])
        #expect(browser.get("/achievements").text.contains("Logging streak: 1 day (best 1)."))
    }

    @Test("a day with an expense recorded is no day without spending: no “No spending today” button, and its POST stores nothing")
    func noCheckInAfterSpending() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        // Yesterday's expense leaves today open.
        try database.seed(NewEntry(date: date("2026-11-20"), kind: .expense, name: "Lunch", amount: cents(14_50), category: "food", isActual: true))
        #expect(browser.get("/achievements").text.contains(#"id="check-in""#))
        // The page opened before the lunch was recorded, its button pressed after.
        let opened = try browser.form(on: "/achievements", action: "/achievements/check-in")
        try database.seed(NewEntry(date: today, kind: .expense, name: "Lunch", amount: cents(14_50), category: "food", isActual: true))
        let page = browser.get("/achievements").text
        #expect(!page.contains(#"id="check-in""#))
        #expect(page.contains("Today already has spending recorded"))
        let refused = browser.post(opened.action, [], formToken: opened.token)
        #expect(refused.status == 303)
        #expect(try database.checkIns() == [])
        #expect(try browser.follow(refused).text.contains("Today already has spending recorded"))
    }
}
