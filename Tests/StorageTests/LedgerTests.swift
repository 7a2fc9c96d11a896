import Engine
import Foundation
import GRDB
import Testing
@testable import Storage

/// The ledger's reads (keyset pages, filters, search, totals) and its bulk writes.
@Suite("Ledger")
struct LedgerTests {
    // MARK: - Helpers

    /// Inserts an entry with plain SQL (the columns other features own included) and returns its id.
    @discardableResult
    static func insert(_ database: AppDatabase, date: String, name: String, amount: Int64, income: Bool = false,
                       category: String? = "food", actual: Bool = true, note: String = "", payee: String? = nil,
                       account: ID<Account>? = nil, transferGroup: Int64? = nil, reconciled: Bool = false) throws -> ID<Entry> {
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO entry (date, kind, name, amount, category, isActual, note, createdAt, plannedAmount, accountID,
                    transferGroup, payeeRaw, cleared, reconciledAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, '2026-01-01T00:00:00Z', ?, ?, ?, ?, ?, ?)
                """, arguments: [date, income ? "income" : "expense", name, amount, income ? nil : category, actual, note,
                                 actual ? nil : amount, account, transferGroup, payee, reconciled, reconciled ? "2026-01-02T00:00:00Z" : nil])
            return ID(db.lastInsertedRowID)
        }
    }

    static func account(_ database: AppDatabase, _ name: String) throws -> ID<Account> {
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO account (name, type, currency, openingBalance, openedOn, spendable, createdAt)
                VALUES (?, 'checking', 'RUB', 0, '2026-01-01', 1, '2026-01-01T00:00:00Z')
                """, arguments: [name])
            return ID(db.lastInsertedRowID)
        }
    }

    /// Every page from the newest to the oldest, following `older`.
    static func allPages(_ database: AppDatabase, _ filter: LedgerFilter = LedgerFilter(), limit: Int = 50) throws -> [LedgerPage] {
        var pages = [try database.ledgerPage(filter, at: .newest, limit: limit)]
        while let cursor = pages.last!.older {
            pages.append(try database.ledgerPage(filter, at: .olderThan(cursor), limit: limit))
            try #require(pages.count < 1000)
        }
        return pages
    }

    static func ids(_ database: AppDatabase, _ filter: LedgerFilter) throws -> Set<ID<Entry>> {
        Set(try allPages(database, filter).flatMap { $0.rows.map(\.id) })
    }

    // MARK: - Keyset pages

    @Test("pages neither repeat nor skip rows, many on one date included, both ways")
    func keysetPages() throws {
        // Given 130 entries on one date among 107 on others, inserted out of date order
        let database = try budgetDatabase()
        var expected: [(String, ID<Entry>)] = []
        for index in 0..<237 {
            let date = index % 2 == 0 && index < 260 ? "2026-05-05" : String(format: "2026-%02d-%02d", 1 + index % 12, 1 + index % 28)
            expected.append((date, try Self.insert(database, date: date, name: "E\(index)", amount: 100 + Int64(index))))
        }
        expected.sort { ($0.0, $0.1) > ($1.0, $1.1) }
        // When paging older with 50 a page
        let pages = try Self.allPages(database)
        // Then every row comes once, in (date, id) descending order
        #expect(pages.map(\.rows.count) == [50, 50, 50, 50, 37])
        #expect(pages.flatMap(\.rows).map(\.id) == expected.map(\.1))
        #expect(pages.first?.newer == nil && pages.last?.older == nil)
        // And paging newer from the last page gives the same pages back
        var back = [pages.last!]
        while let cursor = back.last!.newer { back.append(try database.ledgerPage(LedgerFilter(), at: .newerThan(cursor))) }
        #expect(back.reversed().map { $0.rows.map(\.id) } == pages.map { $0.rows.map(\.id) })
    }

    @Test("a page past the end offers the way back")
    func pastTheEnd() throws {
        let database = try budgetDatabase()
        let id = try Self.insert(database, date: "2026-05-05", name: "Only", amount: 100)
        let page = try database.ledgerPage(LedgerFilter(), at: .olderThan(LedgerCursor(date: day("2026-05-05"), id: id)))
        #expect(page.rows.isEmpty && page.older == nil && page.newer != nil)
    }

    // MARK: - Filters

    @Test("every filter selects exactly its entries")
    func filters() throws {
        let database = try budgetDatabase()
        let card = try Self.account(database, "Card")
        let cash = try Self.account(database, "Cash")
        let milk = try Self.insert(database, date: "2026-03-01", name: "Milk", amount: 250_00, account: card)
        let salary = try Self.insert(database, date: "2026-03-05", name: "Salary", amount: 100_000_00, income: true, account: card)
        let planned = try Self.insert(database, date: "2026-04-01", name: "Rent", amount: 40_000_00, category: "housing", actual: false)
        let other = try Self.insert(database, date: "2026-02-01", name: "SHOP 123", amount: 500_00, category: "other", payee: "SHOP 123")
        let out = try Self.insert(database, date: "2026-03-10", name: "To cash", amount: 1_000_00, category: "other", account: card, transferGroup: 0)
        let into = try Self.insert(database, date: "2026-03-10", name: "From card", amount: 1_000_00, income: true, account: cash, transferGroup: out.rawValue)
        try database.write { db in try db.execute(sql: "UPDATE entry SET transferGroup = ? WHERE id = ?", arguments: [out, out]) }
        let deleted = try Self.insert(database, date: "2026-03-02", name: "Gone", amount: 250_00)
        _ = try database.delete(.entry(deleted), formToken: token())

        #expect(try Self.ids(database, LedgerFilter()) == [milk, salary, planned, other, out, into])
        #expect(try Self.ids(database, LedgerFilter(account: .id(card))) == [milk, salary, out])
        #expect(try Self.ids(database, LedgerFilter(account: LedgerFilter.AccountChoice.none)) == [planned, other])
        #expect(try Self.ids(database, LedgerFilter(category: .key("housing"))) == [planned])
        #expect(try Self.ids(database, LedgerFilter(category: .uncategorised)) == [other], "transfers are not uncategorised")
        #expect(try Self.ids(database, LedgerFilter(kind: .income)) == [salary])
        #expect(try Self.ids(database, LedgerFilter(kind: .expense)) == [milk, planned, other])
        #expect(try Self.ids(database, LedgerFilter(kind: .transfer)) == [out, into])
        #expect(try Self.ids(database, LedgerFilter(isActual: false)) == [planned])
        #expect(try Self.ids(database, LedgerFilter(isActual: true)) == [milk, salary, other, out, into])
        #expect(try Self.ids(database, LedgerFilter(from: day("2026-03-05"), through: day("2026-03-31"))) == [salary, out, into])
        #expect(try Self.ids(database, LedgerFilter(amounts: 250_00...250_00)) == [milk])
        #expect(try Self.ids(database, LedgerFilter(amounts: 250_00...1_000_00)) == [milk, other, out, into])
        #expect(try Self.ids(database, LedgerFilter(account: .id(card), kind: .expense)) == [milk])

        // The totals leave transfers out of income and expense but count them.
        let totals = try database.ledgerTotals(LedgerFilter(account: .id(card)))
        #expect(totals == LedgerTotals(count: 3, income: Money(minorUnits: 100_000_00), expense: Money(minorUnits: 250_00)))
        #expect(try database.ledgerTotals(LedgerFilter(kind: .income, through: day("2026-01-01"))) == LedgerTotals(count: 0, income: .zero, expense: .zero))
        // The worked example of docs/engine-rules.md ("The ledger's filters and footer").
        func expected(_ count: Int, _ income: Int64, _ expense: Int64) -> LedgerTotals {
            LedgerTotals(count: count, income: Money(minorUnits: income), expense: Money(minorUnits: expense))
        }
        #expect(try database.ledgerTotals(LedgerFilter()) == expected(6, 100_000_00, 40_750_00))
        #expect(try database.ledgerTotals(LedgerFilter(category: .uncategorised)) == expected(1, 0, 500_00))
        #expect(try database.ledgerTotals(LedgerFilter(kind: .transfer)) == expected(2, 0, 0))
        #expect(try database.ledgerTotals(LedgerFilter(amounts: 250_00...1_000_00)) == expected(4, 0, 750_00))
        #expect(try database.ledgerTotals(LedgerFilter(isActual: false)) == expected(1, 0, 40_000_00))
    }

    @Test("search finds text in name, bank payee and note, any case, Cyrillic included")
    func search() throws {
        let database = try budgetDatabase()
        let lower = try Self.insert(database, date: "2026-03-01", name: "молоко", amount: 100)
        let title = try Self.insert(database, date: "2026-03-02", name: "Молоко Простоквашино", amount: 100)
        let payee = try Self.insert(database, date: "2026-03-03", name: "Groceries", amount: 100, payee: "ПЯТЁРОЧКА 1234 МОСКВА")
        let note = try Self.insert(database, date: "2026-03-04", name: "Lunch", amount: 100, note: "with Anna")
        let other = try Self.insert(database, date: "2026-03-05", name: "Bread", amount: 100)
        #expect(try Self.ids(database, LedgerFilter(text: "МОЛОКО")) == [lower, title])
        #expect(try Self.ids(database, LedgerFilter(text: "молоко")) == [lower, title])
        #expect(try Self.ids(database, LedgerFilter(text: "пятёрочка")) == [payee])
        #expect(try Self.ids(database, LedgerFilter(text: "anna")) == [note])
        #expect(try Self.ids(database, LedgerFilter(text: "grocer")) == [payee])
        // One or two characters: spelled out in both cases.
        #expect(try Self.ids(database, LedgerFilter(text: "МО")) == [lower, title, payee])
        #expect(try Self.ids(database, LedgerFilter(text: "br")) == [other])
        #expect(try Self.ids(database, LedgerFilter(text: "%")) == [])
        #expect(try Self.ids(database, LedgerFilter(text: "\"x")) == [])
        #expect(try Self.ids(database, LedgerFilter(text: "a\"b OR c")) == [])
        // The index follows edits and deletes.
        try database.write { db in try db.execute(sql: "UPDATE entry SET name = 'Кефир' WHERE id = ?", arguments: [lower]) }
        _ = try database.delete(.entry(title), formToken: token())
        #expect(try Self.ids(database, LedgerFilter(text: "молоко")) == [])
        #expect(try Self.ids(database, LedgerFilter(text: "КЕФИР")) == [lower])
        #expect(try database.ledgerTotals(LedgerFilter(text: "кефир")).count == 1)
    }

    // MARK: - Bulk actions

    @Test("recategorise changes expenses only, in one transaction, once per token")
    func recategorise() throws {
        let database = try budgetDatabase()
        let a = try Self.insert(database, date: "2026-03-01", name: "A", amount: 100, category: "other")
        let b = try Self.insert(database, date: "2026-03-02", name: "B", amount: 100, category: "other")
        let income = try Self.insert(database, date: "2026-03-03", name: "Pay", amount: 100, income: true)
        let form = token()
        let outcome = try database.recategorise([a, b, income], category: "transport", formToken: form).value()
        #expect(outcome.changed == 2 && outcome.skippedNotExpense == 1)
        #expect(try Self.ids(database, LedgerFilter(category: .key("transport"))) == [a, b])
        #expect(try database.recategorise([a], category: "food", formToken: form).isDuplicate)
        #expect(throws: StorageError.self) { try database.recategorise([a], category: "no-such", formToken: token()) }
        #expect(try Self.ids(database, LedgerFilter(category: .key("transport"))) == [a, b])
    }

    @Test("assign to account leaves transfers and reconciled entries")
    func assign() throws {
        let database = try budgetDatabase()
        let card = try Self.account(database, "Card")
        let cash = try Self.account(database, "Cash")
        let plain = try Self.insert(database, date: "2026-03-01", name: "A", amount: 100)
        let reconciled = try Self.insert(database, date: "2026-03-02", name: "B", amount: 100, account: cash, reconciled: true)
        let transfer = try Self.insert(database, date: "2026-03-03", name: "T", amount: 100, account: cash, transferGroup: 1)
        let outcome = try database.assignAccount([plain, reconciled, transfer], account: card, formToken: token()).value()
        #expect(outcome == BulkOutcome(changed: 1, skippedReconciled: 1, skippedTransfers: 1))
        #expect(try Self.ids(database, LedgerFilter(account: .id(card))) == [plain])
        _ = try database.assignAccount([plain], account: nil, formToken: token())
        #expect(try Self.ids(database, LedgerFilter(account: LedgerFilter.AccountChoice.none)) == [plain])
        #expect(throws: StorageError.notFound) { try database.assignAccount([plain], account: 999, formToken: token()) }
    }

    @Test("bulk delete takes the transfer's other side; its undo restores exactly those rows")
    func deleteAndUndo() throws {
        let clock = TestClock()
        let database = try budgetDatabase(clock: clock)
        let card = try Self.account(database, "Card")
        let cash = try Self.account(database, "Cash")
        let a = try Self.insert(database, date: "2026-03-01", name: "A", amount: 100)
        let b = try Self.insert(database, date: "2026-03-02", name: "B", amount: 100)
        let single = try Self.insert(database, date: "2026-03-03", name: "C", amount: 100)
        let out = try Self.insert(database, date: "2026-03-04", name: "Out", amount: 100, account: card, transferGroup: 1)
        let into = try Self.insert(database, date: "2026-03-04", name: "In", amount: 100, income: true, account: cash, transferGroup: 1)
        let kept = try Self.insert(database, date: "2026-03-05", name: "Kept", amount: 100)
        let outcome = try database.deleteEntries([a, b, out], formToken: token()).value()
        #expect(outcome.changed == 4 && outcome.deletionBatch > 0)
        // Another entry deleted the same second, on its own: not part of the bulk undo.
        _ = try database.delete(.entry(single), formToken: token())
        #expect(try Self.ids(database, LedgerFilter()) == [kept])
        let restored = try database.undoDeleteEntries(batch: outcome.deletionBatch, formToken: token()).value()
        #expect(restored == 4)
        #expect(try Self.ids(database, LedgerFilter()) == [a, b, out, into, kept])
        // Undone once: a second undo has nothing left.
        #expect(throws: StorageError.undoExpired) { try database.undoDeleteEntries(batch: outcome.deletionBatch, formToken: token()) }
        // After 10 minutes it is too late.
        let again = try database.deleteEntries([a], formToken: token()).value()
        clock.advance(minutes: 11)
        #expect(throws: StorageError.undoExpired) { try database.undoDeleteEntries(batch: again.deletionBatch, formToken: token()) }
    }

    @Test("a refused bulk action writes nothing")
    func refusedWritesNothing() throws {
        let database = try budgetDatabase()
        let a = try Self.insert(database, date: "2026-03-01", name: "A", amount: 100)
        #expect(throws: StorageError.self) { try database.deleteEntries([], formToken: token()) }
        #expect(throws: StorageError.self) { try database.deleteEntries((1...501).map { ID<Entry>($0) }, formToken: token()) }
        #expect(try Self.ids(database, LedgerFilter()) == [a])
    }

    @Test("the monthly sums give the same totals as reading every entry, through every kind of write")
    func monthlySums() throws {
        let clock = TestClock()
        let database = try budgetDatabase(clock: clock)
        let card = try Self.account(database, "Card")
        var ids: [ID<Entry>] = []
        let days = ["2026-01-01", "2026-01-15", "2026-01-31", "2026-02-01", "2026-02-14", "2026-02-28", "2026-03-01", "2026-03-31", "2026-04-02"]
        for (index, date) in days.enumerated() {
            ids.append(try Self.insert(database, date: date, name: "E\(index)", amount: 100 * Int64(index + 1), income: index % 3 == 0,
                                       category: index % 2 == 0 ? "other" : "food", actual: index % 4 != 1,
                                       account: index % 2 == 0 ? card : nil, transferGroup: index == 4 ? 5 : nil))
        }
        _ = try database.recategorise([ids[1], ids[2]], category: "health", formToken: token())
        _ = try database.assignAccount([ids[1], ids[3]], account: card, formToken: token())
        let deleted = try database.deleteEntries([ids[5], ids[6]], formToken: token()).value()
        _ = try database.undoDeleteEntries(batch: deleted.deletionBatch, formToken: token())
        _ = try database.deleteEntries([ids[7]], formToken: token())
        clock.advance(minutes: 11)
        _ = try database.delete(.entry(ids[8]), formToken: token())  // purges ids[7] first
        try database.write { db in try db.execute(sql: "UPDATE entry SET date = '2026-05-05', amount = 7 WHERE id = ?", arguments: [ids[0]]) }

        let bounds: [Day?] = [nil, day("2026-01-01"), day("2026-01-15"), day("2026-01-31"), day("2026-02-01"), day("2026-02-28"),
                              day("2026-03-02"), day("2026-05-31")]
        var checked = 0
        for from in bounds {
            for through in bounds {
                for filter in [LedgerFilter(), LedgerFilter(account: .id(card)), LedgerFilter(account: LedgerFilter.AccountChoice.none),
                               LedgerFilter(category: .uncategorised), LedgerFilter(category: .key("health")), LedgerFilter(kind: .income),
                               LedgerFilter(kind: .expense), LedgerFilter(kind: .transfer), LedgerFilter(isActual: false)] {
                    var filter = filter
                    filter.from = from
                    filter.through = through
                    #expect(try database.ledgerTotals(filter, monthly: true) == database.ledgerTotals(filter, monthly: false),
                            "\(filter)")
                    checked += 1
                }
            }
        }
        #expect(checked == 576)
        #expect(try database.ledgerTotals(LedgerFilter()).count == 7)
    }

    @Test("with text, the one-pass page and totals equal the plain queries, page by page both ways")
    func searchOnePass() throws {
        let database = try budgetDatabase()
        for index in 0..<130 {
            try Self.insert(database, date: index % 3 == 0 ? "2026-06-06" : String(format: "2026-%02d-%02d", 1 + index % 12, 1 + index % 27),
                            name: index % 4 == 0 ? "Кофе \(index)" : "КОФЕЙНЯ \(index)", amount: 100 + Int64(index), income: index % 5 == 0,
                            category: "food", note: index % 7 == 0 ? "кофе с собой" : "")
        }
        try Self.insert(database, date: "2026-06-07", name: "Чай", amount: 100)
        for filter in [LedgerFilter(text: "кофе"), LedgerFilter(text: "КОФЕЙН", kind: .expense), LedgerFilter(text: "с собой", from: day("2026-03-01"))] {
            var position = LedgerPosition.newest
            var pages: [LedgerPage] = []
            while true {
                let (page, totals) = try database.ledger(filter, at: position, limit: 20)
                #expect(page == (try database.ledgerPage(filter, at: position, limit: 20)))
                #expect(totals == (try database.ledgerTotals(filter)))
                pages.append(page)
                guard let older = page.older else { break }
                position = .olderThan(older)
            }
            #expect(pages.flatMap(\.rows).count == (try database.ledgerTotals(filter)).count)
            var back = pages.last!
            while let newer = back.newer {
                let (page, _) = try database.ledger(filter, at: .newerThan(newer), limit: 20)
                #expect(page == (try database.ledgerPage(filter, at: .newerThan(newer), limit: 20)))
                back = page
            }
            #expect(back == pages.first)
            let end = LedgerCursor(date: day("1999-01-01"), id: 1)
            #expect(try database.ledger(filter, at: .olderThan(end)).page == database.ledgerPage(filter, at: .olderThan(end)))
        }
    }

    @Test("the migration indexes and sums the entries a database already holds")
    func migrationBackfills() throws {
        // Given a database at the migration before the ledger's, with entries (one deleted)
        let queue = try DatabaseQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "accounts and statement import")
        try queue.write { db in
            for (index, name) in ["Молоко", "Хлеб", "МОЛОКО 2"].enumerated() {
                try db.execute(sql: """
                    INSERT INTO entry (date, kind, name, amount, category, isActual, note, createdAt, deletedAt)
                    VALUES (?, 'expense', ?, ?, 'food', 1, '', '2026-01-01T00:00:00Z', ?)
                    """, arguments: ["2026-0\(index + 1)-10", name, 100 * (index + 1), index == 1 ? "2026-01-02T00:00:00Z" : nil])
            }
        }
        // When it migrates
        try AppDatabase.migrator.migrate(queue)
        // Then search and the monthly sums already know them
        let found = try queue.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM entrySearch WHERE entrySearch MATCH '\"молоко\"'")
        }
        let months = try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT month, count, amount FROM ledgerMonth ORDER BY month").map { "\($0[0] as String) \($0[1] as Int) \($0[2] as Int)" }
        }
        #expect(found == 2)
        #expect(months == ["2026-01 1 100", "2026-03 1 300"])
    }
}
