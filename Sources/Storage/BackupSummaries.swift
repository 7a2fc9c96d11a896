import Foundation
import GRDB

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
            let queue = try readOnlyQueue(path: path)
            defer { try? queue.close() }
            return try queue.read { db in try HouseholdSummary.read(db) }
        } catch {
            throw BackupError.unreadable("\(error)")
        }
    }
}
