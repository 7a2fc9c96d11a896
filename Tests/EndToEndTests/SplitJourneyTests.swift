import Engine
import Foundation
import Storage
import Testing
import HTTPCore
@testable import Web

/// Splits over real HTTP (docs/engine-rules.md, "Splits"): a QIF receipt with split lines is
/// uploaded, previewed as one row naming its parts, committed as one entry with its parts; the
/// ledger's category filter lists it at the part's amount; its split form changes the parts.
@Suite("Splits over HTTP")
struct SplitJourneyTests {
    @Test("a QIF split: preview → commit → ledger by category → the split form changes it")
    func qifSplitJourney() throws {
        let live = try ConfiguredServer()
        guard case .written(let account) = try live.database.addAccount(NewAccount(
            name: "Card", type: .checking, openingBalance: Money(minorUnits: 0), openedOn: Day(iso: "2026-01-01")!, spendable: true,
            currency: "USD"), formToken: Tokens.random()),
            case .written(let household) = try live.database.addCategory(name: "Household", formToken: Tokens.random()) else {
            Issue.record("setup not written"); return
        }
        let browser = RawBrowser(port: live.port)
        let qif = "!Type:Bank\nD11/14/2026\nT-42.50\nPSHOP 17\nSGroceries\n$-30.00\nSHousehold\n$-12.50\n^\n"
        let upload = try browser.postMultipart("/import", [("account", "\(account)")],
                                               file: (name: "file", filename: "receipt.qif", type: "application/qif", bytes: Array(qif.utf8)))
        let preview = try #require(upload.header("Location"), "\(upload.status) \(upload.text.prefix(300))")
        #expect(try browser.get(preview).text.contains("split: Food $30.00, Household $12.50"))
        #expect(try browser.post(preview + "/commit", [("page", "1"), ("row-0", "import")]).status == 303)

        let ledger = try browser.get("/transactions?category=\(household)").text
        #expect(ledger.contains("SHOP 17") && ledger.contains("−$12.50") && ledger.contains("1 entry"))
        let id = try #require(try live.database.ledgerPage(LedgerFilter(), at: .newest).rows.first?.id)
        let form = try browser.get("/data/entry/\(id)/split")
        #expect(form.status == 200 && form.text.contains("Remove the split"))
        let saved = try browser.post("/data/entry/\(id)/split", [("rows", "3"), ("category0", "food"), ("amount0", "32.50"),
                                                                 ("category1", household), ("amount1", "10"), ("category2", ""), ("amount2", "")])
        #expect(saved.status == 303)
        #expect(try live.database.entryParts(id: id) == [EntryPart(category: "food", amount: Money(minorUnits: 32_50)),
                                                        EntryPart(category: household, amount: Money(minorUnits: 10_00))])
        let refused = try browser.post("/data/entry/\(id)/split", [("rows", "2"), ("category0", "food"), ("amount0", "1"),
                                                                   ("category1", household), ("amount1", "1")])
        #expect(refused.status == 422 && refused.text.contains("short of"))
    }
}
