import Engine
import GRDB

// MARK: - What achievements read from the entries (docs/engine-rules.md, "The Challenge, streaks and achievements")

/// The entries' share of the achievements' facts, aggregated in SQL instead of read entry by
/// entry: over the same entries the household read gives (live, not transfers, dated
/// `from` … `through`).
public struct AchievementEntryFacts: Sendable, Equatable {
    /// Dates with at least one actual entry the household recorded itself (a confirmed
    /// occurrence is one; an imported bank row is not).
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
            // One pass over the covering index: each actual entry's date, and the expenses summed
            // by month and category (in 128 bits). Rows come by date, so a date's text is parsed
            // once and a month's sums are added up locally and merged when the month changes.
            var logged = Set<Day>()
            var sums: [YearMonth: [String: Int128]] = [:]
            var last: (text: String, day: Day?) = ("", nil)
            var month: (key: YearMonth?, sums: [String: Int128]) = (nil, [:])
            func flush() {
                guard let key = month.key, !month.sums.isEmpty else { return }
                sums[key, default: [:]].merge(month.sums, uniquingKeysWith: +)
            }
            // A logged day is one the household itself recorded something on: an imported bank row
            // is evidence, not a day logged (its expenses still count in the sums).
            let rows = try Row.fetchCursor(db.cachedStatement(sql: """
                SELECT date, kind = 'expense', category, amount, importBatchID IS NULL FROM entry INDEXED BY entry_live_by_date_transfer
                WHERE deletedAt IS NULL AND date BETWEEN :from AND :through AND transferGroup IS NULL AND isActual = 1
                """), arguments: range)
            while let row = try rows.next() {
                let text: String = row[0]
                if row[4] as Bool, let day = last.text == text ? last.day : Day(iso: text) { logged.insert(day) }
                if text != last.text {
                    guard let day = Day(iso: text) else { throw StorageError.corrupt("date \(text)") }
                    last = (text, day)
                    if day.yearMonth != month.key {
                        flush()
                        month = (day.yearMonth, [:])
                    }
                }
                guard row[1] as Bool else { continue }
                let category: String = row[2] ?? "", amount: Int64 = row[3]
                month.sums[category, default: 0] += Int128(amount)
            }
            flush()
            var after: [Entry] = []
            var seen = Set<ID<Entry>>()
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
                    let id: ID<Entry> = row[0], text: String = row[1]
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
