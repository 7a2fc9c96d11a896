import Engine
import Testing
@testable import Storage

// Adding, closing, deleting and restoring accounts (Sources/Storage/AccountWrites.swift); the
// helpers `newAccount` and `accountEntry` are in AccountsTests.swift.

@Suite("Account writes")
struct AccountWritesTests {
    @Test("names are unique case-insensitively; close, reopen; delete refused while entries belong; undo")
    func lifecycle() throws {
        let clock = TestClock()
        let database = try budgetDatabase(clock: clock)
        let id = try database.addAccount(newAccount("Cash", type: .cash), formToken: token()).value()
        #expect(throws: AccountError.duplicateName) { try database.addAccount(newAccount("cash"), formToken: token()) }
        _ = try database.setAccountClosed(id: id, closed: true, formToken: token())
        #expect(try database.account(id: id)?.closed == true)
        _ = try database.setAccountClosed(id: id, closed: false, formToken: token())
        let entryID = try database.addEntry(accountEntry("2026-02-01", .expense, 1_00, account: id), origin: .dataPage, formToken: token()).value()
        #expect(throws: AccountError.inUse(entries: 1)) { try database.deleteAccount(id: id, formToken: token()) }
        _ = try database.delete(.entry(entryID), formToken: token())
        _ = try database.deleteAccount(id: id, formToken: token())
        #expect(try database.account(id: id) == nil)
        #expect(throws: StorageError.notFound) { try database.balance(accountID: id, on: day("2026-02-01")) }
        _ = try database.undoDeleteAccount(id: id, formToken: token())
        #expect(try database.account(id: id)?.name == "Cash")
        _ = try database.deleteAccount(id: id, formToken: token())
        clock.advance(minutes: 11)
        #expect(throws: StorageError.undoExpired) { try database.undoDeleteAccount(id: id, formToken: token()) }
    }
}
