import Foundation
import GRDB

/// The household's database: one SQLite file in WAL mode, every write one
/// transaction, the schema grown by migrations that are never edited once landed.
public struct AppDatabase: Sendable {
    /// The connection pool (or an in-memory queue in tests).
    let writer: any DatabaseWriter
    let changes = ChangeCounter()
    /// Writes other than the Advisor's conversation (`conversationOnly`).
    let dataChanges = ChangeCounter()
    /// The `backups/` folder beside the database file (nil in memory): backups before
    /// imports, restores, deletions and migrations go there.
    public let backupFolder: BackupFolder?
    /// The one clock storage reads: every stored time (`createdAt`, `deletedAt`, event and
    /// form-token times), the 10-minute undo window and the retention cut-offs. The
    /// system clock unless given at init (tests move it forward).
    var now: @Sendable () -> Date

    /// A number that grows with every committed write: what was computed from the data
    /// at one version stays valid until it changes (page and plan caches key on it).
    public var version: Int { changes.value }

    /// Like `version`, but the Advisor's conversation (its questions and answers) does not move
    /// it: what is derived from the household's data alone (the Advisor's ledger words) keys on it.
    public var dataVersion: Int { dataChanges.value }

    /// Opens (creating when missing) the database at `path` with file mode 0600 and
    /// migrates it; `now` is the clock of every stored time. Throws when the file cannot
    /// be created or a migration fails.
    public init(path: String, now: @escaping @Sendable () -> Date = { Date() }) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        let descriptor = open(path, O_CREAT | O_RDWR, 0o600)
        guard descriptor >= 0 else {
            throw StorageError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        close(descriptor)
        chmod(path, 0o600)
        // A newer FinMind's database is refused before anything may write to it.
        try Self.refuseNewerSchema(path: path)
        let pool = try DatabasePool(path: path, configuration: Self.configuration())
        try self.init(writer: pool, now: now, backupFolder: BackupFolder(databasePath: path))
    }

    /// An empty in-memory database with the full schema whose clock is `now`, for tests.
    public static func inMemory(now: @escaping @Sendable () -> Date = { Date() }) throws -> AppDatabase {
        try AppDatabase(writer: DatabaseQueue(configuration: configuration()), now: now)
    }

    private init(writer: any DatabaseWriter, now: @escaping @Sendable () -> Date, backupFolder: BackupFolder? = nil) throws {
        self.writer = writer
        self.now = now
        self.backupFolder = backupFolder
        try backUpBeforeMigrating()
        try Self.migrator.migrate(writer)
    }

    private static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // NORMAL in WAL mode survives a killed process; only a power cut may lose
            // the last commits.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        return configuration
    }

    /// The database file at `path` opened read-only and never migrated: a backup, a file being
    /// checked, restored or copied, a newer FinMind's database looked at before it is refused.
    static func readOnlyQueue(path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    /// Checks that the database answers and its schema is complete; throws otherwise.
    public func checkHealth() throws {
        try read { db in
            _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM setting")
            guard try Self.migrator.hasCompletedMigrations(db) else { throw StorageError.schemaOutdated }
        }
    }

    /// Runs `updates` in one write transaction, once per form token: when `formToken`
    /// was already used (a double submit) nothing runs and `.duplicate` is returned.
    /// Errors thrown by `updates` roll the whole transaction back and are rethrown.
    public func writeOnce<T>(formToken: String, conversationOnly: Bool = false, _ updates: (Database) throws -> T) throws -> WriteOutcome<T> {
        try write(conversationOnly: conversationOnly) { db in
            let usedAt = now()
            try db.execute(sql: "DELETE FROM usedFormToken WHERE usedAt < :cutoff",
                           arguments: ["cutoff": Timestamp.string(usedAt.addingTimeInterval(-2 * 86_400))])
            try db.execute(sql: "INSERT OR IGNORE INTO usedFormToken (token, usedAt) VALUES (:token, :usedAt)",
                           arguments: ["token": formToken, "usedAt": Timestamp.string(usedAt)])
            guard db.changesCount == 1 else { return .duplicate }
            return .written(try updates(db))
        }
    }

    /// Runs `updates` in one write transaction and bumps `version` once it committed (and
    /// `dataVersion`, unless it writes only the Advisor's conversation).
    /// A stored value it cannot read (StoredValues.swift) throws `StorageError.corrupt` and rolls back.
    func write<T>(conversationOnly: Bool = false, _ updates: (Database) throws -> T) throws -> T {
        let result = try writer.write { db in try StoredValues.checked { try updates(db) } }
        if !conversationOnly { dataChanges.increment() }
        changes.increment()
        return result
    }

    /// Runs `value` on a read-only snapshot; a stored value it cannot read (StoredValues.swift)
    /// throws `StorageError.corrupt`.
    func read<T>(_ value: (Database) throws -> T) throws -> T {
        try writer.read { db in try StoredValues.checked { try value(db) } }
    }
}

/// A thread-safe counter of committed writes.
final class ChangeCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    func increment() { lock.lock(); count += 1; lock.unlock() }
}

/// What a once-only write did.
public enum WriteOutcome<T> {
    case written(T)
    case duplicate
}

/// Storage failures a caller may want to tell apart.
public enum StorageError: Error, Equatable, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case schemaOutdated
    /// The id names no row, or a soft-deleted one.
    case notFound
    /// The category is used by a recurring item or an entry (deleted ones included), or
    /// is "other", which can never be removed.
    case categoryInUse
    /// Another category already has this name (case-insensitively), or it is a built-in's key.
    case duplicateCategory
    /// The row was deleted more than 10 minutes ago.
    case undoExpired
    /// Another entry already confirms this occurrence.
    case occurrenceAlreadyConfirmed
    /// The database refused the values (a CHECK, NOT NULL or foreign-key constraint, or
    /// a confirmation whose kind differs from its source's); nothing was written.
    case rejected(String)
    /// A stored value could not be read back (the database was edited by hand).
    case corrupt(String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "cannot open the database \(path): \(reason)"
        case .schemaOutdated: "the database schema is not fully migrated"
        case .notFound: "no such row"
        case .categoryInUse: "the category is in use"
        case .duplicateCategory: "a category with this name exists"
        case .undoExpired: "the deletion can no longer be undone"
        case .occurrenceAlreadyConfirmed: "this occurrence is already confirmed"
        case .rejected(let reason): "the database refused the values: \(reason)"
        case .corrupt(let reason): "unreadable stored value: \(reason)"
        }
    }
}

/// Timestamps stored as ISO-8601 text in UTC, so they sort and read well (the time itself
/// always comes from `AppDatabase.now`).
enum Timestamp {
    static func string(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false)
            .timeSeparator(.colon).timeZone(separator: .omitted))
    }
}
