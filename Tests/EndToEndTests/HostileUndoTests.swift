import Engine
import Foundation
import GRDB
@testable import Storage
import Testing
@testable import Web

// Undo under attack, over real HTTP: an old Restore button that restored a later, other
// bulk delete, and an Advisor undo that deleted an entry an import had linked a bank row to.

/// The undo a redirect's flash offers ("entries-<n>", "entry-<id>"…), read from its cookie.
private func offeredUndo(_ response: RawResponse) -> String? {
    response.headers("Set-Cookie").lazy.compactMap { $0.firstMatch(of: /fm_flash=[^;]*u=([a-z]+-[0-9]+)/)?.1 }.first.map(String.init)
}

/// An actual expense typed on 2026-11-02, optionally in `account`.
private func seedExpense(_ database: AppDatabase, _ name: String, account: ID<Account>? = nil) throws -> ID<Entry> {
    var entry = NewEntry(date: Day(iso: "2026-11-02")!, kind: .expense, name: name, amount: Money(minorUnits: 12_50), category: "food",
                         isActual: true)
    if let account { entry.account = EntryAccount(accountID: account, cleared: false) }
    guard case .written(let id) = try database.addEntry(entry, origin: .dataPage, formToken: Tokens.random()) else { throw CancellationError() }
    return id
}

/// True when the entry is live (not deleted, soft or hard).
private func isLive(_ database: AppDatabase, _ id: ID<Entry>) throws -> Bool {
    try database.read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM entry WHERE id = ? AND deletedAt IS NULL)", arguments: [id]) } ?? false
}

@Suite("Hostile undo over HTTP", .serialized)
struct HostileUndoTests {
    @Test("an old Restore button of an undone bulk delete never restores a later, different one")
    func bulkUndoIsBoundToItsDelete() throws {
        let live = try ConfiguredServer()
        let browser = RawBrowser(port: live.port)
        let (a, b, c) = (try seedExpense(live.database, "A"), try seedExpense(live.database, "B"), try seedExpense(live.database, "C"))
        let first = try browser.post("/transactions/bulk", [("id", "\(a)"), ("id", "\(b)"), ("action", "delete")])
        let oldUndo = try #require(offeredUndo(first))
        #expect(try browser.post("/data/undo", [("thing", oldUndo)]).status == 303)
        #expect(try isLive(live.database, a) && isLive(live.database, b))

        let second = try browser.post("/transactions/bulk", [("id", "\(c)"), ("action", "delete")])
        let newUndo = try #require(offeredUndo(second))
        #expect(newUndo != oldUndo, "each bulk delete gets its own undo")
        // The first delete's Restore form, submitted again (a fresh form token: another tab).
        #expect(try browser.post("/data/undo", [("thing", oldUndo)]).status == 303)
        #expect(try !isLive(live.database, c), "the old button does not bring back C")
        #expect(try browser.post("/data/undo", [("thing", newUndo)]).status == 303)
        #expect(try isLive(live.database, c))
    }

    @Test("undoing an Advisor entry an import has linked a bank row to is refused with a message; the entry stays")
    func advisorUndoKeepsImportedEvidence() throws {
        let live = try ConfiguredServer()
        let browser = RawBrowser(port: live.port)
        guard case .written(let account) = try live.database.addAccount(NewAccount(
            name: "Card", type: .checking, openingBalance: Money(minorUnits: 0), openedOn: Day(iso: "2026-01-01")!, spendable: true,
            currency: "USD"), formToken: Tokens.random()) else { throw CancellationError() }
        let applied = try browser.post("/advisor/actions/apply", [("action", "entry"), ("kind", "expense"), ("name", "Groceries"),
                                                                 ("amount", "42.10"), ("category", "food"), ("date", "2026-11-02"),
                                                                 ("status", "actual")])
        #expect(applied.status == 303)
        let entry: ID<Entry> = try #require(try live.database.read { db in try ID<Entry>.fetchOne(db, sql: "SELECT id FROM entry") })

        let upload = try browser.postMultipart("/import", [("account", "\(account)")], file: (
            name: "file", filename: "s.csv", type: "text/csv", bytes: Array("Date,Amount,Payee\n2026-11-02,-42.10,SUPERMARKET 12\n".utf8)))
        let preview = try #require(upload.header("Location"))
        #expect(try browser.post(preview + "/commit", [("page", "1"), ("row-0", "link")]).status == 303)
        #expect(try live.database.read { db in try ID<Entry>.fetchOne(db, sql: "SELECT entryID FROM importKey") } == entry,
                "the bank row is linked to the Advisor's entry")

        let logID = try #require(try live.database.advisorActions().first?.id)
        let undo = try browser.post("/advisor/actions/\(logID)/undo", [])
        #expect(undo.status == 303)
        #expect(undo.headers("Set-Cookie").contains { $0.contains("fm_flash=Not%20undone") }, "\(undo.headers("Set-Cookie"))")
        #expect(try isLive(live.database, entry), "the imported evidence stays")
        #expect(try live.database.advisorActions().first?.undoneAt == nil)
    }
}
