import Engine
import HTTPCore
import Storage
import Testing
import TestSupport
@testable import Web

// The welcome form asks the day the main income arrives; the salary
// starts on that day of this month so it repeats on the right day. Today is 2026-11-21.

@Suite("Welcome payday")
struct PaydayTests {
    /// The main income created by the welcome form with `payday` typed.
    static func welcomeIncome(payday: String) throws -> (status: Int, start: Day?, html: String) {
        let (app, database) = try makeTestApp(onboarded: false)
        var browser = TestBrowser(app: app)
        let response = try browser.submit("/welcome", to: "/welcome", [
            ("language", "en"), ("currency", "USD"), ("income", "2500"), ("payday", payday), ("emergencyMonths", "3")])
        let incomes = try database.household(settings: PlanSettings(), entriesFrom: date("2026-11-01"), through: date("2026-11-30")).incomes
        return (response.status.code, incomes.first?.start, response.text)
    }

    @Test("the form asks the payday, today's day by default")
    func asked() throws {
        let (app, _) = try makeTestApp(onboarded: false)
        var browser = TestBrowser(app: app)
        let html = browser.get("/welcome").text
        #expect(html.contains(#"<label for="field-payday">Day of the month it arrives</label>"#))
        #expect(html.contains(#"name="payday" value="21""#))
    }

    @Test("the salary starts on the payday of this month, passed or not", arguments: [
        ("5", "2026-11-05"), ("21", "2026-11-21"), ("25", "2026-11-25"), ("30", "2026-11-30"),
        // November has no 31st: October 31st, so it repeats on the 31st (Nov 30 clamped, Dec 31).
        ("31", "2026-10-31"),
        // Left empty: today.
        ("", "2026-11-21"),
    ])
    func start(payday: String, start: String) throws {
        let result = try Self.welcomeIncome(payday: payday)
        #expect(result.status == 303)
        #expect(result.start == date(start))
    }

    @Test("a payday outside 1…31 is refused with the value kept", arguments: ["0", "32", "x", "-1"])
    func refused(payday: String) throws {
        let result = try Self.welcomeIncome(payday: payday)
        #expect(result.status == 422)
        #expect(result.start == nil)
        #expect(result.html.contains(#"name="payday" value="\#(payday)""#))
        #expect(result.html.contains(#"id="error-payday""#))
    }

    @Test("the first payday rule", arguments: [
        (31, "2027-02-10", "2027-01-31"), (29, "2027-02-10", "2027-01-29"), (29, "2028-02-10", "2028-02-29"),
        (1, "2026-12-31", "2026-12-01"), (31, "2026-12-01", "2026-12-31"), (31, "2026-03-15", "2026-03-31"),
    ])
    func rule(payday: Int, today: String, start: String) {
        #expect(App.firstPayday(payday, today: date(today)) == date(start))
    }

    @Test("a monthly income from the 31st repeats on the 31st where the month has one")
    func repeatsOnTheDay() throws {
        let (app, database) = try makeTestApp(onboarded: false)
        var browser = TestBrowser(app: app)
        _ = try browser.submit("/welcome", to: "/welcome", [
            ("language", "en"), ("currency", "USD"), ("income", "2500"), ("payday", "31"), ("emergencyMonths", "3")])
        _ = database
        #expect(try CalendarPageTests.plannedDays(&browser, "2026-11", key: "plannedIncome") == [30])
        #expect(try CalendarPageTests.plannedDays(&browser, "2026-12", key: "plannedIncome") == [31])
    }

    @Test("the recurring income and expense forms say the start date sets the day it repeats", arguments: ["income", "expense"])
    func startHint(kind: String) throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let html = browser.get("/data/\(kind)/new?type=recurring").text
        #expect(html.contains(#"<p class="hint" id="hint-start">It repeats from this date: on the same day of the month"#))
    }
}
