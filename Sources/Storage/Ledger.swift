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

/// How many entries match a filter and their income and expense (transfers counted, not summed).
public struct LedgerTotals: Sendable, Equatable {
    public var count: Int
    public var income: Money
    public var expense: Money
}

extension LedgerTotals {
    /// Both counts and sums added (clamped at the 64-bit limit, as every figure too large is).
    static func + (a: LedgerTotals, b: LedgerTotals) -> LedgerTotals {
        func sum(_ x: Money, _ y: Money) -> Money {
            let (value, overflow) = x.minorUnits.addingReportingOverflow(y.minorUnits)
            return Money(minorUnits: overflow ? Int64.max : value)
        }
        return LedgerTotals(count: a.count + b.count, income: sum(a.income, b.income), expense: sum(a.expense, b.expense))
    }
}

/// An account as the ledger names it.
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

    /// The count and the income and expense totals of every live entry matching `filter`.
    /// Without text or amount, whole months come from the monthly sums (`ledgerMonth`) and
    /// only the part-months at the ends of a date range are read entry by entry.
    public func ledgerTotals(_ filter: LedgerFilter) throws -> LedgerTotals {
        try ledgerTotals(filter, monthly: true)
    }

    func ledgerTotals(_ filter: LedgerFilter, monthly: Bool) throws -> LedgerTotals {
        guard monthly, filter.text == nil, filter.amounts == nil else { return try ledgerScanTotals(filter) }
        // Whole months inside [from, through]; the days outside them are scanned.
        let firstWhole = filter.from.map { $0.day == 1 ? $0.yearMonth : $0.yearMonth.adding(months: 1) }
        let lastWhole = filter.through.map { $0 == $0.yearMonth.lastDay ? $0.yearMonth : $0.yearMonth.adding(months: -1) }
        if let firstWhole, let lastWhole, firstWhole > lastWhole { return try ledgerScanTotals(filter) }
        var totals: LedgerTotals
        do {
            totals = try monthlyTotals(filter, firstWhole: firstWhole, lastWhole: lastWhole)
                + (try splitCorrection(filter, firstWhole: firstWhole, lastWhole: lastWhole))
        } catch let error as DatabaseError where error.message?.contains("overflow") == true {
            return try ledgerScanTotals(filter)  // beyond 64 bits: the scan clamps
        }
        // The part-months at either end.
        if let from = filter.from, let firstWhole, from < firstWhole.firstDay {
            var edge = filter
            edge.through = min(filter.through ?? firstWhole.firstDay, firstWhole.firstDay.adding(days: -1))
            totals = totals + (try ledgerScanTotals(edge))
        }
        if let through = filter.through, let lastWhole, through > lastWhole.lastDay {
            var edge = filter
            edge.from = max(filter.from ?? lastWhole.lastDay, lastWhole.lastDay.adding(days: 1))
            totals = totals + (try ledgerScanTotals(edge))
        }
        return totals
    }

    /// The sums of `ledgerMonth`'s lines for the whole months in range that match `filter`.
    private func monthlyTotals(_ filter: LedgerFilter, firstWhole: YearMonth?, lastWhole: YearMonth?) throws -> LedgerTotals {
        try read { db in
            var clauses: [String] = []
            var values: [String: (any DatabaseValueConvertible)?] = [:]
            if let firstWhole { clauses.append("month >= :firstWhole"); values["firstWhole"] = firstWhole.iso }
            if let lastWhole { clauses.append("month <= :lastWhole"); values["lastWhole"] = lastWhole.iso }
            switch filter.account {
            case nil: break
            case .none?: clauses.append("accountID = 0")
            case .id(let id)?: clauses.append("accountID = :account"); values["account"] = id
            }
            switch filter.category {
            case nil: break
            case .uncategorised?: clauses.append("category = :other AND transfer = 0"); values["other"] = Self.permanentCategory
            case .key(let key)?: clauses.append("category = :category"); values["category"] = key
            }
            switch filter.kind {
            case nil: break
            case .income?: clauses.append("kind = 'income' AND transfer = 0")
            case .expense?: clauses.append("kind = 'expense' AND transfer = 0")
            case .transfer?: clauses.append("transfer = 1")
            }
            if let isActual = filter.isActual { clauses.append("isActual = :isActual"); values["isActual"] = isActual }
            let row = try Row.fetchOne(db, sql: """
                SELECT coalesce(sum(count), 0),
                    coalesce(sum(CASE WHEN kind = 'income' AND transfer = 0 THEN amount END), 0),
                    coalesce(sum(CASE WHEN kind = 'expense' AND transfer = 0 THEN amount END), 0)
                FROM ledgerMonth \(clauses.isEmpty ? "" : "WHERE " + clauses.joined(separator: " AND "))
                """, arguments: StatementArguments(values))!
            return LedgerTotals(count: row[0], income: Money(minorUnits: row[1]), expense: Money(minorUnits: row[2]))
        }
    }

    /// What the split entries change in `monthlyTotals` under a category filter: `ledgerMonth`
    /// counts an entry whole in its own category, the ledger counts each part in its category
    /// (docs/engine-rules.md, "Splits"). So for the split entries of the whole months: minus
    /// those whose own category is the filter's, plus those with a part in it (at the part's
    /// amount). Zero without a category filter (then a split changes no total).
    private func splitCorrection(_ filter: LedgerFilter, firstWhole: YearMonth?, lastWhole: YearMonth?) throws -> LedgerTotals {
        guard let category = filter.category else { return LedgerTotals(count: 0, income: .zero, expense: .zero) }
        var whole = filter
        whole.category = nil
        whole.from = firstWhole?.firstDay
        whole.through = lastWhole?.lastDay
        let key: String
        switch category {
        case .uncategorised: key = Self.permanentCategory
        case .key(let value): key = value
        }
        return try read { db in
            var query = try LedgerQuery(whole, db)
            query.add("e.id IN (SELECT entryID FROM entryPart) AND e.transferGroup IS NULL")
            let row = try Row.fetchOne(db, sql: """
                SELECT coalesce(sum(s.inParts > 0) - sum(s.category = :key), 0),
                    coalesce(sum(CASE WHEN s.kind = 'expense' THEN s.inParts - (CASE WHEN s.category = :key THEN s.amount ELSE 0 END) END), 0)
                FROM (SELECT e.kind, e.category, e.amount,
                          (SELECT coalesce(sum(p.amount), 0) FROM entryPart p WHERE p.entryID = e.id AND p.category = :key) AS inParts
                      \(query.from) WHERE \(query.conditions)) s
                """, arguments: query.arguments(["key": key]))!
            return LedgerTotals(count: row[0], income: .zero, expense: Money(minorUnits: row[1]))
        }
    }

    /// The totals read entry by entry (text and amount filters, part-months).
    func ledgerScanTotals(_ filter: LedgerFilter) throws -> LedgerTotals {
        try read { db in
            // With a category, two reads that each keep the category's index: the entries of the
            // category, then the split ones counted there by a part while filed under another.
            let queries = try [LedgerQuery(filter, db, category: .own), LedgerQuery(filter, db, category: .otherParts)]
            func totals(_ sum: String) throws -> Row {
                let parts = queries.filter(\.canMatch).map { query in
                    """
                    SELECT count(*) AS n,
                        \(sum)(CASE WHEN e.kind = 'income' AND e.transferGroup IS NULL THEN e.amount ELSE 0 END) AS income,
                        \(sum)(CASE WHEN e.kind = 'expense' AND e.transferGroup IS NULL THEN \(query.amount) ELSE 0 END) AS expense
                    \(query.from) WHERE \(query.conditions)
                    """
                }
                return try Row.fetchOne(db, sql: "SELECT sum(n), \(sum)(income), \(sum)(expense) FROM (\(parts.joined(separator: " UNION ALL ")))",
                                        arguments: queries[0].arguments([:]))!
            }
            do {
                let row = try totals("sum")
                return LedgerTotals(count: row[0], income: Money(minorUnits: row[1] as Int64? ?? 0), expense: Money(minorUnits: row[2] as Int64? ?? 0))
            } catch let error as DatabaseError where error.message?.contains("overflow") == true {
                // Beyond 64 bits: shown clamped, as every figure too large is (README).
                let row = try totals("total")
                func clamped(_ value: Double) -> Money { Money(minorUnits: value >= 9.2e18 ? Int64.max : Int64(value)) }
                return LedgerTotals(count: row[0], income: clamped(row[1]), expense: clamped(row[2]))
            }
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

    /// The distinct names (as typed or set by a payee rule) of the entries matching `filter`,
    /// case-insensitively for ASCII, most used first, at most `limit`.
    public func ledgerNames(_ filter: LedgerFilter, limit: Int) throws -> [String] {
        try read { db in
            let query = try LedgerQuery(filter, db)
            return try String.fetchAll(db, sql: """
                SELECT min(e.name) \(query.from) WHERE \(query.conditions) GROUP BY lower(e.name) ORDER BY count(*) DESC, lower(e.name) LIMIT :limit
                """, arguments: query.arguments(["limit": limit]))
        }
    }

    /// The distinct names and then bank payees of the entries matching `filter`, each most used
    /// first, at most `limit` (the merchants the Advisor recognises in a question: a name is
    /// spelled as the household typed it, so it is preferred to the bank's payee).
    public func ledgerMerchants(_ filter: LedgerFilter, limit: Int) throws -> [String] {
        try read { db in
            let query = try LedgerQuery(filter, db)
            return try String.fetchAll(db, sql: """
                SELECT value FROM (SELECT e.name AS value, 0 AS payee, count(*) AS uses \(query.from) WHERE \(query.conditions) GROUP BY e.name
                    UNION ALL SELECT e.payeeRaw, 1, count(*) \(query.from) WHERE \(query.conditions) AND e.payeeRaw IS NOT NULL GROUP BY e.payeeRaw)
                GROUP BY value ORDER BY min(payee), sum(uses) DESC, value LIMIT :limit
                """, arguments: query.arguments(["limit": limit]))
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

/// A filter as SQL: the FROM clause (the search index first when there is text to find),
/// the WHERE conditions and their arguments.
struct LedgerQuery {
    /// Which entries a category filter reads: every entry counting in the category (the ledger),
    /// those filed under it, or the split ones counted there by a part while filed under another.
    enum CategoryPart { case counting, own, otherParts }

    var from = "FROM entry e"
    /// The category filtered on, if any.
    private var category: String?
    /// What an entry counts in the filter: with a category, its amount in that category (its
    /// parts there when split), else its amount.
    private(set) var amount = "e.amount"
    /// False when the query can match nothing (the split part of a category no part is in).
    private(set) var canMatch = true
    private var clauses = ["e.deletedAt IS NULL"]
    private var values: [String: (any DatabaseValueConvertible)?] = [:]

    /// The query of `filter`; with a category, reads the ids of the split entries with a part in it.
    init(_ filter: LedgerFilter, _ db: Database, category part: CategoryPart = .counting) throws {
        var splitIDs: [ID<Entry>] = []
        if let category = filter.category {
            let key = if case .key(let key) = category { key } else { AppDatabase.permanentCategory }
            splitIDs = try ID<Entry>.fetchAll(db, sql: "SELECT DISTINCT entryID FROM entryPart WHERE category = ? ORDER BY entryID", arguments: [key])
        }
        self.init(filter, splitIDs: splitIDs, category: part)
    }

    init(_ filter: LedgerFilter, splitIDs: [ID<Entry>], category part: CategoryPart) {
        canMatch = part != .otherParts
        if let text = filter.text, !text.isEmpty {
            if text.count >= 3 {
                // The trigram index finds every entry holding the text (case folded for every
                // alphabet); the ledger then reads only those rows.
                from = "FROM entrySearch CROSS JOIN entry e ON e.id = entrySearch.rowid"
                clauses.append("entrySearch MATCH :match")
                values["match"] = "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            } else {
                // One or two characters: too short for trigrams. LIKE folds ASCII only, so each
                // letter's other case is spelled out (at most four patterns).
                var patterns: [String] = []
                for variant in Self.caseVariants(of: text) {
                    let escaped = variant.replacingOccurrences(of: "\\", with: "\\\\")
                        .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
                    let name = "like\(patterns.count)"
                    values[name] = "%" + escaped + "%"
                    patterns.append("e.name LIKE :\(name) ESCAPE '\\' OR e.payeeRaw LIKE :\(name) ESCAPE '\\' OR e.note LIKE :\(name) ESCAPE '\\'")
                }
                clauses.append("(" + patterns.joined(separator: " OR ") + ")")
            }
        }
        if let amounts = filter.amounts {
            clauses.append("e.amount BETWEEN :amountLow AND :amountHigh")
            values["amountLow"] = amounts.lowerBound
            values["amountHigh"] = amounts.upperBound
        }
        switch filter.account {
        case nil: break
        case .none?: clauses.append("e.accountID IS NULL")
        case .id(let id)?: clauses.append("e.accountID = :account"); values["account"] = id
        }
        // A category: the entries that count in it (docs/engine-rules.md, "Splits"): those filed
        // under it, and the split ones with a part in it (few: listed by id). A split entry is
        // filed under one of its parts' categories, so no entry filed under it is left out.
        // Unary + keeps SQLite from answering the OR with both indexes at once, which loses
        // the date order a page reads in.
        let key: String? = switch filter.category {
        case nil: nil
        case .uncategorised?: AppDatabase.permanentCategory
        case .key(let key)?: key
        }
        if let key {
            values["category"] = key
            category = key
            let split = splitIDs.map { String($0.rawValue) }.joined(separator: ",")
            amount = split.isEmpty ? "e.amount" : """
                CASE WHEN e.id IN (\(split)) THEN (SELECT coalesce(sum(p.amount), 0) FROM entryPart p
                    WHERE p.entryID = e.id AND p.category = :category) ELSE e.amount END
                """
            switch part {
            case _ where split.isEmpty, .own: clauses.append("e.category = :category")
            case .counting: clauses.append("(+e.category = :category OR +e.id IN (\(split)))")
            case .otherParts: clauses.append("e.id IN (\(split)) AND e.category <> :category")
            }
            if filter.category == .uncategorised { clauses.append("e.transferGroup IS NULL") }
            canMatch = part != .otherParts || !split.isEmpty
        }
        switch filter.kind {
        case nil: break
        case .income?: clauses.append("e.kind = 'income' AND e.transferGroup IS NULL")
        case .expense?: clauses.append("e.kind = 'expense' AND e.transferGroup IS NULL")
        case .transfer?: clauses.append("e.transferGroup IS NOT NULL")
        }
        if let isActual = filter.isActual { clauses.append("e.isActual = :isActual"); values["isActual"] = isActual }
        if let from = filter.from { clauses.append("e.date >= :from"); values["from"] = from.iso }
        if let through = filter.through { clauses.append("e.date <= :through"); values["through"] = through.iso }
    }

    /// A ledger row's columns (`AppDatabase.ledgerRow` reads them), the amount as `amount` says.
    var columns: String {
        """
        e.id, e.date, e.kind, e.name, e.payeeRaw, \(amount), e.category, e.accountID, e.isActual, e.cleared,
        e.reconciledAt IS NOT NULL, e.transferGroup, e.note
        """
    }

    /// The arguments `columns` reads.
    var columnArguments: StatementArguments { category.map { ["category": $0] } ?? [:] }

    /// Adds a condition with no arguments.
    mutating func add(_ clause: String) { clauses.append(clause) }

    /// Adds a cursor condition.
    mutating func add(_ clause: String, _ cursor: LedgerCursor) {
        clauses.append(clause)
        values["cursorDate"] = cursor.date.iso
        values["cursorID"] = cursor.id
    }

    var conditions: String { clauses.joined(separator: " AND ") }

    func arguments(_ extra: [String: (any DatabaseValueConvertible)?]) -> StatementArguments {
        StatementArguments(values.merging(extra) { a, _ in a })
    }

    /// Every spelling of `text` with each character in its lower and upper case (for 1–2 characters).
    static func caseVariants(of text: String) -> [String] {
        var variants = [""]
        for character in text {
            let forms = Set([String(character), character.lowercased(), character.uppercased()])
            variants = variants.flatMap { prefix in forms.sorted().map { prefix + $0 } }
        }
        return variants
    }
}
