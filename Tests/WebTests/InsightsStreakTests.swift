import Engine
import Foundation
import HTTPCore
@testable import Storage
import Testing
import TestSupport
@testable import Web

/// The logging streak on the insight cards: the Challenge's rule over a
/// bounded window of logged days, shown even with games and achievements hidden; no "Rephrase"
/// button without a remote provider and consent.
@Suite("Insights streak")
struct InsightsStreakTests {
    @Test("both cards show the household's logging streak (one missed day forgiven), also with games hidden")
    func streakOnCards() throws {
        let (app, database) = try makeTestApp()
        for (d, amount) in [("2026-11-18", 10_00), ("2026-11-20", 12_00), ("2026-11-21", 5_00)] as [(String, Int64)] {
            try database.seed(NewEntry(date: date(d), kind: .expense, name: "Lunch", amount: cents(amount), category: "food", isActual: true))
        }
        _ = try database.checkIn(on: date("2026-11-17"), formToken: Tokens.random())
        try database.saveSettings([ChallengeKey.hidden: "on"])
        var browser = TestBrowser(app: app)
        let html = browser.get("/advisor").text
        let line = "Days logged in a row: 4 (best: 4).</p>"
        #expect(html.components(separatedBy: line).count == 3, "the streak on the week's and the month's card: \(html.components(separatedBy: "insight-streak").dropFirst().map { $0.prefix(160) })")
        #expect(!html.contains("/advisor/insights/rephrase"), "no provider: no Rephrase button")
        browser.language = "ru"
        #expect(browser.get("/advisor").text.contains("Дней подряд с записями: 4 (лучший результат: 4)."))
    }

    @Test("the week's and the month's tables are regions with names of their own (the card's title, then the caption): no two landmarks alike")
    func tableRegionsHaveDistinctNames() throws {
        let (app, database) = try makeTestApp()
        for d in ["2026-11-03", "2026-11-20"] {
            try database.seed(NewEntry(date: date(d), kind: .expense, name: "Lunch", amount: cents(10_00), category: "food", isActual: true))
        }
        var browser = TestBrowser(app: app)
        let html = browser.get("/advisor").text
        let labels = html.components(separatedBy: #"role="region" aria-labelledby=""#).dropFirst().map { String($0.prefix { $0 != "\"" }) }
        let insightLabels = labels.filter { $0.contains("insight-") }
        // Each region's name starts with its card's title ("This week", "This month"): the captions alone are one text twice.
        #expect(insightLabels == ["insight-week-title insight-week-caption", "insight-month-title insight-month-caption"], "\(insightLabels)")
    }

    @Test("no logged day: an encouraging line, never a zero to be ashamed of")
    func noStreak() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let html = browser.get("/advisor").text
        #expect(html.contains("Your logging streak starts with the next entry"))
        #expect(!html.contains("Days logged in a row: 0"))
    }

    @Test("the logged days are read through a bounded window, transfers and planned entries left out")
    func loggedDaysWindow() throws {
        let (_, database) = try makeTestApp()
        try database.seed(NewEntry(date: date("2026-11-20"), kind: .expense, name: "A", amount: cents(1_00), category: "food", isActual: true))
        try database.seed(NewEntry(date: date("2026-11-19"), kind: .expense, name: "P", amount: cents(1_00), category: "food", isActual: false))
        try database.seed(NewEntry(date: date("2024-01-05"), kind: .expense, name: "Old", amount: cents(1_00), category: "food", isActual: true))
        _ = try database.checkIn(on: date("2026-11-21"), formToken: Tokens.random())
        let days = try database.loggedDays(from: date("2025-10-18"), through: date("2026-11-21"))
        #expect(days == [date("2026-11-20"), date("2026-11-21")])
    }
}
