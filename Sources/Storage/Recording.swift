import Engine
import GRDB

// MARK: - Recording money: the planned item it fulfils, the account it is in (SPEC §11)

/// The planned item an entry being recorded confirms: an occurrence of a recurring item or a loan
/// payment, or a planned one-off entry (replaced by the actual one, which keeps its planned amount).
public enum RecordedMatch: Sendable, Equatable {
    case occurrence(OccurrenceKey)
    case plannedEntry(ID<Entry>)
}

/// What `record` wrote: the new entry, and the planned item it confirmed (nil: recorded on its own).
public struct RecordedEntry: Sendable, Equatable {
    public var id: ID<Entry>
    public var confirmed: RecordedMatch?
}

extension AppDatabase {
    /// The setting that names the household's default account for new entries.
    public static let defaultAccountKey = "accounts.default"

    /// Records an actual or planned entry in one transaction (the event of `origin` too), confirming
    /// `match` when given and still pending: an occurrence is confirmed by the new entry; a planned
    /// one-off is replaced by it (soft-deleted; the new entry keeps its planned amount). When the
    /// match was confirmed meanwhile, the entry is recorded on its own. Throws as `addEntry`.
    public func record(_ entry: NewEntry, confirming match: RecordedMatch?, origin: EntryOrigin,
                       formToken: String) throws -> WriteOutcome<RecordedEntry> {
        try budgetWrite(formToken: formToken) { db in
            try recordEntry(entry, confirming: match, origin: origin, in: db)
        }
    }

    /// `record` inside the caller's transaction.
    func recordEntry(_ entry: NewEntry, confirming match: RecordedMatch?, origin: EntryOrigin?, in db: Database) throws -> RecordedEntry {
        var entry = entry
        var confirmed: RecordedMatch?
        // One moment for the replaced planned one-off's deletion and the new entry's creation: an
        // undo finds what the entry replaced by it (`undoQuickEntries`).
        let now = timestamp()
        switch match {
        case .occurrence(let key) where entry.isActual && entry.confirms == nil:
            let taken = try Bool.fetchOne(db, sql: """
                SELECT 1 FROM entry WHERE deletedAt IS NULL AND confirmsDate = :date
                    AND (confirmsRecurringID = :recurring OR confirmsDebtID = :debt)
                """, arguments: ["date": key.date.iso, "recurring": key.source.recurringID, "debt": key.source.debtID]) != nil
            if !taken { entry.confirms = key; confirmed = match }
        case .plannedEntry(let id) where entry.isActual && entry.confirms == nil:
            if let planned = try Int64.fetchOne(db, sql: """
                SELECT coalesce(plannedAmount, amount) FROM entry WHERE id = :id AND isActual = 0 AND deletedAt IS NULL AND kind = :kind
                """, arguments: ["id": id, "kind": entry.kind.rawValue]) {
                try db.execute(sql: "UPDATE entry SET deletedAt = :now WHERE id = :id", arguments: ["now": now, "id": id])
                entry.plannedAmount = Money(minorUnits: planned)
                confirmed = match
            }
        default:
            break
        }
        try Self.checkSource(of: entry, in: db)
        let id = try EntryRecord(entry, createdAt: now).insert(db)
        switch origin {
        case .dataPage: try record(entry.kind == .income ? .incomeAdded : .expenseAdded, ["type": .text("oneOff")], in: db)
        case .calendar: try record(.dailyEntryAdded, ["kind": .text(entry.kind.rawValue)], in: db)
        case nil: break
        }
        return RecordedEntry(id: id, confirmed: confirmed)
    }

    /// "Record separately": the entry `id` recorded less than 10 minutes ago stops confirming what
    /// it confirmed — the occurrence is pending again, or the planned one-off it replaced comes back
    /// (`plannedEntry`) and the entry is no longer planned. Throws `StorageError.undoExpired` after
    /// the window, `.notFound` for an entry that confirms nothing.
    public func recordSeparately(_ id: ID<Entry>, plannedEntry: ID<Entry>?, formToken: String) throws -> WriteOutcome<Void> {
        try budgetWrite(formToken: formToken, purgingFirst: false) { db in
            guard let created = try String.fetchOne(db, sql: "SELECT createdAt FROM entry WHERE id = :id AND deletedAt IS NULL",
                                                    arguments: ["id": id]) else { throw StorageError.notFound }
            guard created >= undoCutoff() else { throw StorageError.undoExpired }
            if let plannedEntry {
                try db.execute(sql: "UPDATE entry SET deletedAt = NULL WHERE id = :planned AND isActual = 0 AND deletedAt IS NOT NULL",
                               arguments: ["planned": plannedEntry])
                guard db.changesCount == 1 else { throw StorageError.undoExpired }
                try db.execute(sql: "UPDATE entry SET plannedAmount = NULL WHERE id = :id", arguments: ["id": id])
            } else {
                try db.execute(sql: """
                    UPDATE entry SET confirmsRecurringID = NULL, confirmsDebtID = NULL, confirmsDate = NULL
                    WHERE id = :id AND confirmsDate IS NOT NULL
                    """, arguments: ["id": id])
                guard db.changesCount == 1 else { throw StorageError.notFound }
            }
        }
    }

    /// The account new entries default to (SPEC §11): the household's choice (`accounts.default`)
    /// while it is open; else the account of the last entry recorded by hand into one; else the
    /// first open spendable account; nil with no open account (then entries are cash).
    public func defaultAccountID() throws -> ID<Account>? {
        try read { db in try Self.defaultAccountID(db) }
    }

    /// `defaultAccountID()` inside the caller's transaction.
    static func defaultAccountID(_ db: Database) throws -> ID<Account>? {
        do {
            let open = try Self.accounts(db).filter { !$0.closed }
            guard !open.isEmpty else { return nil }
            let ids = Set(open.map(\.id))
            let setting = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = :key", arguments: ["key": Self.defaultAccountKey])
            if let raw = setting.flatMap({ Int64($0) }), ids.contains(ID<Account>(raw)) { return ID<Account>(raw) }
            let last: Int64? = try Int64.fetchOne(db, sql: """
                SELECT accountID FROM entry WHERE accountID IS NOT NULL AND importBatchID IS NULL AND transferGroup IS NULL
                    AND deletedAt IS NULL ORDER BY id DESC LIMIT 1
                """)
            if let last, ids.contains(ID<Account>(last)) { return ID<Account>(last) }
            let spendable = open.filter(\.spendable).map(\.id).sorted { $0 < $1 }
            return spendable.first ?? open.map(\.id).sorted { $0 < $1 }.first
        }
    }

    /// The day the household started with FinMind (its first run), in `zone`'s calendar via `day`:
    /// dates before it are never overdue (SPEC §11). Nil before the first run was recorded.
    public func firstRunTimestamp() throws -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'firstRunAt'") }
    }
}

extension AppDatabase {
    /// One money model (SPEC §11): whether a recurring expense plans its category (NULL: its
    /// category's default), and what undoing a checklist step that paid extra on a loan restores.
    static func registerMoneyModelMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("mm: one money model") { db in
            try db.execute(sql: """
                ALTER TABLE recurringItem ADD COLUMN plansCategory BOOLEAN NULL
                    CHECK (plansCategory IS NULL OR (plansCategory IN (0, 1) AND kind = 'expense'));
                ALTER TABLE checklistDone ADD COLUMN previousBalance INTEGER NULL CHECK (previousBalance BETWEEN 0 AND 1000000000000);
                ALTER TABLE checklistDone ADD COLUMN previousAsOf TEXT NULL CHECK (previousAsOf IS NULL OR length(previousAsOf) = 10);
                """)
        }
    }
}

extension OccurrenceSource {
    /// The recurring item's id, or nil for a debt.
    var recurringID: ID<RecurringItem>? { if case .recurring(let id) = self { id } else { nil } }
    /// The debt's id, or nil for a recurring item.
    var debtID: ID<Debt>? { if case .debt(let id) = self { id } else { nil } }
}
