import Engine
import Foundation
import HTTPCore
import Storage
import Testing
import TestSupport
@testable import Web

// GET /api/v1/budget and /api/v1/calendar/YYYY-MM (docs/product-rules.md, "Addresses and the JSON API"): the same figures the
// pages show, in minor units.

/// The response body parsed as a JSON object.
func jsonObject(_ response: Response) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
}

/// An integer member of a JSON object.
func integer(_ object: [String: Any], _ key: String) -> Int64? {
    (object[key] as? NSNumber)?.int64Value
}

@Suite("Budget API")
struct BudgetAPITests {
    @Test("/api/v1/budget gives the hand-worked figures in minor units, and they equal the Budget page's")
    func budget() throws {
        let (app, database) = try makeTestApp()
        try SampleHousehold.seed(database)
        var browser = TestBrowser(app: app)
        let response = browser.get("/api/v1/budget")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        let json = try jsonObject(response)
        #expect(json["currency"] as? String == "USD")
        #expect(integer(json, "monthlyRecurringIncome") == SampleHousehold.monthlyRecurringIncome)
        #expect(integer(json, "monthlyFixedExpense") == SampleHousehold.monthlyFixedExpense)
        #expect(integer(json, "minimumDebtPayments") == SampleHousehold.minimumDebtPayments)
        #expect(integer(json, "monthlyExpense") == SampleHousehold.monthlyExpense)
        #expect(integer(json, "annualIncome") == SampleHousehold.annualIncome)
        #expect(integer(json, "annualExpense") == SampleHousehold.annualExpense)
        #expect(integer(json, "plannedDailyExpense") == SampleHousehold.plannedDailyExpense)
        #expect(integer(json, "actualDailyExpense") == SampleHousehold.actualDailyExpense)

        // The page shows exactly these numbers.
        let html = browser.get("/data").text
        let display = Display(t: Translations(.en), currency: .usd)
        func shown(_ key: String) -> String { display.money(Money(minorUnits: integer(json, key) ?? -1)) }
        #expect(HTML.figure("Total income a month", in: html) == shown("monthlyRecurringIncome"))
        #expect(HTML.figure("Total expense a month", in: html) == shown("monthlyExpense"))
        #expect(HTML.figure("Per year", in: html) == shown("annualExpense"))
        #expect(HTML.figure("Planned per day this month", in: html) == shown("plannedDailyExpense"))
        #expect(HTML.figure("Actual per day this month", in: html) == shown("actualDailyExpense"))
        #expect(html.contains(#"id="annual-income" value="\#(shown("annualIncome"))""#))
    }

    @Test("?year= selects the year of the annual figures", arguments: [
        (2025, SampleHousehold.annualIncome2025, SampleHousehold.annualExpense2025),
        (2026, SampleHousehold.annualIncome, SampleHousehold.annualExpense),
    ])
    func year(year: Int, income: Int64, expense: Int64) throws {
        let (app, database) = try makeTestApp()
        try SampleHousehold.seed(database)
        var browser = TestBrowser(app: app)
        let json = try jsonObject(browser.get("/api/v1/budget?year=\(year)"))
        #expect(integer(json, "year") == Int64(year))
        #expect(integer(json, "annualIncome") == income)
        #expect(integer(json, "annualExpense") == expense)
        #expect(integer(json, "monthlyRecurringIncome") == SampleHousehold.monthlyRecurringIncome)
        let display = Display(t: Translations(.en), currency: .usd)
        let html = browser.get("/data?year=\(year)").text
        #expect(html.contains(#"id="annual-income" value="\#(display.money(Money(minorUnits: income)))""#))
        #expect(HTML.figure("Per year", in: html) == display.money(Money(minorUnits: expense)))
    }

    @Test("a bad ?year= is a 400", arguments: ["abc", "1899", "2200", "", "2026.0"])
    func badYear(year: String) throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(browser.get("/api/v1/budget?year=\(year)").status == 400)
    }

    @Test("actualDailyExpense is null while history is short, with the day it becomes available")
    func shortHistory() throws {
        let (app, database) = try makeTestApp()
        try database.seed(NewEntry(date: date("2026-11-10"), kind: .expense, name: "Lunch", amount: cents(1_500), category: "food",
                                   isActual: true))
        var browser = TestBrowser(app: app)
        let json = try jsonObject(browser.get("/api/v1/budget"))
        #expect(json["actualDailyExpense"] is NSNull)
        #expect(json["actualDailyExpenseAvailableFrom"] as? String == "2027-02-10")
        // plannedDailyExpense: nothing recurring, no planned entry: 0.
        #expect(integer(json, "plannedDailyExpense") == 0)
    }

    @Test("the currency follows the setting and the language", arguments: [("en", nil, "USD"), ("ru", nil, "RUB"), ("en", "EUR", "EUR")])
    func currency(language: String, stored: String?, expected: String) throws {
        let (app, database) = try makeTestApp()
        if let stored { try database.saveSettings(["currency": stored]) }
        var browser = TestBrowser(app: app, language: language)
        #expect(try jsonObject(browser.get("/api/v1/budget"))["currency"] as? String == expected)
    }

    // MARK: - Calendar

    @Test("/api/v1/calendar/YYYY-MM equals the grid's sums, day by day and for the month")
    func calendarEqualsGrid() throws {
        let (app, database) = try makeTestApp()
        try SampleHousehold.seed(database)
        var browser = TestBrowser(app: app)
        for month in ["2026-11", "2026-12", "2027-02"] {
            let json = try jsonObject(browser.get("/api/v1/calendar/\(month)"))
            #expect(json["month"] as? String == month)
            let days = try #require(json["days"] as? [[String: Any]])
            let yearMonth = try #require(YearMonth(iso: month))
            #expect(days.count == yearMonth.numberOfDays)
            let html = browser.get("/calendar/\(month)").text
            let display = Display(t: Translations(.en), currency: .usd)
            var totals: [String: Int64] = [:]
            for day in days {
                let iso = try #require(day["date"] as? String)
                let label = HTML.between(html, #"<a href="/calendar/\#(iso)" aria-label=""#, "\"")
                #expect(label.hasPrefix(display.day(try #require(Day(iso: iso)))))
                for (key, words) in [("plannedIncome", "Planned income"), ("plannedExpense", "Planned expense"),
                                     ("actualIncome", "Actual income"), ("actualExpense", "Actual expense")] {
                    let amount = try #require(integer(day, key))
                    totals[key, default: 0] += amount
                    if amount > 0 {
                        #expect(label.contains("\(words) \(display.money(Money(minorUnits: amount)))"), "\(iso) \(key)")
                    } else {
                        #expect(!label.contains(words), "\(iso) \(key)")
                    }
                }
            }
            #expect(HTML.figure(#"<span class="swatch planned-income" aria-hidden="true"></span>Planned income"#, in: html)
                    == display.money(Money(minorUnits: totals["plannedIncome"]!)))
            #expect(HTML.figure(#"<span class="swatch planned-expense" aria-hidden="true"></span>Planned expense"#, in: html)
                    == display.money(Money(minorUnits: totals["plannedExpense"]!)))
            #expect(HTML.figure(#"<span class="swatch actual-income" aria-hidden="true"></span>Actual income"#, in: html)
                    == display.money(Money(minorUnits: totals["actualIncome"]!)))
            #expect(HTML.figure(#"<span class="swatch actual-expense" aria-hidden="true"></span>Actual expense"#, in: html)
                    == display.money(Money(minorUnits: totals["actualExpense"]!)))
        }
    }

    @Test("the calendar API's November, worked out by hand")
    func novemberByHand() throws {
        let (app, database) = try makeTestApp()
        try SampleHousehold.seed(database)
        var browser = TestBrowser(app: app)
        let json = try jsonObject(browser.get("/api/v1/calendar/2026-11"))
        let days = try #require(json["days"] as? [[String: Any]])
        func day(_ number: Int) -> [String: Any] { days[number - 1] }
        // Nov 1: Salary 100,000 planned in; Rent 50,000 planned out.
        #expect(integer(day(1), "plannedIncome") == 100_000)
        #expect(integer(day(1), "plannedExpense") == 50_000)
        // Tutoring every 7 days from Sat 2026-09-05: Nov 7, 14, 21, 28.
        for number in [7, 14, 21, 28] { #expect(integer(day(number), "plannedIncome") == 10_000, "Nov \(number)") }
        // Phone plan (mode A, added today, the 21st) pays on the 5th: not in November yet.
        #expect(integer(day(5), "plannedExpense") == 0)
        // Car loan (mode B as of Nov 21) pays from December on: nothing on Nov 15.
        #expect(integer(day(15), "plannedExpense") == 0)
        // Water quarterly from Jan 15: Jan, Apr, Jul, Oct 15: not November.
        // Entries: Bonus (actual in), Groceries (actual out), Dentist (planned out).
        #expect(integer(day(10), "actualIncome") == 20_000)
        #expect(integer(day(20), "actualExpense") == 4_550)
        #expect(integer(day(25), "plannedExpense") == 3_000)
        let december = try #require(try jsonObject(browser.get("/api/v1/calendar/2026-12"))["days"] as? [[String: Any]])
        #expect(integer(december[4], "plannedExpense") == 4_500, "Dec 5: the phone plan")
        #expect(integer(december[14], "plannedExpense") == 106_619, "Dec 15: the loan's minimum")
    }

    @Test("invalid calendar months are 404", arguments: ["/api/v1/calendar/2026-13", "/api/v1/calendar/abc",
                                                          "/api/v1/calendar/1899-12", "/api/v1/calendar/2026-11-01", "/api/v1/nope"])
    func calendarNotFound(path: String) throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(browser.get(path).status == 404)
    }
}
