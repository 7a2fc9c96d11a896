import Foundation
import GRDB

// MARK: - Restoring a backup

extension AppDatabase {
    /// Replaces the whole database with the backup at `path`, atomically: the file is copied
    /// to a temporary file, checked (`integrity_check`, a FinMind schema no newer than this
    /// build's), the current state is backed up (reason `restore`), then the copy goes in with
    /// SQLite's backup API while the writer is held, older schemas are migrated, the derived
    /// tables rebuilt, and the current secrets and sessions (`serverOnlyTables`) and the
    /// settings named in `keepingSettings` put back. Any failure before the
    /// swap leaves the database untouched; the swap itself is one transaction. Throws
    /// `BackupError` or the SQLite error.
    public func restore(from path: String, keepingSettings: Set<String> = []) throws {
        let temporary = NSTemporaryDirectory() + "finmind-restore-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        do {
            guard let bytes = FileManager.default.contents(atPath: path) else {
                throw BackupError.unreadable("cannot read \(path)")
            }
            guard FileManager.default.createFile(atPath: temporary, contents: bytes, attributes: [.posixPermissions: 0o600]) else {
                throw BackupError.unreadable("cannot write a temporary copy")
            }
        }
        // Read-write (the copy is ours): only then does integrity_check test the CHECK constraints.
        try Self.checkIntegrity(ofFile: temporary, writable: true)
        let source: DatabaseQueue
        do {
            source = try Self.readOnlyQueue(path: temporary)
            let unknown = try source.read { db in try Self.unknownMigrations(db) }
            if !unknown.isEmpty { throw BackupError.newerSchema(unknown) }
            let applied = try source.read { db in try db.tableExists("grdb_migrations") }
            if !applied { throw BackupError.unreadable("no FinMind schema") }
        } catch let error as BackupError {
            throw error
        } catch {
            throw BackupError.unreadable("\(error)")
        }
        try backUpBeforeChange(.restore)
        // The secrets and sessions are this server's, not the backup's (a downloaded backup has
        // none): they are put back as they are now.
        let (kept, keptSettings) = try writer.read { db in
            (try Self.serverOnlyTables.map { table in (table, try db.tableExists(table) ? try Row.fetchAll(db, sql: "SELECT * FROM \(table)") : []) },
             try Self.settings(keepingSettings, in: db))
        }
        try source.backup(to: writer)
        try source.close()
        try Self.migrator.migrate(writer)
        try writer.write { db in
            // The derived tables come from the restored entries, not from the file.
            try Self.rebuildDerivedTables(db)
            // Settings that open the server or send data somewhere stay as they are (like an import's).
            for key in keepingSettings {
                try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
                if let value = keptSettings[key] {
                    try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, ?)", arguments: [key, value])
                }
            }
            for (table, rows) in kept where try db.tableExists(table) {
                try db.execute(sql: "DELETE FROM \(table)")
                for row in rows {
                    let columns = row.columnNames.map { "\"\($0)\"" }.joined(separator: ", ")
                    let marks = Array(repeating: "?", count: row.count).joined(separator: ", ")
                    try db.execute(sql: "INSERT INTO \(table) (\(columns)) VALUES (\(marks))", arguments: StatementArguments(row.databaseValues))
                }
            }
        }
        dataChanges.increment()
        changes.increment()
    }
}
