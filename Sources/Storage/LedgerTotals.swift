import Engine
import GRDB

// MARK: - The ledger's footer: how many entries match a filter, their income and expense

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

extension AppDatabase {
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
}
