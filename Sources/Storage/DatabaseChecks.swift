import Foundation
import GRDB

// MARK: - Opening safely

extension AppDatabase {
    /// The `PRAGMA user_version` this build writes (FinMind versions its schema by migration
    /// names; a later format change may raise it).
    public static let userVersion = 0

    /// Throws `BackupError.newerSchema` when the database at `path` records migrations this
    /// build does not know, or a `user_version` above ours; opens it read-only to look.
    /// A new (empty) file passes.
    static func refuseNewerSchema(path: String) throws {
        let queue = try readOnlyQueue(path: path)
        defer { try? queue.close() }
        let (unknown, version) = try queue.read { db in
            (try unknownMigrations(db), try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0)
        }
        if !unknown.isEmpty { throw BackupError.newerSchema(unknown) }
        if version > userVersion { throw BackupError.newerSchema(["user_version \(version)"]) }
    }

    /// The state of the schema: applied migrations this build knows, ones it does not
    /// (a newer FinMind's) and ones still to run.
    public func migrationState() throws -> (applied: [String], unknown: [String], pending: [String]) {
        try read { db in
            let applied = try Self.migrator.appliedIdentifiers(db)
            return (Self.migrator.migrations.filter(applied.contains), try Self.unknownMigrations(db),
                    Self.migrator.migrations.filter { !applied.contains($0) })
        }
    }

    /// `PRAGMA integrity_check` and `PRAGMA foreign_key_check` of this database: the
    /// problems found (empty when both are clean).
    public func consistencyProblems() throws -> [String] {
        try read { db in try Self.consistencyProblems(db) }
    }

    /// Runs `PRAGMA integrity_check` on the file at `path` (read-only unless `writable`: SQLite
    /// tests CHECK constraints only on a writable connection); throws `BackupError.integrity`
    /// with the report unless it says "ok", or `.unreadable`.
    public static func checkIntegrity(ofFile path: String, writable: Bool = false) throws {
        var configuration = Configuration()
        configuration.readonly = !writable
        let report: [String]
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            report = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        } catch {
            throw BackupError.unreadable("\(error)")
        }
        guard report == ["ok"] else { throw BackupError.integrity(report.prefix(5).joined(separator: "; ")) }
    }

    /// The migrations recorded in `db` that this build does not know (a newer FinMind's).
    static func unknownMigrations(_ db: Database) throws -> [String] {
        guard try db.tableExists("grdb_migrations") else { return [] }
        let known = Set(migrator.migrations)
        return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations").filter { !known.contains($0) }
    }
}

// MARK: - Checking a file

/// What `finmind check` found in a database file.
public struct DatabaseCheck: Sendable {
    /// `integrity_check` and `foreign_key_check` findings (empty when clean).
    public var problems: [String] = []
    /// Migrations this build knows that have run, that are still to run (at the next start),
    /// and that it does not know (a newer FinMind's database).
    public var applied: [String] = []
    public var pending: [String] = []
    public var unknown: [String] = []
    public var userVersion = 0

    /// True when nothing is wrong (pending migrations are not a problem: the next start runs them).
    public var isHealthy: Bool { problems.isEmpty && unknown.isEmpty && userVersion <= AppDatabase.userVersion }
}

extension AppDatabase {
    /// Checks the database file at `path` without changing or migrating it: integrity with
    /// every CHECK constraint, foreign keys, the derived tables against a rebuild, migration
    /// state. The file is read into a temporary copy first (SQLite tests CHECK constraints only
    /// on a writable connection). Throws when the file is missing or not an SQLite database.
    public static func check(databaseAt path: String) throws -> DatabaseCheck {
        guard FileManager.default.fileExists(atPath: path) else {
            throw StorageError.cannotOpen(path: path, reason: "no such file")
        }
        let original = try readOnlyQueue(path: path)
        let copy = NSTemporaryDirectory() + "finmind-check-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: copy) }
        // An empty file is accepted by VACUUM INTO (as in `backUp`), and keeps our 0600.
        guard FileManager.default.createFile(atPath: copy, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw StorageError.cannotOpen(path: copy, reason: "cannot make a temporary copy")
        }
        try original.unsafeReentrantRead { db in try db.execute(sql: "VACUUM INTO :file", arguments: ["file": copy]) }
        try original.close()
        let queue = try DatabaseQueue(path: copy)
        defer { try? queue.close() }
        return try queue.writeWithoutTransaction { db in
            var check = DatabaseCheck()
            check.problems = try consistencyProblems(db)
            if check.problems.isEmpty, try db.tableExists("entry") { check.problems += try derivedTableProblems(db) }
            let applied = try db.tableExists("grdb_migrations")
                ? Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")) : []
            check.applied = migrator.migrations.filter(applied.contains)
            check.pending = migrator.migrations.filter { !applied.contains($0) }
            check.unknown = try unknownMigrations(db)
            check.userVersion = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            return check
        }
    }

    static func consistencyProblems(_ db: Database) throws -> [String] {
        var problems = try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
        let rows = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
        problems += rows.prefix(20).map { row in
            "foreign key: \(row[0] as String? ?? "?") row \(row[1] as Int64? ?? 0) refers to a missing \(row[2] as String? ?? "?")"
        }
        if rows.count > 20 { problems.append("… and \(rows.count - 20) more foreign-key problems") }
        return problems
    }
}
