import Engine
import Foundation
import GRDB

// MARK: - The month's checklist: steps marked done, and their undo

/// A checklist step marked done in a month.
public struct ChecklistDone: Sendable, Equatable {
    public var stepKey: String
    /// What "done" moved or paid (the step's amount).
    public var amount: Money
    /// The transfer out of an account the step made (nil when nothing left an account).
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

    /// Marks `step` of `month` done in one transaction, recording what the step says (SPEC §11;
    /// docs/engine-rules.md, "Today and the month's checklist"), never an everyday expense:
    /// - the fund or a goal that follows an account: a transfer of the amount from `account` to
    ///   it (its saved amount is that account's balance);
    /// - the fund or a goal kept as a typed amount: its saved amount rises by the amount (capped at
    ///   10^12) and, from `account`, one outflow that is a transfer (in no income or expense figure);
    /// - a loan: the extra is a principal payment — the loan's balance today falls by it (its
    ///   as-of date becomes today) — and, from `account`, one outflow that is a transfer.
    /// `account` nil: nothing leaves an account (a household without accounts). Returns false
    /// (and changes nothing) when the step was already done or its goal or debt is gone.
    public func markChecklistStepDone(_ step: ChecklistStep, month: YearMonth, today: Day, from account: ID<Account>? = nil,
                                      formToken: String) throws -> WriteOutcome<Bool> {
        try budgetWrite(formToken: formToken) { db in
            try markStepDone(step, month: month, today: today, from: account, in: db)
        }
    }

    /// Marks `step` done inside `db`'s transaction (see `markChecklistStepDone`); false when
    /// it was already done or its goal or debt is gone (nothing changed then).
    func markStepDone(_ step: ChecklistStep, month: YearMonth, today: Day, from account: ID<Account>? = nil,
                      in db: Database) throws -> Bool {
        let already = try Int.fetchOne(db, sql: "SELECT count(*) FROM checklistDone WHERE month = :month AND stepKey = :key",
                                       arguments: ["month": month.iso, "key": step.key]) ?? 0
        guard already == 0 else { return false }
        let amount = Money(minorUnits: min(step.amount.minorUnits, 1_000_000_000_000))
        var previous: Int64?, previousBalance: Int64?, previousAsOf: String?
        var entryID: ID<Entry>?
        /// Money leaving `account` for the step: a transfer (one side, or two when it lands in `to`).
        func transferOut(named name: String, to destination: ID<Account>?) throws {
            guard let account, destination != account else { return }
            let now = timestamp()
            let out = try EntryRecord(date: today, kind: .expense, name: name, amount: amount, category: "other", isActual: true,
                                      accountID: account, createdAt: now).insert(db)
            var group = out.rawValue
            if let destination {
                let into = try EntryRecord(date: today, kind: .income, name: name, amount: amount, category: nil, isActual: true,
                                           accountID: destination, createdAt: now).insert(db)
                group = min(group, into.rawValue)
                try db.execute(sql: "UPDATE entry SET transferGroup = :group WHERE id = :id", arguments: ["group": group, "id": into])
            }
            try db.execute(sql: "UPDATE entry SET transferGroup = :group WHERE id = :id", arguments: ["group": group, "id": out])
            entryID = out
        }
        func save(_ table: String, where condition: String, _ arguments: StatementArguments, name: String) throws -> Bool {
            guard let row = try Row.fetchOne(db, sql: "SELECT saved, savedAccountID FROM \(table) WHERE \(condition)",
                                             arguments: arguments) else { return false }
            if let followed = row[1] as Int64? {
                try transferOut(named: name, to: ID(followed))
                return true
            }
            let saved: Int64 = row[0]
            previous = saved
            try db.execute(sql: "UPDATE \(table) SET saved = :saved WHERE \(condition)",
                           arguments: arguments + ["saved": min(1_000_000_000_000, saved + amount.minorUnits)])
            try transferOut(named: name, to: nil)
            return true
        }
        switch step.kind {
        case .emergency:
            guard try save("emergencyFund", where: "id = 1", [:], name: step.name.isEmpty ? "Emergency fund" : step.name) else { return false }
        case .goal:
            guard try save("goal", where: "id = :id AND deletedAt IS NULL", ["id": step.sourceID], name: step.name) else { return false }
        case .debt:
            guard let id = step.sourceID, let debt = try Self.debts(db, id: ID(id)).first, let loan = debt.loan,
                  let paid = loanAfterExtraPayment(debt, amount: amount, today: today) else { return false }
            previousBalance = loan.balance.minorUnits
            previousAsOf = loan.asOf.iso
            try db.execute(sql: "UPDATE debt SET balance = :balance, asOf = :asOf WHERE id = :id",
                           arguments: ["balance": paid.balance.minorUnits, "asOf": paid.asOf.iso, "id": id])
            try transferOut(named: step.name, to: nil)
        }
        try db.execute(sql: """
            INSERT INTO checklistDone (month, stepKey, amount, previousSaved, entryID, doneAt, previousBalance, previousAsOf)
            VALUES (:month, :key, :amount, :previous, :entryID, :doneAt, :previousBalance, :previousAsOf)
            """, arguments: ["month": month.iso, "key": step.key, "amount": amount.minorUnits,
                             "previous": previous, "entryID": entryID, "doneAt": timestamp(),
                             "previousBalance": previousBalance, "previousAsOf": previousAsOf])
        return true
    }

    /// Undoes step `key` of `month` in one transaction: exactly what "done" changed comes back —
    /// the saved amount before, the loan's balance and as-of date before, the transfer it made
    /// deleted (both sides) — and the step is no longer done. Returns false (nothing changes) when
    /// the step is not done.
    public func undoChecklistStep(key: String, month: YearMonth, formToken: String) throws -> WriteOutcome<Bool> {
        try budgetWrite(formToken: formToken) { db in
            try undoStep(key: key, month: month, in: db)
        }
    }

    /// Undoes step `key` of `month` inside `db`'s transaction (see `undoChecklistStep`).
    func undoStep(key: String, month: YearMonth, in db: Database) throws -> Bool {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT previousSaved, entryID, previousBalance, previousAsOf FROM checklistDone WHERE month = :month AND stepKey = :key
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
        if let balance = row[2] as Int64?, let asOf = row[3] as String?, key.hasPrefix("debt-"), let id = Int64(key.dropFirst(5)) {
            try db.execute(sql: "UPDATE debt SET balance = :balance, asOf = :asOf WHERE id = :id",
                           arguments: ["balance": balance, "asOf": asOf, "id": id])
        }
        try db.execute(sql: "DELETE FROM checklistDone WHERE month = :month AND stepKey = :key",
                       arguments: ["month": month.iso, "key": key])
        if let entryID {
            try db.execute(sql: """
                DELETE FROM entry WHERE id = :id OR (transferGroup IS NOT NULL
                    AND transferGroup = (SELECT transferGroup FROM entry WHERE id = :id))
                """, arguments: ["id": entryID])
        }
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
