import Engine
import Foundation
import HTTPCore
@testable import Storage
import Testing
import TestSupport
@testable import Web

// Every path that records money looks for the planned item it fulfils, and puts it in an account
// (Sources/Web/Features/Budget/RecordingMoney.swift; SPEC §11; docs/engine-rules.md, "One money model").

@Suite("Recording money on every path")
struct RecordingMoneyTests {
    /// A Russian household paid 120 000 ₽ on the 5th, with a checking account; today is payday.
    static func payday() throws -> (App, AppDatabase, ID<RecurringItem>) {
        let (app, database) = try makeTestApp(today: "2026-11-05")
        _ = try database.saveSettings(["currency": "RUB"])
        let salary = try database.seed(NewRecurringItem(kind: .income, name: "Зарплата", amount: cents(120_000_00), periodicity: .monthly,
                                                        start: date("2026-01-05")))
        _ = try database.addAccount(NewAccount(name: "Карта", type: .card, openingBalance: cents(30_000_00), openedOn: date("2026-10-01"),
                                               spendable: true, currency: "RUB"), formToken: Tokens.random())
        return (app, database, salary)
    }

    static func json(_ response: Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test("«зарплата 120000 5 числа» on payday confirms the planned salary once, in the default account (once counted twice: 240 000 ₽ that day)")
    func salaryInPlainWords() throws {
        let (app, database, salary) = try Self.payday()
        var browser = TestBrowser(app: app)
        browser.language = "ru"
        let text = "зарплата 120000 5 числа"
        let card = browser.get("/quick?text=" + FormEncoding.encode(text) + "&back=%2Ftoday")
        #expect(card.status == 200)
        #expect(card.text.contains("Подтверждает запланированное «Зарплата»"), "the card proposes the planned salary")
        let form = try #require(HTML.form(in: card.text, action: "/quick"))
        let fields = HTML.fields(in: card.text, action: "/quick").filter { $0.0 != "_form" && $0.0 != "_csrf" }
        let saved = browser.post("/quick", fields, formToken: form.token)
        #expect(saved.status == 303, "\(fields) \(saved.text.prefix(300))")
        let household = try database.household(settings: PlanSettings(), entriesFrom: date("2026-11-01"), through: date("2026-11-30"))
        #expect(household.entries.count == 1)
        #expect(household.entries.first?.confirms == OccurrenceKey(source: .recurring(salary), date: date("2026-11-05")))
        #expect(try database.entryAccounts([household.entries[0].id]).values.first?.accountID != nil, "in the default account")
        // The day: planned 120 000, actual 120 000, nothing still expected.
        let day = try #require(try Self.json(browser.get("/api/v1/calendar/2026-11"))["days"] as? [[String: Any]])
            .first { $0["date"] as? String == "2026-11-05" }
        #expect(day?["plannedIncome"] as? Int == 120_000_00 && day?["actualIncome"] as? Int == 120_000_00 && day?["pendingIncome"] as? Int == 0)
    }

    @Test("a one-off form's income on payday confirms the salary; the flash's Record separately makes it a separate entry")
    func budgetFormAndRecordSeparately() throws {
        let (app, database, salary) = try Self.payday()
        var browser = TestBrowser(app: app)
        let added = try browser.submit("/data/entry/new?kind=income", to: "/data/entry",
                                       [("kind", "income"), ("name", "Salary"), ("amount", "118000"), ("date", "2026-11-05"), ("status", "actual")])
        #expect(added.status == 303)
        let page = try browser.follow(added).text
        #expect(HTML.unescape(page).contains("It confirms your planned “Зарплата” of November 5, 2026"))
        #expect(page.contains("Record separately"))
        let entry = try #require(try database.household(settings: PlanSettings(), entriesFrom: date("2026-11-05"), through: date("2026-11-05")).entries.first)
        #expect(entry.confirms?.source == .recurring(salary))
        let separate = try #require(HTML.form(in: page, action: "/data/undo"))
        #expect(separate.hidden.contains { $0 == ("thing", "separate-\(entry.id)") })
        #expect(browser.post("/data/undo", separate.hidden, formToken: separate.token).status == 303)
        #expect(try database.storedEntry(id: entry.id)?.entry.confirms == nil)
    }

    @Test("every entry form offers the account, the default one chosen; cash outside accounts is the other choice")
    func accountsEverywhere() throws {
        let (app, _, _) = try Self.payday()
        var browser = TestBrowser(app: app)
        for page in ["/data/entry/new?kind=expense", "/calendar/2026-11-05", "/quick?text=coffee%204.50"] {
            let html = browser.get(page).text
            #expect(html.contains(#"<option value="1" selected>Карта</option>"#), "\(page)")
            #expect(html.contains("Cash (outside accounts)"), "\(page)")
        }
    }
}
