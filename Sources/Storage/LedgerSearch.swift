import Engine
import GRDB

// MARK: - The ledger with text to find: one pass over the matches gives the page and the totals

extension AppDatabase {
    /// The page of `filter` at `position` and the totals of everything matching it. With text
    /// to find, the search index is read once: the matches' dates, ids, kinds and amounts make
    /// both the totals and the page's order (then only the page's rows are read in full).
    public func ledger(_ filter: LedgerFilter, at position: LedgerPosition,
                       limit: Int = ledgerPageSize) throws -> (page: LedgerPage, totals: LedgerTotals) {
        guard let text = filter.text, text.count >= 3 else {
            // The totals first: when nothing matches, no index is walked to find out.
            let totals = try ledgerTotals(filter)
            if totals.count == 0 { return (LedgerPage(rows: [], older: nil, newer: nil), totals) }
            return (try ledgerPage(filter, at: position, limit: limit), totals)
        }
        return try read { db in
            let query = try LedgerQuery(filter, db)
            var keys: [(date: Int, id: ID<Entry>)] = []
            var sums = RunningTotals()
            // Integers only (the date as 20261120; 1 = income, 2 = not a transfer): no text per match.
            let rows = try Row.fetchCursor(db, sql: """
                SELECT CAST(replace(e.date, '-', '') AS INTEGER), e.id, \(RunningTotals.flags), \(query.amount)
                \(query.from) WHERE \(query.conditions)
                """, arguments: query.arguments([:]))
            while let row = try rows.next() {
                keys.append((row[0], row[1]))
                sums.add(flags: row[2], amount: row[3])
            }
            let totals = sums.totals
            keys.sort { ($0.date, $0.id) > ($1.date, $1.id) }
            // The page's slice of the newest-first order.
            let range: Range<Int>
            switch position {
            case .newest:
                range = 0..<min(limit, keys.count)
            case .olderThan(let cursor):
                let key = (Self.dateKey(cursor.date.iso), cursor.id)
                let start = keys.firstIndex { ($0.date, $0.id) < key } ?? keys.count
                range = start..<min(start + limit, keys.count)
            case .newerThan(let cursor):
                let key = (Self.dateKey(cursor.date.iso), cursor.id)
                let end = keys.firstIndex { ($0.date, $0.id) <= key } ?? keys.count
                range = max(0, end - limit)..<end
            }
            var page = LedgerPage(rows: [], older: nil, newer: nil)
            if !range.isEmpty {
                let ids = keys[range].map { String($0.id.rawValue) }.joined(separator: ",")
                page.rows = try Self.withParts(db, Row.fetchAll(db, sql: """
                    SELECT \(query.columns) FROM entry e WHERE e.id IN (\(ids)) ORDER BY e.date DESC, e.id DESC
                    """, arguments: query.columnArguments).map(Self.ledgerRow))
                if range.upperBound < keys.count { page.older = page.rows.last?.cursor }
                if range.lowerBound > 0 { page.newer = page.rows.first?.cursor }
            } else {
                // Past either end: the way back, the cursor's own row included (as `ledgerPage`).
                switch position {
                case .newest: break
                case .olderThan(let cursor):
                    if range.lowerBound > 0 { page.newer = LedgerCursor(date: cursor.date, id: ID(cursor.id.rawValue - 1)) }
                case .newerThan(let cursor):
                    if range.upperBound < keys.count { page.older = LedgerCursor(date: cursor.date, id: ID(cursor.id.rawValue + 1)) }
                }
            }
            return (page, totals)
        }
    }

    /// The totals of `filter` and, with text to find, the distinct names (as typed or set by a
    /// payee rule) of the entries it matches — grouped case-insensitively for ASCII, each as its
    /// least spelling in byte order, most used first, at most `names` — from one read of the
    /// search index (the Advisor's answer about a merchant: how much, and which payees it was).
    /// Without text, the totals alone.
    public func ledgerTotals(_ filter: LedgerFilter, names limit: Int) throws -> (totals: LedgerTotals, names: [String]) {
        guard filter.text != nil else { return (try ledgerTotals(filter), []) }
        return try read { db in
            let query = try LedgerQuery(filter, db)
            var sums = RunningTotals()
            // Keyed by the name's UTF-8 bytes with A–Z as a–z (SQLite's lower()): its uses and least spelling.
            var uses: [[UInt8]: (name: [UInt8], count: Int)] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT e.name, \(RunningTotals.flags), \(query.amount) \(query.from) WHERE \(query.conditions)",
                                           arguments: query.arguments([:]))
            while let row = try rows.next() {
                let name = Array((row[0] as String).utf8)
                let key = name.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
                if let known = uses[key] {
                    uses[key] = (name.lexicographicallyPrecedes(known.name) ? name : known.name, known.count + 1)
                } else {
                    uses[key] = (name, 1)
                }
                sums.add(flags: row[1], amount: row[2])
            }
            let names = uses.sorted { a, b in a.value.count != b.value.count ? a.value.count > b.value.count : a.key.lexicographicallyPrecedes(b.key) }
                .prefix(limit).map { String(decoding: $0.value.name, as: UTF8.self) }
            return (sums.totals, names)
        }
    }

    /// "2026-11-20" → 20261120, ordered as the dates are.
    static func dateKey(_ iso: String) -> Int {
        var value = 0
        for byte in iso.utf8 where byte != UInt8(ascii: "-") { value = value * 10 + Int(byte) - 48 }
        return value
    }
}

/// A ledger read's count and its income and expense added match by match (transfers counted,
/// not summed), each sum clamped at the 64-bit limit as every figure too large is.
struct RunningTotals {
    /// The SQL of a match's flags: 1 = income, 2 = not a transfer.
    static let flags = "(e.kind = 'income') + 2 * (e.transferGroup IS NULL)"
    private var count = 0, income: Int64 = 0, expense: Int64 = 0
    private var clamped = (income: false, expense: false)

    mutating func add(flags: Int, amount: Int64) {
        count += 1
        guard flags & 2 != 0 else { return }
        if flags & 1 != 0 {
            let (sum, overflow) = income.addingReportingOverflow(amount)
            if overflow { clamped.income = true } else { income = sum }
        } else {
            let (sum, overflow) = expense.addingReportingOverflow(amount)
            if overflow { clamped.expense = true } else { expense = sum }
        }
    }

    var totals: LedgerTotals {
        LedgerTotals(count: count, income: Money(minorUnits: clamped.income ? .max : income), expense: Money(minorUnits: clamped.expense ? .max : expense))
    }
}
