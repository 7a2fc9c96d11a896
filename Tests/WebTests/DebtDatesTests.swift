import Engine
import HTTPCore
import Storage
import Testing
import TestSupport
@testable import Web

// Payment-only debts run from an optional start to an optional end.

@Suite("Payment-only debt dates")
struct DebtDatesTests {
    @Test("an installment started earlier this month shows this month's payment and stops after its end")
    func startAndEnd() throws {
        let (app, database) = try makeTestApp()   // today 2026-11-21
        var browser = TestBrowser(app: app)
        let form = browser.get("/data/debt/new?mode=payment").text
        #expect(form.contains(#"name="start""#) && form.contains(#"name="end""#))
        #expect(form.contains(#"value="2026-11-21""#), "the start defaults to the day it is added")
        let response = try browser.submit("/data/debt/new?mode=payment", to: "/data/debt", [
            ("mode", "payment"), ("name", "Sofa"), ("monthlyPayment", "1000"), ("paymentDay", "20"),
            ("start", "2026-11-01"), ("end", "2027-02-20")])
        #expect(response.status == 303)
        #expect(try CalendarPageTests.plannedDays(&browser, "2026-11") == [20])
        #expect(try CalendarPageTests.plannedDays(&browser, "2027-02") == [20])
        #expect(try CalendarPageTests.plannedDays(&browser, "2027-03") == [])
        let debt = try #require(try database.household(settings: PlanSettings(), entriesFrom: date("2026-11-01"),
                                                       through: date("2026-11-30")).debts.first)
        #expect(debt.createdOn == date("2026-11-01"))
        #expect(debt.endsOn == date("2027-02-20"))
        // The edit form shows both dates back.
        let edit = browser.get("/data/debt/\(debt.id)/edit").text
        #expect(edit.contains(#"value="2026-11-01""#) && edit.contains(#"value="2027-02-20""#))
    }

    @Test("without a start the debt starts on the day it is added; an end before the start is refused")
    func defaultsAndValidation() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(try browser.submit("/data/debt/new?mode=payment", to: "/data/debt", [
            ("mode", "payment"), ("name", "Phone"), ("monthlyPayment", "45"), ("paymentDay", "20"), ("start", ""), ("end", "")]).status == 303)
        #expect(try CalendarPageTests.plannedDays(&browser, "2026-11") == [], "the 20th passed before it was added")
        #expect(try CalendarPageTests.plannedDays(&browser, "2026-12") == [20])
        let version = database.version
        let refused = try browser.submit("/data/debt/new?mode=payment", to: "/data/debt", [
            ("mode", "payment"), ("name", "Bad"), ("monthlyPayment", "45"), ("paymentDay", "20"),
            ("start", "2026-11-01"), ("end", "2026-10-01")])
        #expect(refused.status == 422)
        #expect(refused.text.contains(#"id="error-end""#))
        #expect(database.version == version)
    }
}

@Suite("Calendar cells")
struct CalendarCellTests {
    @Test("one compact format for every size", arguments: [
        (450_00 as Int64, "450", "450"), (999_49, "999", "999"), (999_50, "1k", "1к"), (6_500_00, "6.5k", "6,5к"),
        (45_000_00, "45k", "45к"), (17_240_00, "17.2k", "17,2к"), (999_949_99, "999.9k", "999,9к"),
        (1_234_567_00, "1.2M", "1,2М")])
    func compact(minor: Int64, en: String, ru: String) {
        #expect(CalendarFeature.compact(Money(minorUnits: minor), .en) == en)
        #expect(CalendarFeature.compact(Money(minorUnits: minor), .ru) == ru)
    }

    @Test("past days with planned items nobody confirmed are marked, and the currency is named")
    func needsConfirming() throws {
        let (app, database) = try makeTestApp()   // today 2026-11-21
        try database.seed(NewRecurringItem(kind: .expense, name: "Rent", amount: cents(50_000), periodicity: .monthly,
                                           start: date("2026-01-05"), category: "housing"))
        try database.seed(NewRecurringItem(kind: .expense, name: "Gym", amount: cents(3_000), periodicity: .monthly,
                                           start: date("2026-01-25"), category: "health"))
        var browser = TestBrowser(app: app, language: "ru")
        let grid = browser.get("/calendar/2026-11").text
        #expect(grid.contains("нужно подтвердить"))
        #expect(grid.components(separatedBy: #"<span class="needs-confirming" aria-hidden="true">!</span>"#).count - 1 == 2,
                "the 5th in the grid, plus the legend; not the future 25th")
        #expect(grid.contains("Суммы в ₽"))
        let day = browser.get("/calendar/2026-11-05").text
        #expect(day.contains("нужно подтвердить"))
        #expect(!browser.get("/calendar/2026-11-25").text.contains("нужно подтвердить"))
    }
}
