import Engine
import Foundation
import HTTPCore
@testable import Storage
import Testing
import TestSupport
@testable import Web

// A card repayment imported from both statements is proposed as one transfer (TransferProposals.swift).

@Suite("Transfers proposed from recorded entries")
struct TransferProposalsTests {
    static func twoStatements(_ database: AppDatabase) throws -> (checking: Int64, card: Int64) {
        try ForecastPageTests.account(database, balance: 2_000_00)   // 1: "Card" in that helper; used as checking here
        guard case .written(let card) = try database.addAccount(NewAccount(name: "Visa", type: .card, openingBalance: cents(-500_00),
                                                                           openedOn: date("2026-01-01"), spendable: true, currency: "USD"),
                                                                formToken: Tokens.random()) else { throw AppError(.malformed) }
        _ = try TransactionsPageTests.insert(database, "2026-11-03", "VISA CARD PAYMENT", 500_00, category: "other", account: 1)
        _ = try TransactionsPageTests.insert(database, "2026-11-04", "PAYMENT THANK YOU", 500_00, income: true, account: card.rawValue)
        return (1, card.rawValue)
    }

    @Test("the ledger proposes the pair; Make transfer links the two imported entries: no expense, no income, balances as they were")
    func ledgerLinks() throws {
        let (app, database) = try makeTestApp()
        _ = try Self.twoStatements(database)
        var browser = TestBrowser(app: app)
        let before = try database.household(settings: PlanSettings(), entriesFrom: date("2026-11-01"), through: date("2026-11-30"))
        #expect(before.entries.count == 2, "until linked, an expense and an income")
        let balances = try database.balances(on: date("2026-11-21"))
        let page = browser.get("/transactions").text
        #expect(page.contains("Possible transfers") && HTML.unescape(page).contains("$500.00 from Card (“VISA CARD PAYMENT”"))
        let form = try #require(HTML.form(in: page, action: "/transfers/link"))
        let linked = browser.post("/transfers/link", form.hidden, formToken: form.token)
        #expect(linked.status == 303)
        let after = try database.household(settings: PlanSettings(), entriesFrom: date("2026-11-01"), through: date("2026-11-30"))
        #expect(after.entries.isEmpty, "a transfer is in no income or expense figure")
        #expect(try database.balances(on: date("2026-11-21")) == balances, "each account's balance is what the bank says")
        #expect(!browser.get("/transactions").text.contains("Possible transfers"))
    }

    @Test("/transfers/new for the same repayment links the recorded entries instead of adding a second pair")
    func transferFormLinks() throws {
        let (app, database) = try makeTestApp()
        let (checking, card) = try Self.twoStatements(database)
        var browser = TestBrowser(app: app)
        #expect(browser.get("/transfers/new").text.contains("Possible transfers"))
        let response = try browser.submit("/transfers/new", to: "/transfers/new",
                                          [("from", String(checking)), ("to", String(card)), ("amount", "500"), ("date", "2026-11-03")])
        #expect(response.status == 303)
        #expect(try browser.follow(response).text.contains("Both sides were already recorded"))
        #expect(try database.transfers(from: date("2026-11-01"), through: date("2026-11-30")).count == 1)
        let entries = try database.entries(from: date("2026-11-01"), through: date("2026-11-30"), limit: 10, offset: 0)
        #expect(entries.count == 2, "no second pair")
    }
}
