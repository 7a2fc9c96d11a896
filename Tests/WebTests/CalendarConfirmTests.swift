import Engine
import Foundation
import HTTPCore
import Storage
import Testing
import TestSupport
@testable import Web

// The calendar day's "confirm with another amount" row: a refused
// amount stays typed in its row, with the message beside it, marked invalid, under a
// visible label; the confirm address, opened, leads to the day. Today is 2026-11-21.

@Suite("Calendar confirm with another amount")
struct CalendarConfirmTests {
    @Test("a refused amount keeps the text, puts the message on that row and marks it invalid", arguments: [
        ("5,1,2", "Enter an amount like 1234.50, with at most two decimals."),
        ("$512", "$ is not the household currency ₽."),
    ])
    func refusedKeepsText(typed: String, message: String) throws {
        let (app, database) = try makeTestApp()
        try database.saveSettings(["currency": "RUB"])
        let rent = try database.seed(NewRecurringItem(kind: .expense, name: "Rent", amount: cents(50_000), periodicity: .monthly,
                                                      start: date("2026-01-01"), category: "housing"))
        let water = try database.seed(NewRecurringItem(kind: .expense, name: "Water", amount: cents(3_000), periodicity: .monthly,
                                                       start: date("2026-01-01"), category: "utilities"))
        var browser = TestBrowser(app: app)
        let version = database.version
        let response = try browser.submit("/calendar/2026-11-01", to: "/calendar/2026-11-01/confirm", [
            ("source", "recurring-\(rent)"), ("amount", typed)])
        #expect(response.status == 422)
        #expect(database.version == version, "nothing written")
        let html = response.text
        let rentRow = HTML.between(html, #"value="recurring-\#(rent)">"#, "</form>")
        #expect(rentRow.contains(#"value="\#(typed)""#), "the typed text is kept")
        #expect(rentRow.contains(#"aria-invalid="true" aria-describedby="confirm-error-source-recurring-\#(rent)""#))
        #expect(rentRow.contains(#"<p class="error" id="confirm-error-source-recurring-\#(rent)">\#(message)</p>"#))
        // The other row is untouched, and no message floats above the list.
        let waterRow = HTML.between(html, #"value="recurring-\#(water)">"#, "</form>")
        #expect(!waterRow.contains("aria-invalid") && !waterRow.contains(#"class="error""#))
        #expect(!html.contains(#"<p class="error" role="alert">"#))
        // Then a good amount confirms it.
        let fixed = try browser.submit("/calendar/2026-11-01", to: "/calendar/2026-11-01/confirm", [
            ("source", "recurring-\(rent)"), ("amount", "512,30 ₽")])
        #expect(fixed.status == 303)
        let entry = try #require(try database.entries(from: date("2026-11-01"), through: date("2026-11-01"), limit: 5, offset: 0).first)
        #expect(entry.entry.amount == cents(51_230))
    }

    @Test("a planned entry's refused amount stays on its row")
    func refusedEntry() throws {
        let (app, database) = try makeTestApp()
        let id = try database.seed(NewEntry(date: date("2026-11-20"), kind: .expense, name: "Dentist", amount: cents(3_000),
                                            category: "health", isActual: false))
        var browser = TestBrowser(app: app)
        let response = try browser.submit("/calendar/2026-11-20", to: "/calendar/2026-11-20/confirm", [("entry", "\(id)"), ("amount", "3..5")])
        #expect(response.status == 422)
        let row = HTML.between(response.text, #"name="entry" value="\#(id)">"#, "</form>")
        #expect(row.contains(#"value="3..5""#))
        #expect(row.contains(#"id="confirm-error-entry-\#(id)""#))
    }

    @Test("the amount field has a visible label")
    func visibleLabel() throws {
        let (app, database) = try makeTestApp()
        let rent = try database.seed(NewRecurringItem(kind: .expense, name: "Rent", amount: cents(50_000), periodicity: .monthly,
                                                      start: date("2026-01-01"), category: "housing"))
        var browser = TestBrowser(app: app)
        let html = browser.get("/calendar/2026-11-01").text
        #expect(html.contains(#"<label for="confirm-source-recurring-\#(rent)">Amount, if different<span class="visually-hidden"> Rent</span></label>"#))
        var ru = TestBrowser(app: app, language: "ru")
        #expect(ru.get("/calendar/2026-11-01").text.contains(">Сумма, если другая<"))
    }

    @Test("opening the confirm address leads to its day")
    func getRedirectsToDay() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let response = browser.get("/calendar/2026-11-01/confirm")
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/calendar/2026-11-01")
    }
}
