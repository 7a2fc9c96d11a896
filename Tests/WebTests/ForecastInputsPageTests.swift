import Engine
import Foundation
import HTTPCore
@testable import Storage
import Testing
import TestSupport
@testable import Web

/// The forecast as the web layer serves it is fed the category limits and the tracked bills
/// (docs/engine-rules.md, "Forecast inputs: limits and tracked bills"). Today is 2026-11-21.
@Suite("Forecast inputs")
struct ForecastInputsPageTests {
    /// Food at 10.00 every day 1 … 20 Nov, a spendable account of 1 000.00.
    static func seedFood(_ database: AppDatabase) throws {
        try ForecastPageTests.account(database, balance: 1_000_00)
        for day in 1...20 {
            try TransactionsPageTests.insert(database, String(format: "2026-11-%02d", day), "Shop", 10_00)
        }
    }

    static func days(_ browser: inout TestBrowser) throws -> [[String: Any]] {
        try #require(try ForecastPageTests.json(browser.get("/api/v1/forecast?days=30"))["days"] as? [[String: Any]])
    }

    @Test("a monthly limit above the pace replaces its category's mean by (limit − spent) ÷ days left, then the limit over each later month; one below the pace leaves the pace")
    func monthlyLimit() throws {
        let (app, database) = try makeTestApp()
        try Self.seedFood(database)
        var browser = TestBrowser(app: app)
        // Given no limit: the mean, 10.00 a day.
        #expect(try Self.days(&browser)[0]["everyday"] as? Int == 10_00)
        // When food has a monthly limit of 400.00 with 200.00 spent: 200.00 over the 9 days left in November
        // (more than the pace, 90.00).
        _ = try database.addCategoryLimit(CategoryLimit(category: "food", period: .month, amount: cents(400_00)), formToken: "l1")
        browser = TestBrowser(app: app)
        let days = try Self.days(&browser)
        let november = days.prefix(9).compactMap { $0["everyday"] as? Int }
        #expect(november.reduce(0, +) == 200_00)
        #expect(november[0] == 22_22)
        // December: 400.00 over 31 days (more than the pace, 310.00); day 1 gets round(40 000 ÷ 31) = 1290.
        #expect(days[9]["date"] as? String == "2026-12-01" && days[9]["everyday"] as? Int == 12_90)
        #expect(try ForecastPageTests.json(browser.get("/api/v1/forecast"))["risk"] as? String == "low")
        // A limit of 150.00, already passed: the household keeps spending at its pace, 10.00 a day.
        let limit = try #require(try database.categoryLimits().first)
        _ = try database.updateCategoryLimit(id: limit.id, CategoryLimit(category: "food", period: .month, amount: cents(150_00)), formToken: "l2")
        browser = TestBrowser(app: app)
        #expect(try Self.days(&browser).allSatisfy { $0["everyday"] as? Int == 10_00 })
    }

    @Test("a limit projected to be exceeded makes the risk medium (page, API and the safe-to-spend block)")
    func projectedLimitIsMedium() throws {
        let (app, database) = try makeTestApp()
        try Self.seedFood(database)
        // 200.00 of 250.00 spent in 21 days: at this pace over on 27 Nov.
        _ = try database.addCategoryLimit(CategoryLimit(category: "food", period: .month, amount: cents(250_00)), formToken: "l1")
        var browser = TestBrowser(app: app)
        #expect(try ForecastPageTests.json(browser.get("/api/v1/forecast"))["risk"] as? String == "medium")
        #expect(browser.get("/forecast").text.contains("Risk: <span class=\"risk-level\">medium</span>"))
    }

    @Test("a weekly limit does not replace the mean but its projection still counts for the risk")
    func weeklyLimit() throws {
        let (app, database) = try makeTestApp()
        try Self.seedFood(database)
        // Week 16 … 22 Nov: 50.00 spent of 60.00 by Saturday (e = 6): k = ⌊6 000 × 6 ÷ 5 000⌋ + 1 = 8 > 7: none.
        _ = try database.addCategoryLimit(CategoryLimit(category: "food", period: .week, amount: cents(60_00)), formToken: "l1")
        var browser = TestBrowser(app: app)
        #expect(try Self.days(&browser)[0]["everyday"] as? Int == 10_00)
        #expect(try ForecastPageTests.json(browser.get("/api/v1/forecast"))["risk"] as? String == "low")
        // 50.00 of 55.00: k = ⌊5 500 × 6 ÷ 5 000⌋ + 1 = 7 ≤ 7 → projected on Sunday → medium.
        let limit = try #require(try database.categoryLimits().first)
        _ = try database.updateCategoryLimit(id: limit.id, CategoryLimit(category: "food", period: .week, amount: cents(55_00)), formToken: "l2")
        browser = TestBrowser(app: app)
        #expect(try ForecastPageTests.json(browser.get("/api/v1/forecast"))["risk"] as? String == "medium")
    }

    @Test("payments of a tracked bill never linked to it stay out of everyday spending: the item counts them once")
    func unlinkedBillPayments() throws {
        let (app, database) = try makeTestApp()
        try Self.seedFood(database)
        // A weekly gym of 500.00 (Thursdays from 1 Oct) typed by hand; its payments imported unlinked.
        _ = try database.seed(NewRecurringItem(kind: .expense, name: "Gym", amount: cents(500_00), periodicity: .weekly,
                                               start: date("2026-10-01"), category: "other"))
        for day in ["2026-11-05", "2026-11-12", "2026-11-19"] {
            try TransactionsPageTests.insert(database, day, "GYM CLUB 004217", 500_00, category: "other")
        }
        var browser = TestBrowser(app: app)
        let days = try Self.days(&browser)
        // Only food in the mean (without the rule: (200.00 + 1 500.00) ÷ 20 = 85.00 a day).
        #expect(days.allSatisfy { $0["everyday"] as? Int == 10_00 })
        // The gym once, on its Thursdays.
        #expect(days[4]["date"] as? String == "2026-11-26" && days[4]["bills"] as? Int == 500_00)
        #expect(days.compactMap { $0["bills"] as? Int }.reduce(0, +) == 4 * 500_00)
    }

    @Test("payments of a tracked bill recognised by the bank payee (their names give no key) stay out of everyday spending")
    func payeeKeyedBillPayments() throws {
        let (app, database) = try makeTestApp()
        try Self.seedFood(database)
        _ = try database.seed(NewRecurringItem(kind: .expense, name: "Gym", amount: cents(500_00), periodicity: .weekly,
                                               start: date("2026-10-01"), category: "other"))
        // Imported with a card number for a name: Bills keys them by the payee, "gym club".
        for day in ["2026-11-05", "2026-11-12", "2026-11-19"] {
            try TransactionsPageTests.insert(database, day, "4521 0000", 500_00, category: "other", payee: "GYM CLUB 004217")
        }
        var browser = TestBrowser(app: app)
        // Only food in the mean (keyed by the name alone they were counted twice: (200.00 + 1 500.00) ÷ 20 = 85.00 a day).
        #expect(try Self.days(&browser).allSatisfy { $0["everyday"] as? Int == 10_00 })
        // The watch on /bills sees the same payments as the item's: paid through 19 Nov, next on Thursday 26 Nov.
        let bills = try ForecastPageTests.json(browser.get("/api/v1/bills"))
        let tracked = try #require((bills["tracked"] as? [[String: Any]])?.first)
        #expect(tracked["nextDue"] as? String == "2026-11-26")
        #expect(tracked["status"] as? String == "ok")
    }

    @Test("a bill confirmed on /bills counts once: its occurrences as bills, its linked past payments nowhere")
    func confirmedBillCountsOnce() throws {
        let (app, database) = try makeTestApp()
        try BillsPageTests.seedBills(database)
        _ = try database.confirmBill(merchantKey: "b netflix b", kind: .expense, periodicity: .monthly, amount: cents(799_00),
                                     today: date("2026-11-21"), formToken: "c1")
        var browser = TestBrowser(app: app)
        let days = try Self.days(&browser)
        #expect(days.first { $0["date"] as? String == "2026-12-05" }?["bills"] as? Int == 799_00)
        #expect(days.compactMap { $0["bills"] as? Int }.reduce(0, +) == 799_00)
        // The six linked Netflix payments are not everyday spending; the gym's 2 days of 90 are capped away.
        #expect(days.allSatisfy { $0["everyday"] as? Int == 0 })
    }

    @Test("a monthly limit on a category with no entries: its whole limit is spread over the days left, beside the other categories' mean")
    func limitOnEmptyCategory() throws {
        let (app, database) = try makeTestApp()
        try ForecastPageTests.account(database, balance: 1_000_00)
        for day in 1...20 {
            try TransactionsPageTests.insert(database, String(format: "2026-11-%02d", day), "Bus", 10_00, category: "transport")
        }
        _ = try database.addCategoryLimit(CategoryLimit(category: "food", period: .month, amount: cents(90_00)), formToken: "l1")
        var browser = TestBrowser(app: app)
        let days = try Self.days(&browser)
        // Transport's mean 10.00 + food's 90.00 over the 9 days left (10.00 each).
        #expect(days.prefix(9).allSatisfy { $0["everyday"] as? Int == 20_00 })
        #expect(try ForecastPageTests.json(browser.get("/api/v1/forecast"))["risk"] as? String == "low")
    }
}
