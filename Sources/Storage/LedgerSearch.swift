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
            var income: Int64 = 0, expense: Int64 = 0
            var clamped = (income: false, expense: false)
            // Integers only (the date as 20261120; 1 = income, 2 = not a transfer): no text per match.
            let rows = try Row.fetchCursor(db, sql: """
                SELECT CAST(replace(e.date, '-', '') AS INTEGER), e.id, (e.kind = 'income') + 2 * (e.transferGroup IS NULL), \(query.amount)
                \(query.from) WHERE \(query.conditions)
                """, arguments: query.arguments([:]))
            while let row = try rows.next() {
                keys.append((row[0], row[1]))
                let flags: Int = row[2]
                guard flags & 2 != 0 else { continue }
                let amount: Int64 = row[3]
                if flags & 1 != 0 {
                    let (sum, overflow) = income.addingReportingOverflow(amount)
                    if overflow { clamped.income = true } else { income = sum }
                } else {
                    let (sum, overflow) = expense.addingReportingOverflow(amount)
                    if overflow { clamped.expense = true } else { expense = sum }
                }
            }
            let totals = LedgerTotals(count: keys.count, income: Money(minorUnits: clamped.income ? .max : income),
                                      expense: Money(minorUnits: clamped.expense ? .max : expense))
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

    /// "2026-11-20" → 20261120, ordered as the dates are.
    static func dateKey(_ iso: String) -> Int {
        var value = 0
        for byte in iso.utf8 where byte != UInt8(ascii: "-") { value = value * 10 + Int(byte) - 48 }
        return value
    }
}
