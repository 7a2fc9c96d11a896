import Foundation
import GRDB

// Online backups: `VACUUM INTO` on a reader connection (never the writer), each
// file checked with `PRAGMA integrity_check`, mode 0600, named by time and reason, kept
// 7 daily / 4 weekly / 12 monthly; restore copies a checked file in with SQLite's backup API
// while the writer is held, so a failure leaves the current database as it was.

/// Why a backup was made (the last part of its file name).
public enum BackupReason: String, CaseIterable, Sendable {
    case daily
    case manual
    case importData = "import"
    case statementImport = "statement-import"
    case restore
    case deleteAll = "delete-all"
    case migration
}

/// One backup file in the backups folder.
public struct BackupFile: Sendable, Equatable {
    /// The file name: `finmind-YYYYMMDD-HHMMSS-reason.sqlite` (UTC).
    public let name: String
    /// When it was made (from its name).
    public let createdAt: Date
    public let reason: BackupReason
    /// Its size in bytes (0 when only the name is known).
    public let size: Int64

    public init(name: String, createdAt: Date, reason: BackupReason, size: Int64 = 0) {
        self.name = name
        self.createdAt = createdAt
        self.reason = reason
        self.size = size
    }

    /// The file name for a backup made at `date` for `reason`.
    public static func name(at date: Date, reason: BackupReason) -> String {
        let parts = Calendar.utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let stamp = String(format: "%04d%02d%02d-%02d%02d%02d", parts.year!, parts.month!, parts.day!,
                           parts.hour!, parts.minute!, parts.second!)
        return "finmind-\(stamp)-\(reason.rawValue).sqlite"
    }

    /// The backup named `name`, or nil for any other file name (never a path).
    public init?(name: String, size: Int64 = 0) {
        guard name.hasPrefix("finmind-"), name.hasSuffix(".sqlite"), !name.contains("/") else { return nil }
        let body = name.dropFirst("finmind-".count).dropLast(".sqlite".count)
        guard body.count > 16 else { return nil }
        let stamp = body.prefix(15), rest = body.dropFirst(15)
        guard rest.first == "-", let reason = BackupReason(rawValue: String(rest.dropFirst())) else { return nil }
        let digits = stamp.split(separator: "-")
        guard digits.count == 2, digits[0].count == 8, digits[1].count == 6,
              digits.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return nil }
        let day = Int(digits[0])!, time = Int(digits[1])!
        var components = DateComponents(year: day / 10_000, month: day / 100 % 100, day: day % 100,
                                        hour: time / 10_000, minute: time / 100 % 100, second: time % 100)
        components.calendar = .utc
        guard components.isValidDate(in: .utc), let date = Calendar.utc.date(from: components) else { return nil }
        self.init(name: name, createdAt: date, reason: reason, size: size)
    }
}

extension Calendar {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}

// MARK: - Retention

/// Which backups to keep: of the daily backups, the newest of each of the 7 most recent
/// days, of each of the 4 most recent ISO weeks and of each of the 12 most recent months that
/// hold one (days, weeks and months in `calendar`'s time zone); of the others (made before an
/// import, restore, delete-all or migration, or by hand), the 10 newest — so a busy day of
/// imports never pushes a daily out, and the state before a bad import stays reachable.
public enum BackupRetention {
    public static let days = 7, weeks = 4, months = 12, beforeChanges = 10

    /// The names of `backups` to keep; every other one may be deleted.
    public static func kept(_ backups: [BackupFile], calendar: Calendar) -> Set<String> {
        let newestFirst = backups.sorted { ($0.createdAt, $0.name) > ($1.createdAt, $1.name) }
        let dailies = newestFirst.filter { $0.reason == .daily }
        var kept: Set<String> = []
        func keepNewest(per key: (Date) -> [Int], count: Int) {
            var seen: [[Int]] = []
            for backup in dailies {
                let bucket = key(backup.createdAt)
                if seen.contains(bucket) { continue }
                guard seen.count < count else { break }
                seen.append(bucket)
                kept.insert(backup.name)
            }
        }
        keepNewest(per: { let c = calendar.dateComponents([.year, .month, .day], from: $0); return [c.year!, c.month!, c.day!] },
                   count: days)
        var weekly = Calendar(identifier: .iso8601)
        weekly.timeZone = calendar.timeZone
        keepNewest(per: { let c = weekly.dateComponents([.yearForWeekOfYear, .weekOfYear], from: $0)
            return [c.yearForWeekOfYear!, c.weekOfYear!] }, count: weeks)
        keepNewest(per: { let c = calendar.dateComponents([.year, .month], from: $0); return [c.year!, c.month!] },
                   count: months)
        for backup in newestFirst.filter({ $0.reason != .daily }).prefix(beforeChanges) { kept.insert(backup.name) }
        return kept
    }
}

// MARK: - The folder

/// The `backups/` folder beside the database file (in the data folder by default).
public struct BackupFolder: Sendable {
    public let directory: String
    private let summaries = BackupSummaries()

    public init(directory: String) { self.directory = directory }

    /// `backups/` in the folder of the database at `databasePath` (an absolute path, so the
    /// privacy page can say where it is).
    public init(databasePath: String) {
        let folder = (databasePath as NSString).deletingLastPathComponent
        let relative = ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent("backups")
        directory = URL(fileURLWithPath: relative).standardizedFileURL.path
    }

    /// What `backup` holds (entries, accounts, newest entry), read once from the file; nil when
    /// the file cannot be read.
    public func summary(of backup: BackupFile) -> HouseholdSummary? {
        guard let path = path(of: backup.name) else { return nil }
        return summaries.summary(of: backup, at: path)
    }

    /// Deletes every backup in the folder (other files stay); returns how many it deleted.
    /// Throws when one cannot be deleted (the others are deleted all the same).
    @discardableResult
    public func deleteAll() throws -> Int {
        var failure: (any Error)?
        var deleted = 0
        for backup in list() {
            let path = (directory as NSString).appendingPathComponent(backup.name)
            do { try FileManager.default.removeItem(atPath: path); deleted += 1 } catch { failure = error }
        }
        if let failure { throw failure }
        return deleted
    }

    /// The path of the backup named `name`, or nil when `name` is not a backup's name.
    public func path(of name: String) -> String? {
        guard BackupFile(name: name) != nil else { return nil }
        return (directory as NSString).appendingPathComponent(name)
    }

    /// Every backup in the folder, newest first (other files are ignored).
    public func list() -> [BackupFile] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap { name -> BackupFile? in
            let size = (try? FileManager.default.attributesOfItem(atPath: (directory as NSString).appendingPathComponent(name))[.size])
                .flatMap { ($0 as? NSNumber)?.int64Value } ?? 0
            return BackupFile(name: name, size: size)
        }.sorted { ($0.createdAt, $0.name) > ($1.createdAt, $1.name) }
    }

    /// Deletes the backups `BackupRetention` does not keep; returns their names.
    @discardableResult
    public func prune(calendar: Calendar) -> [String] {
        let backups = list()
        let kept = BackupRetention.kept(backups, calendar: calendar)
        let removed = backups.map(\.name).filter { !kept.contains($0) }
        for name in removed { try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(name)) }
        return removed
    }

    func create() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }
}

// MARK: - What a household holds

/// A household in three figures, for naming what a backup holds and what a restore replaces:
/// its entries and accounts (not deleted), and the date of its newest entry.
public struct HouseholdSummary: Sendable, Equatable {
    public var entries: Int
    public var accounts: Int
    /// The newest entry's date ("2026-11-27"), nil when there is none.
    public var newestEntry: String?

    public init(entries: Int, accounts: Int, newestEntry: String?) {
        self.entries = entries
        self.accounts = accounts
        self.newestEntry = newestEntry
    }

    /// True when it holds no entry and no account.
    public var isEmpty: Bool { entries == 0 && accounts == 0 }

    /// The figures of the database `db` (an older schema without `deletedAt` counts every row;
    /// a missing table counts 0).
    static func read(_ db: Database) throws -> HouseholdSummary {
        func live(_ table: String) throws -> String {
            try db.columns(in: table).contains { $0.name == "deletedAt" } ? " WHERE deletedAt IS NULL" : ""
        }
        var summary = HouseholdSummary(entries: 0, accounts: 0, newestEntry: nil)
        if try db.tableExists("entry") {
            let filter = try live("entry")
            let row = try Row.fetchOne(db, sql: "SELECT count(*), max(date) FROM entry" + filter)
            summary.entries = row?[0] ?? 0
            summary.newestEntry = row?[1]
        }
        if try db.tableExists("account") {
            summary.accounts = try Int.fetchOne(db, sql: "SELECT count(*) FROM account" + (try live("account"))) ?? 0
        }
        return summary
    }
}

/// The summaries of backup files already read, by name and size (a backup file never changes
/// once named), so listing the backups opens each file once.
final class BackupSummaries: @unchecked Sendable {
    private let lock = NSLock()
    private var known: [String: HouseholdSummary] = [:]

    func summary(of backup: BackupFile, at path: String) -> HouseholdSummary? {
        let key = "\(backup.name)#\(backup.size)"
        lock.lock()
        if let summary = known[key] { lock.unlock(); return summary }
        lock.unlock()
        guard let summary = try? AppDatabase.summary(ofBackupAt: path) else { return nil }
        lock.lock()
        known[key] = summary
        lock.unlock()
        return summary
    }
}

extension AppDatabase {
    /// The current household's figures (`HouseholdSummary`).
    public func householdSummary() throws -> HouseholdSummary {
        try read { db in try HouseholdSummary.read(db) }
    }

    /// The figures of the backup file at `path`, opened read-only (never migrated). Throws
    /// `BackupError.unreadable` when it is not an SQLite database.
    public static func summary(ofBackupAt path: String) throws -> HouseholdSummary {
        do {
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in try HouseholdSummary.read(db) }
        } catch {
            throw BackupError.unreadable("\(error)")
        }
    }
}

/// Why a backup or a restore failed.
public enum BackupError: Error, Equatable, CustomStringConvertible {
    /// `PRAGMA integrity_check` did not answer "ok" (the file is deleted when we wrote it).
    case integrity(String)
    /// The file is not an SQLite database FinMind can read.
    case unreadable(String)
    /// The file was written by a newer FinMind (migrations this build does not know).
    case newerSchema([String])
    /// This database has no file (an in-memory test database).
    case noFile

    public var description: String {
        switch self {
        case .integrity(let report): "the integrity check failed: \(report)"
        case .unreadable(let reason): "not a FinMind database: \(reason)"
        case .newerSchema(let names):
            "this database was written by a newer FinMind (unknown migrations: \(names.joined(separator: ", "))); "
                + "install that version or newer to open it"
        case .noFile: "this database has no file to back up"
        }
    }
}

// MARK: - Backing up and restoring

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
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: source, configuration: configuration)
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
            var configuration = Configuration()
            configuration.readonly = true
            source = try DatabaseQueue(path: temporary, configuration: configuration)
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

// MARK: - Opening safely

extension AppDatabase {
    /// The `PRAGMA user_version` this build writes (FinMind versions its schema by migration
    /// names; a later format change may raise it).
    public static let userVersion = 0

    /// Throws `BackupError.newerSchema` when the database at `path` records migrations this
    /// build does not know, or a `user_version` above ours; opens it read-only to look.
    /// A new (empty) file passes.
    static func refuseNewerSchema(path: String) throws {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        let (unknown, version) = try queue.read { db in
            (try unknownMigrations(db), try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0)
        }
        if !unknown.isEmpty { throw BackupError.newerSchema(unknown) }
        if version > userVersion { throw BackupError.newerSchema(["user_version \(version)"]) }
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
        var configuration = Configuration()
        configuration.readonly = true
        let original = try DatabaseQueue(path: path, configuration: configuration)
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
