import Engine
import Foundation
import GRDB
import Testing
@testable import Storage

// Transfers (one pair of linked entries; Sources/Storage/Transfers.swift); reconciliation is in ReconciliationTests.

/// Inserts an account with plain SQL (the accounts' own storage is another part's) and returns its id.
func insertAccount(_ database: AppDatabase, name: String, opening: Int64 = 0, openedOn: String = "2026-01-01",
                   closed: Bool = false, statement: (balance: Int64, date: String)? = nil) throws -> ID<Account> {
    try database.write { db in
        try db.execute(sql: """
            INSERT INTO account (name, type, currency, openingBalance, openedOn, spendable, closed, statementBalance,
                statementDate, createdAt)
            VALUES (?, 'checking', 'RUB', ?, ?, 1, ?, ?, ?, '2026-01-01T00:00:00Z')
            """, arguments: [name, opening, openedOn, closed, statement?.balance, statement?.date])
        return ID(db.lastInsertedRowID)
    }
}

/// Inserts an actual entry of `account` with plain SQL and returns its id.
func insertAccountEntry(_ database: AppDatabase, account: ID<Account>, date: String, kind: FlowKind, amount: Int64,
                        name: String = "Entry", cleared: Bool = false, reconciledAt: String? = nil) throws -> ID<Entry> {
    try database.write { db in
        try db.execute(sql: """
            INSERT INTO entry (date, kind, name, amount, category, isActual, createdAt, accountID, cleared, reconciledAt)
            VALUES (?, ?, ?, ?, ?, 1, '2026-01-01T00:00:00Z', ?, ?, ?)
            """, arguments: [date, kind.rawValue, name, amount, kind == .income ? nil : "food", account, cleared, reconciledAt])
        return ID(db.lastInsertedRowID)
    }
}

@Suite("Transfers")
struct TransfersTests {
    @Test("a transfer is one pair of linked entries written in one transaction")
    func pairInOneTransaction() throws {
        let database = try budgetDatabase()
        let card = try insertAccount(database, name: "Card"), savings = try insertAccount(database, name: "Savings")
        let versionBefore = database.version
        let group = try database.addTransfer(NewTransfer(from: card, to: savings, amount: Money(minorUnits: 5_000_00),
                                                         date: day("2026-11-10"), name: "Transfer: Card → Savings"),
                                             formToken: token()).value()
        #expect(database.version == versionBefore + 1, "one write transaction")
        let rows = try database.read { db in
            try Row.fetchAll(db, sql: "SELECT id, kind, amount, accountID, category, transferGroup, isActual, date FROM entry ORDER BY id")
        }
        #expect(rows.count == 2)
        #expect(rows.map { $0["kind"] as String } == ["expense", "income"])
        #expect(rows.map { $0["accountID"] as ID<Account> } == [card, savings])
        #expect(rows.allSatisfy { $0["amount"] as Int64 == 5_000_00 && $0["transferGroup"] as Int64 == group
                    && $0["isActual"] as Bool && $0["date"] as String == "2026-11-10" })
        #expect(group == rows.map { $0["id"] as Int64 }.min())
        #expect(rows[0]["category"] as String? == "other")
        let listed = try database.transfers(from: day("2026-11-01"), through: day("2026-11-30"))
        #expect(listed.map(\.fromName) == ["Card"])
        #expect(listed.map(\.toName) == ["Savings"])
    }

    @Test("one account, a closed or a missing one: refused, nothing written")
    func refused() throws {
        let database = try budgetDatabase()
        let card = try insertAccount(database, name: "Card"), closed = try insertAccount(database, name: "Old", closed: true)
        func transfer(_ from: ID<Account>, _ to: ID<Account>) -> NewTransfer {
            NewTransfer(from: from, to: to, amount: Money(minorUnits: 100), date: day("2026-11-10"), name: "T")
        }
        #expect(throws: TransferError.sameAccount) { try database.addTransfer(transfer(card, card), formToken: token()) }
        #expect(throws: TransferError.accountUnavailable) { try database.addTransfer(transfer(card, closed), formToken: token()) }
        #expect(throws: TransferError.accountUnavailable) { try database.addTransfer(transfer(card, 999), formToken: token()) }
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entry") } == 0)
    }

    @Test("the household read leaves both sides of a transfer out")
    func householdExcludesTransfers() throws {
        let database = try budgetDatabase()
        let card = try insertAccount(database, name: "Card"), savings = try insertAccount(database, name: "Savings")
        let coffee = try insertAccountEntry(database, account: card, date: "2026-11-10", kind: .expense, amount: 250_00)
        _ = try database.addTransfer(NewTransfer(from: card, to: savings, amount: Money(minorUnits: 5_000_00),
                                                 date: day("2026-11-10"), name: "T"), formToken: token())
        let household = try database.household(settings: PlanSettings(), entriesFrom: day("2026-11-01"), through: day("2026-11-30"))
        #expect(household.entries.map(\.id) == [coffee])
        // An earlier transfer does not start the actual history either.
        _ = try database.addTransfer(NewTransfer(from: card, to: savings, amount: Money(minorUnits: 1_00),
                                                 date: day("2026-10-01"), name: "T"), formToken: token())
        #expect(try database.household(settings: PlanSettings(), entriesFrom: day("2026-11-01"), through: day("2026-11-30"))
            .earliestActualEntry == day("2026-11-10"))
        // Nor are they one-offs of the Budget page's list.
        #expect(try database.oneOffEntries(from: day("2026-11-01"), through: day("2026-11-30"), limit: 50, offset: 0)
            .map(\.entry.id) == [coffee])
        #expect(try database.entryCount(from: day("2026-11-01"), through: day("2026-11-30"), oneOff: true) == 1)
    }

    @Test("the household read uses the covering index with transferGroup")
    func coveringIndex() throws {
        let database = try budgetDatabase()
        let plan = try database.read { db in
            try Row.fetchAll(db, sql: """
                EXPLAIN QUERY PLAN SELECT id, date, (kind = 'income') + 2 * isActual, name, amount, category, plannedAmount
                FROM entry INDEXED BY entry_live_by_date_transfer
                WHERE deletedAt IS NULL AND date BETWEEN '2026-01-01' AND '2026-12-31' AND transferGroup IS NULL
                ORDER BY date, id
                """).map { $0["detail"] as String }
        }
        #expect(plan.contains { $0.contains("COVERING INDEX entry_live_by_date_transfer") }, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
        let old = try database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name = 'entry_live_by_date_planned'")
        }
        #expect(old == 0, "the old index is dropped")
    }

    @Test("deleting either side deletes both; undo brings both back")
    func deleteBoth() throws {
        let database = try budgetDatabase()
        let card = try insertAccount(database, name: "Card"), savings = try insertAccount(database, name: "Savings")
        let group = try database.addTransfer(NewTransfer(from: card, to: savings, amount: Money(minorUnits: 1_000_00),
                                                         date: day("2026-11-10"), name: "T"), formToken: token()).value()
        let other = group + 1
        _ = try database.delete(.entry(ID(other)), formToken: token())
        #expect(try database.storedEntry(id: ID(group)) == nil)
        #expect(try database.storedEntry(id: ID(other)) == nil)
        #expect(try database.transfers(from: day("2026-11-01"), through: day("2026-11-30")).isEmpty)
        _ = try database.undoDelete(.entry(ID(other)), formToken: token())
        #expect(try database.storedEntry(id: ID(group)) != nil)
        #expect(try database.storedEntry(id: ID(other)) != nil)
        // An ordinary entry's delete touches nothing else.
        let coffee = try insertAccountEntry(database, account: card, date: "2026-11-10", kind: .expense, amount: 250_00)
        _ = try database.delete(.entry(coffee), formToken: token())
        #expect(try database.transfers(from: day("2026-11-01"), through: day("2026-11-30")).count == 1)
    }

    @Test("editing one side moves the other's date and amount with it; it cannot stop being a transfer")
    func editOneSide() throws {
        let database = try budgetDatabase()
        let card = try insertAccount(database, name: "Card"), savings = try insertAccount(database, name: "Savings")
        let group = try database.addTransfer(NewTransfer(from: card, to: savings, amount: Money(minorUnits: 1_000_00),
                                                         date: day("2026-11-10"), name: "T"), formToken: token()).value()
        var side = NewEntry(date: day("2026-11-12"), kind: .expense, name: "T", amount: Money(minorUnits: 1_200_00),
                            category: "other", isActual: true)
        _ = try database.updateEntry(id: ID(group), side, formToken: token())
        let pair = try database.read { db in try Row.fetchAll(db, sql: "SELECT date, amount, transferGroup FROM entry ORDER BY id") }
        #expect(pair.allSatisfy { $0["date"] as String == "2026-11-12" && $0["amount"] as Int64 == 1_200_00
                    && $0["transferGroup"] as Int64 == group })
        for broken in [NewEntry(date: day("2026-11-12"), kind: .income, name: "T", amount: Money(minorUnits: 1_200_00), isActual: true),
                       NewEntry(date: day("2026-11-12"), kind: .expense, name: "T", amount: Money(minorUnits: 1_200_00),
                                category: "other", isActual: false)] {
            #expect(throws: StorageError.self) { try database.updateEntry(id: ID(group), broken, formToken: token()) }
        }
        side.account = EntryAccount(accountID: nil, cleared: false)
        #expect(throws: StorageError.self) { try database.updateEntry(id: ID(group), side, formToken: token()) }
        #expect(try database.transfers(from: day("2026-11-01"), through: day("2026-11-30")).count == 1)
    }
}
