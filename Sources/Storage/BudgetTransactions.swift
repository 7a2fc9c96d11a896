import Engine
import Foundation
import GRDB

// MARK: - The budget's write transactions, soft delete and undo

extension AppDatabase {
    /// How long a deleted row can be brought back; older deleted rows are purged.
    static let undoWindow: TimeInterval = 10 * 60

    /// Soft-deletes `thing` (it disappears from every read) for 10 minutes of possible undo.
    /// Throws `StorageError.notFound` when it is missing or already deleted.
    public func delete(_ thing: DeletedThing, formToken: String) throws -> WriteOutcome<Void> {
        let (table, id) = thing.row
        return try budgetWrite(formToken: formToken) { db in
            let deletedAt = timestamp()
            try db.execute(sql: "UPDATE \(table) SET deletedAt = :deletedAt WHERE id = :id AND deletedAt IS NULL",
                           arguments: ["deletedAt": deletedAt, "id": id])
            guard db.changesCount == 1 else { throw StorageError.notFound }
            // Either side of a transfer takes the other with it (Transfers.swift).
            if table == "entry" { try Self.deleteTransferPartner(of: ID(id), deletedAt: deletedAt, in: db) }
            if table == "entry" { try Self.tombstoneImportKeys(ofEntry: ID(id), in: db, at: timestamp()) }
        }
    }

    /// Brings back `thing` deleted at most 10 minutes ago (a row that is not deleted is left
    /// as it is). Throws `StorageError.undoExpired` when it was deleted earlier,
    /// `.notFound` when it does not exist (purged), `.occurrenceAlreadyConfirmed` when an
    /// entry it would bring back confirms an occurrence another entry confirms since.
    public func undoDelete(_ thing: DeletedThing, formToken: String) throws -> WriteOutcome<Void> {
        let (table, id) = thing.row
        return try budgetWrite(formToken: formToken, purgingFirst: false) { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT deletedAt FROM \(table) WHERE id = :id", arguments: ["id": id]) else {
                throw StorageError.notFound
            }
            guard let deletedAt = row["deletedAt"] as String? else { return }
            guard deletedAt >= undoCutoff() else { throw StorageError.undoExpired }
            try purgeDeleted(db)
            try db.execute(sql: "UPDATE \(table) SET deletedAt = NULL WHERE id = :id", arguments: ["id": id])
            if table == "entry" { try Self.restoreTransferPartner(of: ID(id), deletedAt: deletedAt, in: db) }
            if table == "entry" { try Self.reviveImportKeys(ofEntry: ID(id), in: db) }
        }
    }

    // MARK: - Helpers

    /// One `writeOnce` transaction of the budget: purges rows deleted more than 10 minutes
    /// ago (unless `purgingFirst` is false: the caller purges), runs `updates`, and turns
    /// constraint failures into `StorageError`s (the transaction is rolled back).
    func budgetWrite<T>(formToken: String, purgingFirst: Bool = true,
                        _ updates: (Database) throws -> T) throws -> WriteOutcome<T> {
        try Self.mappingConstraintErrors {
            try writeOnce(formToken: formToken) { db in
                if purgingFirst { try purgeDeleted(db) }
                return try updates(db)
            }
        }
    }

    /// Deletes for good the rows soft-deleted more than 10 minutes ago; entries that
    /// confirmed a purged recurring item or debt stay, unlinked (ON DELETE SET NULL).
    func purgeDeleted(_ db: Database) throws {
        let cutoff = undoCutoff()
        for table in ["entry", "goal", "debt", "recurringItem"] {
            try db.execute(sql: "DELETE FROM \(table) WHERE deletedAt < :cutoff", arguments: ["cutoff": cutoff])
        }
    }

    /// The current time as stored in `createdAt` / `deletedAt`.
    func timestamp() -> String { Timestamp.string(now()) }

    /// Rows deleted before this time can no longer be brought back.
    func undoCutoff() -> String { Timestamp.string(now().addingTimeInterval(-Self.undoWindow)) }

    /// Runs `body`, rethrowing SQLite constraint failures as `StorageError`: a second
    /// confirmation of one occurrence as `.occurrenceAlreadyConfirmed`, a category name
    /// taken as `.duplicateCategory`, anything else as `.rejected`.
    static func mappingConstraintErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            let message = error.message ?? "constraint failed"
            if error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
                if message.contains("entry.confirms") { throw StorageError.occurrenceAlreadyConfirmed }
                if message.contains("category.name") { throw StorageError.duplicateCategory }
            }
            throw StorageError.rejected(message)
        }
    }
}
