import Engine
import Foundation
import GRDB
import Testing
@testable import Storage

@Suite("Backups and restore")
struct BackupsTests {
    // MARK: - Names and retention (pure)

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

    static func backups(days: Int, reason: BackupReason = .daily, from start: String = "2026-11-24") -> [BackupFile] {
        let end = ISO8601DateFormatter().date(from: start + "T03:00:00Z")!
        return (0..<days).map { offset in
            let date = end.addingTimeInterval(-Double(offset) * 86_400)
            return BackupFile(name: BackupFile.name(at: date, reason: reason), createdAt: date, reason: reason)
        }
    }

    @Test("retention keeps 7 daily, 4 weekly and 12 monthly out of two years of dailies")
    func retentionOfTwoYears() {
        // Given one daily backup a day for 730 days ending Tuesday 2026-11-24
        let all = Self.backups(days: 730)
        // When retention runs
        let kept = BackupRetention.kept(all, calendar: Self.utcCalendar())
        // Then the 7 newest days are kept, the newest of the 4 newest ISO weeks, the newest of 12 months
        let names = Set(all.map(\.name))
        #expect(kept.isSubset(of: names))
        let newestSeven = all.prefix(7).map(\.name)
        #expect(Set(newestSeven).isSubset(of: kept))
        // weeks: Sun 22 Nov (week 47), Sun 15, Sun 8 Nov are the newest of weeks 46, 45, 44 besides this week
        for weekEnd in ["20261122", "20261115", "20261108"] {
            #expect(kept.contains { $0.contains(weekEnd) }, "week ending \(weekEnd)")
        }
        // months: the last day of each of the 11 earlier months (Oct 2026 … Dec 2025)
        for monthEnd in ["20261031", "20260930", "20260831", "20260131", "20251231"] {
            #expect(kept.contains { $0.contains(monthEnd) }, "month ending \(monthEnd)")
        }
        #expect(!kept.contains { $0.contains("20251130") }, "the 13th month is dropped")
        // 7 days + 3 older weeks (the 8 Nov one is also…) + 11 older months, overlaps counted once
        #expect(kept.count <= 7 + 4 + 12 && kept.count >= 12)
        // And retention is stable: running it again on what it kept keeps everything
        #expect(BackupRetention.kept(all.filter { kept.contains($0.name) }, calendar: Self.utcCalendar()) == kept)
    }

    @Test("retention keeps the 10 newest backups made before a change, beside the dailies")
    func retentionOfChanges() {
        let imports = (0..<15).map { i -> BackupFile in
            let date = Date(timeIntervalSince1970: 1_795_000_000 + Double(i) * 60)
            return BackupFile(name: BackupFile.name(at: date, reason: .importData), createdAt: date, reason: .importData)
        }
        let kept = BackupRetention.kept(imports + Self.backups(days: 3), calendar: Self.utcCalendar())
        #expect(imports.suffix(10).allSatisfy { kept.contains($0.name) })
        #expect(!imports.prefix(5).contains { kept.contains($0.name) })
    }

    @Test("retention of nothing, or of fewer backups than slots, keeps them all")
    func retentionSmall() {
        #expect(BackupRetention.kept([], calendar: Self.utcCalendar()).isEmpty)
        let few = Self.backups(days: 5)
        #expect(BackupRetention.kept(few, calendar: Self.utcCalendar()) == Set(few.map(\.name)))
    }

    // MARK: - Files

    static func folder() -> String { NSTemporaryDirectory() + "finmind-backup-test-\(UUID().uuidString)" }

    static func sampleDatabase(in folder: String) throws -> AppDatabase {
        let database = try AppDatabase(path: folder + "/finmind.sqlite")
        _ = try database.addRecurring(salary, formToken: token())
        _ = try database.addEntry(groceries, origin: .calendar, formToken: token())
        return database
    }

    @Test("a backup is a checked 0600 copy in backups/ that holds the same data")
    func backUpFile() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try Self.sampleDatabase(in: folder)
        // When a manual backup is made
        let backup = try database.backUp(reason: .manual)
        // Then it is listed with its reason and size, has mode 0600 and the same tables
        let listed = try #require(database.backupFolder?.list().first)
        #expect(listed.name == backup.name && listed.reason == .manual && listed.size > 0)
        let path = try #require(database.backupFolder?.path(of: backup.name))
        #expect(path == folder + "/backups/" + backup.name)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        try AppDatabase.checkIntegrity(ofFile: path)
        let copy = try AppDatabase(path: folder + "/copy/finmind.sqlite")
        try copy.restore(from: path)
        #expect(try copy.exportTables() == database.exportTables())
        #expect(!FileManager.default.fileExists(atPath: path + ".partial"))
    }

    @Test("import, delete-all and restore each leave a backup of the state before them")
    func backupsBeforeChanges() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try Self.sampleDatabase(in: folder)
        let before = try database.exportTables()
        _ = try database.deleteAllData(formToken: token())
        let deleteBackup = try #require(database.backupFolder?.list().first)
        #expect(deleteBackup.reason == .deleteAll)
        let restorePath = try #require(database.backupFolder?.path(of: deleteBackup.name))
        try database.restore(from: restorePath)
        #expect(try database.exportTables() == before)
        #expect(database.backupFolder?.list().map(\.reason).contains(.restore) == true)
        let tables = importTables(try database.exportTables())
        _ = try database.restoreHousehold(tables, replacing: true, formToken: token())
        #expect(database.backupFolder?.list().map(\.reason).contains(.importData) == true)
    }

    @Test("a corrupt, a foreign or a newer backup is refused and the database stays as it was",
          arguments: ["garbage", "truncated", "corrupt-page", "not-finmind", "newer", "missing"])
    func refusedRestore(kind: String) throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try Self.sampleDatabase(in: folder)
        let good = try database.backUp(reason: .manual)
        let goodPath = try #require(database.backupFolder?.path(of: good.name))
        _ = try database.addGoal(car, formToken: token())
        let before = try database.exportTables()
        let backupsBefore = database.backupFolder?.list().count
        let bad = folder + "/bad.sqlite"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: goodPath))
        switch kind {
        case "garbage": bytes = Data(repeating: 0x41, count: 8192)
        case "truncated": bytes = bytes.prefix(bytes.count / 2)
        case "corrupt-page":
            // Scribble over the middle of every page after the first (keeps the header valid)
            for page in stride(from: 4096, to: bytes.count, by: 4096) {
                bytes.replaceSubrange((page + 100)..<(page + 400), with: Data(repeating: 0xFF, count: 300))
            }
        case "not-finmind":
            let other = try DatabaseQueue(path: bad)
            try other.write { try $0.execute(sql: "CREATE TABLE x (y)") }
            try other.close()
        default: break
        }
        if kind == "newer" {
            try FileManager.default.copyItem(atPath: goodPath, toPath: bad)
            let copy = try DatabaseQueue(path: bad)
            try copy.write { try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('zz: from FinMind 9')") }
            try copy.close()
        } else if kind != "not-finmind" && kind != "missing" {
            try bytes.write(to: URL(fileURLWithPath: bad))
        }
        #expect(throws: BackupError.self) { try database.restore(from: bad) }
        #expect(try database.exportTables() == before)
        #expect(database.backupFolder?.list().count == backupsBefore, "no backup is made for a refused restore")
        try database.checkHealth()
    }

    @Test("a database from a newer FinMind is refused at open and left byte for byte as it was")
    func newerDatabaseRefused() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/finmind.sqlite"
        do { _ = try Self.sampleDatabase(in: folder) }
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('zz: from FinMind 9')")
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        try queue.close()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: BackupError.newerSchema(["zz: from FinMind 9"])) { _ = try AppDatabase(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(!FileManager.default.fileExists(atPath: folder + "/backups"))
        // And a user_version above ours is refused too
        let second = folder + "/second.sqlite"
        let other = try DatabaseQueue(path: second)
        try other.writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = 7") }
        try other.close()
        #expect(throws: BackupError.self) { _ = try AppDatabase(path: second) }
    }

    @Test("opening a database with migrations to run backs it up first (reason migration)")
    func backupBeforeMigration() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/finmind.sqlite"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: path)
        let names = AppDatabase.migrator.migrations
        try AppDatabase.migrator.migrate(queue, upTo: names[names.count - 2])
        try queue.close()
        let database = try AppDatabase(path: path)
        let backups = try #require(database.backupFolder?.list())
        #expect(backups.map(\.reason) == [.migration])
        #expect(try database.migrationState().pending.isEmpty)
        // Opening it again (nothing to migrate) makes no new backup
        _ = try AppDatabase(path: path)
        #expect(database.backupFolder?.list().count == 1)
    }

    @Test("check finds a broken foreign key; a clean database has no problems")
    func consistency() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try Self.sampleDatabase(in: folder)
        #expect(try database.consistencyProblems() == [])
        try database.writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.execute(sql: "UPDATE entry SET category = 'no-such-category'")
            try db.execute(sql: "PRAGMA foreign_keys = ON")
        }
        #expect(try database.consistencyProblems().first?.hasPrefix("foreign key: entry") == true)
    }
}

extension BackupsTests {
    @Test("backups before changes never push a daily out of its day")
    func changesKeepDailies() {
        let dailies = Self.backups(days: 3)
        let sameDay = dailies[0].createdAt.addingTimeInterval(3_600)
        let change = BackupFile(name: BackupFile.name(at: sameDay, reason: .deleteAll), createdAt: sameDay, reason: .deleteAll)
        let kept = BackupRetention.kept(dailies + [change], calendar: Self.utcCalendar())
        #expect(kept == Set((dailies + [change]).map(\.name)))
    }

    // MARK: - What a backup holds

    @Test("a backup's summary counts its live entries and accounts and names the newest entry's date, read from the file")
    func summaries() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Given a household with two entries (one deleted again), one account and one deleted account
        let database = try Self.sampleDatabase(in: folder)
        var later = groceries
        later.date = day("2026-11-20")
        _ = try database.addEntry(later, origin: .calendar, formToken: token())
        let gone = try database.addEntry(NewEntry(date: day("2026-12-01"), kind: .expense, name: "Gone", amount: Money(minorUnits: 100), category: "food", isActual: true),
                                         origin: .calendar, formToken: token()).value()
        _ = try database.delete(.entry(gone), formToken: token())
        _ = try database.addAccount(NewAccount(name: "Card", type: .checking, openingBalance: Money(minorUnits: 0), openedOn: day("2026-01-10"),
                                               spendable: true, currency: "USD"), formToken: token())
        let summary = try database.householdSummary()
        #expect(summary == HouseholdSummary(entries: 2, accounts: 1, newestEntry: "2026-11-20"))
        // When it is backed up, the backup's file says the same; an empty household is empty
        let backup = try database.backUp(reason: .manual)
        let read = try #require(database.backupFolder?.summary(of: backup))
        #expect(read == summary && !read.isEmpty)
        let empty = try AppDatabase.inMemory().householdSummary()
        #expect(empty.isEmpty && empty.newestEntry == nil)
        // A file that is not a database has no summary
        let junk = folder + "/backups/" + BackupFile.name(at: Date(timeIntervalSince1970: 1_795_000_000), reason: .daily)
        try Data("not sqlite".utf8).write(to: URL(fileURLWithPath: junk))
        #expect(database.backupFolder?.summary(of: try #require(BackupFile(name: (junk as NSString).lastPathComponent, size: 10))) == nil)
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
}
