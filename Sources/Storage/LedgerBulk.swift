import Engine
import Foundation
import GRDB

// MARK: - The ledger's bulk actions: each one transaction, once per form token

/// What a bulk action did: the entries it changed and those it left as they were (and why).
public struct BulkOutcome: Sendable, Equatable {
    /// Entries changed (deleted: the transfers' other sides included).
    public var changed: Int
    /// Income entries and transfers a recategorise left alone.
    public var skippedNotExpense: Int
    /// Reconciled entries (an account's balance was agreed with the bank) left alone.
    public var skippedReconciled: Int
    /// Transfers an account change left alone (a transfer's sides keep their accounts).
    public var skippedTransfers: Int
    /// The bulk delete's number, which its undo names (0 for the other actions).
    public var deletionBatch: Int64

    public init(changed: Int, skippedNotExpense: Int = 0, skippedReconciled: Int = 0, skippedTransfers: Int = 0, deletionBatch: Int64 = 0) {
        self.changed = changed; self.skippedNotExpense = skippedNotExpense; self.skippedReconciled = skippedReconciled
        self.skippedTransfers = skippedTransfers; self.deletionBatch = deletionBatch
    }
}

extension AppDatabase {
    /// The most entries one bulk action takes (a page is 50; the form may select fewer).
    public static let bulkLimit = 500

    /// Puts the live expense entries among `ids` (transfers left out) in `category`.
    /// Throws `StorageError.notFound` for an unknown category, `.rejected` for too many ids.
    public func recategorise(_ ids: [ID<Entry>], category: String, formToken: String) throws -> WriteOutcome<BulkOutcome> {
        try bulkWrite(ids, formToken: formToken) { db, list in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM category WHERE key = :key)", arguments: ["key": category]) == true else {
                throw StorageError.notFound
            }
            let live = try Int.fetchOne(db, sql: "SELECT count(*) FROM entry WHERE id IN (\(list)) AND deletedAt IS NULL") ?? 0
            try db.execute(sql: """
                UPDATE entry SET category = :category
                WHERE id IN (\(list)) AND deletedAt IS NULL AND kind = 'expense' AND transferGroup IS NULL
                """, arguments: ["category": category])
            let changed = db.changesCount
            return BulkOutcome(changed: changed, skippedNotExpense: live - changed)
        }
    }

    /// Moves the live entries among `ids` to `account` (nil: no account). Transfers and
    /// reconciled entries stay where they are. Throws `StorageError.notFound` for an
    /// account that does not exist (or was deleted).
    public func assignAccount(_ ids: [ID<Entry>], account: ID<Account>?, formToken: String) throws -> WriteOutcome<BulkOutcome> {
        try bulkWrite(ids, formToken: formToken) { db, list in
            if let account {
                guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM account WHERE id = :id AND deletedAt IS NULL)",
                                        arguments: ["id": account]) == true else { throw StorageError.notFound }
            }
            let counts = try Row.fetchOne(db, sql: """
                SELECT count(CASE WHEN transferGroup IS NOT NULL THEN 1 END),
                       count(CASE WHEN transferGroup IS NULL AND reconciledAt IS NOT NULL THEN 1 END)
                FROM entry WHERE id IN (\(list)) AND deletedAt IS NULL
                """)!
            try db.execute(sql: """
                UPDATE entry SET accountID = :account
                WHERE id IN (\(list)) AND deletedAt IS NULL AND transferGroup IS NULL AND reconciledAt IS NULL
                """, arguments: ["account": account])
            return BulkOutcome(changed: db.changesCount, skippedReconciled: counts[1], skippedTransfers: counts[0])
        }
    }

    /// Soft-deletes the live entries among `ids` and the other side of each transfer among
    /// them (reconciled entries stay), for 10 minutes of possible undo: the outcome's
    /// `deletionBatch` names exactly the rows this delete took.
    public func deleteEntries(_ ids: [ID<Entry>], formToken: String) throws -> WriteOutcome<BulkOutcome> {
        try bulkWrite(ids, formToken: formToken) { db, list in
            let chosen = """
                SELECT id FROM entry WHERE deletedAt IS NULL AND reconciledAt IS NULL AND (id IN (\(list))
                    OR transferGroup IN (SELECT transferGroup FROM entry WHERE id IN (\(list)) AND transferGroup IS NOT NULL))
                """
            let reconciled = try Int.fetchOne(db, sql: """
                SELECT count(*) FROM entry WHERE id IN (\(list)) AND deletedAt IS NULL AND reconciledAt IS NOT NULL
                """) ?? 0
            let batch = try Self.newDeletionBatch(db)
            try db.execute(sql: "INSERT INTO entryDeletion (batch, entryID) SELECT :batch, id FROM (\(chosen))", arguments: ["batch": batch])
            let changed = db.changesCount
            let now = timestamp()
            try db.execute(sql: "UPDATE entry SET deletedAt = :now WHERE id IN (SELECT entryID FROM entryDeletion WHERE batch = :batch)",
                           arguments: ["now": now, "batch": batch])
            // An imported entry deleted here is "previously deleted" to the next import, as a
            // single delete makes it (StatementImports.swift).
            for id in try ID<Entry>.fetchAll(db, sql: "SELECT entryID FROM entryDeletion WHERE batch = :batch", arguments: ["batch": batch]) {
                try Self.tombstoneImportKeys(ofEntry: id, in: db, at: now)
            }
            return BulkOutcome(changed: changed, skippedReconciled: reconciled, deletionBatch: changed == 0 ? 0 : batch)
        }
    }

    /// Brings back exactly the entries bulk delete `batch` took, if it was at most 10 minutes
    /// ago; returns how many. Throws `StorageError.undoExpired` when it was earlier (or its
    /// rows were purged), `.occurrenceAlreadyConfirmed` when one of them confirms an occurrence
    /// another entry confirms since.
    public func undoDeleteEntries(batch: Int64, formToken: String) throws -> WriteOutcome<Int> {
        try budgetWrite(formToken: formToken, purgingFirst: false) { db in
            let cutoff = undoCutoff()
            let rows = try Row.fetchAll(db, sql: """
                SELECT e.deletedAt FROM entryDeletion d JOIN entry e ON e.id = d.entryID WHERE d.batch = :batch
                """, arguments: ["batch": batch])
            guard !rows.isEmpty else { throw StorageError.undoExpired }
            guard rows.allSatisfy({ ($0[0] as String?).map { $0 >= cutoff } ?? true }) else { throw StorageError.undoExpired }
            try purgeDeleted(db)
            try db.execute(sql: """
                UPDATE entry SET deletedAt = NULL WHERE deletedAt IS NOT NULL AND id IN (SELECT entryID FROM entryDeletion WHERE batch = :batch)
                """, arguments: ["batch": batch])
            let restored = db.changesCount
            for id in try ID<Entry>.fetchAll(db, sql: "SELECT entryID FROM entryDeletion WHERE batch = :batch", arguments: ["batch": batch]) {
                try Self.reviveImportKeys(ofEntry: id, in: db)
            }
            try db.execute(sql: "DELETE FROM entryDeletion WHERE batch = :batch", arguments: ["batch": batch])
            return restored
        }
    }

    // MARK: - Helpers

    /// A number for a new bulk delete: random (up to 15 digits, as an address carries it) and
    /// held by no batch in the table, so the undo button of an earlier delete, even one undone
    /// since, can never name this one (a reused number would undo the wrong rows).
    static func newDeletionBatch(_ db: Database) throws -> Int64 {
        while true {
            let batch = Int64.random(in: 1...999_999_999_999_999)
            let taken = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM entryDeletion WHERE batch = ?)", arguments: [batch])
            if taken != true { return batch }
        }
    }

    /// One budget transaction over `ids` (1 … bulkLimit of them, as a literal list of integers
    /// the body splices into its SQL). Forgets the undo records of entries no longer deleted.
    private func bulkWrite<T>(_ ids: [ID<Entry>], formToken: String,
                              _ body: (Database, String) throws -> T) throws -> WriteOutcome<T> {
        guard (1...Self.bulkLimit).contains(ids.count) else { throw StorageError.rejected("between 1 and \(Self.bulkLimit) entries") }
        let list = Set(ids).sorted().map(String.init).joined(separator: ",")
        return try budgetWrite(formToken: formToken) { db in
            try db.execute(sql: """
                DELETE FROM entryDeletion WHERE EXISTS (SELECT 1 FROM entry WHERE entry.id = entryDeletion.entryID AND entry.deletedAt IS NULL)
                """)
            return try body(db, list)
        }
    }
}
