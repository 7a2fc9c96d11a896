import Engine
import Foundation
import Storage
import Testing
import TestSupport
@testable import Web

/// Tests Sources/Web/Features/Calendar/CalendarBills.swift. The Calendar lists the month's bill dues: tracked
/// bills and high-confidence suggestions ("expected bill").
@Suite("Calendar bill dues")
struct CalendarBillsTests {
    @Test("a high-confidence suggestion shows as an expected bill; once confirmed, as a tracked bill; not in other months")
    func dues() throws {
        let (app, database) = try makeTestApp()
        try BillsPageTests.seedBills(database)      // Netflix on the 5th: next due 5 Dec
        var browser = TestBrowser(app: app)
        let december = browser.get("/calendar/2026-12").text
        #expect(december.contains("Bills due this month") && december.contains("expected bill"))
        #expect(december.contains("&lt;b&gt;Netflix&lt;/b&gt;") && december.contains(#"<time datetime="2026-12-05">"#))
        #expect(!december.contains("Gym"), "the 2-hit gym is medium confidence")
        #expect(!browser.get("/calendar/2026-11").text.contains("Bills due this month"))
        _ = try database.confirmBill(merchantKey: "b netflix b", kind: .expense, periodicity: .monthly, amount: cents(799_00),
                                     today: date("2026-11-21"), formToken: "c1")
        browser = TestBrowser(app: app)
        let tracked = browser.get("/calendar/2026-12").text
        #expect(tracked.contains("tracked bill") && !tracked.contains("expected bill"))
        browser.language = "ru"
        #expect(browser.get("/calendar/2026-12").text.contains("Платежи в этом месяце"))
    }
}
