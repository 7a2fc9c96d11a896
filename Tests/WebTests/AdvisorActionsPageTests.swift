import Engine
import Foundation
import HTTPCore
@testable import Storage
import Testing
import TestSupport
@testable import Web

/// The advisor's actions: the command reaches a preview card that writes nothing;
/// confirming writes exactly what the preview showed and logs it; Undo restores the exact
/// previous state (the export before equals the export after apply + undo, the log aside).
@Suite("Advisor actions")
struct AdvisorActionsPageTests {
    /// A household with an income, rent, a loan and a goal.
    static func seed(_ database: AppDatabase) throws {
        let start = date("2026-01-01")
        try database.seed(NewRecurringItem(kind: .income, name: "Salary", amount: cents(250_000_00), periodicity: .monthly, start: start))
        try database.seed(NewRecurringItem(kind: .expense, name: "Rent", amount: cents(112_000_00), periodicity: .monthly, start: start,
                                           category: "housing"))
        try database.seed(NewDebt(name: "Card", paymentDay: 10, kind: .loan(Loan(balance: cents(300_000_00), asOf: date("2026-11-21"),
                                                                                 apr: APR(hundredths: 2490), minimumPayment: cents(15_000_00)))))
        try database.seed(NewDebt(name: "Car", paymentDay: 15, kind: .loan(Loan(balance: cents(100_000_00), asOf: date("2026-11-21"),
                                                                                apr: APR(hundredths: 900), minimumPayment: cents(5_000_00)))))
        try database.seed(NewGoal(name: "Laptop", target: cents(150_000_00)))
        _ = try database.addCategoryLimit(CategoryLimit(category: "transport", period: .month, amount: cents(8_000_00)), formToken: Tokens.random())
    }

    /// Every household table but the action log.
    static func export(_ database: AppDatabase) throws -> [ExportTable] {
        try database.exportTables().filter { $0.name != "advisorAction" }
    }

    @Test("each question asks for its action; preview writes nothing; apply writes what it showed; undo restores the export", arguments: [
        "add a goal vacation 100000 by June", "set a limit for food 20000", "set a limit for transport 9000", "switch to snowball",
        "я потратил 450 на обед", "добавь цель отпуск 150 000 к июню", "add a recurring expense gym 3000", "add income freelance 20000",
    ])
    func applyAndUndo(question: String) throws {
        let (app, database) = try makeTestApp()
        try Self.seed(database)
        var browser = TestBrowser(app: app)
        let before = try Self.export(database)

        // The question leads to the preview card; nothing is written.
        let askToken = try browser.formToken(on: "/advisor", action: "/advisor/ask")
        let asked = browser.post("/advisor/ask", [("q", question)], formToken: askToken)
        #expect(asked.status == 303)
        let location = try #require(asked.headers["Location"])
        #expect(location.hasPrefix("/advisor/actions/preview?action="), "\(question) → \(location)")
        let preview = try browser.follow(asked)
        #expect(preview.status == 200, "\(question): \(preview.text.prefix(400))")
        #expect(preview.text.contains("Free per month") && preview.text.contains("Confirm and apply"))
        #expect(try Self.export(database) == before, "the preview writes nothing")
        #expect(try database.advisorActions().isEmpty)

        // Confirming writes what the preview showed: the "after" free cash flow is the plan's now.
        let shownAfter = try #require(Self.after("Free per month", in: preview.text))
        let applied = try browser.submit(location, to: "/advisor/actions/apply", [])
        #expect(applied.status == 303 && applied.headers["Location"] == "/advisor/actions", "\(applied.status) \(applied.text.prefix(300))")
        #expect(try Self.export(database) != before, "the action was written")
        let plan = try jsonObject(browser.get("/api/v1/plan"))
        let display = Display(t: Translations(.en), currency: .usd)
        #expect(display.money(Money(minorUnits: integer(plan, "freeCashFlow") ?? -1)) == shownAfter)
        if let payoff = plan["payoff"] as? [String: Any], let strategy = payoff["strategy"] as? String,
           let summary = payoff[strategy] as? [String: Any], let month = (summary["debtFreeDate"] as? String).flatMap(YearMonth.init(iso:)) {
            #expect(Self.after("Debt-free", in: preview.text) == display.month(month), "the debt-free month shown is the one written")
        }
        let log = try database.advisorActions()
        #expect(log.count == 1 && log[0].undoneAt == nil)
        // A second submit of the same form writes nothing more.
        let page = browser.get("/advisor/actions")
        #expect(page.text.contains(log[0].summary) && page.text.contains(">Undo<"))

        // Undo restores exactly the previous state.
        let undone = try browser.submit("/advisor/actions", to: "/advisor/actions/\(log[0].id)/undo", [])
        #expect(undone.status == 303)
        #expect(try Self.export(database) == before, "\(question): undo restores the export")
        #expect(try database.advisorActions().first?.undoneAt != nil)
        // Undoing twice is a 404 and changes nothing.
        let again = browser.post("/advisor/actions/\(log[0].id)/undo", [], formToken: Tokens.random())
        #expect(again.status == 404)
        #expect(try Self.export(database) == before)
    }

    /// The "after" cell of the preview row labelled `label`.
    static func after(_ label: String, in html: String) -> String? {
        guard let row = html.range(of: "<th scope=\"row\">\(label)</th>") else { return nil }
        let cells = html[row.upperBound...].components(separatedBy: "</td>").prefix(2)
        guard cells.count == 2, let start = cells[1].range(of: "\">", options: .backwards) else { return nil }
        return String(cells[1][start.upperBound...])
    }

    @Test("an invalid action is refused by the forms' rules with a 422 card and writes nothing", arguments: [
        "/advisor/actions/preview?action=goal&name=&target=100", "/advisor/actions/preview?action=goal&name=Trip&target=abc",
        "/advisor/actions/preview?action=goal&name=Trip&target=100&id=3", "/advisor/actions/preview?action=limit&category=nope&amount=100",
        "/advisor/actions/preview?action=strategy&strategy=yolo", "/advisor/actions/preview?action=entry&kind=expense&name=X&amount=5&category=food&date=2030-01-01&status=actual",
        "/advisor/actions/preview?action=income&name=X&amount=-5&periodicity=monthly&start=2026-11-21",
    ])
    func invalid(target: String) throws {
        let (app, database) = try makeTestApp()
        try Self.seed(database)
        var browser = TestBrowser(app: app)
        let before = try Self.export(database)
        let response = browser.get(target)
        #expect(response.status == 422)
        #expect(!response.text.contains("Confirm and apply"))
        // Posting it anyway is refused the same way.
        let query = String(target.split(separator: "?")[1])
        let fields = query.split(separator: "&").map { pair -> (String, String) in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
        let posted = browser.post("/advisor/actions/apply", fields, formToken: Tokens.random())
        #expect(posted.status == 422)
        #expect(try Self.export(database) == before)
        #expect(try database.advisorActions().isEmpty)
        #expect(browser.get("/advisor/actions/preview?action=drop").status == 404)
    }

    @Test("apply needs the CSRF token and a single-use form token")
    func tokens() throws {
        let (app, database) = try makeTestApp()
        try Self.seed(database)
        var browser = TestBrowser(app: app)
        let fields = [("action", "strategy"), ("strategy", "snowball")]
        #expect(browser.post("/advisor/actions/apply", fields, csrf: false).status == 403)
        #expect(browser.post("/advisor/actions/apply", fields).status == 400, "no form token")
        let token = Tokens.random()
        #expect(browser.post("/advisor/actions/apply", fields, formToken: token).status == 303)
        #expect(browser.post("/advisor/actions/apply", fields, formToken: token).status == 303)
        #expect(try database.advisorActions().count == 1, "a double submit writes once")
    }

    @Test("the Advisor page shows this week's and this month's insight cards, and links the action log")
    func insightsOnAdvisorPage() throws {
        let (app, database) = try makeTestApp()
        try Self.seed(database)
        try database.seed(NewEntry(date: date("2026-11-20"), kind: .expense, name: "Lunch", amount: cents(45_00), category: "food", isActual: true))
        try database.seed(NewEntry(date: date("2026-11-10"), kind: .expense, name: "Lunch", amount: cents(15_00), category: "food", isActual: true))
        var browser = TestBrowser(app: app)
        let html = browser.get("/advisor").text
        #expect(html.contains("Insights") && html.contains("This week") && html.contains("This month"))
        #expect(html.contains("+$30.00"), "food: 45.00 this week against 15.00 the week before")
        #expect(html.contains(#"href="/advisor/actions""#))
        browser.language = "ru"
        let ru = browser.get("/advisor").text
        #expect(ru.contains("Итоги") && ru.contains("Эта неделя"))
    }
}
