import Foundation
import GRDB

// Online backups: `VACUUM INTO` on a reader connection (never the writer), each
// file checked with `PRAGMA integrity_check`, mode 0600, named by time and reason, kept
// 7 daily / 4 weekly / 12 monthly; restore copies a checked file in with SQLite's backup API
// while the writer is held, so a failure leaves the current database as it was.
//
// This file holds the names, the errors and the folder; the rest lives in BackupRetention (what
// is kept), BackupSummaries (what a backup holds), BackupMaking, BackupRestore and DatabaseChecks
// (refusing a newer schema, integrity and `finmind check`).

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

// MARK: - Errors

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

// MARK: - The folder

/// The `backups/` folder beside the database file (in the data folder by default; `NAME-backups/` beside `NAME.sqlite`).
public struct BackupFolder: Sendable {
    public let directory: String
    private let summaries = BackupSummaries()

    public init(directory: String) { self.directory = directory }

    /// `backups/` in the folder of the database at `databasePath` (an absolute path, so the
    /// privacy page can say where it is); `NAME-backups/` for a database not named `finmind.sqlite`,
    /// so two databases in one folder never list, restore, prune or delete each other's backups.
    public init(databasePath: String) {
        let folder = (databasePath as NSString).deletingLastPathComponent
        let stem = ((databasePath as NSString).lastPathComponent as NSString).deletingPathExtension
        let name = stem == "finmind" || stem.isEmpty ? "backups" : stem + "-backups"
        let relative = ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(name)
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
