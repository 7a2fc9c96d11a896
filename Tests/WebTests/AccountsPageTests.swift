import Engine
import HTTPCore
@testable import Storage
import Testing
import TestSupport
@testable import Web

// The accounts pages (Features/Ledger/AccountsPage.swift), the account controls of the entry, goal
// and fund forms, the Budget page's Accounts block and GET /api/v1/accounts.
// Today is pinned to 2026-11-21; the household currency is USD (en).

private let validAccount: [(String, String)] = [
    ("name", "Visa"), ("type", "card"), ("openingBalance", "-1,200.50"), ("openedOn", "2026-01-01"), ("spendable", "1")]

func addTestAccount(_ database: AppDatabase, _ name: String = "Checking", opening: Int64 = 1_000_00,
                    type: AccountType = .checking) throws -> ID<Account> {
    guard case .written(let id) = try database.addAccount(NewAccount(
        name: name, type: type, openingBalance: Money(minorUnits: opening), openedOn: date("2026-01-01"),
        spendable: type.spendableByDefault, currency: "USD"), formToken: Tokens.random()) else { throw AppDatabase.SeedError.duplicate }
    return id
}

@Suite("Accounts pages")
struct AccountsPageTests {
    @Test("the new account form defaults spendable by type, and a valid post creates it: 303 with a flash")
    func create() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let checking = browser.get("/accounts/new").text
        #expect(checking.contains(#"name="spendable" value="1" checked"#))
        let savings = browser.get("/accounts/new?type=savings").text
        #expect(!savings.contains(#"name="spendable" value="1" checked"#))
        let response = try browser.submit("/accounts/new", to: "/accounts", validAccount)
        #expect(response.status == 303)
        let page = try browser.follow(response)
        #expect(page.text.contains("Added: “Visa”.") || page.text.contains("Visa"))
        let account = try #require(try database.accounts().first)
        #expect(account.openingBalance == Money(minorUnits: -1_200_50))
        #expect(account.type == .card && account.spendable && account.currency == "USD")
        #expect(page.text.contains("−$1,200.50"))
    }

    @Test("a refused form answers 422 with the input kept and a message by the field", arguments: [
        ("name", ""), ("type", "bank"), ("openingBalance", "abc"), ("openedOn", "2026-02-30"), ("openingBalance", "€5"),
    ])
    func refused(field: String, value: String) throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let fields = validAccount.map { $0.0 == field ? ($0.0, value) : $0 } + [("name", "ignored")].filter { _ in false }
        let response = try browser.submit("/accounts/new", to: "/accounts", fields)
        #expect(response.status == 422)
        #expect(response.text.contains(#"id="error-\#(field)""#))
        if field != "type" { #expect(response.text.contains(#"value="\#(value)""#) || value.isEmpty) }
        #expect(try database.accounts().isEmpty)
    }

    @Test("a taken name is refused by the field (case-insensitively)")
    func duplicateName() throws {
        let (app, database) = try makeTestApp()
        _ = try addTestAccount(database, "visa")
        var browser = TestBrowser(app: app)
        let response = try browser.submit("/accounts/new", to: "/accounts", validAccount)
        #expect(response.status == 422)
        #expect(response.text.contains("An account named “Visa” exists already."))
    }

    @Test("the list shows balances, closed accounts apart, net worth and entries without an account")
    func list() throws {
        let (app, database) = try makeTestApp()
        let checking = try addTestAccount(database)
        let old = try addTestAccount(database, "<b>Old</b>", opening: 5_00)
        var entry = NewEntry(date: date("2026-11-01"), kind: .expense, name: "Food", amount: cents(100_00), category: "food", isActual: true)
        entry.account = EntryAccount(accountID: checking, cleared: true)
        try database.seed(entry)
        try database.seed(NewEntry(date: date("2026-11-01"), kind: .expense, name: "Loose", amount: cents(1_00), category: "food", isActual: true))
        _ = try database.setAccountClosed(id: old, closed: true, formToken: Tokens.random())
        try database.seed(NewDebt(name: "Car", paymentDay: 1, kind: .loan(Loan(balance: cents(300_00), asOf: date("2026-11-21"),
                                                                                apr: APR(hundredths: 0), termMonths: 3))))
        var browser = TestBrowser(app: app)
        let page = browser.get("/accounts")
        #expect(page.status == 200)
        #expect(page.text.contains("$900.00"))
        #expect(page.text.contains("&lt;b&gt;Old&lt;/b&gt;") && !page.text.contains("<b>Old</b>"))
        #expect(page.text.contains("Closed accounts"))
        // Net worth: the open account's 900 minus the loan's 300 (no payment due yet this month).
        #expect(page.text.contains(#"id="net-worth">$600.00"#))
        #expect(page.text.contains(#"href="/transactions?account=none">1 entry has no account"#))
        #expect(page.text.contains(#"href="/accounts" aria-current="page""#))
    }

    @Test("an account page shows its newest 10 entries by day with Show all N; all of them newest first with the running balance, 50 a page")
    func accountPage() throws {
        let (app, database) = try makeTestApp()
        let id = try addTestAccount(database, opening: 0)
        var entries: [NewEntry] = []
        for index in 0..<55 {
            var entry = NewEntry(date: date("2026-10-01").adding(days: index % 30), kind: .income, name: "Pay \(index)",
                                 amount: cents(1_00), isActual: true)
            entry.account = EntryAccount(accountID: id, cleared: false)
            entries.append(entry)
        }
        for entry in entries { try database.seed(entry) }
        var browser = TestBrowser(app: app)
        let summary = browser.get("/accounts/\(id)").text
        #expect(summary.contains(#"id="account-balance">$55.00"#))
        #expect(summary.components(separatedBy: #"<li class="row">"#).count - 1 == 10, "the newest ten")
        #expect(summary.components(separatedBy: #"<h3 class="day-head">"#).count - 1 == 8, "under their eight days")
        #expect(summary.contains("Balance after $55.00"), "with the balance after each")
        #expect(summary.contains(#"<a href="/accounts/\#(id)?all=1" class="show-all">Show all 55 entries</a>"#))
        #expect(!summary.contains("<tr>") && !summary.contains("?before="))
        let first = browser.get("/accounts/\(id)?all=1").text
        #expect(first.contains(#"id="account-balance">$55.00"#))
        #expect(first.components(separatedBy: "<tr>").count - 1 == 51) // header row + 50
        #expect(first.contains(#"<a href="/accounts/\#(id)">Back to the summary</a>"#))
        let older = try #require(first.range(of: #"href="/accounts/\#(id)?all=1&amp;before="#))
        let href = String(first[older.lowerBound...].dropFirst(6).prefix { $0 != "\"" })
        let second = browser.get(href.replacingOccurrences(of: "&amp;", with: "&"))
        #expect(second.status == 200)
        #expect(second.text.components(separatedBy: "<tr>").count - 1 == 6)
        #expect(second.text.contains("$1.00"))
    }

    @Test("a transfer on an account's page is marked as one, not put in the category Other (the summary and all entries)")
    func transferRowsSayTransfer() throws {
        let (app, database) = try makeTestApp()
        let checking = try addTestAccount(database, opening: 1_000_00), card = try addTestAccount(database, "Card", opening: -450_00, type: .card)
        _ = try database.addTransfer(NewTransfer(from: checking, to: card, amount: cents(450_00), date: date("2026-11-20"),
                                                 name: "Transfer: Checking → Card"), formToken: Tokens.random())
        var coffee = NewEntry(date: date("2026-11-21"), kind: .expense, name: "Coffee", amount: cents(3_50), category: "other", isActual: true)
        coffee.account = EntryAccount(accountID: checking, cleared: false)
        try database.seed(coffee)
        var browser = TestBrowser(app: app)
        for path in ["/accounts/\(checking)", "/accounts/\(checking)?all=1", "/accounts/\(card)"] {
            let page = browser.get(path).text
            let row = HTML.between(page, "Transfer: Checking → Card</a>", "</")
            #expect(row.contains("Transfer") && !row.contains("Other"), "\(path): \(row)")
        }
        #expect(HTML.between(browser.get("/accounts/\(checking)").text, "Coffee</a>", "</").contains("Other"))
    }

    @Test("after an import with the bank's closing balance, the account page says whether FinMind agrees")
    func statementAgreement() throws {
        let (app, database) = try makeTestApp()
        let id = try addTestAccount(database, opening: 100_00)
        var entry = NewEntry(date: date("2026-11-10"), kind: .expense, name: "Shop", amount: cents(30_00), category: "food", isActual: true)
        entry.account = EntryAccount(accountID: id, cleared: true)
        try database.seed(entry)
        var browser = TestBrowser(app: app)
        #expect(!browser.get("/accounts/\(id)").text.contains("statement-note"), "no statement, no note")
        func statement(_ balance: Int64) throws {
            try database.write { db in
                try db.execute(sql: "UPDATE account SET statementBalance = :balance, statementDate = '2026-11-15' WHERE id = :id",
                               arguments: ["balance": balance, "id": id])
            }
        }
        try statement(70_00)
        #expect(browser.get("/accounts/\(id)").text.contains("The statement says $70.00 on November 15, 2026, and so does FinMind."))
        try statement(61_00)
        let differs = browser.get("/accounts/\(id)").text
        #expect(differs.contains("The statement says $61.00 on November 15, 2026; FinMind says $70.00, $9.00 apart."))
        #expect(differs.contains(#"class="warning""#))
    }

    @Test("bad ids and keysets", arguments: [
        ("/accounts/999", 404), ("/accounts/999/edit", 404), ("/accounts/0", 404), ("/accounts/x", 404),
        ("/accounts/1?before=2026-13-01&id=1", 400), ("/accounts/1?before=2026-01-01", 400), ("/accounts/1?all=yes", 400), ("/accounts/999/delete", 404),
    ] as [(String, Int)])
    func badAddresses(path: String, status: Int) throws {
        let (app, database) = try makeTestApp()
        _ = try addTestAccount(database)
        var browser = TestBrowser(app: app)
        #expect(browser.get(path).status.code == status)
    }

    @Test("edit saves; close and reopen; delete is refused while entries belong, else deleted with undo")
    func editCloseDelete() throws {
        let (app, database) = try makeTestApp()
        let id = try addTestAccount(database)
        var browser = TestBrowser(app: app)
        let saved = try browser.submit("/accounts/\(id)/edit", to: "/accounts/\(id)/edit",
                                       [("name", "Main"), ("type", "checking"), ("openingBalance", "10"), ("openedOn", "2026-01-01")])
        #expect(saved.status == 303)
        #expect(try database.account(id: id)?.name == "Main")
        #expect(try database.account(id: id)?.spendable == false)
        let closed = try browser.submit("/accounts/\(id)/edit", to: "/accounts/\(id)/close", [])
        #expect(closed.status == 303)
        #expect(try database.account(id: id)?.closed == true)
        _ = try browser.submit("/accounts/\(id)/edit", to: "/accounts/\(id)/reopen", [])
        #expect(try database.account(id: id)?.closed == false)

        var entry = NewEntry(date: date("2026-11-01"), kind: .income, name: "Pay", amount: cents(1_00), isActual: true)
        entry.account = EntryAccount(accountID: id, cleared: false)
        let entryID = try database.seed(entry)
        let offer = browser.get("/accounts/\(id)/delete").text
        #expect(offer.contains(#"action="/accounts/\#(id)/close""#))
        let refused = browser.post("/accounts/\(id)/delete", [], formToken: try browser.formToken(on: "/accounts/\(id)/edit"))
        #expect(refused.status == 303)
        #expect(try database.account(id: id) != nil)

        _ = try database.delete(.entry(entryID), formToken: Tokens.random())
        let deleted = try browser.submit("/accounts/\(id)/delete", to: "/accounts/\(id)/delete", [])
        #expect(deleted.status == 303)
        #expect(try database.account(id: id) == nil)
        let list = try browser.follow(deleted).text
        #expect(list.contains(#"value="account-\#(id)""#))
        let token = try #require(HTML.formToken(in: list, action: "/data/undo"))
        let undone = browser.post("/data/undo", [("thing", "account-\(id)")], formToken: token)
        #expect(undone.status == 303)
        #expect(try database.account(id: id)?.name == "Main")
    }

    @Test("without accounts the entry form has no account select; with one it does and stores the choice")
    func entryForm() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(!browser.get("/data/entry/new?kind=expense").text.contains(#"name="account""#))
        let id = try addTestAccount(database)
        let closed = try addTestAccount(database, "Closed")
        _ = try database.setAccountClosed(id: closed, closed: true, formToken: Tokens.random())
        let form = browser.get("/data/entry/new?kind=expense").text
        #expect(form.contains(#"<option value="\#(id)" selected>Checking</option>"#), "the default account is chosen")
        #expect(!form.contains(">Closed</option>"))
        let fields = DataForm.entry.valid + [("account", String(id)), ("cleared", "1")]
        let created = try browser.submit("/data/entry/new?kind=expense", to: "/data/entry", fields)
        #expect(created.status == 303)
        let entryID = try #require(try database.entries(from: date("2026-11-20"), through: date("2026-11-20"), limit: 1, offset: 0).first?.entry.id)
        #expect(try database.entryAccounts([entryID])[entryID] == EntryAccount(accountID: id, cleared: true))
        // The Budget page shows the account's name on the entry and the Accounts block.
        let budget = browser.get("/data?month=2026-11").text
        #expect(budget.contains("· Checking"))
        #expect(budget.contains(#"id="accounts""#))
        // A closed or unknown account is refused by the field, input kept.
        let refused = try browser.submit("/data/entry/new?kind=expense", to: "/data/entry", DataForm.entry.valid + [("account", String(closed))])
        #expect(refused.status == 422)
        #expect(refused.text.contains(#"id="error-account""#))
    }

    @Test("\"Add entry\" on an account's page picks that account")
    func addFromAccount() throws {
        let (app, database) = try makeTestApp()
        let id = try addTestAccount(database)
        var browser = TestBrowser(app: app)
        let page = browser.get("/accounts/\(id)").text
        #expect(page.contains("/data/entry/new?kind=expense&amp;account=\(id)&amp;back=%2Faccounts%2F\(id)"))
        let form = browser.get("/data/entry/new?kind=expense&account=\(id)&back=%2Faccounts%2F\(id)").text
        #expect(form.contains(#"<option value="\#(id)" selected>Checking</option>"#))
    }

    @Test("the Budget page has no Accounts block without accounts")
    func noBlock() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(!browser.get("/data").text.contains(#"id="accounts""#))
    }

    @Test("a goal's saved so far can follow an account; the fund too")
    func linkedSaved() throws {
        let (app, database) = try makeTestApp()
        let id = try addTestAccount(database, "Savings", opening: 700_00, type: .savings)
        var browser = TestBrowser(app: app)
        let goal = try browser.submit("/data/goal/new", to: "/data/goal", DataForm.goal.valid + [("savedAccount", String(id))])
        #expect(goal.status == 303)
        #expect(try database.savedAccountLinks().goals.values.contains(id))
        let fund = try browser.submit("/data/emergency", to: "/data/emergency", [("saved", "5"), ("savedAccount", String(id))])
        #expect(fund.status == 303)
        #expect(try database.savedAccountLinks().emergency == id)
        let budget = browser.get("/data").text
        #expect(budget.contains("$700.00"))
        // The goal's form keeps the typed number, used again when the link is removed.
        let goalID = try #require(try database.savedAccountLinks().goals.keys.first)
        #expect(browser.get("/data/goal/\(goalID)/edit").text.contains(#"name="saved" value="500.00""#))
        let bad = try browser.submit("/data/emergency", to: "/data/emergency", [("saved", "5"), ("savedAccount", "999")])
        #expect(bad.status == 422)
    }
}
