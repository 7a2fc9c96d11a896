import Engine
import Foundation
import GRDB
import Storage
import Testing
import TestSupport

// The money model over real HTTP (SPEC §11): one household types its evening in through the
// forms the way a browser does, and after every step each page that shows safe to spend prints
// the same block, the API gives the same figures, an expense lowers them by what it cost and
// the salary typed in plain words on its payday confirms the planned salary instead of adding
// a second one. Today is pinned to 2026-11-21.

@Suite("Money model journey over HTTP", .serialized)
struct MoneyModelJourneyTests {
    /// The safe-to-spend block exactly as a page prints it.
    static func block(_ html: String) -> String {
        html.contains("<section class=\"card safe-to-spend\"") ? HTML.between(html, "<section class=\"card safe-to-spend\"", "</section>") : ""
    }

    /// (left until payday, per day) from the Today API, and the block on every page that shows it, which must agree.
    static func safe(_ browser: inout LiveBrowser, _ step: String) throws -> (left: Int, perDay: Int) {
        let blocks = try ["/today", "/data", "/plan", "/forecast"].map { Self.block(try browser.get($0).text) }
        #expect(!blocks[0].isEmpty, "\(step): no safe-to-spend block on Today")
        for (page, shown) in zip(["/data", "/plan", "/forecast"], blocks.dropFirst()) {
            #expect(shown == blocks[0], "\(step): \(page) prints another safe to spend")
        }
        let today = try #require(try JSONSerialization.jsonObject(with: Data(browser.get("/api/v1/today").body)) as? [String: Any])
        let forecast = try #require(try JSONSerialization.jsonObject(with: Data(browser.get("/api/v1/forecast").body)) as? [String: Any])
        let safe = try #require(today["safeToSpend"] as? [String: Any])
        #expect(NSDictionary(dictionary: safe) == NSDictionary(dictionary: try #require(forecast["safeToSpend"] as? [String: Any])),
                "\(step): the two APIs disagree")
        return (try #require(safe["leftUntilPayday"] as? Int), try #require(safe["perDay"] as? Int))
    }

    /// Types `text` into quick entry and saves the card it reads, as a person pressing Save does.
    static func quick(_ browser: inout LiveBrowser, _ text: String) throws -> RawResponse {
        let page = "/quick?text=" + LiveBrowser.encode(text)
        let fields = HTML.fields(in: try browser.get(page).text, action: "/quick").filter { $0.0 != "_form" && $0.0 != "_csrf" }
        return try browser.submit(page, to: "/quick", fields)
    }

    /// Posts the form as a browser would: its own values (selected options, hidden fields) with `typed` filled in.
    static func fill(_ browser: inout LiveBrowser, _ page: String, to action: String, _ typed: [(String, String)]) throws -> RawResponse {
        let typedNames = Set(typed.map(\.0))
        let defaults = HTML.fields(in: try browser.get(page).text, action: action)
            .filter { !["_form", "_csrf"].contains($0.0) && !typedNames.contains($0.0) }
        return try browser.submit(page, to: action, defaults + typed)
    }

    @Test("an account, a salary, rent and a loan; a coffee, groceries and the salary in plain words: one safe to spend everywhere, each expense lowers it by its amount, the salary counted once")
    func journey() throws {
        let live = try LiveServer()
        var browser = LiveBrowser(port: live.port)
        let setup: [(page: String, action: String, fields: [(String, String)])] = [
            ("/accounts/new", "/accounts", [("name", "Checking"), ("type", "checking"), ("openingBalance", "2500"),
                                            ("openedOn", "2026-11-01"), ("spendable", "1")]),
            ("/data/income/new?type=recurring", "/data/income", [
                ("name", "Salary"), ("amount", "3000"), ("periodicity", "monthly"), ("start", "2026-01-20"), ("end", "")]),
            ("/data/expense/new?type=recurring", "/data/expense", [
                ("name", "Rent"), ("amount", "1200"), ("category", "housing"), ("periodicity", "monthly"), ("start", "2026-01-01"),
                ("end", "")]),
            ("/data/debt/new?mode=loan", "/data/debt", [
                ("mode", "loan"), ("name", "Car loan"), ("balance", "6000"), ("asOf", "2026-11-21"), ("apr", "0"), ("term", "12"),
                ("grace", ""), ("minimum", ""), ("paymentDay", "23")]),
        ]
        for step in setup {
            let response = try browser.submit(step.page, to: step.action, step.fields)
            #expect(response.status == 303, "\(step.action): \(response.status)")
        }

        // The salary of the 20th waits to be confirmed; payday is its next date, and the loan's 500.00 on the 23rd falls before it.
        let start = try Self.safe(&browser, "set up")
        let today = try browser.get("/today").text
        #expect(today.contains("Left until payday (December 20, 2026)"))

        // A coffee by quick entry is paid from the household's account and lowers both figures.
        #expect(try Self.quick(&browser, "coffee 4.50").status == 303)
        let coffee = try Self.safe(&browser, "coffee")
        #expect(coffee.left == start.left - 450, "coffee: \(start) → \(coffee)")
        #expect(coffee.perDay <= start.perDay)

        // Groceries on the Calendar's day form: the same account, the same fall.
        let groceries = try Self.fill(&browser, "/calendar/2026-11-21", to: "/calendar/2026-11-21", [
            ("kind", "expense"), ("name", "Groceries"), ("amount", "85.40"), ("category", "food"), ("status", "actual"), ("note", "")])
        #expect(groceries.status == 303)
        let afterGroceries = try Self.safe(&browser, "groceries")
        #expect(afterGroceries.left == coffee.left - 85_40, "groceries: \(coffee) → \(afterGroceries)")

        // Every entry typed in sits in the household's account.
        let unaccounted = try DatabaseQueue(path: live.folder + "/finmind.sqlite").read { db in
            try String.fetchAll(db, sql: "SELECT name FROM entry WHERE accountID IS NULL AND deletedAt IS NULL")
        }
        #expect(unaccounted.isEmpty, "entries saved with no account: \(unaccounted)")

        // The salary typed in plain words the day after its payday confirms the planned salary: one income, not two.
        #expect(try Self.quick(&browser, "salary 3000 yesterday").status == 303)
        let incomes = try live.database.entries(from: Day(year: 2026, month: 11, day: 1)!, through: Day(year: 2026, month: 11, day: 30)!, limit: 100, offset: 0)
            .map(\.entry).filter { $0.kind == .income }
        #expect(incomes.count == 1, "the salary was counted \(incomes.count) times")
        #expect(incomes.first?.confirms != nil, "the typed salary is not the planned one")
        let november = try #require(try JSONSerialization.jsonObject(with: Data(browser.get("/api/v1/calendar/2026-11").body)) as? [String: Any])
        let days = try #require(november["days"] as? [[String: Any]])
        #expect((days[19]["actualIncome"] as? NSNumber)?.int64Value == 300_000)
        #expect((days[19]["pendingIncome"] as? NSNumber)?.int64Value == 0, "the planned salary still waits beside the actual one")
    }
}
