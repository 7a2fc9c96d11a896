import Engine
import Storage
import Testing
import TestSupport
@testable import Web

// The split form (Features/Ledger/EntrySplitPage.swift; docs/engine-rules.md, "Splits") and what a split
// changes on the pages that count by category: the Budget page's month per category, the limits,
// the ledger's category filter and its totals. Today is 2026-11-21; the currency is USD (en).

@Suite("Entry split form")
struct EntrySplitPageTests {
    /// A $42.50 supermarket receipt in food, dated this month.
    private func receipt(_ database: AppDatabase) throws -> ID<Entry> {
        try database.seed(NewEntry(date: date("2026-11-20"), kind: .expense, name: "Supermarket", amount: cents(42_50),
                                   category: "food", isActual: true))
    }

    private let splitFields = [("category0", "food"), ("amount0", "30"), ("category1", "clothing"), ("amount1", "12.50"),
                              ("category2", ""), ("amount2", "")]

    @Test("the entry's form links to its split; a valid split is saved, 303 back with a flash, and the ledger row names the parts")
    func validSplit() throws {
        let (app, database) = try makeTestApp()
        let id = try receipt(database)
        var browser = TestBrowser(app: app)
        let form = browser.get("/data/entry/\(id)/edit").text
        #expect(form.contains(#"href="/data/entry/\#(id)/split""#) && form.contains("Split into categories"))
        let page = browser.get("/data/entry/\(id)/split")
        #expect(page.status == 200)
        #expect(page.text.contains(#"name="category2""#) && !page.text.contains(#"name="category3""#))
        let response = try browser.submit("/data/entry/\(id)/split", to: "/data/entry/\(id)/split", self.splitFields)
        #expect(response.status == 303 && response.headers["Location"] == "/data/entry/\(id)/edit")
        let after = try browser.follow(response).text
        #expect(after.contains("“Supermarket” saved — split: Food $30.00, Clothing $12.50."))
        #expect(after.contains("Change the split"))
        #expect(try database.entryParts(id: id) == [EntryPart(category: "food", amount: cents(30_00)),
                                                   EntryPart(category: "clothing", amount: cents(12_50))])
        #expect(browser.get("/transactions").text.contains("split: Food $30.00, Clothing $12.50"))
    }

    @Test("an account's ledger names a split entry's parts too")
    func accountLedgerShowsParts() throws {
        let (app, database) = try makeTestApp()
        let account = try addTestAccount(database)
        var entry = NewEntry(date: date("2026-11-20"), kind: .expense, name: "Supermarket", amount: cents(42_50), category: "food", isActual: true)
        entry.account = EntryAccount(accountID: account, cleared: false)
        let id = try database.seed(entry)
        _ = try database.splitEntry(id: id, parts: [EntryPart(category: "food", amount: cents(30_00)),
                                                    EntryPart(category: "clothing", amount: cents(12_50))], formToken: Tokens.random())
        var browser = TestBrowser(app: app)
        #expect(browser.get("/accounts/\(account)").text.contains("split: Food $30.00, Clothing $12.50"))
    }

    @Test("parts that do not add up, or an amount with no category, are refused with 422, the rows kept and the message by the field")
    func refused() throws {
        let (app, database) = try makeTestApp()
        let id = try receipt(database)
        var browser = TestBrowser(app: app)
        let short = try browser.submit("/data/entry/\(id)/split", to: "/data/entry/\(id)/split",
                                       [("category0", "food"), ("amount0", "30"), ("category1", "clothing"), ("amount1", "10")])
        #expect(short.status == 422)
        #expect(short.text.contains(#"id="error-parts""#) && short.text.contains("The parts are $2.50 short of $42.50."))
        #expect(short.text.contains(#"name="amount1" value="10""#))
        let uncategorised = try browser.submit("/data/entry/\(id)/split", to: "/data/entry/\(id)/split",
                                               [("category0", "food"), ("amount0", "30"), ("category1", ""), ("amount1", "12.50")])
        #expect(uncategorised.status == 422 && uncategorised.text.contains(#"id="error-category1""#))
        let one = try browser.submit("/data/entry/\(id)/split", to: "/data/entry/\(id)/split", [("category0", "food"), ("amount0", "42.50")])
        #expect(one.status == 422 && one.text.contains("A split needs at least two parts."))
        #expect(try database.entryParts(id: id).isEmpty)
    }

    @Test("“Add a row” shows one more row and saves nothing; “Remove the split” removes it, 303 with a flash")
    func addRowAndRemove() throws {
        let (app, database) = try makeTestApp()
        let id = try receipt(database)
        var browser = TestBrowser(app: app)
        let more = try browser.submit("/data/entry/\(id)/split", to: "/data/entry/\(id)/split", splitFields + [("more", "1")])
        #expect(more.status == 200 && more.text.contains(#"name="category3""#) && more.text.contains(#"name="amount1" value="12.50""#))
        #expect(try database.entryParts(id: id).isEmpty)
        _ = try browser.submit("/data/entry/\(id)/split", to: "/data/entry/\(id)/split", splitFields)
        let page = browser.get("/data/entry/\(id)/split").text
        #expect(page.contains("Remove the split"))
        let token = try #require(HTML.form(in: page, action: "/data/entry/\(id)/split")?.token)
        let removed = browser.post("/data/entry/\(id)/split", [("remove", "1")], formToken: token)
        #expect(removed.status == 303)
        #expect(try browser.follow(removed).text.contains("“Supermarket” is no longer split."))
        #expect(try database.entryParts(id: id).isEmpty)
    }

    @Test("an income, a transfer's side or an unknown entry has no split form (404)")
    func notSplittable() throws {
        let (app, database) = try makeTestApp()
        let income = try database.seed(NewEntry(date: date("2026-11-20"), kind: .income, name: "Refund", amount: cents(10_00),
                                                category: nil, isActual: true))
        var browser = TestBrowser(app: app)
        #expect(browser.get("/data/entry/\(income)/split").status == 404)
        #expect(browser.get("/data/entry/999/split").status == 404)
        #expect(!browser.get("/data/entry/\(income)/edit").text.contains("/split"))
    }

    @Test("changing a split entry's amount in its form removes the split, and the flash says so")
    func amountChangeClears() throws {
        let (app, database) = try makeTestApp()
        let id = try receipt(database)
        var browser = TestBrowser(app: app)
        _ = try browser.submit("/data/entry/\(id)/split", to: "/data/entry/\(id)/split", splitFields)
        let saved = try browser.submit("/data/entry/\(id)/edit", to: "/data/entry/\(id)", DataForm.entry.with(["amount": "50", "name": "Supermarket"]))
        #expect(try browser.follow(saved).text.contains("Its split was removed: the amount or the category changed."))
        #expect(try database.entryParts(id: id).isEmpty)
    }

    @Test("a split entry counts each part in its category: the Budget page's month, the limits and the ledger's category totals")
    func countsParts() throws {
        let (app, database) = try makeTestApp()
        let id = try receipt(database)
        _ = try database.addCategoryLimit(CategoryLimit(category: "clothing", period: .month, amount: cents(100_00)), formToken: Tokens.random())
        _ = try database.splitEntry(id: id, parts: [EntryPart(category: "food", amount: cents(30_00)),
                                                    EntryPart(category: "clothing", amount: cents(12_50))], formToken: Tokens.random())
        var browser = TestBrowser(app: app)
        let budget = browser.get("/data").text
        #expect(budget.contains(#"<th scope="row">Clothing</th><td class="num" data-label="Planned">$100.00"#))
        #expect(budget.contains(#"data-label="Actual">$12.50</td>"#) && budget.contains(#"data-label="Actual">$30.00</td>"#))
        let limits = browser.get("/api/v1/limits").text
        #expect(limits.contains(#""spent":1250"#))
        let clothing = browser.get("/transactions?category=clothing").text
        #expect(clothing.contains("Supermarket") && clothing.contains("−$12.50"))
        #expect(clothing.contains("1 entry"))
        let food = browser.get("/transactions?category=food").text
        #expect(food.contains("−$30.00"))
    }
}
