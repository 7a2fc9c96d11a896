import Engine
import Storage
import Testing
import TestSupport
@testable import Web

// Export, import of an export and delete-all with accounts: bad input changes nothing.

@Suite("Accounts in export and import")
struct AccountsExportTests {
    /// A household with an account, an entry in it (cleared), one without, and a goal following it.
    private func seedAccounts(_ database: AppDatabase) throws -> (account: ID<Account>, entry: ID<Entry>) {
        guard case .written(let account) = try database.addAccount(NewAccount(
            name: "Checking", type: .checking, openingBalance: cents(100_00), openedOn: date("2026-01-01"), spendable: true,
            currency: "USD"), formToken: Tokens.random()) else { throw AppDatabase.SeedError.duplicate }
        var entry = NewEntry(date: date("2026-11-02"), kind: .expense, name: "Food", amount: cents(10_00), category: "food", isActual: true)
        entry.account = EntryAccount(accountID: account, cleared: true)
        let entryID = try database.seed(entry)
        try database.seed(NewGoal(name: "Trip", target: cents(1_000_00), savedAccountID: account))
        return (account, entryID)
    }

    @Test("export → delete all → import keeps accounts, entry links and goal links; delete-all removes them")
    func roundTrip() throws {
        let (app, database) = try makeTestApp()
        let (account, entry) = try seedAccounts(database)
        var browser = TestBrowser(app: app)
        let document = browser.get("/api/v1/export").text
        #expect(document.contains(#""account":["#))
        let deleted = try browser.submit("/settings/data", to: "/settings/data/delete", [("confirmDelete", "DELETE")])
        #expect(deleted.status == 303)
        #expect(try database.accounts().isEmpty)
        #expect(try database.holdsNoData())
        let imported = try browser.upload("/settings/data", to: "/settings/data/import",
                                          file: ("file", "export.json", "application/json", Array(document.utf8)))
        #expect(imported.status == 303, "\(imported.text)")
        #expect(try database.account(id: account)?.name == "Checking")
        #expect(try database.entryAccounts([entry])[entry] == EntryAccount(accountID: account, cleared: true))
        #expect(try database.savedAccountLinks().goals.values.contains(account))
        #expect(try database.balance(accountID: account, on: date("2026-11-21")).balance == cents(90_00))
    }

    @Test("an old export without accounts still imports")
    func oldDocument() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let document = #"{"format":"finmind-export","version":1,"household":{"entry":[{"id":1,"date":"2026-11-02","kind":"income","name":"Gift","amount":500,"isActual":1,"note":"","createdAt":"2026-11-02T00:00:00Z"}]}}"#
        let imported = try browser.upload("/settings/data", to: "/settings/data/import",
                                          file: ("file", "old.json", "application/json", Array(document.utf8)))
        #expect(imported.status == 303, "\(imported.text)")
        #expect(try database.entriesWithoutAccount() == 1)
    }

    @Test("impossible account states are refused with 422 and change nothing", arguments: [
        ("an entry in a missing account",
         #"{"format":"finmind-export","version":1,"household":{"entry":[{"id":1,"date":"2026-11-02","kind":"income","name":"Gift","amount":500,"isActual":1,"note":"","createdAt":"x","accountID":9}]}}"#,
         "Table entry, row 1, field accountID"),
        ("a live entry in a deleted account",
         #"{"format":"finmind-export","version":1,"household":{"account":[{"id":1,"name":"A","type":"cash","currency":"USD","openingBalance":0,"openedOn":"2026-01-01","spendable":1,"createdAt":"x","deletedAt":"y"}],"entry":[{"id":1,"date":"2026-11-02","kind":"income","name":"Gift","amount":500,"isActual":1,"note":"","createdAt":"x","accountID":1}]}}"#,
         "Table entry, row 1, field accountID"),
        ("half a transfer",
         #"{"format":"finmind-export","version":1,"household":{"account":[{"id":1,"name":"A","type":"cash","currency":"USD","openingBalance":0,"openedOn":"2026-01-01","spendable":1,"createdAt":"x"}],"entry":[{"id":1,"date":"2026-11-02","kind":"income","name":"Gift","amount":500,"isActual":1,"note":"","createdAt":"x","accountID":1,"transferGroup":1}]}}"#,
         "Table entry, row 1, field transferGroup"),
        ("an unknown account type",
         #"{"format":"finmind-export","version":1,"household":{"account":[{"id":1,"name":"A","type":"bank","currency":"USD","openingBalance":0,"openedOn":"2026-01-01","spendable":1,"createdAt":"x"}]}}"#,
         "Table account, row 1, field type"),
        ("an account name with a control character",
         #"{"format":"finmind-export","version":1,"household":{"account":[{"id":1,"name":"A\u0007B","type":"cash","currency":"USD","openingBalance":0,"openedOn":"2026-01-01","spendable":1,"createdAt":"x"}]}}"#,
         "Table account, row 1, field name"),
        ("reconciled but not cleared",
         #"{"format":"finmind-export","version":1,"household":{"account":[{"id":1,"name":"A","type":"cash","currency":"USD","openingBalance":0,"openedOn":"2026-01-01","spendable":1,"createdAt":"x"}],"entry":[{"id":1,"date":"2026-11-02","kind":"income","name":"Gift","amount":500,"isActual":1,"note":"","createdAt":"x","accountID":1,"cleared":0,"reconciledAt":"2026-11-03"}]}}"#,
         "Table entry, row 1"),
    ])
    func impossibleStates(name: String, document: String, message: String) throws {
        let (app, database) = try makeTestApp()
        _ = try seedAccounts(database)
        var browser = TestBrowser(app: app)
        let before = try database.exportTables()
        let response = try browser.upload("/settings/data", to: "/settings/data/import", fields: [("confirm", "REPLACE")],
                                          file: ("file", "broken.json", "application/json", Array(document.utf8)))
        #expect(response.status == 422, "\(name)")
        #expect(HTML.unescape(response.text).contains(message), "\(name): \(HTML.unescape(response.text).prefix(3000))")
        #expect(try database.exportTables() == before, "\(name)")
    }
}
