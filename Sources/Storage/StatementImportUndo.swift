import Engine
import Foundation
import GRDB
import Statements

// MARK: - Bank statement import: undo, and the tombstones the entry delete path leaves
// (the design: StatementImports.swift)

extension AppDatabase {
    /// Undoes a committed import within 30 days, in one transaction: deletes the entries it
    /// created and its keys (their tombstones with them), and puts every entry it linked back as
    /// it was before; records import_undone. Throws `ImportStorageError.wrongState` when the batch
    /// is not committed, `.undoExpired` after 30 days.
    public func undoImport(batchID: ID<ImportBatchInfo>, formToken: String) throws -> WriteOutcome<Void> {
        try budgetWrite(formToken: formToken) { db in
            guard let committedAt = try String.fetchOne(db, sql: "SELECT committedAt FROM importBatch WHERE id = :id AND status = 'committed'",
                                                        arguments: ["id": batchID]) else { throw ImportStorageError.wrongState }
            let cutoff = Timestamp.string(now().addingTimeInterval(-Double(Self.importUndoDays) * 86_400))
            guard committedAt >= cutoff else { throw ImportStorageError.undoExpired }
            for row in try Row.fetchAll(db, sql: """
                SELECT entryID, before FROM importRow WHERE batchID = :id AND before IS NOT NULL AND entryID IS NOT NULL
                """, arguments: ["id": batchID]) {
                let entryID: ID<Entry> = row["entryID"]
                let before = try JSONDecoder().decode(LinkedEntryState.self, from: Data((row["before"] as String).utf8))
                try db.execute(sql: """
                    UPDATE entry SET isActual = :isActual, cleared = :cleared, accountID = :accountID, payeeRaw = :payeeRaw,
                        plannedAmount = :plannedAmount, date = :date WHERE id = :id
                    """, arguments: ["isActual": before.isActual, "cleared": before.cleared, "accountID": before.accountID,
                                     "payeeRaw": before.payeeRaw, "plannedAmount": before.plannedAmount, "date": before.date,
                                     "id": entryID])
            }
            try db.execute(sql: "DELETE FROM importKey WHERE batchID = :id", arguments: ["id": batchID])
            try db.execute(sql: "DELETE FROM entry WHERE importBatchID = :id", arguments: ["id": batchID])
            let removed = db.changesCount
            try db.execute(sql: "UPDATE importBatch SET status = 'undone', undoneAt = :now WHERE id = :id",
                           arguments: ["now": timestamp(), "id": batchID])
            try record(.importUndone, ["entries": .integer(Int64(removed))], in: db)
        }
    }

    // MARK: - Tombstones (called by the entry delete path)

    /// Marks the import keys of entry `id` as deleted (the next import shows those rows as
    /// "previously deleted"), inside the caller's transaction.
    static func tombstoneImportKeys(ofEntry id: ID<Entry>, in db: Database, at time: String) throws {
        try db.execute(sql: """
            INSERT INTO importTombstone (keyID, entryID, deletedOn)
            SELECT id, entryID, :time FROM importKey WHERE entryID = :id
            """, arguments: ["id": id, "time": time])
    }

    /// Removes the tombstones of entry `id` (its deletion was undone), inside the caller's transaction.
    static func reviveImportKeys(ofEntry id: ID<Entry>, in db: Database) throws {
        try db.execute(sql: "DELETE FROM importTombstone WHERE entryID = :id", arguments: ["id": id])
    }
}
