import Engine
import GRDB

// MARK: - The ledger: every live entry, filtered, newest first, a page at a time

/// What the ledger shows: every field is optional and they all hold at once (AND).
public struct LedgerFilter: Sendable, Equatable {
    /// income and expense leave transfers out; transfer is either side of one.
    public enum Kind: String, Sendable, CaseIterable { case income, expense, transfer }
    /// An account's id, or entries with no account.
    public enum AccountChoice: Sendable, Equatable { case none, id(ID<Account>) }
    /// A category key, or "uncategorised": expense entries in "other" that are not transfers.
    public enum CategoryChoice: Sendable, Equatable { case uncategorised, key(String) }

    /// Text somewhere in the name, the bank's payee or the note (case-insensitive, any alphabet).
    public var text: String?
    /// The entry's amount (always positive, minor units) within this range.
    public var amounts: ClosedRange<Int64>?
    public var account: AccountChoice?
    public var category: CategoryChoice?
    public var kind: Kind?
    /// true: actual only; false: planned only.
    public var isActual: Bool?
    public var from: Day?
    public var through: Day?

    /// No filter: every live entry.
    public init(text: String? = nil, amounts: ClosedRange<Int64>? = nil, account: AccountChoice? = nil,
                category: CategoryChoice? = nil, kind: Kind? = nil, isActual: Bool? = nil, from: Day? = nil, through: Day? = nil) {
        self.text = text; self.amounts = amounts; self.account = account; self.category = category
        self.kind = kind; self.isActual = isActual; self.from = from; self.through = through
    }
}

/// A position in the ledger's order (date, then id, both descending): pages continue after it.
public struct LedgerCursor: Sendable, Equatable {
    public var date: Day
    public var id: ID<Entry>
    public init(date: Day, id: ID<Entry>) { self.date = date; self.id = id }
}

/// Which page of the ledger: the newest, the one older than a cursor, or the one newer.
public enum LedgerPosition: Sendable, Equatable {
    case newest
    case olderThan(LedgerCursor)
    case newerThan(LedgerCursor)
}

/// One ledger line as stored.
public struct LedgerRow: Sendable, Equatable {
    public var id: ID<Entry>
    public var date: Day
    public var isIncome: Bool
    public var name: String
    public var payeeRaw: String?
    public var amount: Money
    public var category: String?
    public var accountID: ID<Account>?
    public var isActual: Bool
    public var cleared: Bool
    public var reconciled: Bool
    public var transferGroup: Int64?
    public var note: String
    /// A split entry's parts (empty: not split). With a category filter, `amount` is what the
    /// entry counts in that category (its part there), and these say where the rest went.
    public var parts: [EntryPart] = []
    public var cursor: LedgerCursor { LedgerCursor(date: date, id: id) }
}

/// One page of the ledger, newest first, with the cursors of the pages around it (nil: none).
public struct LedgerPage: Sendable, Equatable {
    public var rows: [LedgerRow]
    /// The last row's position when older rows exist.
    public var older: LedgerCursor?
    /// The first row's position when newer rows exist.
    public var newer: LedgerCursor?
}

extension AppDatabase {
    /// Rows per ledger page.
    public static let ledgerPageSize = 50

    /// The page of live entries matching `filter` at `position`, newest first by (date, id),
    /// at most `limit` rows (keyset pagination: no OFFSET, so a page costs the same anywhere).
    public func ledgerPage(_ filter: LedgerFilter, at position: LedgerPosition, limit: Int = ledgerPageSize) throws -> LedgerPage {
        try read { db in
            var query = try LedgerQuery(filter, db)
            let descending: Bool
            switch position {
            case .newest: descending = true
            case .olderThan(let cursor): descending = true; query.add("(e.date, e.id) < (:cursorDate, :cursorID)", cursor)
            case .newerThan(let cursor): descending = false; query.add("(e.date, e.id) > (:cursorDate, :cursorID)", cursor)
            }
            let order = descending ? "e.date DESC, e.id DESC" : "e.date ASC, e.id ASC"
            var rows = try Self.withParts(db, Row.fetchAll(db, sql: "SELECT \(query.columns) \(query.from) WHERE \(query.conditions) ORDER BY \(order) LIMIT :limit",
                                                            arguments: query.arguments(["limit": limit + 1])).map(Self.ledgerRow))
            let more = rows.count > limit
            if more { rows.removeLast() }
            if !descending { rows.reverse() }
            var page = LedgerPage(rows: rows, older: nil, newer: nil)
            guard let first = rows.first, let last = rows.last else {
                // An empty page past either end (its rows deleted since): offer the way back,
                // the cursor's own row included.
                switch position {
                case .newest: break
                case .olderThan(let cursor):
                    let before = LedgerCursor(date: cursor.date, id: ID(cursor.id.rawValue - 1))
                    page.newer = try exists(db, filter, newerThan: before) ? before : nil
                case .newerThan(let cursor):
                    let after = LedgerCursor(date: cursor.date, id: ID(cursor.id.rawValue + 1))
                    page.older = try exists(db, filter, olderThan: after) ? after : nil
                }
                return page
            }
            switch position {
            case .newest: page.older = more ? last.cursor : nil
            case .olderThan: page.older = more ? last.cursor : nil; page.newer = try exists(db, filter, newerThan: first.cursor) ? first.cursor : nil
            case .newerThan: page.newer = more ? first.cursor : nil; page.older = try exists(db, filter, olderThan: last.cursor) ? last.cursor : nil
            }
            return page
        }
    }

    /// The largest entry matching `filter` (the latest of equal amounts), or nil when none does:
    /// the Advisor's "largest purchase", read with the ledger's own query.
    public func ledgerLargest(_ filter: LedgerFilter) throws -> LedgerRow? {
        try read { db in
            let query = try LedgerQuery(filter, db)
            let row = try Row.fetchOne(db, sql: "SELECT \(query.columns) \(query.from) WHERE \(query.conditions) ORDER BY \(query.amount) DESC, e.date DESC, e.id DESC LIMIT 1",
                                       arguments: query.arguments([:])).map(Self.ledgerRow)
            return try row.flatMap { try Self.withParts(db, [$0]).first }
        }
    }

    /// The distinct names and then bank payees of the entries matching `filter`, each most used
    /// first, at most `limit` (the merchants the Advisor recognises in a question: a name is
    /// spelled as the household typed it, so it is preferred to the bank's payee). A text that is
    /// both a name and a payee is a name, used as often as both; equal counts in byte order.
    /// Counted here from one read of the rows (two SQL groupings and their union cost three
    /// times as much at 20,000 entries, docs/PERFORMANCE.md).
    public func ledgerMerchants(_ filter: LedgerFilter, limit: Int) throws -> [String] {
        try read { db in
            let query = try LedgerQuery(filter, db)
            // Keyed by the UTF-8 bytes, as SQLite groups and orders text (no Unicode equivalence).
            var uses: [[UInt8]: (payee: Bool, count: Int)] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT e.name, e.payeeRaw \(query.from) WHERE \(query.conditions)",
                                           arguments: query.arguments([:]))
            while let row = try rows.next() {
                let name = Array((row[0] as String).utf8)
                uses[name] = (false, (uses[name]?.count ?? 0) + 1)
                if let payee: String = row[1] { uses[Array(payee.utf8), default: (true, 0)].count += 1 }
            }
            return uses.sorted { a, b in
                if a.value.payee != b.value.payee { return !a.value.payee }
                if a.value.count != b.value.count { return a.value.count > b.value.count }
                return a.key.lexicographicallyPrecedes(b.key)
            }.prefix(limit).map { String(decoding: $0.key, as: UTF8.self) }
        }
    }

    private func exists(_ db: Database, _ filter: LedgerFilter, olderThan cursor: LedgerCursor) throws -> Bool {
        var query = try LedgerQuery(filter, db)
        query.add("(e.date, e.id) < (:cursorDate, :cursorID)", cursor)
        return try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 \(query.from) WHERE \(query.conditions))", arguments: query.arguments([:])) ?? false
    }

    private func exists(_ db: Database, _ filter: LedgerFilter, newerThan cursor: LedgerCursor) throws -> Bool {
        var query = try LedgerQuery(filter, db)
        query.add("(e.date, e.id) > (:cursorDate, :cursorID)", cursor)
        return try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 \(query.from) WHERE \(query.conditions))", arguments: query.arguments([:])) ?? false
    }

    /// `rows` with their parts.
    static func withParts(_ db: Database, _ rows: [LedgerRow]) throws -> [LedgerRow] {
        let parts = try entryParts(db, ids: rows.map(\.id))
        guard !parts.isEmpty else { return rows }
        return rows.map { row in var row = row; row.parts = parts[row.id] ?? []; return row }
    }

    static func ledgerRow(_ row: Row) -> LedgerRow {
        LedgerRow(id: row[0], date: Day(iso: row[1])!, isIncome: (row[2] as String) == "income", name: row[3], payeeRaw: row[4],
                  amount: Money(minorUnits: row[5]), category: row[6], accountID: row[7], isActual: row[8], cleared: row[9],
                  reconciled: row[10], transferGroup: row[11], note: row[12])
    }
}
