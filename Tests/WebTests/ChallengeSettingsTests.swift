import Engine
import Foundation
@testable import Storage
import Testing
import TestSupport
@testable import Web

private let today = Day(iso: "2026-11-21")!

/// Tests Sources/Web/Pages/ChallengeSettings.swift: GET/POST /challenge/settings.
@Suite("Challenge settings")
struct ChallengeSettingsTests {
    @Test("a currency switch needs its rate (422 without it, never 1:1); with it the next budget is converted and the rate stored")
    func currencySwitch() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let page = browser.get("/challenge/settings")
        #expect(page.status == 200)
        #expect(page.text.contains("Approximate, as of"))
        var fields = [("currency", "RUB"), ("behaviour", "reset"), ("reminder", "14:15"),
                      ("start_RUB", "500"), ("max_RUB", "100000000"), ("start_USD", "5"), ("max_USD", "1000000"),
                      ("start_EUR", "4.60"), ("max_EUR", "920000"),
                      ("rate_USD_EUR", "0.92"), ("rate_EUR_USD", "1.086957"), ("rate_USD_RUB", ""), ("rate_RUB_USD", "0.01"),
                      ("rate_EUR_RUB", "108.695652"), ("rate_RUB_EUR", "0.0092")]
        let refused = try browser.submit("/challenge/settings", to: "/challenge/settings", fields)
        #expect(refused.status == 422)
        #expect(refused.text.contains("Fill in the rate USD → RUB"))
        #expect(try database.challengeStored().switches.isEmpty)
        fields[fields.firstIndex { $0.0 == "rate_USD_RUB" }!] = ("rate_USD_RUB", "92.5")
        let saved = try browser.submit("/challenge/settings", to: "/challenge/settings", fields)
        #expect(saved.status == 303)
        #expect(try database.challengeStored().switches == [ChallengeCurrencySwitch(effective: today, from: "USD", to: "RUB", ratePerMillion: 92_500_000)])
        // 5.00 × 92.5 = 462.50 ₽ today, with the rate shown.
        let day = browser.get("/challenge").text
        #expect(day.contains("₽462.50"))
        #expect(day.contains("92.5"))
    }
}
