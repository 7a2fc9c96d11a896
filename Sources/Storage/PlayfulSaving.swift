import Engine
import GRDB

// MARK: - Round-ups and hidden money (docs/engine-rules.md, "Round-ups and hidden money")
//
// Tables (migration "sv1: round-ups and hidden money"): roundUpSetting (one row, absent: off),
// roundUpTransfer (a suggestion marked done: the goal, the amount, what it added), roundUpEntry
// (the expenses a transfer covered, so they never count twice), hiddenMoney (amounts set aside,
// with their reveal delay and request). FinMind moves no real money: these are notes.

/// Why a playful-saving write was refused; nothing was written.
public enum PlayfulSavingError: Error, Equatable {
    /// The goal is missing, deleted, or follows an account (its saved amount is the account's balance).
    case goalUnavailable
    /// Nothing to move (the suggestion changed since the page was shown).
    case nothingToMove
    /// The row does not exist (or is in the wrong state).
    case notFound
}

/// A round-up transfer marked done.
public struct RoundUpTransfer: Sendable, Hashable {
    public var id: ID<RoundUpTransfer>
    public var goalID: ID<Goal>?
    public var amount: Money
    /// What Done added to the goal (less than `amount` only at the 10^12 cap).
    public var added: Money
    public var from: Day
    public var through: Day
    public var doneOn: Day
}

extension AppDatabase {
    // MARK: Round-up reads

    /// The stored round-up settings, or nil when never saved (off).
    public func roundUpSettings() throws -> RoundUpSettings? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT enabled, stepIndex, multiplier, period, goalID, minimum, startsOn FROM roundUpSetting WHERE id = 1
                """), let startsOn = Day(iso: row["startsOn"]) else { return nil }
            return RoundUpSettings(enabled: row["enabled"], stepIndex: row["stepIndex"], multiplier: row["multiplier"],
                                   period: RoundUpPeriod(rawValue: row["period"]) ?? .week, goalID: row["goalID"],
                                   minimum: Money(minorUnits: row["minimum"]), startsOn: startsOn)
        }
    }

    /// The actual expenses dated `from` … `through` not yet covered by a transfer (transfers'
    /// sides and deleted entries left out), with the ids of those already covered in that span.
    public func roundUpCandidates(from: Day, through: Day) throws -> (entries: [Entry], counted: Set<ID<Entry>>) {
        try read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT e.id, e.date, e.amount, (r.entryID IS NOT NULL) AS counted FROM entry e
                LEFT JOIN roundUpEntry r ON r.entryID = e.id
                WHERE e.deletedAt IS NULL AND e.isActual = 1 AND e.kind = 'expense' AND e.transferGroup IS NULL
                  AND e.date BETWEEN :from AND :through
                ORDER BY e.date, e.id
                """, arguments: ["from": from.iso, "through": through.iso])
            var entries: [Entry] = []
            var counted = Set<ID<Entry>>()
            for row in rows {
                guard let date = Day(iso: row["date"]) else { continue }
                let id: ID<Entry> = row["id"]
                if row["counted"] as Bool { counted.insert(id) }
                entries.append(Entry(id: id, date: date, kind: .expense, name: "", amount: Money(minorUnits: row["amount"]),
                                     category: "", isActual: true))
            }
            return (entries, counted)
        }
    }

    /// The same tally as `roundUpTally` over `roundUpCandidates`, summed by SQLite for a page
    /// (no rows leave the database): Σ (step − amount mod step) mod step over the actual expenses
    /// dated `from` … `through` that no transfer covered, × `multiplier`, and how many there are.
    /// Done uses the engine's tally, which also names the expenses; a test checks both agree.
    public func roundUpSum(from: Day, through: Day, step: Int64, multiplier: Int) throws -> (amount: Money, expenses: Int) {
        guard step > 0 else { return (.zero, 0) }
        return try read { db in
            let row = try Row.fetchOne(db.cachedStatement(sql: """
                SELECT count(*), COALESCE(SUM(CASE WHEN e.amount > 0 THEN (:step - e.amount % :step) % :step ELSE 0 END), 0)
                FROM entry e
                WHERE e.deletedAt IS NULL AND e.isActual = 1 AND e.kind = 'expense' AND e.transferGroup IS NULL
                  AND e.date BETWEEN :from AND :through
                  AND NOT EXISTS (SELECT 1 FROM roundUpEntry r WHERE r.entryID = e.id)
                """), arguments: ["step": step, "from": from.iso, "through": through.iso])
            let count: Int = row?[0] ?? 0
            let sum: Int64 = row?[1] ?? 0
            let times = Int64(Swift.max(1, Swift.min(multiplier, 10)))
            return (Money(minorUnits: sum.multipliedReportingOverflow(by: times).overflow ? .max : sum * times), count)
        }
    }

    /// The `limit` latest transfers, newest first.
    public func roundUpTransfers(limit: Int = 10) throws -> [RoundUpTransfer] {
        try read { db in
            try RoundUpTransferRecord.order(RoundUpTransferRecord.Columns.id.desc).limit(limit).fetchAll(db).compactMap(\.transfer)
        }
    }

    // MARK: Round-up writes

    /// Saves the settings (the one row). `startsOn` is kept as stored when round-ups stay on.
    public func saveRoundUpSettings(_ settings: RoundUpSettings, formToken: String) throws -> WriteOutcome<Void> {
        try writeOnce(formToken: formToken) { db in
            if let goalID = settings.goalID {
                let live = try Int.fetchOne(db, sql: "SELECT count(*) FROM goal WHERE id = :id AND deletedAt IS NULL",
                                            arguments: ["id": goalID]) ?? 0
                guard live == 1 else { throw PlayfulSavingError.goalUnavailable }
            }
            try db.execute(sql: """
                INSERT INTO roundUpSetting (id, enabled, stepIndex, multiplier, period, goalID, minimum, startsOn, updatedAt)
                VALUES (1, :enabled, :step, :multiplier, :period, :goal, :minimum, :startsOn, :at)
                ON CONFLICT(id) DO UPDATE SET enabled = excluded.enabled, stepIndex = excluded.stepIndex,
                    multiplier = excluded.multiplier, period = excluded.period, goalID = excluded.goalID,
                    minimum = excluded.minimum, startsOn = excluded.startsOn, updatedAt = excluded.updatedAt
                """, arguments: ["enabled": settings.enabled, "step": settings.stepIndex, "multiplier": settings.multiplier,
                                 "period": settings.period.rawValue, "goal": settings.goalID,
                                 "minimum": settings.minimum.minorUnits, "startsOn": settings.startsOn.iso, "at": timestamp()])
        }
    }

    /// Marks a suggestion done in one transaction: the goal's saved amount rises by the tally
    /// (capped at 10^12), the transfer and the expenses it covers are recorded. Refuses a goal
    /// that is gone or follows an account (`goalUnavailable`), an empty tally or one whose
    /// expenses were covered meanwhile (`nothingToMove`). Returns the transfer's id.
    public func markRoundUpsDone(goalID: ID<Goal>, tally: RoundUpTally, from: Day, through: Day, today: Day,
                                 formToken: String) throws -> WriteOutcome<ID<RoundUpTransfer>> {
        try budgetWrite(formToken: formToken) { db in
            guard tally.amount.minorUnits > 0, !tally.parts.isEmpty else { throw PlayfulSavingError.nothingToMove }
            guard let row = try Row.fetchOne(db, sql: "SELECT saved, savedAccountID FROM goal WHERE id = :id AND deletedAt IS NULL",
                                             arguments: ["id": goalID]), (row["savedAccountID"] as Int64?) == nil
            else { throw PlayfulSavingError.goalUnavailable }
            let saved: Int64 = row["saved"]
            let raised = min(1_000_000_000_000, saved + min(tally.amount.minorUnits, 1_000_000_000_000))
            try db.execute(sql: "UPDATE goal SET saved = :saved WHERE id = :id", arguments: ["saved": raised, "id": goalID])
            try RoundUpTransferRecord(goalID: goalID, amount: tally.amount.minorUnits, added: raised - saved, fromDate: from.iso,
                                      throughDate: through.iso, doneOn: today.iso, doneAt: timestamp()).insert(db)
            let id = ID<RoundUpTransfer>(db.lastInsertedRowID)
            for part in tally.parts {
                // An expense covered meanwhile (a second tab) makes the whole transfer stale.
                let taken = try Int.fetchOne(db, sql: "SELECT count(*) FROM roundUpEntry WHERE entryID = :entry",
                                             arguments: ["entry": part.entryID]) ?? 0
                guard taken == 0 else { throw PlayfulSavingError.nothingToMove }
                try db.execute(sql: "INSERT INTO roundUpEntry (transferID, entryID, roundUp) VALUES (:transfer, :entry, :up)",
                               arguments: ["transfer": id, "entry": part.entryID, "up": part.roundUp.minorUnits])
            }
            return id
        }
    }

    /// Undoes transfer `id` in one transaction: the goal loses what Done added (not below 0),
    /// the transfer and its covered expenses are forgotten. Returns the transfer (nil: none).
    public func undoRoundUps(id: ID<RoundUpTransfer>, formToken: String) throws -> WriteOutcome<RoundUpTransfer?> {
        try budgetWrite(formToken: formToken) { db in
            guard let transfer = try RoundUpTransferRecord.fetchOne(db, key: id)?.transfer else { return nil }
            if let goalID = transfer.goalID {
                try db.execute(sql: "UPDATE goal SET saved = max(0, saved - :added) WHERE id = :id",
                               arguments: ["added": transfer.added.minorUnits, "id": goalID])
            }
            try db.execute(sql: "DELETE FROM roundUpEntry WHERE transferID = :id", arguments: ["id": id])
            try db.execute(sql: "DELETE FROM roundUpTransfer WHERE id = :id", arguments: ["id": id])
            return transfer
        }
    }

    // MARK: Hidden money

    /// Every hidden amount (revealed ones included), oldest first.
    public func hiddenAmounts() throws -> [HiddenAmount] {
        try read { db in
            try HiddenMoneyRecord.order(HiddenMoneyRecord.Columns.id).fetchAll(db).compactMap { $0.hiddenAmount() }
        }
    }

    /// Hides `amount` after checking, inside the transaction, that it stays within `allowed`:
    /// `allowed(hiddenTotal)` returns nil when hiding is allowed, else the most that may be hidden
    /// (thrown as `HideRefused`). Returns the id.
    public func hideMoney(_ amount: HiddenAmount, today: Day, allowed: (Money) -> Money?,
                          formToken: String) throws -> WriteOutcome<ID<HiddenAmount>> {
        try writeOnce(formToken: formToken) { db in
            if let goalID = amount.goalID {
                let live = try Int.fetchOne(db, sql: "SELECT count(*) FROM goal WHERE id = :id AND deletedAt IS NULL",
                                            arguments: ["id": goalID]) ?? 0
                guard live == 1 else { throw PlayfulSavingError.goalUnavailable }
            }
            let current = try Self.hiddenTotal(db, today: today)
            if let most = allowed(current) { throw HideRefused(most: most) }
            try HiddenMoneyRecord(amount, createdAt: timestamp()).insert(db)
            return ID(db.lastInsertedRowID)
        }
    }

    private static func hiddenTotal(_ db: Database, today: Day) throws -> Money {
        // Only the amount and its reveal count: a row is never left out for its hiddenOn.
        let amounts = try HiddenMoneyRecord.fetchAll(db).compactMap { $0.hiddenAmount(hiddenOnOr: today) }
        return Engine.hiddenTotal(amounts, today: today)
    }

    /// Asks to reveal amount `id` on `today` (it takes effect after its delay). `notFound` when
    /// missing or already asked.
    public func requestReveal(id: ID<HiddenAmount>, today: Day, formToken: String) throws -> WriteOutcome<Void> {
        try writeOnce(formToken: formToken) { db in
            try db.execute(sql: "UPDATE hiddenMoney SET revealRequestedOn = :today WHERE id = :id AND revealRequestedOn IS NULL",
                           arguments: ["today": today.iso, "id": id])
            guard db.changesCount == 1 else { throw PlayfulSavingError.notFound }
        }
    }

    /// Cancels a reveal that has not taken effect on `today`. `notFound` otherwise.
    public func cancelReveal(id: ID<HiddenAmount>, today: Day, formToken: String) throws -> WriteOutcome<Void> {
        try writeOnce(formToken: formToken) { db in
            try db.execute(sql: """
                UPDATE hiddenMoney SET revealRequestedOn = NULL
                WHERE id = :id AND revealRequestedOn IS NOT NULL AND date(revealRequestedOn, '+' || revealDelayDays || ' days') > :today
                """, arguments: ["today": today.iso, "id": id])
            guard db.changesCount == 1 else { throw PlayfulSavingError.notFound }
        }
    }

    /// Removes a revealed amount from the list (a hidden one cannot be removed: it is revealed first).
    public func deleteRevealed(id: ID<HiddenAmount>, today: Day, formToken: String) throws -> WriteOutcome<Void> {
        try writeOnce(formToken: formToken) { db in
            try db.execute(sql: """
                DELETE FROM hiddenMoney
                WHERE id = :id AND revealRequestedOn IS NOT NULL AND date(revealRequestedOn, '+' || revealDelayDays || ' days') <= :today
                """, arguments: ["today": today.iso, "id": id])
            guard db.changesCount == 1 else { throw PlayfulSavingError.notFound }
        }
    }

    // MARK: Migration

    static func registerPlayfulSavingMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("sv1: round-ups and hidden money") { db in
            try db.execute(sql: """
                CREATE TABLE roundUpSetting (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
                    stepIndex INTEGER NOT NULL CHECK (stepIndex BETWEEN 0 AND 2),
                    multiplier INTEGER NOT NULL CHECK (multiplier BETWEEN 1 AND 10),
                    period TEXT NOT NULL CHECK (period IN ('week', 'month')),
                    goalID INTEGER NULL REFERENCES goal(id) ON DELETE SET NULL,
                    minimum INTEGER NOT NULL CHECK (minimum BETWEEN 0 AND 1000000000000),
                    startsOn TEXT NOT NULL CHECK (length(startsOn) = 10),
                    updatedAt TEXT NOT NULL
                );
                CREATE TABLE roundUpTransfer (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    goalID INTEGER NULL REFERENCES goal(id) ON DELETE SET NULL,
                    amount INTEGER NOT NULL CHECK (amount BETWEEN 1 AND 9223372036854775807),
                    added INTEGER NOT NULL CHECK (added BETWEEN 0 AND 1000000000000),
                    fromDate TEXT NOT NULL CHECK (length(fromDate) = 10),
                    throughDate TEXT NOT NULL CHECK (length(throughDate) = 10),
                    doneOn TEXT NOT NULL CHECK (length(doneOn) = 10),
                    doneAt TEXT NOT NULL
                );
                CREATE TABLE roundUpEntry (
                    transferID INTEGER NOT NULL REFERENCES roundUpTransfer(id) ON DELETE CASCADE,
                    entryID INTEGER NOT NULL UNIQUE REFERENCES entry(id) ON DELETE CASCADE,
                    roundUp INTEGER NOT NULL CHECK (roundUp BETWEEN 1 AND 1000000000000),
                    PRIMARY KEY (transferID, entryID)
                );
                CREATE TABLE hiddenMoney (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    amount INTEGER NOT NULL CHECK (amount BETWEEN 1 AND 1000000000000),
                    purpose TEXT NOT NULL CHECK (purpose IN ('forced', 'goal', 'emergency')),
                    goalID INTEGER NULL REFERENCES goal(id) ON DELETE SET NULL,
                    note TEXT NOT NULL DEFAULT '' CHECK (length(note) <= 500),
                    hiddenOn TEXT NOT NULL CHECK (length(hiddenOn) = 10),
                    revealDelayDays INTEGER NOT NULL CHECK (revealDelayDays BETWEEN 0 AND 365),
                    revealRequestedOn TEXT NULL CHECK (revealRequestedOn IS NULL OR length(revealRequestedOn) = 10),
                    createdAt TEXT NOT NULL
                );
                """)
        }
    }
}

// MARK: - One record type per table

/// One row of `roundUpTransfer`: its one decode and its one insert.
struct RoundUpTransferRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "roundUpTransfer"
    enum Columns {
        static let id = Column("id"), goalID = Column("goalID"), amount = Column("amount"), added = Column("added")
        static let fromDate = Column("fromDate"), throughDate = Column("throughDate"), doneOn = Column("doneOn"), doneAt = Column("doneAt")
    }
    var id: ID<RoundUpTransfer>?
    var goalID: ID<Goal>?
    var amount: Int64
    var added: Int64
    var fromDate: String
    var throughDate: String
    var doneOn: String
    var doneAt: String

    init(goalID: ID<Goal>?, amount: Int64, added: Int64, fromDate: String, throughDate: String, doneOn: String, doneAt: String) {
        self.goalID = goalID; self.amount = amount; self.added = added; self.fromDate = fromDate; self.throughDate = throughDate
        self.doneOn = doneOn; self.doneAt = doneAt
    }

    init(row: Row) throws {
        id = row[Columns.id]; goalID = row[Columns.goalID]; amount = row[Columns.amount]; added = row[Columns.added]
        fromDate = row[Columns.fromDate]; throughDate = row[Columns.throughDate]; doneOn = row[Columns.doneOn]; doneAt = row[Columns.doneAt]
    }

    func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id; container[Columns.goalID] = goalID; container[Columns.amount] = amount
        container[Columns.added] = added; container[Columns.fromDate] = fromDate; container[Columns.throughDate] = throughDate
        container[Columns.doneOn] = doneOn; container[Columns.doneAt] = doneAt
    }

    /// The transfer the pages show, or nil when a stored day does not read.
    var transfer: RoundUpTransfer? {
        guard let id, let from = Day(iso: fromDate), let through = Day(iso: throughDate), let done = Day(iso: doneOn) else { return nil }
        return RoundUpTransfer(id: id, goalID: goalID, amount: Money(minorUnits: amount), added: Money(minorUnits: added),
                               from: from, through: through, doneOn: done)
    }
}

/// One row of `hiddenMoney`: its one decode and its one insert.
struct HiddenMoneyRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "hiddenMoney"
    enum Columns {
        static let id = Column("id"), amount = Column("amount"), purpose = Column("purpose"), goalID = Column("goalID")
        static let note = Column("note"), hiddenOn = Column("hiddenOn"), revealDelayDays = Column("revealDelayDays")
        static let revealRequestedOn = Column("revealRequestedOn"), createdAt = Column("createdAt")
    }
    var id: ID<HiddenAmount>?
    var amount: Int64
    var purpose: String
    var goalID: ID<Goal>?
    var note: String
    var hiddenOn: String
    var revealDelayDays: Int
    var revealRequestedOn: String?
    var createdAt: String

    /// A new row for `hidden` (not yet asked to reveal).
    init(_ hidden: HiddenAmount, createdAt: String) {
        amount = hidden.amount.minorUnits; purpose = hidden.purpose.rawValue; goalID = hidden.goalID; note = hidden.note
        hiddenOn = hidden.hiddenOn.iso; revealDelayDays = hidden.revealDelayDays; self.createdAt = createdAt
    }

    init(row: Row) throws {
        id = row[Columns.id]; amount = row[Columns.amount]; purpose = row[Columns.purpose]; goalID = row[Columns.goalID]
        note = row[Columns.note]; hiddenOn = row[Columns.hiddenOn]; revealDelayDays = row[Columns.revealDelayDays]
        revealRequestedOn = row[Columns.revealRequestedOn]; createdAt = row[Columns.createdAt]
    }

    func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id; container[Columns.amount] = amount; container[Columns.purpose] = purpose
        container[Columns.goalID] = goalID; container[Columns.note] = note; container[Columns.hiddenOn] = hiddenOn
        container[Columns.revealDelayDays] = revealDelayDays; container[Columns.revealRequestedOn] = revealRequestedOn
        container[Columns.createdAt] = createdAt
    }

    /// The amount the pages show (an unknown purpose reads as forced); nil when its hiddenOn does
    /// not read and no `fallback` is given.
    func hiddenAmount(hiddenOnOr fallback: Day? = nil) -> HiddenAmount? {
        guard let day = Day(iso: hiddenOn) ?? fallback else { return nil }
        return HiddenAmount(id: id ?? 0, amount: Money(minorUnits: amount), purpose: HiddenPurpose(rawValue: purpose) ?? .forced,
                            goalID: goalID, note: note, hiddenOn: day, revealDelayDays: revealDelayDays,
                            revealRequestedOn: revealRequestedOn.flatMap(Day.init(iso:)))
    }
}

/// Hiding was refused: the spendable money would fall below the safety buffer. `most` is
/// what may be hidden now (0 or more).
public struct HideRefused: Error, Equatable {
    public var most: Money
}

/// A goal as the saving pages offer it.
public struct SavingGoal: Sendable, Hashable {
    public var id: ID<Goal>
    public var name: String
    /// Its saved amount follows an account's balance (round-ups cannot raise it).
    public var followsAccount: Bool
}

extension AppDatabase {
    /// The live goals in creation order.
    public func savingGoals() throws -> [SavingGoal] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, savedAccountID FROM goal WHERE deletedAt IS NULL ORDER BY id").map { row in
                SavingGoal(id: row["id"], name: row["name"], followsAccount: (row["savedAccountID"] as Int64?) != nil)
            }
        }
    }
}
