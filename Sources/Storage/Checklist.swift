import Engine
import Foundation
import GRDB

// MARK: - The month's checklist: steps marked done, and their undo

/// A checklist step marked done in a month.
public struct ChecklistDone: Sendable, Equatable {
    public var stepKey: String
    /// What "done" moved or paid (the step's amount).
    public var amount: Money
    /// The entry the extra loan payment became (nil for the fund and goals).
    public var entryID: ID<Entry>?
}

extension AppDatabase {
    /// The steps of `month` marked done, by step key.
    public func checklistDone(month: YearMonth) throws -> [String: ChecklistDone] {
        try read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT stepKey, amount, entryID FROM checklistDone WHERE month = :month",
                                        arguments: ["month": month.iso])
            var done: [String: ChecklistDone] = [:]
            for row in rows {
                done[row[0]] = ChecklistDone(stepKey: row[0], amount: Money(minorUnits: row[1]), entryID: row[2])
            }
            return done
        }
    }

    /// Marks `step` of `month` done in one transaction: the emergency fund's or the goal's
    /// saved amount rises by the step's amount (capped at 10^12; one that follows an account
    /// is left to the account), a loan's extra becomes an actual expense entry on `today`
    /// (category "other", like a confirmed loan payment). Returns false (and changes
    /// nothing) when the step was already done or its goal or debt is gone.
    public func markChecklistStepDone(_ step: ChecklistStep, month: YearMonth, today: Day,
                                      formToken: String) throws -> WriteOutcome<Bool> {
        try budgetWrite(formToken: formToken) { db in
            try markStepDone(step, month: month, today: today, in: db)
        }
    }

    /// Marks `step` done inside `db`'s transaction (see `markChecklistStepDone`); false when
    /// it was already done or its goal or debt is gone (nothing changed then).
    func markStepDone(_ step: ChecklistStep, month: YearMonth, today: Day, in db: Database) throws -> Bool {
        let already = try Int.fetchOne(db, sql: "SELECT count(*) FROM checklistDone WHERE month = :month AND stepKey = :key",
                                       arguments: ["month": month.iso, "key": step.key]) ?? 0
        guard already == 0 else { return false }
        var previous: Int64?
        var entryID: ID<Entry>?
        func raise(_ table: String, where condition: String, _ arguments: StatementArguments) throws -> Bool {
            guard let row = try Row.fetchOne(db, sql: "SELECT saved, savedAccountID FROM \(table) WHERE \(condition)",
                                             arguments: arguments) else { return false }
            guard (row[1] as Int64?) == nil else { return true }
            let saved: Int64 = row[0]
            previous = saved
            let raised = min(1_000_000_000_000, saved + min(step.amount.minorUnits, 1_000_000_000_000))
            try db.execute(sql: "UPDATE \(table) SET saved = :saved WHERE \(condition)",
                           arguments: arguments + ["saved": raised])
            return true
        }
        switch step.kind {
        case .emergency:
            guard try raise("emergencyFund", where: "id = 1", [:]) else { return false }
        case .goal:
            guard try raise("goal", where: "id = :id AND deletedAt IS NULL", ["id": step.sourceID]) else { return false }
        case .debt:
            let live = try Int.fetchOne(db, sql: "SELECT count(*) FROM debt WHERE id = :id AND deletedAt IS NULL",
                                        arguments: ["id": step.sourceID]) ?? 0
            guard live == 1 else { return false }
            let entry = NewEntry(date: today, kind: .expense, name: step.name, amount: step.amount, category: "other",
                                 isActual: true)
            try db.execute(sql: """
                INSERT INTO entry (date, kind, name, amount, category, isActual, note, confirmsRecurringID,
                    confirmsDebtID, confirmsDate, plannedAmount, createdAt)
                \(Self.entryValues)
                """, arguments: Self.arguments(entry) + ["createdAt": timestamp()])
            entryID = ID(db.lastInsertedRowID)
        }
        try db.execute(sql: """
            INSERT INTO checklistDone (month, stepKey, amount, previousSaved, entryID, doneAt)
            VALUES (:month, :key, :amount, :previous, :entryID, :doneAt)
            """, arguments: ["month": month.iso, "key": step.key, "amount": step.amount.minorUnits,
                             "previous": previous, "entryID": entryID, "doneAt": timestamp()])
        return true
    }

    /// Undoes step `key` of `month` in one transaction: the saved amount goes back to what it
    /// was before "done", the entry it made is deleted, and the step is no longer done.
    /// Returns false (nothing changes) when the step is not done.
    public func undoChecklistStep(key: String, month: YearMonth, formToken: String) throws -> WriteOutcome<Bool> {
        try budgetWrite(formToken: formToken) { db in
            try undoStep(key: key, month: month, in: db)
        }
    }

    /// Undoes step `key` of `month` inside `db`'s transaction (see `undoChecklistStep`).
    func undoStep(key: String, month: YearMonth, in db: Database) throws -> Bool {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT previousSaved, entryID FROM checklistDone WHERE month = :month AND stepKey = :key
            """, arguments: ["month": month.iso, "key": key]) else { return false }
        let previous: Int64? = row[0]
        let entryID: ID<Entry>? = row[1]
        if let previous {
            if key == "emergency" {
                try db.execute(sql: "UPDATE emergencyFund SET saved = :saved WHERE id = 1", arguments: ["saved": previous])
            } else if key.hasPrefix("goal-"), let id = Int64(key.dropFirst(5)) {
                try db.execute(sql: "UPDATE goal SET saved = :saved WHERE id = :id", arguments: ["saved": previous, "id": id])
            }
        }
        try db.execute(sql: "DELETE FROM checklistDone WHERE month = :month AND stepKey = :key",
                       arguments: ["month": month.iso, "key": key])
        if let entryID { try db.execute(sql: "DELETE FROM entry WHERE id = :id", arguments: ["id": entryID]) }
        return true
    }
}

// MARK: - Recent entries (the Today page)

extension AppDatabase {
    /// The `limit` most recent actual entries dated on or before `through`, newest first
    /// (date, then id), transfers included.
    public func recentEntries(through: Day, limit: Int) throws -> [StoredEntry] {
        let ids = try read { db in
            try ID<Entry>.fetchAll(db, sql: """
                SELECT id FROM entry WHERE deletedAt IS NULL AND isActual = 1 AND date <= :through
                ORDER BY date DESC, id DESC LIMIT :limit
                """, arguments: ["through": through.iso, "limit": limit])
        }
        return try ids.compactMap { try storedEntry(id: $0) }
    }
}
