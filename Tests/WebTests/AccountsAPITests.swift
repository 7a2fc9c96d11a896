import Engine
import Storage
import Testing
import TestSupport
@testable import Web

/// Tests Sources/Web/Features/API/AccountsAPI.swift: GET /api/v1/accounts.
@Suite("Accounts API")
struct AccountsAPITests {
    @Test("GET /api/v1/accounts lists every account with balances in minor units")
    func api() throws {
        let (app, database) = try makeTestApp()
        let id = try addTestAccount(database, "Card \"A\"", opening: -50_00, type: .card)
        var entry = NewEntry(date: date("2026-11-01"), kind: .income, name: "Refund", amount: cents(20_00), isActual: true)
        entry.account = EntryAccount(accountID: id, cleared: true)
        try database.seed(entry)
        var browser = TestBrowser(app: app)
        let response = browser.get("/api/v1/accounts")
        #expect(response.status == 200)
        #expect(response.text == #"[{"id":\#(id),"name":"Card \"A\"","type":"card","balance":-3000,"clearedBalance":-3000,"spendable":true,"closed":false}]"#)
    }
}
