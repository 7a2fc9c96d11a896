import Foundation
import GRDB

// MARK: - Making backups: the checked copy, the backup a change or an upgrade leaves first, and
// the shareable copy a download sends

extension AppDatabase {
    /// Writes a consistent copy of the database to `path` (which must not exist) with
    /// `VACUUM INTO` on a read-only connection, so writers go on meanwhile; sets mode 0600 and
    /// checks the copy with `PRAGMA integrity_check`. Throws `BackupError.integrity` (the copy
    /// deleted) or the SQLite error.
    public func backUp(to path: String) throws {
        try Self.backUp(writer, to: path)
    }

    /// The same as `backUp(to:)` for the database file at `source`, opened read-only and
    /// never migrated (`finmind backup`). Throws `BackupError.newerSchema` too.
    public static func backUp(databaseAt source: String, to path: String) throws {
        guard FileManager.default.fileExists(atPath: source) else {
            throw StorageError.cannotOpen(path: source, reason: "no such file")
        }
        let queue = try readOnlyQueue(path: source)
        defer { try? queue.close() }
        try backUp(queue, to: path)
    }

    static func backUp(_ reader: any DatabaseReader, to path: String) throws {
        let temporary = path + ".partial"
        try? FileManager.default.removeItem(atPath: temporary)
        let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        guard descriptor >= 0 else {
            throw StorageError.cannotOpen(path: temporary, reason: String(cString: strerror(errno)))
        }
        close(descriptor)
        do {
            // An empty file is accepted by VACUUM INTO and keeps our 0600.
            try reader.unsafeReentrantRead { db in
                try db.execute(sql: "VACUUM INTO :file", arguments: ["file": temporary])
            }
            chmod(temporary, 0o600)
            try Self.checkIntegrity(ofFile: temporary)
            guard rename(temporary, path) == 0 else {
                throw StorageError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
            }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
    }

    /// Makes a backup for `reason` in `folder` (the database's own when nil), then prunes
    /// the folder by `BackupRetention` in `calendar`. Returns the new backup. Throws
    /// `BackupError.noFile` for an in-memory database, or what `backUp(to:)` throws.
    @discardableResult
    public func backUp(reason: BackupReason, into folder: BackupFolder? = nil,
                       calendar: Calendar = .current) throws -> BackupFile {
        guard let folder = folder ?? backupFolder else { throw BackupError.noFile }
        try folder.create()
        var date = now()
        var name = BackupFile.name(at: date, reason: reason)
        while FileManager.default.fileExists(atPath: (folder.directory as NSString).appendingPathComponent(name)) {
            date += 1
            name = BackupFile.name(at: date, reason: reason)
        }
        let path = (folder.directory as NSString).appendingPathComponent(name)
        try backUp(to: path)
        folder.prune(calendar: calendar)
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
        return BackupFile(name: name, createdAt: date, reason: reason, size: size)
    }

    /// The backup before a change (import, delete-all, restore): made when the database has
    /// a file, skipped for an in-memory one. Throws when the backup fails, so the change
    /// does not happen without one.
    func backUpBeforeChange(_ reason: BackupReason) throws {
        guard backupFolder != nil else { return }
        try backUp(reason: reason)
    }

    /// Backs up a database that has data and migrations still to run (an upgrade), before
    /// they run; nothing for a new or an up-to-date one.
    func backUpBeforeMigrating() throws {
        guard backupFolder != nil else { return }
        let pending = try writer.read { db -> Bool in
            guard try db.tableExists("grdb_migrations") else { return false }
            return try !Self.migrator.hasCompletedMigrations(db)
        }
        if pending { try backUp(reason: .migration) }
    }

    /// The tables a backup leaves the server without: the passcode's hash,
    /// the Advisor's key and client token, the sessions. A restore keeps the current ones.
    public static let serverOnlyTables = ["secret", "session"]

    /// A copy of the backup at `path` without `serverOnlyTables`' rows (their pages wiped, the
    /// file vacuumed), in a new temporary file with mode 0600 that the caller deletes: what a
    /// download sends. Throws `BackupError.unreadable` or the SQLite error.
    public static func shareableCopy(ofBackupAt path: String) throws -> String {
        let copy = NSTemporaryDirectory() + "finmind-download-\(UUID().uuidString).sqlite"
        guard let bytes = FileManager.default.contents(atPath: path),
              FileManager.default.createFile(atPath: copy, contents: bytes, attributes: [.posixPermissions: 0o600]) else {
            throw BackupError.unreadable("cannot copy \(path)")
        }
        do {
            let queue = try DatabaseQueue(path: copy)
            defer { try? queue.close() }
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA journal_mode = DELETE; PRAGMA secure_delete = ON")
                for table in serverOnlyTables where try db.tableExists(table) { try db.execute(sql: "DELETE FROM \(table)") }
                try db.execute(sql: "VACUUM")
            }
        } catch {
            try? FileManager.default.removeItem(atPath: copy)
            throw error
        }
        return copy
    }
}
