import Engine
import Foundation
import Storage
import Testing
import TestSupport
@testable import Web

/// Tests Sources/Web/Features/Calendar/CalendarPastPlanned.swift: the Calendar month's "Did these happen?" list.
@Suite("Calendar past planned")
struct CalendarPastPlannedTests {
    @Test("the month lists past planned one-offs; 'It happened' confirms and comes back to the month")
    func monthAsks() throws {
        let (app, database) = try makeTestApp()
        let id = try database.seed(NewEntry(date: date("2026-11-10"), kind: .expense, name: "Dentist", amount: cents(3_000),
                                            category: "health", isActual: false))
        try database.seed(NewEntry(date: date("2026-11-25"), kind: .expense, name: "Haircut", amount: cents(2_000),
                                   category: "other", isActual: false))
        try database.seed(NewEntry(date: date("2026-11-05"), kind: .expense, name: "Taxi", amount: cents(900),
                                   category: "transport", isActual: true))
        var browser = TestBrowser(app: app)
        let html = browser.get("/calendar/2026-11").text
        let list = HTML.between(html, #"id="past-planned""#, "</section>")
        #expect(list.contains("<h2 id=\"past-planned-title\">Did these happen?</h2>"))
        #expect(list.contains(#"<a href="/calendar/2026-11-10" class="row-name">Dentist</a>"#))
        #expect(!list.contains("Haircut") && !list.contains("Taxi"), "only past, planned ones")
        #expect(list.contains(#"href="/data/entry/\#(id)/delete?back=%2Fcalendar%2F2026-11""#))
        let confirmed = try browser.submit("/calendar/2026-11", to: "/calendar/2026-11-10/confirm", [("entry", "\(id)")])
        #expect(confirmed.status == 303)
        #expect(confirmed.headers["Location"] == "/calendar/2026-11")
        #expect(try database.storedEntry(id: id)?.entry.isActual == true)
        let after = try browser.follow(confirmed).text
        #expect(after.contains("“Dentist” is now actual."))
        #expect(!after.contains(#"id="past-planned""#))
        #expect(!browser.get("/calendar/2026-10").text.contains(#"id="past-planned""#))
    }
}
