import Engine
import Foundation
import HTTPCore
@testable import Storage
import Testing
import TestSupport
@testable import Web

/// Limit feedback after bulk writes and Calendar confirmations: the flash names the limit and
/// the events `limit_warning` / `limit_exceeded` are logged once per period (today 2026-11-21).
@Suite("Limit feedback after bulk writes")
struct LimitsAfterWritesTests {
    static func events(_ database: AppDatabase, _ name: String) throws -> Int {
        try database.events().filter { $0.name == name }.count
    }

    @Test("a bulk recategorisation into a limited category says '% of limit' and logs each level once per period")
    func bulkRecategorise() throws {
        let (app, database) = try makeTestApp()
        _ = try database.addCategoryLimit(CategoryLimit(category: "food", period: .month, amount: cents(1_000_00)), formToken: "l1")
        let a = try TransactionsPageTests.insert(database, "2026-11-02", "Market", 850_00, category: "other")
        let b = try TransactionsPageTests.insert(database, "2026-11-03", "Bakery", 50_00, category: "other")
        let c = try TransactionsPageTests.insert(database, "2026-11-04", "Cafe", 200_00, category: "other")
        var browser = TestBrowser(app: app)
        let first = try browser.submit("/transactions", to: "/transactions/bulk",
                                       [("id", "\(a)"), ("action", "recategorise"), ("category", "food")])
        #expect(try browser.follow(first).text.contains("Food: 85 % of $1,000.00 this month"))
        #expect(try Self.events(database, "limit_warning") == 1)
        // Still at warning: no second event.
        let second = try browser.submit("/transactions", to: "/transactions/bulk",
                                        [("id", "\(b)"), ("action", "recategorise"), ("category", "food")])
        #expect(try browser.follow(second).text.contains("Food: 90 % of $1,000.00 this month"))
        #expect(try Self.events(database, "limit_warning") == 1)
        // Over: one limit_exceeded.
        let third = try browser.submit("/transactions", to: "/transactions/bulk",
                                       [("id", "\(c)"), ("action", "recategorise"), ("category", "food")])
        #expect(try browser.follow(third).text.contains("Food: 110 % of $1,000.00 this month"))
        #expect(try Self.events(database, "limit_exceeded") == 1 && Self.events(database, "limit_warning") == 1)
        // A recategorisation into another category adds nothing about food.
        let d = try TransactionsPageTests.insert(database, "2026-11-05", "Taxi", 10_00, category: "other")
        let fourth = try browser.submit("/transactions", to: "/transactions/bulk",
                                        [("id", "\(d)"), ("action", "recategorise"), ("category", "transport")])
        #expect(!(try browser.follow(fourth).text.contains("Food: 110 %")))
        #expect(try Self.events(database, "limit_exceeded") == 1)
    }

    @Test("confirming a planned expense on the Calendar gives the limit feedback and its event")
    func calendarConfirm() throws {
        let (app, database) = try makeTestApp()
        _ = try database.addCategoryLimit(CategoryLimit(category: "food", period: .month, amount: cents(100_00)), formToken: "l1")
        let planned = try TransactionsPageTests.insert(database, "2026-11-20", "Groceries", 90_00, actual: false)
        var browser = TestBrowser(app: app)
        let response = try browser.submit("/calendar/2026-11-20", to: "/calendar/2026-11-20/confirm",
                                          [("entry", "\(planned)"), ("amount", "")])
        #expect(response.status == 303)
        #expect(try browser.follow(response).text.contains("Food: 90 % of $100.00 this month"))
        #expect(try Self.events(database, "limit_warning") == 1)
    }
}
