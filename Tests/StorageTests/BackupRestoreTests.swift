import Engine
import Foundation
import GRDB
import Testing
@testable import Storage

/// Restoring a backup (Sources/Storage/BackupRestore.swift); the sample household is `BackupsTests`'.
@Suite("Restoring a backup")
struct BackupRestoreTests {
    @Test("a corrupt, a foreign or a newer backup is refused and the database stays as it was",
          arguments: ["garbage", "truncated", "corrupt-page", "not-finmind", "newer", "missing"])
    func refusedRestore(kind: String) throws {
        let folder = BackupsTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try BackupsTests.sampleDatabase(in: folder)
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
}
