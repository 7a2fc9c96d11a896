import Engine
import Foundation
import GRDB
import Testing
@testable import Storage

/// The ledger's reads (keyset pages, filters, the Advisor's reads) (Sources/Storage/Ledger.swift); the text
/// search is in LedgerQueryTests, the monthly sums in LedgerTotalsTests, the bulk writes in LedgerBulkTests,
/// the one-pass search in LedgerSearchTests.
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

    // MARK: - The Advisor's reads

    /// Three Uber rides in two spellings (one planned) and an Uber Eats order, with their bank payees.
    static func ubers() throws -> AppDatabase {
        let database = try AppDatabase.inMemory()
        try insert(database, date: "2026-11-02", name: "Uber", amount: 14_00, category: "transport", payee: "UBER *TRIP")
        try insert(database, date: "2026-11-03", name: "Uber Eats", amount: 27_00, payee: "UBER *EATS")
        try insert(database, date: "2026-11-04", name: "uber", amount: 27_00, category: "transport", payee: "UBER *TRIP")
        try insert(database, date: "2026-11-05", name: "Uber", amount: 99_00, category: "transport", actual: false)
        return database
    }

    @Test("the Advisor's reads: the largest entry of a filter and the merchants (names before payees)")
    func advisorReads() throws {
        let database = try Self.ubers()
        let filter = LedgerFilter(text: "uber", kind: .expense, isActual: true)
        // Of equal amounts the latest; the planned 99.00 is not actual.
        #expect(try database.ledgerLargest(filter).map { [$0.name, $0.date.iso] } == ["uber", "2026-11-04"])
        #expect(try database.ledgerLargest(LedgerFilter(text: "lyft")) == nil)
        #expect(try database.ledgerMerchants(LedgerFilter(kind: .expense), limit: 10) == ["Uber", "Uber Eats", "uber", "UBER *TRIP", "UBER *EATS"])
    }
}
