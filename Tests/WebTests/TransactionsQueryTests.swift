import Testing
import TestSupport
@testable import Web

/// Tests Sources/Web/Features/Ledger/TransactionsQuery.swift: the ledger's query parameters, checked.
@Suite("Transactions query")
struct TransactionsQueryTests {
    @Test("bad parameters are the app's 400 page", arguments: [
        "kind=gift", "status=maybe", "account=999", "account=abc", "category=nope", "category=Food",
        "before=garbage", "before=2026-11-01.0", "before=2026-11-01.1&after=2026-11-01.2", "kind=income&kind=expense",
        "q=%01", "all=2", "all=1&all=1",
    ])
    func badParameters(_ query: String) throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let response = browser.get("/transactions?" + query)
        #expect(response.status == 400)
        #expect(response.text.contains("<main"), "the app's page")
        #expect(browser.get("/api/v1/transactions?" + query).status == 400)
    }

    @Test("a filter typed wrong: 422, the ledger with the filters open, the text kept and the message by its field; the API refuses it", arguments: [
        ("amount=over+100", "tx-amount", "over 100", "Type an amount such as 250"), ("amount=500-100", "tx-amount", "500-100", "Type an amount"),
        ("amount=0", "tx-amount", "0", "Type an amount"), ("from=2026-13-01", "tx-from", "2026-13-01", "Pick a date between 1900 and 2199."),
        ("to=2300-01-01", "tx-to", "2300-01-01", "Pick a date"), ("from=2026-11-01&to=2026-10-01", "tx-to", "2026-10-01", "“To” is before “From”"),
    ])
    func typedWrong(_ query: String, field: String, kept: String, message: String) throws {
        let (app, database) = try makeTestApp()
        try TransactionsPageTests.insert(database, "2026-11-03", "Milk", 250_00)
        var browser = TestBrowser(app: app)
        browser.language = "en"
        let response = browser.get("/transactions?" + query)
        #expect(response.status == 422)
        let html = HTML.unescape(response.text)
        #expect(html.contains(#"<details class="tx-more" open>"#))
        #expect(html.contains(#"id="\#(field)" name="\#(field.dropFirst(3))" value="\#(kept)""#))
        #expect(html.contains(#"aria-invalid="true""#) && html.contains(#"id="error-\#(field)">\#(message)"#))
        #expect(html.contains("Milk"), "the ledger is shown")
        #expect(browser.get("/api/v1/transactions?" + query).status == 400)
    }
}
