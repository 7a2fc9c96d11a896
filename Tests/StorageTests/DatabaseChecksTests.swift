import Engine
import Foundation
import GRDB
import Testing
@testable import Storage

/// Refusing a newer schema and checking a database (Sources/Storage/DatabaseChecks.swift).
@Suite("Database checks")
struct DatabaseChecksTests {
    @Test("a database from a newer FinMind is refused at open and left byte for byte as it was")
    func newerDatabaseRefused() throws {
        let folder = BackupsTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/finmind.sqlite"
        do { _ = try BackupsTests.sampleDatabase(in: folder) }
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

    @Test("check finds a broken foreign key; a clean database has no problems")
    func consistency() throws {
        let folder = BackupsTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try BackupsTests.sampleDatabase(in: folder)
        #expect(try database.consistencyProblems() == [])
        try database.writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.execute(sql: "UPDATE entry SET category = 'no-such-category'")
            try db.execute(sql: "PRAGMA foreign_keys = ON")
        }
        #expect(try database.consistencyProblems().first?.hasPrefix("foreign key: entry") == true)
    }
}
