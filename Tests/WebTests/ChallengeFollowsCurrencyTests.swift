import Engine
import Foundation
import HTTPCore
@testable import Storage
import Testing
import TestSupport
@testable import Web

// The game follows the household currency (Features/Play/ChallengeFollowsCurrency.swift): a change in
// Settings switches a played game by the game's own rule — today when nothing was played today,
// else tomorrow — at the FX table's rate, stored on the switch; a missing rate refuses the change
// (422) rather than 1:1. Today is 2026-11-21, USD.

@Suite("The game follows the household currency")
struct ChallengeFollowsCurrencyTests {
    @Test("a played game with something typed today switches from tomorrow at the table's rate; past days and today keep theirs")
    func follows() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        _ = browser.get("/challenge")
        _ = try browser.submit("/challenge", to: "/challenge/items", [("title", "Tea"), ("amount", "1.00")])
        let response = try browser.submit("/settings/language", to: "/settings/language", [("language", "en"), ("currency", "RUB")])
        #expect(response.status == 303)
        #expect(try database.settings()["currency"] == "RUB")
        let switches = try database.challengeStored().switches
        #expect(switches == [ChallengeCurrencySwitch(effective: date("2026-11-22"), from: "USD", to: "RUB", ratePerMillion: 100_000_000)])
        // Today stays in dollars.
        #expect(browser.get("/challenge").text.contains("$5.00"))
    }

    @Test("with nothing played today the switch is effective today, the same rule as the game's own settings")
    func followsToday() throws {
        let (app, database) = try makeTestApp()
        _ = try database.saveSettings(["challenge.started": "2026-11-20", "challenge.currency": "USD"])
        var browser = TestBrowser(app: app)
        #expect(try browser.submit("/settings/language", to: "/settings/language", [("language", "en"), ("currency", "RUB")]).status == 303)
        #expect(try database.challengeStored().switches.map(\.effective) == [date("2026-11-21")])
        // Still Day 1 (20 Nov missed): the new currency's start amount.
        #expect(browser.get("/challenge").text.contains("₽500.00"))
    }

    @Test("without a rate the change is refused with a message by the currency field and nothing changes")
    func missingRate() throws {
        let (app, database) = try makeTestApp()
        _ = try database.saveSettings(["challenge.started": "2026-11-20", "challenge.currency": "USD", "fx.asOf": "2026-11-01"])
        _ = try database.saveChallengeSettings([:], rates: ["USD>EUR": 920_000], switchTo: nil, formToken: Tokens.random())
        var browser = TestBrowser(app: app)
        let response = try browser.submit("/settings/language", to: "/settings/language", [("language", "en"), ("currency", "RUB")])
        #expect(response.status == 422)
        #expect(response.text.contains("fill in the rate USD → RUB"))
        #expect(try database.settings()["currency"] == nil || database.settings()["currency"] == "USD")
        #expect(try database.challengeStored().switches.isEmpty)
    }

    @Test("a game never played just starts in the new currency: no switch is stored")
    func neverPlayed() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let response = try browser.submit("/settings/language", to: "/settings/language", [("language", "en"), ("currency", "EUR")])
        #expect(response.status == 303)
        #expect(try database.challengeStored().switches.isEmpty)
    }
}
