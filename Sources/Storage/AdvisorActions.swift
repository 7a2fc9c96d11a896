import Engine
import GRDB

// MARK: - The advisor's action log, so every change it made can be shown and undone

// Each applied action is one `writeOnce` transaction: the change and its log row. Undo is
// one transaction too: it restores exactly what the change replaced (deletes the row it
// added, or writes back the value it overwrote) and marks the log row undone. Neither
// purges soft-deleted rows nor records an event, so an export before the action equals
// an export after the action and its undo, apart from the log (docs/engine-rules.md,
// "Advisor actions").

/// A change the advisor may make, already validated by the forms' rules.
public enum AdvisorChange: Sendable, Equatable {
    case addGoal(NewGoal)
    case addRecurring(NewRecurringItem)
    case addEntry(NewEntry)
    /// Sets the monthly limit of a category (adds it, or replaces the amount of the existing one).
    case setMonthLimit(category: String, amount: Money)
    /// Sets the payoff strategy setting (`plan.strategy`).
    case setStrategy(PayoffStrategy)
    /// Marks a step of `month`'s checklist done on `today`, as the checklist's own Done does.
    /// `raisesSaved` is false when the fund or goal follows an account (Done then only marks the
    /// step; storage decides from the database, the flag only tells the preview).
    case markChecklistStep(ChecklistStep, month: YearMonth, today: Day, raisesSaved: Bool)
}

/// Why a logged action cannot be undone.
public enum AdvisorUndoRefusal: Error, Equatable {
    /// The entry it added has since been matched to a bank row by an import: deleting it
    /// would lose the imported evidence (the next import would call the row already imported).
    case importedSince
}

/// One row of the action log.
public struct AdvisorActionRecord: Sendable, Equatable {
    public var id: ID<AdvisorActionRecord>
    /// The action's kind ("goal", "limit", …).
    public var kind: String
    /// What it did, in the words of the language it was applied in.
    public var summary: String
    public var createdAt: String
    public var undoneAt: String?
}

extension AppDatabase {
    /// The setting key of the payoff strategy.
    public static let strategySettingKey = "plan.strategy"

    /// Applies `change` and logs it with `kind` and `summary`, once per form token. Returns the log row's id.
    /// Throws `StorageError.rejected` when a constraint refuses the change (nothing is written).
    public func applyAdvisorAction(_ change: AdvisorChange, kind: String, summary: String, formToken: String) throws -> WriteOutcome<ID<AdvisorActionRecord>> {
        try budgetWrite(formToken: formToken, purgingFirst: false) { db in
            var table = "", target: Int64? = nil, previous: String? = nil
            let now = timestamp()
            switch change {
            case .addGoal(let goal):
                (table, target) = ("goal", try Self.insertGoal(goal, createdAt: now, in: db).rawValue)
            case .addRecurring(let item):
                (table, target) = ("recurringItem", try Self.insertRecurring(item, createdAt: now, in: db).rawValue)
            case .addEntry(let entry):
                (table, target) = ("entry", try EntryRecord(entry, createdAt: now).insert(db).rawValue)
            case .setMonthLimit(let category, let amount):
                table = "categoryLimit"
                if let row = try Row.fetchOne(db, sql: "SELECT id, amount FROM categoryLimit WHERE category = :category AND period = 'month'",
                                              arguments: ["category": category]) {
                    target = row["id"]
                    previous = String(row["amount"] as Int64)
                    try db.execute(sql: "UPDATE categoryLimit SET amount = :amount WHERE id = :id", arguments: ["amount": amount.minorUnits, "id": target])
                } else {
                    target = try Self.insertCategoryLimit(CategoryLimit(category: category, period: .month, amount: amount),
                                                          createdAt: now, in: db).rawValue
                }
            case .setStrategy(let strategy):
                table = "setting"
                previous = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = :key", arguments: ["key": Self.strategySettingKey])
                try db.execute(sql: """
                    INSERT INTO setting (key, value) VALUES (:key, :value) ON CONFLICT(key) DO UPDATE SET value = excluded.value
                    """, arguments: ["key": Self.strategySettingKey, "value": strategy.rawValue])
            case .markChecklistStep(let step, let month, let today, _):
                // Already done, or its goal or debt is gone: refused, nothing written.
                guard try markStepDone(step, month: month, today: today, from: Self.defaultAccountID(db), in: db) else {
                    throw StorageError.rejected("checklist step")
                }
                table = "checklistDone"
                previous = month.iso + " " + step.key
            }
            try db.execute(sql: """
                INSERT INTO advisorAction (kind, summary, targetTable, targetID, previous, createdAt)
                VALUES (:kind, :summary, :table, :target, :previous, :now)
                """, arguments: ["kind": kind, "summary": summary, "table": table, "target": target, "previous": previous, "now": now])
            return ID(db.lastInsertedRowID)
        }
    }

    /// Undoes a logged action, once per form token: restores what it replaced and marks it undone.
    /// Throws `StorageError.notFound` for an unknown or already undone action, and
    /// `AdvisorUndoRefusal.importedSince` (nothing changed) for an added entry an import has
    /// linked a bank row to since.
    public func undoAdvisorAction(id: ID<AdvisorActionRecord>, formToken: String) throws -> WriteOutcome<Void> {
        try budgetWrite(formToken: formToken, purgingFirst: false) { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT targetTable, targetID, previous FROM advisorAction WHERE id = :id AND undoneAt IS NULL
                """, arguments: ["id": id]) else { throw StorageError.notFound }
            let table: String = row["targetTable"], target: Int64? = row["targetID"], previous: String? = row["previous"]
            switch table {
            case "entry" where try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM importKey WHERE entryID = :id) OR EXISTS (SELECT 1 FROM importRow WHERE entryID = :id)
                """, arguments: ["id": target]) == true:
                throw AdvisorUndoRefusal.importedSince
            case "goal", "recurringItem", "entry":
                try db.execute(sql: "DELETE FROM \(table) WHERE id = :id", arguments: ["id": target])
            case "categoryLimit":
                if let previous, let amount = Int64(previous) {
                    try db.execute(sql: "UPDATE categoryLimit SET amount = :amount WHERE id = :id", arguments: ["amount": amount, "id": target])
                } else {
                    try db.execute(sql: "DELETE FROM categoryLimit WHERE id = :id", arguments: ["id": target])
                }
            case "setting":
                if let previous {
                    try db.execute(sql: "UPDATE setting SET value = :value WHERE key = :key", arguments: ["value": previous, "key": Self.strategySettingKey])
                } else {
                    try db.execute(sql: "DELETE FROM setting WHERE key = :key", arguments: ["key": Self.strategySettingKey])
                }
            case "checklistDone":
                // "2026-11 goal-3": the step's own undo (saved amount back, its entry deleted). A step
                // already undone on Today or the Plan has nothing left to restore.
                let parts = (previous ?? "").split(separator: " ").map(String.init)
                if parts.count == 2, let month = YearMonth(iso: parts[0]) {
                    _ = try undoStep(key: parts[1], month: month, in: db)
                }
            default:
                throw StorageError.notFound
            }
            try db.execute(sql: "UPDATE advisorAction SET undoneAt = :now WHERE id = :id", arguments: ["now": timestamp(), "id": id])
        }
    }

    /// The action log, newest first (at most 200 rows).
    public func advisorActions() throws -> [AdvisorActionRecord] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT id, kind, summary, createdAt, undoneAt FROM advisorAction ORDER BY id DESC LIMIT 200").map {
                AdvisorActionRecord(id: $0["id"], kind: $0["kind"], summary: $0["summary"], createdAt: $0["createdAt"], undoneAt: $0["undoneAt"])
            }
        }
    }
}
