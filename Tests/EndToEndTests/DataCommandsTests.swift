import Foundation
import GRDB
import Storage
import Testing

// `finmind backup`, `finmind restore`, `finmind check` and the refusal of a newer database,
// run as the real binary.

/// Runs the finmind binary with `arguments`; returns its exit status and what it printed.
private func finmind(_ arguments: [String], home: String) throws -> (status: Int32, output: String) {
    let binary = try #require(finmindBinary(), "finmind binary not found; run `swift build --build-tests` first")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.environment = ["XDG_DATA_HOME": home, "HOME": home, "PATH": "/usr/bin:/bin"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

@Suite("Data commands", .serialized)
struct DataCommandsTests {
    static func folder() throws -> String {
        let folder = NSTemporaryDirectory() + "finmind-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/finmind", withIntermediateDirectories: true)
        return folder
    }

    @Test("backup writes a checked 0600 copy; check says OK (0); restore brings it back; usage errors exit 2")
    func backupCheckRestore() throws {
        let home = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/finmind/finmind.sqlite"
        do {
            let database = try AppDatabase(path: path)
            try database.saveSettings(["profile.nickname": "Before"])
        }
        let copy = home + "/copy.sqlite"
        let backup = try finmind(["backup", "--to", copy], home: home)
        #expect(backup.status == 0, "\(backup.output)")
        #expect(backup.output.contains("integrity check ok"))
        let mode = try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        #expect(try finmind(["backup", "--to", copy], home: home).status == 2, "an existing file is never overwritten")

        let check = try finmind(["check"], home: home)
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.contains("OK: the database is healthy."))

        do { try AppDatabase(path: path).saveSettings(["profile.nickname": "After"]) }
        let restore = try finmind(["restore", copy], home: home)
        #expect(restore.status == 0, "\(restore.output)")
        #expect(try AppDatabase(path: path).settings()["profile.nickname"] == "Before")
        #expect(BackupFolder(databasePath: path).list().contains { $0.reason == .restore })

        #expect(try finmind(["check", "--no-such-flag"], home: home).status == 2)
        #expect(try finmind(["restore"], home: home).status == 2)
        #expect(try finmind(["restore", home + "/missing.sqlite"], home: home).status == 2)
    }

    @Test("check reports a broken foreign key and a corrupt file with exit status 1; restore of a corrupt file changes nothing")
    func problems() throws {
        let home = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/finmind/finmind.sqlite"
        do { try AppDatabase(path: path).saveSettings(["profile.nickname": "Kept"]) }
        let corrupt = home + "/corrupt.sqlite"
        try Data(repeating: 0x42, count: 10_000).write(to: URL(fileURLWithPath: corrupt))
        let refused = try finmind(["restore", corrupt], home: home)
        #expect(refused.status == 1)
        #expect(refused.output.contains("nothing changed"))
        #expect(try AppDatabase(path: path).settings()["profile.nickname"] == "Kept")
        #expect(try finmind(["check", "--db", corrupt], home: home).status == 1)

        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.execute(sql: "INSERT INTO entry (date, kind, name, amount, category, isActual, createdAt) VALUES ('2026-01-01', 'expense', 'x', 100, 'nope', 1, '2026-01-01T00:00:00Z')")
        }
        try queue.close()
        let check = try finmind(["check"], home: home)
        #expect(check.status == 1, "\(check.output)")
        #expect(check.output.contains("foreign key: entry"))
        #expect(check.output.contains("PROBLEM"))
    }

    @Test("a database from a newer FinMind is refused by the server and by restore, and left unchanged")
    func newerRefused() throws {
        let home = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/finmind/finmind.sqlite"
        do { _ = try AppDatabase(path: path) }
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('zz: from FinMind 9')")
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        try queue.close()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let serve = try finmind(["--port", "0", "--templates", e2eRepositoryRoot + "/Templates", "--public", e2eRepositoryRoot + "/Public"],
                                home: home)
        #expect(serve.status != 0)
        #expect(serve.output.contains("newer FinMind"), "\(serve.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        let check = try finmind(["check"], home: home)
        #expect(check.status == 1 && check.output.contains("from a newer FinMind: zz: from FinMind 9"), "\(check.output)")
        // A backup from it cannot be restored into an older FinMind's database either
        let other = home + "/other/finmind.sqlite"
        do { _ = try AppDatabase(path: other) }
        let restore = try finmind(["restore", path, "--db", other], home: home)
        #expect(restore.status == 1 && restore.output.contains("newer FinMind"), "\(restore.output)")
    }
}

extension DataCommandsTests {
    @Test("restore refuses while a FinMind server has the database open, and works once it stopped")
    func restoreRefusedWhileServing() throws {
        let home = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/finmind/finmind.sqlite"
        do { try AppDatabase(path: path).saveSettings(["profile.nickname": "Served"]) }
        let copy = home + "/copy.sqlite"
        #expect(try finmind(["backup", "--to", copy], home: home).status == 0)
        let binary = try #require(finmindBinary())
        let server = Process()
        server.executableURL = URL(fileURLWithPath: binary)
        server.arguments = ["--port", "0", "--templates", e2eRepositoryRoot + "/Templates", "--public", e2eRepositoryRoot + "/Public"]
        server.environment = ["XDG_DATA_HOME": home, "HOME": home, "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        var printed = ""
        let deadline = Date().addingTimeInterval(20)
        while !printed.contains("Open ") && Date() < deadline {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            printed += String(decoding: data, as: UTF8.self)
        }
        let refused = try finmind(["restore", copy], home: home)
        server.terminate()
        server.waitUntilExit()
        #expect(refused.status == 1)
        #expect(refused.output.contains("FinMind is running"), "\(refused.output)")
        #expect(try finmind(["restore", copy], home: home).status == 0)
    }
}
