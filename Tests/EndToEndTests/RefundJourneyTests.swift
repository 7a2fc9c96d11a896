import Engine
import Foundation
@testable import Storage
import TestSupport
import Testing
import HTTPCore
@testable import Web

/// Refunds over real HTTP (docs/engine-rules.md, "Refunds in a statement"): a statement with a
/// purchase, a salary and two refunds is uploaded; the preview shows the refunds as money back in
/// their categories; the commit stores them as negative expenses, so the Budget's food spent falls
/// and the month's income is the salary alone.
@Suite("Refunds over HTTP")
struct RefundJourneyTests {
    @Test("a statement's refunds: preview shows them as refunds, the commit lowers the category's spent and leaves income alone")
    func refundJourney() throws {
        let live = try ConfiguredServer()
        guard case .written(let account) = try live.database.addAccount(NewAccount(
            name: "Card", type: .checking, openingBalance: Money(minorUnits: 0), openedOn: Day(iso: "2026-01-01")!, spendable: true,
            currency: "USD"), formToken: Tokens.random()) else {
            Issue.record("setup not written"); return
        }
        let browser = RawBrowser(port: live.port)
        let csv = """
            Date,Amount,Payee
            2026-11-03,-60.00,WHOLEFDS MKT 10234
            2026-11-10,2500.00,PAYROLL ACME CORP
            2026-11-12,12.50,WHOLEFDS MKT 10234
            2026-11-16,25.99,AMAZON MARKETPLACE REFUND
            """
        let upload = try browser.postMultipart("/import", [("account", "\(account)")],
                                               file: (name: "file", filename: "statement.csv", type: "text/csv", bytes: Array(csv.utf8)))
        let preview = try #require(upload.header("Location"), "\(upload.status) \(upload.text.prefix(300))")
        let page = HTML.unescape(try browser.get(preview).text)
        #expect(page.components(separatedBy: "badge refund").count - 1 == 2, "two rows are refunds")
        #expect(page.contains("$12.50 back") && page.contains("$25.99 back"))
        #expect(page.contains("Money back: it lowers Food spending, not income."))
        #expect(page.contains("<option value=\"\">Income (not a refund)</option>"), "a refund can be switched back to income")
        #expect(page.contains("<option value=\"\" selected>Income (not a refund)</option>"), "the salary stays income")
        let posted = [("page", "1")] + (0..<4).map { ("row-\($0)", "import") }
        #expect(try browser.post(preview + "/commit", posted).status == 303)

        let budget = HTML.unescape(try browser.get("/data").text)
        let block = HTML.between(budget, "id=\"category-month\"", "</details>")
        // Food: 60.00 spent, 12.50 back = 47.50; the Amazon refund is money back in Other.
        #expect(block.contains("$47.50"), "\(block)")
        #expect(block.contains("−$25.99"), "\(block)")
        // The month's actual income and expense, day by day (the Calendar's figures).
        let calendar = try browser.get("/api/v1/calendar/2026-11").text
        let json = try #require(try JSONSerialization.jsonObject(with: Data(calendar.utf8)) as? [String: Any])
        let days = try #require(json["days"] as? [[String: Any]])
        let income = days.compactMap { $0["actualIncome"] as? Int }.reduce(0, +)
        let expense = days.compactMap { $0["actualExpense"] as? Int }.reduce(0, +)
        #expect(income == 2500_00, "the month's income is the salary alone")
        #expect(expense == 60_00 - 12_50 - 25_99, "the refunds lower the month's spending")
        let today = HTML.unescape(try browser.get("/today").text)
        #expect(!today.contains("$2,538.49"), "the refunds are not income")
        #expect(today.contains("<div class=\"row-amount num\">+$25.99</div>"), "a refund is money back in Today's list")
        let food = HTML.unescape(try browser.get("/transactions?category=food").text)
        #expect(food.contains("+$12.50") && food.contains("−$60.00"))
        let forecast = try browser.get("/api/v1/today").text
        #expect(forecast.contains("\"amount\":-2599"), "the API gives a refund as a negative expense")
    }
}
