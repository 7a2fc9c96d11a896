import Engine
import Foundation
import GRDB
import Statements

// MARK: - Bank statement import: what the match plan is decided from (the design: StatementImports.swift)

/// The plan's input and what the commit needs besides: planned occurrences by source and date.
struct PlanInput {
    var match: MatchInput
    var planned: [String: (name: String, kind: FlowKind, category: String?)]
}

extension AppDatabase {
    /// The household for the planned occurrences within three weeks of `dates` (those from 1900
    /// to today), read in its own snapshot before a write; nil when no date qualifies.
    func occurrenceHousehold(_ dates: [Day], _ context: ImportPlanContext) throws -> Household? {
        let usable = dates.filter { $0.year >= 1900 && $0 <= context.today }
        guard let first = usable.min(), let last = usable.max() else { return nil }
        return try household(settings: context.planSettings, entriesFrom: first.adding(days: -21), through: last.adding(days: 21))
    }

    /// Everything the plan is decided from, read inside the caller's transaction: the account's
    /// stored keys for the file's fingerprints and bank ids, the typed entries that may match
    /// (same account or none, ±3 days, not imported, not linked yet) and the unconfirmed planned
    /// occurrences within a week of the file's dates.
    static func planInput(rows: [StatementRow], errors: [RowError], accountID: ID<Account>, bankAccountID: String?,
                          context: ImportPlanContext, in db: Database) throws -> PlanInput {
        var input = MatchInput(rows: rows, errors: errors, bankAccountID: bankAccountID, today: context.today)
        var planned: [String: (name: String, kind: FlowKind, category: String?)] = [:]
        let dates = rows.map(\.date).filter { $0.year >= 1900 && $0 <= context.today }
        guard let first = dates.min(), let last = dates.max() else { return PlanInput(match: input, planned: planned) }
        func stored(_ row: Row) -> StoredKey {
            StoredKey(amount: row[1], batchID: row[2], hadExternalID: row[3], deletedOn: row[4])
        }
        let keyColumns = """
            SELECT k.key, k.amount, k.batchID, k.hadExternalID, (SELECT min(deletedOn) FROM importTombstone t WHERE t.keyID = k.id)
            FROM importKey k
            """
        let fingerprints = try Row.fetchCursor(db, sql: """
            \(keyColumns) WHERE k.accountID = :account AND k.kind = 'fp' AND k.key >= :from AND k.key < :through ORDER BY k.id
            """, arguments: ["account": accountID, "from": first.iso, "through": last.adding(days: 1).iso])
        while let row = try fingerprints.next() { input.fingerprintKeys[row[0], default: []].append(stored(row)) }
        if rows.contains(where: { $0.externalID != nil }) {
            let wanted = Set(rows.compactMap { ImportKeys.external($0, bankAccountID: bankAccountID) })
            let externals = try Row.fetchCursor(db, sql: "\(keyColumns) WHERE k.accountID = :account AND k.kind = 'ext' ORDER BY k.id",
                                                arguments: ["account": accountID])
            while let row = try externals.next() {
                let key: String = row[0]
                if wanted.contains(key) { input.externalKeys[key, default: []].append(stored(row)) }
            }
        }
        let window = MatchPlan.linkWindowDays
        let typed = try Row.fetchCursor(db, sql: """
            SELECT id, date, kind, amount, name, isActual FROM entry
            WHERE deletedAt IS NULL AND importBatchID IS NULL AND transferGroup IS NULL
                AND (accountID = :account OR accountID IS NULL) AND date BETWEEN :from AND :through
                AND NOT EXISTS (SELECT 1 FROM importKey k WHERE k.entryID = entry.id)
            ORDER BY id
            """, arguments: ["account": accountID, "from": first.adding(days: -window).iso, "through": last.adding(days: window).iso])
        while let row = try typed.next() {
            guard let date = Day(iso: row[1]) else { continue }
            let amount: Int64 = row[3]
            input.typed.append(TypedCandidate(entryID: row[0], date: date, amount: (row[2] as String) == "income" ? amount : -amount,
                                                    name: row[4], isActual: row[5]))
        }
        let widest = 7
        guard let budget = context.household else { return PlanInput(match: input, planned: planned) }
        let periodicities = Dictionary((budget.incomes + budget.expenses).map { ($0.id, $0.periodicity) }, uniquingKeysWith: { a, _ in a })
        for occurrence in plannedOccurrences(budget, from: first.adding(days: -widest), through: last.adding(days: widest),
                                             today: context.today) where !occurrence.isConfirmed {
            let source: String, tolerance: Int
            switch occurrence.key.source {
            case .recurring(let id):
                source = "r\(id)"; tolerance = PlannedCandidate.toleranceDays(periodicities[id] ?? .monthly)
            case .debt(let id):
                source = "d\(id)"; tolerance = PlannedCandidate.toleranceDays(.monthly)
            }
            let amount = occurrence.amount.minorUnits
            input.planned.append(PlannedCandidate(source: source, date: occurrence.date,
                                                        amount: occurrence.kind == .income ? amount : -amount,
                                                        name: occurrence.name, toleranceDays: tolerance))
            planned[source + "@" + occurrence.date.iso] = (occurrence.name, occurrence.kind,
                                                            occurrence.kind == .income ? nil : (occurrence.category == debtCategory ? "other" : occurrence.category))
        }
        return PlanInput(match: input, planned: planned)
    }
}
