import Engine
import Foundation
@testable import Storage
import Testing
import TestSupport
@testable import Web

private let today = Day(iso: "2026-11-21")!

/// The settings form as shipped, with the game's currency `currency`, the behaviour and USD → RUB at `usdRub`.
private func fields(currency: String, behaviour: String = "reset", usdRub: String = "92.5") -> [(String, String)] {
    [("currency", currency), ("behaviour", behaviour), ("reminder", "14:15"),
     ("start_RUB", "500"), ("max_RUB", "100000000"), ("start_USD", "5"), ("max_USD", "1000000"),
     ("start_EUR", "4.60"), ("max_EUR", "920000"),
     ("rate_USD_EUR", "0.92"), ("rate_EUR_USD", "1.086957"), ("rate_USD_RUB", usdRub), ("rate_RUB_USD", "0.01"),
     ("rate_EUR_RUB", "108.695652"), ("rate_RUB_EUR", "0.0092")]
}

/// Saves 19 and 20 Nov with their budgets (5.00 and 10.00 $): today, 21 Nov, is Day 3 at 20.00 $.
private func playTwoDays(_ database: AppDatabase) throws {
    for (day, budget) in [("2026-11-19", Int64(5_00)), ("2026-11-20", 10_00)] {
        var browser = TestBrowser(app: try gameApp(database, today: day))
        _ = browser.get("/challenge")
        _ = try browser.submit("/challenge", to: "/challenge/items", [("title", "Tea"), ("amount", MoneyFormat.formatPlain(Money(minorUnits: budget), .en))])
        _ = try browser.submit("/challenge", to: "/challenge/save", [])
    }
}

/// Tests Sources/Web/Features/Play/ChallengeSettings.swift: GET/POST /challenge/settings.
@Suite("Challenge settings")
struct ChallengeSettingsTests {
    @Test("a switch of a played game needs its rate (422 without it, never 1:1); with it today's Day 3 is converted and the rate shown")
    func currencySwitch() throws {
        let (app, database) = try makeTestApp()
        try playTwoDays(database)
        var browser = TestBrowser(app: app)
        let page = browser.get("/challenge/settings")
        #expect(page.status == 200)
        #expect(page.text.contains("Approximate, as of"))
        let refused = try browser.submit("/challenge/settings", to: "/challenge/settings", fields(currency: "RUB", usdRub: ""))
        #expect(refused.status == 422)
        #expect(refused.text.contains("Fill in the rate USD → RUB"))
        #expect(try database.challengeStored().switches.isEmpty)
        let saved = try browser.submit("/challenge/settings", to: "/challenge/settings", fields(currency: "RUB"))
        #expect(saved.status == 303)
        #expect(try database.challengeStored().switches == [ChallengeCurrencySwitch(effective: today, from: "USD", to: "RUB", ratePerMillion: 92_500_000)])
        // 20.00 × 92.5 = 1 850.00 ₽ today, with the rate shown.
        let day = browser.get("/challenge").text
        #expect(day.contains("₽1,850.00"))
        #expect(day.contains("92.5"))
    }

    @Test("saving the settings does not start the game: two days later there is no missed day, and Day 1 is the first saved item's day")
    func savingDoesNotStart() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        _ = browser.get("/challenge/settings")
        #expect(try browser.submit("/challenge/settings", to: "/challenge/settings", fields(currency: "USD")).status == 303)
        #expect(try database.settings()["challenge.started"] == nil)
        var later = TestBrowser(app: try gameApp(database, today: "2026-11-23"))
        let history = later.get("/challenge/history").text
        #expect(!history.contains("missed"))
        #expect(later.get("/challenge").text.contains("Day 1"))
        _ = try later.submit("/challenge", to: "/challenge/items", [("title", "Tea"), ("amount", "1.00")])
        #expect(try database.settings()["challenge.started"] == "2026-11-23")
    }

    @Test("choosing another currency before the game is played sets the currency it starts in: Day 1 is 500.00 ₽, not 5.00 $ converted")
    func currencyBeforePlaying() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        _ = browser.get("/challenge/settings")
        #expect(try browser.submit("/challenge/settings", to: "/challenge/settings", fields(currency: "RUB")).status == 303)
        #expect(try database.challengeStored().switches.isEmpty)
        #expect(try database.settings()["challenge.currency"] == "RUB")
        let page = browser.get("/challenge").text
        #expect(page.contains("₽500.00") && !page.contains("462.50"))
        // Played from today: two missed days later the chain starts again at 500.00 ₽ as well.
        _ = try browser.submit("/challenge", to: "/challenge/items", [("title", "Tea"), ("amount", "100")])
        _ = try browser.submit("/challenge", to: "/challenge/save", [])
        var later = TestBrowser(app: try gameApp(database, today: "2026-11-24"))
        #expect(later.get("/challenge").text.contains("₽500.00"))
    }

    @Test("a draft item typed today in the old currency moves the switch to tomorrow")
    func draftMovesTheSwitchToTomorrow() throws {
        let (app, database) = try makeTestApp()
        try playTwoDays(database)
        var browser = TestBrowser(app: app)
        _ = browser.get("/challenge")
        _ = try browser.submit("/challenge", to: "/challenge/items", [("title", "Tea"), ("amount", "3.00")])
        _ = browser.get("/challenge/settings")
        #expect(try browser.submit("/challenge/settings", to: "/challenge/settings", fields(currency: "RUB")).status == 303)
        #expect(try database.challengeStored().switches.map(\.effective) == [today.adding(days: 1)])
        #expect(browser.get("/challenge").text.contains("$20.00"))
    }

    @Test("a switch waiting for tomorrow says so with its Cancel, on the settings page (the selector on it) and on the Challenge page; Cancel, or the old currency chosen again, takes it back")
    func pendingSwitchIsShownAndCancelled() throws {
        let (app, database) = try makeTestApp()
        try playTwoDays(database)
        var browser = TestBrowser(app: app)
        _ = browser.get("/challenge")
        _ = try browser.submit("/challenge", to: "/challenge/items", [("title", "Tea"), ("amount", "3.00")])
        #expect(try browser.submit("/challenge/settings", to: "/challenge/settings", fields(currency: "EUR")).status == 303)
        // Then both pages say what happens tomorrow, with a Cancel, and the selector shows the choice
        let settings = browser.get("/challenge/settings").text
        #expect(settings.contains("From tomorrow: EUR"))
        #expect(settings.contains("<option value=\"EUR\" selected>"))
        #expect(settings.contains("action=\"/challenge/switch/cancel\""))
        let game = browser.get("/challenge").text
        #expect(game.contains("From tomorrow: EUR") && game.contains("$20.00"))
        // Cancel from the Challenge page: no switch is left, back there, the note gone
        let cancelled = try browser.submit("/challenge", to: "/challenge/switch/cancel", [])
        #expect(cancelled.status == 303 && cancelled.headers["Location"] == "/challenge")
        #expect(try browser.follow(cancelled).text.contains("the game stays in USD"))
        #expect(try database.challengeStored().switches.isEmpty)
        #expect(!browser.get("/challenge/settings").text.contains("From tomorrow"))
        // The same switch again, then the old currency chosen again: taken back as well
        _ = try browser.submit("/challenge/settings", to: "/challenge/settings", fields(currency: "EUR"))
        #expect(try database.challengeStored().switches.count == 1)
        _ = try browser.submit("/challenge/settings", to: "/challenge/settings", fields(currency: "USD"))
        #expect(try database.challengeStored().switches.isEmpty)
        #expect(!browser.get("/challenge").text.contains("From tomorrow"))
        // Russian and German say it in their words
        _ = try browser.submit("/challenge/settings", to: "/challenge/settings", fields(currency: "EUR"))
        browser.language = "ru"
        #expect(browser.get("/challenge").text.contains("С завтрашнего дня: EUR"))
        browser.language = "de"
        #expect(browser.get("/challenge/settings").text.contains("Ab morgen: EUR"))
    }

    @Test("switched twice the same day the base converts once from the day's own currency; switched back, no switch is left")
    func sameDayChanges() throws {
        let (app, database) = try makeTestApp()
        try playTwoDays(database)
        var browser = TestBrowser(app: app)
        _ = browser.get("/challenge/settings")
        _ = try browser.submit("/challenge/settings", to: "/challenge/settings", fields(currency: "RUB"))
        _ = browser.get("/challenge/settings")
        _ = try browser.submit("/challenge/settings", to: "/challenge/settings", fields(currency: "EUR"))
        // USD → EUR at 0.92 (20.00 $ → 18.40 €), never USD with the RUB → EUR rate (0.18 €).
        #expect(try database.challengeStored().switches == [ChallengeCurrencySwitch(effective: today, from: "USD", to: "EUR", ratePerMillion: 920_000)])
        #expect(browser.get("/challenge").text.contains("€18.40"))
        _ = browser.get("/challenge/settings")
        _ = try browser.submit("/challenge/settings", to: "/challenge/settings", fields(currency: "USD"))
        #expect(try database.challengeStored().switches.isEmpty)
        #expect(browser.get("/challenge").text.contains("$20.00"))
    }

    @Test("two behaviours, each with its hint; a change keeps the days before it as they were played")
    func behaviours() throws {
        let (app, database) = try makeTestApp()
        try playTwoDays(database)
        var browser = TestBrowser(app: app)
        let page = browser.get("/challenge/settings").text
        #expect(page.contains("Reset and start again: ") && page.contains("Ceiling: "))
        #expect(!page.contains("Celebrate and stop") && !page.contains(#"value="stop""#))
        #expect(try browser.submit("/challenge/settings", to: "/challenge/settings", fields(currency: "USD", behaviour: "stop")).status == 422)
        _ = browser.get("/challenge/settings")
        #expect(try browser.submit("/challenge/settings", to: "/challenge/settings", fields(currency: "USD", behaviour: "ceiling")).status == 303)
        let stored = try database.settings()
        #expect(stored["challenge.behaviour"] == "ceiling")
        #expect(stored["challenge.behaviour.until.2026-11-20"] == "reset")
        // A game stored as "celebrate and stop" is read as "ceiling".
        _ = try database.saveSettings(["challenge.behaviour": "stop"])
        #expect(browser.get("/challenge/settings").text.contains(#"value="ceiling" checked"#))
    }
}
