import Engine
import Foundation
import HTTPCore
@testable import Storage
import Testing
import TestSupport
@testable import Web

/// The ledger page (/transactions), its bulk actions and /api/v1/transactions, in process.
@Suite("Transactions page")
struct TransactionsPageTests {
    /// An entry inserted with plain SQL, the bank's columns included.
    @discardableResult
    static func insert(_ database: AppDatabase, _ date: String, _ name: String, _ amount: Int64, income: Bool = false,
                       category: String = "food", payee: String? = nil, account: Int64? = nil, actual: Bool = true) throws -> ID<Entry> {
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO entry (date, kind, name, amount, category, isActual, note, createdAt, plannedAmount, accountID, payeeRaw)
                VALUES (?, ?, ?, ?, ?, ?, '', '2026-01-01T00:00:00Z', ?, ?, ?)
                """, arguments: [date, income ? "income" : "expense", name, amount, income ? nil : category, actual,
                                 actual ? nil : amount, account, payee])
            return ID(db.lastInsertedRowID)
        }
    }

    static func account(_ database: AppDatabase, _ name: String) throws -> Int64 {
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO account (name, type, currency, openingBalance, openedOn, spendable, createdAt)
                VALUES (?, 'card', 'USD', 0, '2026-01-01', 1, '2026-01-01T00:00:00Z')
                """, arguments: [name])
            return db.lastInsertedRowID
        }
    }

    static func live(_ database: AppDatabase) throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entry WHERE deletedAt IS NULL") ?? 0 }
    }

    @Test("the page lists entries newest first with payee, account, marks and totals; names escaped; nav links it")
    func page() throws {
        let (app, database) = try makeTestApp()
        let card = try Self.account(database, "Visa <b>")
        try Self.insert(database, "2026-11-01", "<script>alert(1)</script>", 12_50, payee: "SHOP <i>42</i>", account: card)
        try Self.insert(database, "2026-11-02", "Salary", 1_000_00, income: true)
        var browser = TestBrowser(app: app)
        let response = browser.get("/transactions")
        #expect(response.status == 200)
        let html = response.text
        #expect(!html.contains("<script>alert"), "names are escaped")
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("SHOP &lt;i&gt;42&lt;/i&gt;"))
        #expect(html.contains("Visa &lt;b&gt;"))
        #expect(html.contains("No account"))
        #expect(html.contains("+$1,000.00") && html.contains("−$12.50"))
        #expect(html.range(of: "Salary")!.lowerBound < html.range(of: "&lt;script&gt;")!.lowerBound, "newest first")
        #expect(html.contains("2 entries"))
        #expect(html.contains(#"href="/transactions""#) && html.contains(">Transactions<"))
        #expect(browser.get("/transactions?lang=ru").text.contains("Операции"))
    }

    @Test("a transfer's two rows carry the transfer mark and no category (a transfer is in none, not in Other)")
    func transferRowsHaveNoCategory() throws {
        let (app, database) = try makeTestApp()
        let checking = try addTestAccount(database, opening: 1_000_00), card = try addTestAccount(database, "Card", opening: -450_00, type: .card)
        _ = try database.addTransfer(NewTransfer(from: checking, to: card, amount: cents(450_00), date: date("2026-11-20"),
                                                 name: "Transfer: Checking → Card"), formToken: Tokens.random())
        _ = try Self.insert(database, "2026-11-21", "Coffee", 3_50, category: "other")
        var browser = TestBrowser(app: app)
        let page = browser.get("/transactions").text
        let rows = page.components(separatedBy: "Transfer: Checking → Card</a>").dropFirst().map { String($0.prefix(600)) }
        #expect(rows.count == 2)
        for row in rows {
            let detail = HTML.between(row, #"<span class="row-detail">"#, "</span>")
            #expect(!detail.contains("Other"), "\(detail)")
            #expect(row.contains("⇄ transfer"), "\(row)")
        }
        #expect(HTML.between(HTML.between(page, "Coffee</a>", "</div>"), #"<span class="row-detail">"#, "</span>").contains("Other"))
    }

    @Test("filters are links: the form's values come back, chips remove one filter each")
    func filtersAndChips() throws {
        let (app, database) = try makeTestApp()
        try Self.insert(database, "2026-11-01", "Молоко", 250_00)
        try Self.insert(database, "2026-11-02", "Хлеб", 90_00)
        try Self.insert(database, "2026-11-03", "МОЛОКО 2", 400_00)
        var browser = TestBrowser(app: app)
        let html = browser.get("/transactions?q=%D0%BC%D0%BE%D0%BB%D0%BE%D0%BA%D0%BE&amount=100-300&kind=&status=").text
        #expect(html.contains("1 entry"))
        #expect(html.contains("Молоко") && !html.contains("Хлеб") && !html.contains("МОЛОКО 2"))
        #expect(html.contains(#"value="100-300""#))
        // Removing the amount keeps the text: both spellings of milk.
        #expect(html.contains(#"href="/transactions?q=%D0%BC%D0%BE%D0%BB%D0%BE%D0%BA%D0%BE""#))
        let text = browser.get("/transactions?q=%D0%BC%D0%BE%D0%BB%D0%BE%D0%BA%D0%BE").text
        #expect(text.contains("2 entries") && text.contains("МОЛОКО 2"))
        #expect(browser.get("/transactions?amount=90").text.contains("1 entry"))
        #expect(browser.get("/transactions?amount=90%2C00-250").text.contains("2 entries"))
        #expect(browser.get("/transactions?category=none").text.contains("No entries match."))
    }

    @Test("the first screen is the summary: the filter's count and totals, the newest 10 entries by day, and Show all N entries")
    func summaryFirst() throws {
        let (app, database) = try makeTestApp()
        for index in 0..<30 { try Self.insert(database, "2026-11-\(String(format: "%02d", 1 + index / 3))", "E\(index)", 1_00) }
        var browser = TestBrowser(app: app)
        let summary = browser.get("/transactions").text
        #expect(summary.components(separatedBy: #"name="id""#).count - 1 == 10, "ten entries")
        #expect(summary.contains(">E29<") && summary.contains(">E20<") && !summary.contains(">E19<"), "the newest ten")
        #expect(summary.components(separatedBy: #"<h3 class="day-head">"#).count - 1 == 4, "under their four days")
        #expect(summary.contains(#"id="tx-totals"><strong>30 entries</strong>"#) && summary.contains("$30.00"), "the totals of all 30")
        #expect(summary.contains(#"<a href="/transactions?all=1" class="show-all">Show all 30 entries</a>"#))
        #expect(!summary.contains(#"class="pager""#), "no pages on the summary")
        let all = browser.get("/transactions?all=1").text
        #expect(all.components(separatedBy: #"name="id""#).count - 1 == 30)
        #expect(all.contains(#"<input type="hidden" name="all" value="1">"#), "the filter form keeps the full list")
        #expect(all.contains(#"<a href="/transactions">Back to the summary</a>"#) && !all.contains("Show all"))
        // A filter keeps its summary and its full list; a short list has no link.
        let filtered = browser.get("/transactions?from=2026-11-07").text
        #expect(filtered.contains(#"href="/transactions?from=2026-11-07&amp;all=1" class="show-all">Show all 12 entries"#))
        #expect(!browser.get("/transactions?from=2026-11-10").text.contains("Show all"))
    }

    @Test("Older and Newer links walk the pages of the full list by cursor")
    func pager() throws {
        let (app, database) = try makeTestApp()
        for index in 0..<120 { try Self.insert(database, "2026-11-01", "E\(index)", 100 + Int64(index)) }
        var browser = TestBrowser(app: app)
        let first = browser.get("/transactions?all=1").text
        let older = try #require(first.range(of: #"href="/transactions?all=1&amp;before="#).map { first[$0.upperBound...].prefix { $0 != "\"" } })
        #expect(!first.contains("after="))
        let second = browser.get("/transactions?before=" + older).text
        #expect(second.contains("all=1&amp;after=") && second.contains("all=1&amp;before="))
        #expect(second.contains(">E69<") && !second.contains(">E70<") && second.contains(">E20<") && !second.contains(">E19<"))
    }

    @Test("bulk recategorise: 303 back to the filtered page with a flash; income skipped with a message")
    func bulkRecategorise() throws {
        let (app, database) = try makeTestApp()
        let a = try Self.insert(database, "2026-11-01", "Taxi", 500_00, category: "other")
        let b = try Self.insert(database, "2026-11-02", "Bus", 50_00, category: "other")
        let pay = try Self.insert(database, "2026-11-03", "Pay", 50_00, income: true)
        var browser = TestBrowser(app: app)
        let response = try browser.submit("/transactions?kind=&amount=50-500", to: "/transactions/bulk",
                                          [("id", "\(a)"), ("id", "\(b)"), ("id", "\(pay)"), ("action", "recategorise"), ("category", "transport")])
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/transactions?amount=50-500")
        let after = try browser.follow(response).text
        #expect(after.contains("Category changed for 2 entries.") && after.contains("1 income or transfer entry left as it was"))
        #expect(browser.get("/transactions?category=transport").text.contains("2 entries"))
        // "All on this page" takes the page's rows.
        let all = try browser.submit("/transactions?category=transport", to: "/transactions/bulk",
                                     [("all", "1"), ("action", "recategorise"), ("category", "food")])
        #expect(try browser.follow(all).text.contains("Category changed for 2 entries."))
    }

    @Test("a bulk form with nothing ticked or nothing chosen is a 422 with the message by the actions")
    func bulkRefused() throws {
        let (app, database) = try makeTestApp()
        let a = try Self.insert(database, "2026-11-01", "Taxi", 500_00)
        var browser = TestBrowser(app: app)
        let none = try browser.submit("/transactions", to: "/transactions/bulk", [("action", "delete")])
        #expect(none.status == 422 && none.text.contains("Select at least one entry"))
        let noCategory = try browser.submit("/transactions", to: "/transactions/bulk", [("id", "\(a)"), ("action", "recategorise")])
        #expect(noCategory.status == 422 && noCategory.text.contains("Choose a category."))
        #expect(noCategory.text.contains(#"value="\#(a)" id="tx-row-\#(a)""#) && noCategory.text.contains(" checked>"), "the ticks are kept")
        let bad = try browser.submit("/transactions", to: "/transactions/bulk", [("id", "x"), ("action", "delete")])
        #expect(bad.status == 400)
        // A `back` that leaves the ledger (or the server) returns to the plain ledger.
        for back in ["//evil.example/transactions", "https://evil.example/", "/data", "/transactions\\x"] {
            let moved = try browser.submit("/transactions", to: "/transactions/bulk", [("id", "\(a)"), ("action", "recategorise"),
                                                                                        ("category", "food"), ("back", back)])
            #expect(moved.status == 303 && moved.headers["Location"] == "/transactions", "\(back)")
        }
        #expect(try Self.live(database) == 1)
    }

    @Test("bulk assign and delete, with an undo in the flash that restores exactly those rows")
    func bulkAssignDeleteUndo() throws {
        let (app, database) = try makeTestApp()
        let card = try Self.account(database, "Card")
        let a = try Self.insert(database, "2026-11-01", "A", 100)
        let b = try Self.insert(database, "2026-11-02", "B", 100)
        let c = try Self.insert(database, "2026-11-03", "C", 100)
        var browser = TestBrowser(app: app)
        let assigned = try browser.submit("/transactions", to: "/transactions/bulk", [("id", "\(a)"), ("id", "\(b)"), ("action", "account"), ("account", "\(card)")])
        #expect(try browser.follow(assigned).text.contains("2 entries moved."))
        #expect(browser.get("/transactions?account=\(card)").text.contains("2 entries"))
        #expect(browser.get("/transactions?account=none").text.contains("1 entry"))

        let deleted = try browser.submit("/transactions?account=\(card)", to: "/transactions/bulk", [("all", "1"), ("action", "delete")])
        #expect(deleted.headers["Location"] == "/transactions?account=\(card)")
        let after = try browser.follow(deleted).text
        #expect(after.contains("2 entries deleted."))
        let undo = try #require(HTML.form(in: after, action: "/data/undo"))
        let thing = try #require(undo.hidden.first { $0.0 == "thing" }?.1)
        #expect(thing.hasPrefix("entries-"))
        #expect(try Self.live(database) == 1)
        // C is deleted on its own meanwhile: the bulk undo leaves it deleted.
        _ = try database.delete(.entry(c), formToken: Tokens.random())
        let restored = browser.send("POST", "/data/undo", headers: [("Content-Type", "application/x-www-form-urlencoded"),
                                                                    ("Referer", "http://localhost:8080/transactions?account=\(card)")],
                                    body: Array("thing=\(thing)&_form=\(undo.token)&_csrf=\(browser.cookies["fm_csrf"]!)".utf8))
        #expect(restored.status == 303 && restored.headers["Location"] == "/transactions?account=\(card)")
        #expect(try browser.follow(restored).text.contains("2 entries restored."))
        #expect(try Self.live(database) == 2)
        #expect(try database.storedEntry(id: c) == nil)
    }

    @Test("the API answers the page's rows in minor units and the next cursor")
    func api() throws {
        let (app, database) = try makeTestApp()
        let card = try Self.account(database, "Card")
        for index in 0..<55 { try Self.insert(database, "2026-10-\(10 + index % 20)", "E\(index)", 1_00 + Int64(index)) }
        let last = try Self.insert(database, "2026-11-20", "Milk", 12_34, payee: "SHOP 1", account: card, actual: false)
        var browser = TestBrowser(app: app)
        let response = browser.get("/api/v1/transactions")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"]?.hasPrefix("application/json") == true)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(items.count == 50)
        let first = items[0]
        #expect(first["id"] as? Int == Int(last.rawValue) && first["date"] as? String == "2026-11-20" && first["name"] as? String == "Milk")
        #expect(first["payee"] as? String == "SHOP 1" && first["kind"] as? String == "expense" && first["amount"] as? Int == 12_34)
        #expect(first["category"] as? String == "food" && first["accountID"] as? Int == Int(card))
        #expect(first["isActual"] as? Bool == false && first["cleared"] as? Bool == false && first["transferGroup"] is NSNull)
        let next = try #require(json["next"] as? String)
        let rest = browser.get("/api/v1/transactions?before=" + next)
        let more = try #require(try JSONSerialization.jsonObject(with: Data(rest.body)) as? [String: Any])
        #expect((more["items"] as? [Any])?.count == 6 && more["next"] is NSNull)
        let filtered = browser.get("/api/v1/transactions?account=\(card)&status=planned")
        let one = try #require(try JSONSerialization.jsonObject(with: Data(filtered.body)) as? [String: Any])
        #expect((one["items"] as? [Any])?.count == 1)
    }

    @Test("a search shorter than three characters is kept with a note and filters nothing; the API refuses it")
    func shortSearch() throws {
        let (app, database) = try makeTestApp()
        try Self.insert(database, "2026-11-01", "Молоко", 250_00)
        try Self.insert(database, "2026-11-02", "Хлеб", 90_00)
        var browser = TestBrowser(app: app)
        let html = browser.get("/transactions?q=%D0%BC%D0%BE").text
        #expect(html.contains("Type at least 3 characters to search.") && html.contains("2 entries"))
        #expect(html.contains(#"value="мо""#))
        #expect(browser.get("/api/v1/transactions?q=%D0%BC%D0%BE").status == 400)
    }
}
