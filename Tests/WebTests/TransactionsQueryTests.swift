import Testing
import TestSupport
@testable import Web

/// Tests Sources/Web/Pages/TransactionsQuery.swift: the ledger's query parameters, checked.
@Suite("Transactions query")
struct TransactionsQueryTests {
    @Test("bad parameters are the app's 400 page", arguments: [
        "amount=abc", "amount=500-100", "amount=0", "amount=1-2-3", "kind=gift", "status=maybe", "from=2026-13-01",
        "from=2026-11-05&to=2026-11-01", "to=2300-01-01", "account=999", "account=abc", "category=nope", "category=Food",
        "before=garbage", "before=2026-11-01.0", "before=2026-11-01.1&after=2026-11-01.2", "kind=income&kind=expense",
        "q=%01",
    ])
    func badParameters(_ query: String) throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let response = browser.get("/transactions?" + query)
        #expect(response.status == 400)
        #expect(response.text.contains("<main"), "the app's page")
        #expect(browser.get("/api/v1/transactions?" + query).status == 400)
    }
}
