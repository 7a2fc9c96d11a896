import Engine
import GRDB

// MARK: - What achievements read from the entries (docs/engine-rules.md, "The Challenge, streaks and achievements")

/// The entries' share of the achievements' facts, aggregated in SQL instead of read entry by
/// entry: over the same entries the household read gives (live, not transfers, dated
/// `from` … `through`).
public struct AchievementEntryFacts: Sendable, Equatable {
    /// Dates with at least one actual entry (a confirmed occurrence is an actual entry too).
    public var loggedDates: Set<Day>
    /// Actual expenses summed by month and category (budget master).
    public var expenseSums: [YearMonth: [String: Int128]]
    /// Actual expenses dated in the period after each ended recurring expense whose period is
    /// over (subscription slayer), dates ascending.
    public var expensesAfterEnds: [Entry]
}

extension AppDatabase {
    /// The entries' facts for achievements as of `today` (one read). `endedItems`: the recurring
    /// expenses with an end date (others are ignored).
    public func achievementEntryFacts(from: Day, through: Day, today: Day, endedItems: [RecurringItem]) throws -> AchievementEntryFacts {
        try read { db in
            let range: StatementArguments = ["from": from.iso, "through": through.iso]
            var logged = Set<Day>()
            let dates = try String.fetchCursor(db.cachedStatement(sql: """
                SELECT DISTINCT date FROM entry INDEXED BY entry_live_by_date_transfer
                WHERE deletedAt IS NULL AND date BETWEEN :from AND :through AND transferGroup IS NULL AND isActual = 1
                """), arguments: range)
            while let text = try dates.next() {
                guard let day = Day(iso: text) else { throw StorageError.corrupt("date \(text)") }
                logged.insert(day)
            }
            // Amounts are 1 … 10^12 (the schema's CHECK): summed in two parts so that SQLite's
            // 64-bit SUM cannot overflow, then joined exactly in 128 bits.
            var sums: [YearMonth: [String: Int128]] = [:]
            let rows = try Row.fetchCursor(db.cachedStatement(sql: """
                SELECT substr(date, 1, 7), IFNULL(category, ''), SUM(amount / 1000000), SUM(amount % 1000000)
                FROM entry INDEXED BY entry_live_by_date_transfer
                WHERE deletedAt IS NULL AND date BETWEEN :from AND :through AND transferGroup IS NULL
                    AND isActual = 1 AND kind = 'expense'
                GROUP BY 1, 2
                """), arguments: range)
            while let row = try rows.next() {
                let text: String = row[0]
                guard let month = YearMonth(iso: text) else { throw StorageError.corrupt("month \(text)") }
                let high: Int64 = row[2], low: Int64 = row[3]
                sums[month, default: [:]][row[1], default: 0] += Int128(high) * 1_000_000 + Int128(low)
            }
            var after: [Entry] = []
            var seen = Set<Int64>()
            for item in endedItems where item.kind == .expense {
                guard let ended = periodAfterEnd(item), ended.periodEnd <= today else { continue }
                let (end, periodEnd) = ended
                let rows = try Row.fetchCursor(db.cachedStatement(sql: """
                    SELECT id, date, name, amount, category FROM entry INDEXED BY entry_live_by_date_transfer
                    WHERE deletedAt IS NULL AND date BETWEEN :from AND :through AND date > :end AND date <= :periodEnd
                        AND transferGroup IS NULL AND isActual = 1 AND kind = 'expense'
                    ORDER BY date, id
                    """), arguments: range + ["end": end.iso, "periodEnd": periodEnd.iso])
                while let row = try rows.next() {
                    let id: Int64 = row[0], text: String = row[1]
                    guard seen.insert(id).inserted else { continue }
                    guard let day = Day(iso: text) else { throw StorageError.corrupt("date \(text)") }
                    after.append(Entry(id: id, date: day, kind: .expense, name: row[2], amount: Money(minorUnits: row[3]),
                                       category: row[4] ?? "", isActual: true))
                }
            }
            after.sort { ($0.date, $0.id) < ($1.date, $1.id) }
            return AchievementEntryFacts(loggedDates: logged, expenseSums: sums, expensesAfterEnds: after)
        }
    }
}
