import Engine
import Foundation
import GRDB
import Testing
@testable import Storage

// Accounts and their balances (Sources/Storage/Accounts.swift; docs/engine-rules.md
// "Accounts and balances").

func newAccount(_ name: String = "Card", type: AccountType = .checking, opening: Int64 = 100_00,
                        openedOn: String = "2026-01-10") -> NewAccount {
    NewAccount(name: name, type: type, openingBalance: Money(minorUnits: opening), openedOn: day(openedOn),
               spendable: type.spendableByDefault, currency: "USD")
}

func accountEntry(_ date: String, _ kind: FlowKind, _ amount: Int64, actual: Bool = true, account: ID<Account>?,
                   cleared: Bool = false) -> NewEntry {
    var entry = NewEntry(date: day(date), kind: kind, name: "E", amount: Money(minorUnits: amount),
                         category: kind == .expense ? "food" : nil, isActual: actual)
    entry.account = EntryAccount(accountID: account, cleared: cleared)
    return entry
}

@Suite("Accounts")
struct AccountsTests {
    @Test("balance = opening + actual entries from the opening day through the day; cleared counts cleared ones")
    func balances() throws {
        // Given an account opened on 2026-01-10 with 100.00
        let database = try budgetDatabase()
        let id = try database.addAccount(newAccount(), formToken: token()).value()
        // When entries fall before, on and after the opening day, planned, deleted, cleared
        _ = try database.addEntry(accountEntry("2026-01-09", .income, 1_000_00, account: id), origin: .dataPage, formToken: token())
        _ = try database.addEntry(accountEntry("2026-01-10", .income, 50_00, account: id, cleared: true), origin: .dataPage, formToken: token())
        _ = try database.addEntry(accountEntry("2026-01-15", .expense, 30_00, account: id), origin: .dataPage, formToken: token())
        _ = try database.addEntry(accountEntry("2026-01-16", .expense, 7_00, actual: false, account: id), origin: .dataPage, formToken: token())
        let deleted = try database.addEntry(accountEntry("2026-01-16", .expense, 999_00, account: id), origin: .dataPage, formToken: token()).value()
        _ = try database.delete(.entry(deleted), formToken: token())
        _ = try database.addEntry(accountEntry("2026-01-16", .expense, 5_00, account: nil), origin: .dataPage, formToken: token())
        // Then
        #expect(try database.balance(accountID: id, on: day("2026-01-09")) == AccountBalance(balance: Money(minorUnits: 100_00), cleared: Money(minorUnits: 100_00)))
        #expect(try database.balance(accountID: id, on: day("2026-01-10")) == AccountBalance(balance: Money(minorUnits: 150_00), cleared: Money(minorUnits: 150_00)))
        #expect(try database.balance(accountID: id, on: day("2026-01-14")).balance == Money(minorUnits: 150_00))
        #expect(try database.balance(accountID: id, on: day("2026-01-31")) == AccountBalance(balance: Money(minorUnits: 120_00), cleared: Money(minorUnits: 150_00)))
        #expect(try database.balances(on: day("2026-01-31"))[id]?.balance == Money(minorUnits: 120_00))
        #expect(try database.entriesWithoutAccount() == 1)
    }

    @Test("a card may open below zero")
    func negativeOpening() throws {
        let database = try budgetDatabase()
        let id = try database.addAccount(newAccount(type: .card, opening: -1_200_00), formToken: token()).value()
        _ = try database.addEntry(accountEntry("2026-02-01", .income, 200_00, account: id), origin: .dataPage, formToken: token())
        #expect(try database.balance(accountID: id, on: day("2026-02-01")).balance == Money(minorUnits: -1_000_00))
    }

    @Test("account entries come newest first with the running balance, 2 a page by keyset")
    func runningBalance() throws {
        let database = try budgetDatabase()
        let id = try database.addAccount(newAccount(), formToken: token()).value()
        for (date, kind, amount) in [("2026-01-11", FlowKind.income, Int64(10_00)), ("2026-01-12", .expense, 3_00), ("2026-01-12", .expense, 2_00)] {
            _ = try database.addEntry(accountEntry(date, kind, amount, account: id), origin: .dataPage, formToken: token())
        }
        let first = try database.accountEntries(accountID: id, after: nil, limit: 2)
        #expect(first.map(\.runningBalance) == [Money(minorUnits: 105_00), Money(minorUnits: 107_00)])
        let last = try #require(first.last)
        let second = try database.accountEntries(accountID: id, after: (last.stored.entry.date, last.stored.entry.id), limit: 2)
        #expect(second.map(\.runningBalance) == [Money(minorUnits: 110_00)])
        #expect(second.map(\.stored.entry.amount) == [Money(minorUnits: 10_00)])
    }

    @Test("an entry's account stays when an update does not set it; an unknown account is refused")
    func entryAccountKept() throws {
        let database = try budgetDatabase()
        let id = try database.addAccount(newAccount(), formToken: token()).value()
        let entryID = try database.addEntry(accountEntry("2026-02-01", .expense, 1_00, account: id, cleared: true), origin: .dataPage,
                                            formToken: token()).value()
        var plain = accountEntry("2026-02-02", .expense, 2_00, account: nil)
        plain.account = nil
        _ = try database.updateEntry(id: entryID, plain, formToken: token())
        #expect(try database.entryAccounts([entryID])[entryID] == EntryAccount(accountID: id, cleared: true))
        #expect(throws: StorageError.notFound) {
            try database.addEntry(accountEntry("2026-02-01", .expense, 1_00, account: 999), origin: .dataPage, formToken: token())
        }
    }

    @Test("a goal's and the fund's saved so far can follow an account's balance on today, clamped at 0")
    func linkedSaved() throws {
        let database = try budgetDatabase()
        let savings = try database.addAccount(newAccount("Savings", type: .savings, opening: 500_00), formToken: token()).value()
        let card = try database.addAccount(newAccount("Card", type: .card, opening: -50_00), formToken: token()).value()
        _ = try database.addEntry(accountEntry("2026-03-01", .income, 100_00, account: savings), origin: .dataPage, formToken: token())
        _ = try database.addGoal(NewGoal(name: "Trip", target: Money(minorUnits: 1_000_00), saved: Money(minorUnits: 7_00),
                                         savedAccountID: savings), formToken: token())
        _ = try database.addGoal(NewGoal(name: "Typed", target: Money(minorUnits: 1_000_00), saved: Money(minorUnits: 7_00)),
                                 formToken: token())
        _ = try database.setEmergencySaved(Money(minorUnits: 3_00), accountID: card, formToken: token())
        let before = try database.household(settings: PlanSettings(), entriesFrom: day("2026-01-01"), through: day("2026-12-31"),
                                            today: day("2026-02-28"))
        #expect(before.goals.map(\.saved) == [Money(minorUnits: 500_00), Money(minorUnits: 7_00)])
        #expect(before.emergencySaved == .zero)
        let after = try database.household(settings: PlanSettings(), entriesFrom: day("2026-01-01"), through: day("2026-12-31"),
                                           today: day("2026-03-01"))
        #expect(after.goals.first?.saved == Money(minorUnits: 600_00))
        #expect(try database.emergencyTypedSaved() == Money(minorUnits: 3_00))
    }

    @Test("export then import keeps accounts and entry links; delete-all removes them")
    func exportRoundTrip() throws {
        let database = try budgetDatabase()
        let id = try database.addAccount(newAccount(), formToken: token()).value()
        let entryID = try database.addEntry(accountEntry("2026-02-01", .expense, 1_00, account: id, cleared: true), origin: .dataPage,
                                            formToken: token()).value()
        let tables = try database.exportTables()
        let imported = importTables(tables)
        let other = try budgetDatabase()
        _ = try other.restoreHousehold(imported, replacing: true, formToken: token())
        #expect(try other.account(id: id)?.name == "Card")
        #expect(try other.entryAccounts([entryID])[entryID] == EntryAccount(accountID: id, cleared: true))
        _ = try other.deleteAllData(formToken: token())
        #expect(try other.accounts().isEmpty)
    }

    @Test("an import whose entry names a missing account is refused")
    func importBrokenAccount() throws {
        let database = try budgetDatabase()
        let entryRow: [(String, BackupValue)] = [("id", .integer(1)), ("date", .string("2026-02-01")), ("kind", .string("income")),
                                                 ("name", .string("X")), ("amount", .integer(100)), ("isActual", .integer(1)),
                                                 ("note", .string("")), ("createdAt", .string("2026-02-01T00:00:00Z")),
                                                 ("accountID", .integer(7))]
        #expect(throws: RestoreProblem.self) {
            try database.restoreHousehold([BackupTable(name: "entry", rows: [entryRow])], replacing: true, formToken: token())
        }
        #expect(try database.exportTables().first { $0.name == "entry" }?.rows.isEmpty == true)
    }

    @Test("monthly totals follow every kind of write: the balance equals a plain sum over the entries")
    func monthlyTotalsStayExact() throws {
        let clock = TestClock()
        let database = try budgetDatabase(clock: clock)
        let a = try database.addAccount(newAccount("A", openedOn: "2026-01-20"), formToken: token()).value()
        let b = try database.addAccount(newAccount("B", openedOn: "2025-12-31"), formToken: token()).value()
        var ids: [ID<Entry>] = []
        for (index, date) in ["2026-01-19", "2026-01-20", "2026-01-31", "2026-02-01", "2026-02-15", "2026-03-31", "2026-05-02"].enumerated() {
            ids.append(try database.addEntry(accountEntry(date, index % 2 == 0 ? .income : .expense, Int64(index + 1) * 10_00,
                                                   account: index % 3 == 2 ? b : a, cleared: index % 2 == 1),
                                             origin: .dataPage, formToken: token()).value())
        }
        // Move one across months and accounts, change amounts and kinds, un-clear, delete, undo.
        _ = try database.updateEntry(id: ids[3], accountEntry("2026-04-10", .income, 77_00, account: b, cleared: true), formToken: token())
        _ = try database.updateEntry(id: ids[1], accountEntry("2026-01-20", .expense, 5_00, actual: false, account: a), formToken: token())
        _ = try database.delete(.entry(ids[4]), formToken: token())
        _ = try database.delete(.entry(ids[5]), formToken: token())
        _ = try database.undoDelete(.entry(ids[5]), formToken: token())
        clock.advance(minutes: 11)
        _ = try database.addEntry(accountEntry("2026-02-02", .expense, 1_00, account: a), origin: .dataPage, formToken: token()) // purges ids[4]
        for account in [a, b] {
            let stored = try #require(try database.account(id: account))
            var day = day("2025-12-30")
            while day <= Day(iso: "2026-06-01")! {
                let plain = try database.read { db in
                    try Row.fetchOne(db, sql: """
                        SELECT coalesce(sum(CASE kind WHEN 'income' THEN amount ELSE -amount END), 0),
                               coalesce(sum(CASE WHEN cleared = 0 THEN 0 WHEN kind = 'income' THEN amount ELSE -amount END), 0)
                        FROM entry WHERE accountID = :a AND deletedAt IS NULL AND isActual = 1 AND date BETWEEN :from AND :to
                        """, arguments: ["a": account, "from": stored.openedOn.iso, "to": day.iso])!
                }
                let opening = day < stored.openedOn ? 0 : stored.openingBalance.minorUnits
                let expected = day < stored.openedOn ? stored.openingBalance
                    : Money(minorUnits: opening + (plain[0] as Int64))
                let result = try database.balance(accountID: account, on: day)
                #expect(result.balance == expected, "\(stored.name) on \(day.iso)")
                if day >= stored.openedOn {
                    #expect(result.cleared == Money(minorUnits: opening + (plain[1] as Int64)), "\(stored.name) cleared on \(day.iso)")
                }
                day = day.adding(days: 1)
            }
        }
    }

    @Test("the balance of an account with 200 000 entries (timing printed, not asserted)")
    func balanceAtScale() throws {
        let database = try budgetDatabase()
        let id = try database.addAccount(newAccount(opening: 0, openedOn: "2000-01-01"), formToken: token()).value()
        let other = try database.addAccount(newAccount("Other", opening: 0, openedOn: "2000-01-01"), formToken: token()).value()
        try database.write { db in
            let statement = try db.makeStatement(sql: """
                INSERT INTO entry (date, kind, name, amount, category, isActual, note, createdAt, accountID, cleared)
                VALUES (:date, :kind, 'E', :amount, :category, 1, '', '2026-01-01T00:00:00Z', :account, :cleared)
                """)
            var date = day("2000-01-01")
            for index in 0..<200_000 {
                if index % 40 == 0 { date = date.adding(days: 1) }
                let income = index % 3 == 0
                try statement.execute(arguments: ["date": date.iso, "kind": income ? "income" : "expense", "amount": 1_00,
                                                  "category": income ? nil : "food", "account": index % 2 == 0 ? id : other,
                                                  "cleared": index % 5 == 0])
            }
        }
        // 100 000 entries in `id`: indices 0, 2, 4, …; income when divisible by 3 (every third of them, 33 334).
        let incomes: Int64 = 33_334, expenses: Int64 = 100_000 - 33_334
        var times: [Double] = []
        var result = AccountBalance(balance: .zero, cleared: .zero)
        for _ in 0..<21 {
            let start = DispatchTime.now().uptimeNanoseconds
            result = try database.balance(accountID: id, on: day("2199-12-31"))
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        times.sort()
        print("account balance at 200 000 entries (100 000 in the account): median \(times[10]) ms, best \(times[0]) ms")
        #expect(result.balance == Money(minorUnits: (incomes - expenses) * 1_00))
        // An account page: the newest 51 entries, and 51 from the middle of the history.
        for (label, after) in [("newest", nil), ("middle", (day("2006-11-01"), ID<Entry>(100_000)))] as [(String, (date: Day, id: ID<Entry>)?)] {
            var pageTimes: [Double] = []
            var page: [AccountEntry] = []
            for _ in 0..<11 {
                let start = DispatchTime.now().uptimeNanoseconds
                page = try database.accountEntries(accountID: id, after: after, limit: 51)
                pageTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            pageTimes.sort()
            print("account page (\(label)) at 200 000 entries: median \(pageTimes[5]) ms")
            #expect(page.count == 51)
            // The running balance of the newest row is the balance on its day (no later entry that day).
            if after == nil { #expect(page.first?.runningBalance == result.balance) }
        }
    }
}
