import Engine
import Foundation
import HTTPCore
@testable import Storage
import Testing
import TestSupport
@testable import Web

// The Budget page's HTML, byte for byte, for a fixture household (the page was made
// faster to render and must not change). The expected text is Tests/Golden/budget-page-*.html,
// recorded from main before that change. After a deliberate change to the page, record it again
// with `FINMIND_RECORD_GOLDEN=1 swift test --skip-build --filter BudgetPageHTMLTests` and read the diff.

/// SampleHousehold, an account, a transfer, a user category, and 60 one-off entries of November
/// (two pages) whose names and notes need escaping (quotes, ampersands, tags, combining marks).
private func seedFixture(_ database: AppDatabase) throws {
    try SampleHousehold.seed(database)
    _ = try database.addCategory(name: #"Café & "Bar" <b>"#, formToken: Tokens.random())
    guard case .written(let checking) = try database.addAccount(NewAccount(
        name: "Checking <main> & 'co'", type: .checking, openingBalance: Money(minorUnits: 1_000_00), openedOn: date("2026-01-01"),
        spendable: true, currency: "USD"), formToken: Tokens.random()),
        case .written(let savings) = try database.addAccount(NewAccount(
            name: "Savings", type: .savings, openingBalance: Money(minorUnits: 500_00), openedOn: date("2026-01-01"),
            spendable: false, currency: "USD"), formToken: Tokens.random())
    else { throw AppDatabase.SeedError.duplicate }
    _ = try database.addTransfer(NewTransfer(from: checking, to: savings, amount: Money(minorUnits: 100_00), date: date("2026-11-03"),
                                             name: "To savings & \"rainy\" days", note: "<monthly>"), formToken: Tokens.random())
    let names = [#"Dinner "at" Joe's"#, "Tom & Jerry <b>", "Кофе", "e\u{301}clair &\u{301}", "🍕 pizza", "plain"]
    for k in 0..<60 {
        var entry = NewEntry(date: date("2026-11-\(String(format: "%02d", 1 + k % 28))"), kind: k % 7 == 0 ? .income : .expense,
                             name: names[k % names.count] + " \(k)", amount: cents(Int64(100 + k * 37)),
                             category: k % 7 == 0 ? nil : ["food", "transport", "other", "health"][k % 4],
                             isActual: k % 5 != 0, note: k % 3 == 0 ? "note <\(k)> & \"q\" 'a'" : "")
        if k % 4 == 0 { entry.account = EntryAccount(accountID: checking, cleared: k % 8 == 0) }
        try database.seed(entry)
    }
}

/// The page with this browser's tokens replaced by fixed text (they are random per request).
private func normalised(_ html: String) -> String {
    html.replacingOccurrences(of: #"name="_csrf" value="[^"]*""#, with: #"name="_csrf" value="CSRF""#, options: .regularExpression)
        .replacingOccurrences(of: #"name="_form" value="[^"]*""#, with: #"name="_form" value="FORM""#, options: .regularExpression)
}

@Suite("Budget page HTML")
struct BudgetPageHTMLTests {
    @Test("the page is byte for byte what it was for the fixture household", arguments: [
        ("en", "/data", "budget-page-1"), ("en", "/data?page=2", "budget-page-2"),
        ("en", "/data?month=2026-10&year=2025", "budget-page-october"), ("ru", "/data", "budget-page-ru"), ("de", "/data", "budget-page-de"),
    ])
    func sameHTML(language: String, target: String, golden: String) throws {
        let (app, database) = try makeTestApp()
        try seedFixture(database)
        var browser = TestBrowser(app: app)
        browser.language = language
        let response = browser.get(target)
        try #require(response.status == 200)
        let html = normalised(response.text)
        let path = repositoryRoot + "/Tests/Golden/\(golden).html"
        if ProcessInfo.processInfo.environment["FINMIND_RECORD_GOLDEN"] == "1" {
            try html.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html == expected, "\(target) differs from \(path)")
        // Served again from the page cache: the same text.
        #expect(normalised(browser.get(target).text) == expected)
    }
}
