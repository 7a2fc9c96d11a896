import Engine
import Foundation
import HTTPCore
@testable import Storage
import Testing
import TestSupport
@testable import Web

/// /forecast/buffer: the emergency buffer setting's form, and the buffer line it moves (today 2026-11-21).
@Suite("Forecast emergency buffer")
struct ForecastBufferTests {
    @Test("saving an amount: 303 to /forecast#how with a flash; the buffer = 2 × bills in 30 days + it, on the page")
    func save() throws {
        let (app, database) = try makeTestApp()
        try ForecastPageTests.account(database, balance: 10_000_00)
        _ = try database.seed(NewRecurringItem(kind: .expense, name: "Rent", amount: cents(1_000_00), periodicity: .monthly,
                                               start: date("2026-12-01"), category: "housing"))
        var browser = TestBrowser(app: app)
        #expect(browser.get("/forecast").text.contains(#"href="/forecast/buffer""#))
        let form = browser.get("/forecast/buffer")
        #expect(form.status == 200 && form.text.contains(#"name="amount""#))
        let response = try browser.submit("/forecast/buffer", to: "/forecast/buffer", [("amount", "5000")])
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/forecast#how")
        let page = try browser.follow(response).text
        #expect(page.contains("Emergency buffer saved: $5,000.00."))
        #expect(try database.settings()["forecast.emergencyBuffer"] == "500000")
        // 2 × 1 000.00 (rent on 1 Dec) + 5 000.00.
        #expect(page.contains("2 × $1,000.00 + $5,000.00 = $7,000.00"))
        #expect(browser.get("/forecast/buffer").text.contains(#"value="5000.00""#))
        // 0 clears it.
        #expect(try browser.submit("/forecast/buffer", to: "/forecast/buffer", [("amount", "0")]).status == 303)
        #expect(try database.settings()["forecast.emergencyBuffer"] == "0")
    }

    @Test("a refused amount answers 422 with the input kept and a message by the field; nothing is stored",
          arguments: ["", "abc", "-5", "99999999999999999", "€5"])
    func refused(_ value: String) throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let response = try browser.submit("/forecast/buffer", to: "/forecast/buffer", [("amount", value)])
        #expect(response.status == 422)
        #expect(response.text.contains(#"id="error-amount""#))
        if !value.isEmpty { #expect(response.text.contains(#"value="\#(value)""#)) }
        #expect(try database.settings()["forecast.emergencyBuffer"] == nil)
    }

    @Test("in Russian the form and the flash are Russian")
    func russian() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        browser.language = "ru"
        #expect(browser.get("/forecast/buffer").text.contains("Неприкосновенный запас"))
        let response = try browser.submit("/forecast/buffer", to: "/forecast/buffer", [("amount", "1000")])
        #expect(try browser.follow(response).text.contains("Неприкосновенный запас сохранён"))
    }
}
