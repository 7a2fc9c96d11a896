import Engine
import Foundation
import GRDB
import Testing
@testable import Storage

@Suite("Backups: names and the folder")
struct BackupsTests {
    // MARK: - Names

    @Test("a backup's name carries its UTC time and reason and reads back; other names are refused")
    func names() throws {
        let date = Date(timeIntervalSince1970: 1_795_000_000)
        for reason in BackupReason.allCases {
            let name = BackupFile.name(at: date, reason: reason)
            let parsed = try #require(BackupFile(name: name))
            #expect(parsed.createdAt == date && parsed.reason == reason)
        }
        #expect(BackupFile.name(at: date, reason: .deleteAll) == "finmind-20261118-110640-delete-all.sqlite")
        for bad in ["../finmind.sqlite", "finmind-20261118-072640-evil.sqlite", "finmind-20261318-072640-daily.sqlite",
                    "finmind-20261118-072640-daily.sqlite/../x", "x-20261118-072640-daily.sqlite", "finmind.sqlite",
                    "finmind-2026111-0726400-daily.sqlite", "finmind-20261118-072640-daily.sqlite.partial"] {
            #expect(BackupFile(name: bad) == nil, "\(bad)")
        }
    }

    static func utcCalendar() -> Calendar { var c = Calendar(identifier: .gregorian); c.timeZone = TimeZone(identifier: "UTC")!; return c }

    // MARK: - Files

    static func folder() -> String { NSTemporaryDirectory() + "finmind-backup-test-\(UUID().uuidString)" }

    static func sampleDatabase(in folder: String) throws -> AppDatabase {
        let database = try AppDatabase(path: folder + "/finmind.sqlite")
        _ = try database.addRecurring(salary, formToken: token())
        _ = try database.addEntry(groceries, origin: .calendar, formToken: token())
        return database
    }

    @Test("deleting every backup empties the folder of backups and leaves other files")
    func deleteEveryBackup() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try Self.sampleDatabase(in: folder)
        try database.backUp(reason: .manual)
        try database.backUp(reason: .daily)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/backups/notes.txt"))
        let backups = try #require(database.backupFolder)
        #expect(try backups.deleteAll() == 2)
        #expect(backups.list().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/backups") == ["notes.txt"])
        #expect(backups.directory.hasPrefix("/"))
    }

    @Test("two databases in one folder keep their backups apart: one's list, restore and “delete all backups” never reach the other's")
    func databasesInOneFolderKeepTheirOwnBackups() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let household = try Self.sampleDatabase(in: folder)
        let other = try AppDatabase(path: folder + "/walk-3.sqlite")
        try household.backUp(reason: .manual)
        try other.backUp(reason: .daily)
        let mine = try #require(household.backupFolder), theirs = try #require(other.backupFolder)
        #expect(mine.directory == folder + "/backups", "the default database keeps the folder it always had")
        #expect(theirs.directory == folder + "/walk-3-backups")
        #expect(mine.list().map(\.reason) == [.manual])
        #expect(theirs.list().map(\.reason) == [.daily])
        #expect(try theirs.deleteAll() == 1)
        #expect(mine.list().map(\.reason) == [.manual])
    }
}
