import Engine
import Foundation
import GRDB
import HTTPCore
import Testing
import TestSupport
@testable import Storage
@testable import Web

// The transfer form, the reconcile page, and the confirmation a reconciled entry asks for.

extension AppDatabase {
    /// Inserts an account with plain SQL (the accounts' pages are another part's) and returns its id.
    func reconAccount(_ name: String, opening: Int64 = 0, closed: Bool = false,
                      statement: (balance: Int64, date: String)? = nil) throws -> ID<Account> {
        try write { db in
            try db.execute(sql: """
                INSERT INTO account (name, type, currency, openingBalance, openedOn, spendable, closed, statementBalance,
                    statementDate, createdAt)
                VALUES (?, 'checking', 'USD', ?, '2026-01-01', 1, ?, ?, ?, '2026-01-01T00:00:00Z')
                """, arguments: [name, opening, closed, statement?.balance, statement?.date])
            return ID(db.lastInsertedRowID)
        }
    }

    /// Inserts an actual entry of `account` with plain SQL and returns its id.
    func reconEntry(_ account: ID<Account>, _ date: String, _ kind: FlowKind, _ amount: Int64, name: String = "Entry",
                    cleared: Bool = false) throws -> ID<Entry> {
        try write { db in
            try db.execute(sql: """
                INSERT INTO entry (date, kind, name, amount, category, isActual, createdAt, accountID, cleared)
                VALUES (?, ?, ?, ?, ?, 1, '2026-01-01T00:00:00Z', ?, ?)
                """, arguments: [date, kind.rawValue, name, amount, kind == .income ? nil : "food", account, cleared])
            return ID(db.lastInsertedRowID)
        }
    }

    func entryRows() throws -> [Row] { try read { db in try Row.fetchAll(db, sql: "SELECT * FROM entry ORDER BY id") } }
}

@Suite("Transfer form")
struct TransferFormTests {
    @Test("a valid transfer writes the pair (303); the Budget page lists it under Transfers only")
    func valid() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let card = try database.reconAccount("Card"), savings = try database.reconAccount("Savings")
        let response = try browser.submit("/transfers/new", to: "/transfers/new", [
            ("from", String(card)), ("to", String(savings)), ("amount", "5000"), ("date", "2026-11-10"), ("note", "rainy day")])
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/data?month=2026-11#entries")
        let rows = try database.entryRows()
        #expect(rows.map { $0["kind"] as String } == ["expense", "income"])
        #expect(rows.allSatisfy { $0["transferGroup"] as Int64? == rows[0]["id"] as Int64 })
        #expect(rows.allSatisfy { $0["name"] as String == "Transfer: Card → Savings" })
        let page = try browser.follow(response).text
        #expect(page.contains(">Transfers</h3>"))
        #expect(page.contains("Transfer: Card → Savings"))
        #expect(page.contains("Nothing entered for this month."), "the entries list itself stays empty")
        // The figures never count it.
        let household = try database.household(settings: PlanSettings(), entriesFrom: date("2026-11-01"), through: date("2026-11-30"))
        #expect(household.entries.isEmpty)
    }

    @Test("opened from Accounts, the transfer and its Cancel come back to Accounts; from a reconciliation, back to it; an outside address is ignored")
    func comesBackWhereItWasOpened() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let card = try database.reconAccount("Card"), savings = try database.reconAccount("Savings")
        #expect(browser.get("/accounts").text.contains(#"href="/transfers/new?back=%2Faccounts""#))
        #expect(browser.get("/transfers/new?back=%2Faccounts").text.contains(#"class="button secondary" href="/accounts""#), "Cancel")
        let response = try browser.submit("/transfers/new?back=%2Faccounts", to: "/transfers/new", [
            ("from", String(card)), ("to", String(savings)), ("amount", "5000"), ("date", "2026-11-10")])
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/accounts")
        #expect(try browser.follow(response).text.contains("Transfer: Card → Savings"), "the flash on Accounts")
        let reconcile = "/accounts/\(card)/reconcile"
        #expect(browser.get(reconcile).text.contains("href=\"/transfers/new?back=" + FormEncoding.encode(reconcile) + "\""))
        let outside = try browser.form(on: "/transfers/new?back=https%3A%2F%2Fevil.example%2F", action: "/transfers/new")
        #expect(!outside.hidden.contains { $0.0 == "back" })
    }

    @Test("the form starts on the household's default account as From, To left to choose; an address's from= wins")
    func fromStartsOnTheDefaultAccount() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let card = try database.reconAccount("Card"), savings = try database.reconAccount("Savings")
        _ = try database.reconEntry(savings, "2026-11-10", .expense, 5_00, name: "Coffee")
        let expected = try #require(try database.defaultAccountID())
        let html = browser.get("/transfers/new").text
        let from = try #require(html.range(of: #"name="from""#)), to = try #require(html.range(of: #"name="to""#))
        #expect(html[from.upperBound..<to.lowerBound].contains(#"<option value="\#(expected.rawValue)" selected>"#))
        #expect(html[to.upperBound...].contains(#"<option value="" selected>"#), "To is left to choose")
        let named = browser.get("/transfers/new?from=\(card.rawValue)").text
        let namedFrom = try #require(named.range(of: #"name="from""#)), namedTo = try #require(named.range(of: #"name="to""#))
        #expect(named[namedFrom.upperBound..<namedTo.lowerBound].contains(#"<option value="\#(card.rawValue)" selected>"#))
    }


    func refused() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let card = try database.reconAccount("Card"), savings = try database.reconAccount("Savings")
        let closed = try database.reconAccount("Old", closed: true)
        var response = try browser.submit("/transfers/new", to: "/transfers/new", [
            ("from", String(card)), ("to", String(card)), ("amount", "12.34"), ("date", "2026-11-10")])
        #expect(response.status == 422)
        #expect(response.text.contains("Choose two different accounts."))
        #expect(response.text.contains(#"value="12.34""#), "the amount typed is kept")
        response = try browser.submit("/transfers/new", to: "/transfers/new", [
            ("from", String(card)), ("to", String(savings)), ("amount", ""), ("date", "2026-11-10")])
        #expect(response.status == 422)
        response = try browser.submit("/transfers/new", to: "/transfers/new", [
            ("from", String(card)), ("to", String(closed)), ("amount", "1"), ("date", "2026-11-10")])
        #expect(response.status == 422)
        response = try browser.submit("/transfers/new", to: "/transfers/new", [
            ("from", "99"), ("to", String(savings)), ("amount", "1"), ("date", "2026-11-10")])
        #expect(response.status == 422)
        response = try browser.submit("/transfers/new", to: "/transfers/new", [
            ("from", String(card)), ("to", String(savings)), ("amount", "1"), ("date", "2026-12-10")])
        #expect(response.status == 422, "a transfer is actual: not after today")
        #expect(try database.entryRows().isEmpty)
    }

    @Test("with fewer than two open accounts the page says so instead of a form")
    func needsTwoAccounts() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        _ = try database.reconAccount("Card")
        let page = browser.get("/transfers/new")
        #expect(page.status == 200)
        #expect(page.text.contains("A transfer needs two open accounts."))
        #expect(!page.text.contains(#"action="/transfers/new""#))
    }

    @Test("deleting one side from the Budget page deletes both, and says so first")
    func deleteBoth() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let card = try database.reconAccount("Card"), savings = try database.reconAccount("Savings")
        _ = try browser.submit("/transfers/new", to: "/transfers/new", [
            ("from", String(card)), ("to", String(savings)), ("amount", "50"), ("date", "2026-11-10")])
        let ids = try database.entryRows().map { $0["id"] as Int64 }
        let confirm = browser.get("/data/entry/\(ids[1])/delete")
        #expect(confirm.text.contains("both its entries are deleted"))
        let deleted = try browser.submit("/data/entry/\(ids[1])/delete", to: "/data/entry/\(ids[1])/delete", [])
        #expect(deleted.status == 303)
        #expect(try database.entryRows().allSatisfy { $0["deletedAt"] as String? != nil })
    }
}

@Suite("Reconcile page")
struct ReconcilePageTests {
    /// An account opened with 1,000.00, a salary of 500.00 (uncleared) and a cleared coffee of 100.00.
    private func setUp() throws -> (App, AppDatabase, account: ID<Account>, salary: ID<Entry>, coffee: ID<Entry>) {
        let (app, database) = try makeTestApp()
        let account = try database.reconAccount("Card", opening: 1_000_00, statement: (1_400_00, "2026-11-15"))
        let salary = try database.reconEntry(account, "2026-11-05", .income, 500_00, name: "Salary")
        let coffee = try database.reconEntry(account, "2026-11-06", .expense, 100_00, name: "Coffee", cleared: true)
        return (app, database, account, salary, coffee)
    }

    @Test("GET: pre-filled from the last statement, the cleared ones ticked, the difference shown")
    func get() throws {
        let (app, _, account, salary, coffee) = try setUp()
        var browser = TestBrowser(app: app)
        let page = browser.get("/accounts/\(account)/reconcile")
        #expect(page.status == 200)
        #expect(page.text.contains(#"value="2026-11-15""#))
        #expect(page.text.contains(#"value="1400.00""#))
        #expect(page.text.contains(#"value="\#(coffee)" checked"#))
        #expect(!page.text.contains(#"value="\#(salary)" checked"#))
        // Cleared 900.00; statement 1,400.00; difference 500.00, which the salary equals.
        #expect(page.text.contains(#"id="cleared-total">$900.00<"#))
        #expect(page.text.contains(#"id="difference">$500.00<"#))
        #expect(page.text.contains("“Salary”"))
        #expect(page.text.contains("equals the difference"))
        #expect(page.text.contains("Add adjustment of $500.00 and finish"))
        #expect(!page.text.contains(#"value="finish""#), "no Finish while the difference is not 0")
    }

    @Test("Recalculate re-renders with 200, the ticks kept and the figures recomputed, writing nothing")
    func update() throws {
        let (app, database, account, salary, coffee) = try setUp()
        var browser = TestBrowser(app: app)
        let path = "/accounts/\(account)/reconcile"
        let before = try database.entryRows()
        let page = try browser.submit(path, to: path, [("statementDate", "2026-11-15"), ("statementBalance", "1400"),
                                                       ("e", String(salary)), ("e", String(coffee)), ("action", "update")])
        #expect(page.status == 200)
        #expect(page.text.contains(#"value="\#(salary)" checked"#))
        #expect(page.text.contains(#"id="difference">$0.00<"#))
        #expect(page.text.contains(#"value="finish""#))
        #expect(try database.entryRows() == before)
        // A bad balance: 422 with the message by the field.
        let bad = try browser.submit(path, to: path, [("statementDate", "2026-11-15"), ("statementBalance", "abc"),
                                                      ("action", "update")])
        #expect(bad.status == 422)
        #expect(bad.text.contains(#"value="abc""#))
    }

    @Test("Finish with a difference of 0 reconciles and locks; with another difference it is refused (422)")
    func finish() throws {
        let (app, database, account, salary, coffee) = try setUp()
        var browser = TestBrowser(app: app)
        let path = "/accounts/\(account)/reconcile"
        let refused = try browser.submit(path, to: path, [("statementDate", "2026-11-15"), ("statementBalance", "1400"),
                                                          ("e", String(coffee)), ("action", "finish")])
        #expect(refused.status == 422)
        #expect(refused.text.contains("not 0"))
        #expect(try database.entryReconciledAt(id: coffee) == nil)
        let done = try browser.submit(path, to: path, [("statementDate", "2026-11-15"), ("statementBalance", "1400"),
                                                       ("e", String(salary)), ("e", String(coffee)), ("action", "finish")])
        #expect(done.status == 303)
        #expect(try browser.follow(done).text.contains("Reconciled: $1,400.00"))
        #expect(try database.entryReconciledAt(id: salary) != nil)
        #expect(try database.entryReconciledAt(id: coffee) != nil)
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM reconciliation") } == 1)
        #expect(!browser.get(path).text.contains("Salary"), "reconciled entries are no longer listed")
    }

    @Test("an adjustment is written only by its own button, for exactly the amount it names")
    func adjustment() throws {
        let (app, database, account, _, coffee) = try setUp()
        var browser = TestBrowser(app: app)
        let path = "/accounts/\(account)/reconcile"
        // Statement 850.00 with only the coffee ticked: cleared 900.00, difference −50.00.
        let page = try browser.submit(path, to: path, [("statementDate", "2026-11-15"), ("statementBalance", "850"),
                                                       ("e", String(coffee)), ("action", "update")])
        #expect(page.text.contains("Add adjustment of −$50.00 and finish"))
        #expect(try database.entryRows().count == 2, "showing the button writes nothing")
        // The balance changed since the button was drawn: refused, nothing written.
        let stale = try browser.submit(path, to: path, [("statementDate", "2026-11-15"), ("statementBalance", "800"),
                                                        ("e", String(coffee)), ("adjustment", "-5000"), ("action", "adjust")])
        #expect(stale.status == 422)
        #expect(stale.text.contains("The difference is now"))
        #expect(try database.entryRows().count == 2)
        let done = try browser.submit(path, to: path, [("statementDate", "2026-11-15"), ("statementBalance", "850"),
                                                       ("e", String(coffee)), ("adjustment", "-5000"), ("action", "adjust")])
        #expect(done.status == 303)
        let adjustment = try #require(try database.entryRows().last)
        #expect(adjustment["name"] as String == "Balance adjustment")
        #expect(adjustment["kind"] as String == "expense")
        #expect(adjustment["amount"] as Int64 == 50_00)
        #expect(adjustment["reconciledAt"] as String? != nil)
    }

    @Test("save progress stores the ticks without locking")
    func saveProgress() throws {
        let (app, database, account, salary, coffee) = try setUp()
        var browser = TestBrowser(app: app)
        let path = "/accounts/\(account)/reconcile"
        let saved = try browser.submit(path, to: path, [("statementDate", "2026-11-15"), ("statementBalance", "1"),
                                                        ("e", String(salary)), ("action", "save")])
        #expect(saved.status == 303)
        let entries = try database.reconcileEntries(accountID: account, through: date("2026-11-15"))
        #expect(entries.map(\.cleared) == [true, false])
        #expect(try database.entryReconciledAt(id: salary) == nil)
        #expect(try database.entryReconciledAt(id: coffee) == nil)
    }

    @Test("a difference of 90.00 hints at transposed digits; the Russian page is complete")
    func nineAndRussian() throws {
        let (app, _, account, salary, coffee) = try setUp()
        var browser = TestBrowser(app: app, language: "ru")
        let path = "/accounts/\(account)/reconcile"
        let page = try browser.submit(path, to: path, [("statementDate", "2026-11-15"), ("statementBalance", "1490"),
                                                       ("e", String(salary)), ("e", String(coffee)), ("action", "update")])
        #expect(page.status == 200)
        #expect(page.text.contains("Разница делится на 9"))
        #expect(page.text.contains("Добавить корректировку"))
        #expect(!page.text.contains("reconcile_"), "no key shows untranslated")
    }

    @Test("bad account ids and unknown actions: 404 / 400, nothing written")
    func badIDs() throws {
        let (app, database, account, _, _) = try setUp()
        var browser = TestBrowser(app: app)
        #expect(browser.get("/accounts/999/reconcile").status == 404)
        #expect(browser.get("/accounts/0/reconcile").status == 404)
        #expect(browser.get("/accounts/abc/reconcile").status == 404)
        #expect(browser.get("/accounts/\(account)/reconcile/x").status == 404)
        let token = try browser.formToken(on: "/accounts/\(account)/reconcile")
        #expect(browser.post("/accounts/999/reconcile", [("statementDate", "2026-11-15"), ("statementBalance", "1"),
                                                         ("action", "finish")], formToken: token).status == 404)
        #expect(browser.post("/accounts/\(account)/reconcile", [("statementDate", "2026-11-15"), ("statementBalance", "1"),
                                                               ("action", "explode")], formToken: token).status == 400)
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM reconciliation") } == 0)
    }
}

@Suite("Reconciled entries ask first")
struct ReconciledEntryTests {
    /// A reconciled coffee of 100.00 on a Card account.
    private func setUp() throws -> (App, AppDatabase, ID<Entry>) {
        let (app, database) = try makeTestApp()
        let account = try database.reconAccount("Card", opening: 1_000_00)
        let coffee = try database.reconEntry(account, "2026-11-06", .expense, 100_00, name: "Coffee", cleared: true)
        _ = try database.finishReconciliation(accountID: account, statementDate: date("2026-11-10"),
                                              statementBalance: Money(minorUnits: 900_00), ticked: [coffee], .balanced,
                                              formToken: Tokens.random())
        return (app, database, coffee)
    }

    @Test("editing a reconciled entry answers 409 with the question; saving anyway needs the box")
    func edit() throws {
        let (app, database, coffee) = try setUp()
        var browser = TestBrowser(app: app)
        let fields = [("kind", "expense"), ("name", "Coffee beans"), ("amount", "100"), ("date", "2026-11-06"),
                      ("category", "food"), ("status", "actual")]
        let asked = try browser.submit("/data/entry/\(coffee)/edit", to: "/data/entry/\(coffee)", fields)
        #expect(asked.status == 409)
        #expect(asked.text.contains("This entry was reconciled on"))
        #expect(asked.text.contains(#"name="confirmReconciled""#))
        #expect(try database.storedEntry(id: coffee)?.entry.name == "Coffee")
        // Ticked, but another field is wrong: 422, and the box stays ticked.
        let again = try browser.submit("/data/entry/\(coffee)/edit", to: "/data/entry/\(coffee)",
                                       [("kind", "expense"), ("name", ""), ("amount", "100"), ("date", "2026-11-06"),
                                        ("category", "food"), ("status", "actual"), ("confirmReconciled", "1")])
        #expect(again.status == 422)
        #expect(again.text.contains(#"name="confirmReconciled" value="1" checked"#))
        let saved = try browser.submit("/data/entry/\(coffee)/edit", to: "/data/entry/\(coffee)",
                                       fields + [("confirmReconciled", "1")])
        #expect(saved.status == 303)
        #expect(try database.storedEntry(id: coffee)?.entry.name == "Coffee beans")
    }

    @Test("deleting a reconciled entry: its confirmation names the reconciliation; a bare POST gets 409")
    func delete() throws {
        let (app, database, coffee) = try setUp()
        var browser = TestBrowser(app: app)
        let confirm = browser.get("/data/entry/\(coffee)/delete")
        #expect(confirm.text.contains("reconciled on"))
        let token = try browser.formToken(on: "/data/entry/\(coffee)/delete")
        let bare = browser.post("/data/entry/\(coffee)/delete", [], formToken: token)
        #expect(bare.status == 409)
        #expect(try database.storedEntry(id: coffee) != nil)
        let deleted = try browser.submit("/data/entry/\(coffee)/delete", to: "/data/entry/\(coffee)/delete", [])
        #expect(deleted.status == 303)
        #expect(try database.storedEntry(id: coffee) == nil)
    }

    @Test("an entry never reconciled saves as before, with no question")
    func plainEntry() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let id = try database.seed(NewEntry(date: date("2026-11-06"), kind: .expense, name: "Tea", amount: cents(50_00),
                                            category: "food", isActual: true))
        let saved = try browser.submit("/data/entry/\(id)/edit", to: "/data/entry/\(id)", [
            ("kind", "expense"), ("name", "Green tea"), ("amount", "50"), ("date", "2026-11-06"), ("category", "food"),
            ("status", "actual")])
        #expect(saved.status == 303)
    }
}
