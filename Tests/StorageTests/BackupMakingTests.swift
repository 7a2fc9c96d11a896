import Engine
import Foundation
import GRDB
import Testing
@testable import Storage

/// Making backups (Sources/Storage/BackupMaking.swift); the sample household is `BackupsTests`'.
@Suite("Making backups")
struct BackupMakingTests {
    @Test("a backup is a checked 0600 copy in backups/ that holds the same data")
    func backUpFile() throws {
        let folder = BackupsTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try BackupsTests.sampleDatabase(in: folder)
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
        let folder = BackupsTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try BackupsTests.sampleDatabase(in: folder)
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

    @Test("opening a database with migrations to run backs it up first (reason migration)")
    func backupBeforeMigration() throws {
        let folder = BackupsTests.folder()
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
}
