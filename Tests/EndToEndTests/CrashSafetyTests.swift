import Foundation
import GRDB
import Testing
import TestSupport
@testable import Web

// The real `finmind` binary is killed with SIGKILL while a loop of writes runs; after a
// restart on the same database every write answered 303 is there and SQLite's
// integrity check passes.

/// The `finmind` executable built beside this test bundle (`swift build --build-tests`).
func finmindBinary() -> String? {
    let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var candidates = [besideTests.appendingPathComponent("finmind").path,
                      besideTests.deletingLastPathComponent().appendingPathComponent("finmind").path]
    if let bundle = Bundle.main.executableURL?.deletingLastPathComponent() {
        candidates.append(bundle.appendingPathComponent("finmind").path)
    }
    if let folders = try? FileManager.default.contentsOfDirectory(atPath: e2eRepositoryRoot) {
        candidates += folders.filter { $0.hasPrefix(".build") }.map { "\(e2eRepositoryRoot)/\($0)/debug/finmind" }
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// A running `finmind` process on a free port, its port read from what it prints.
private final class FinmindProcess {
    let process = Process()
    private(set) var port: UInt16 = 0

    init(binary: String, database: String, dataHome: String) throws {
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--port", "0", "--db", database, "--today", "2026-11-21", "--tz", "UTC",
                             "--templates", e2eRepositoryRoot + "/Templates", "--public", e2eRepositoryRoot + "/Public"]
        process.environment = ["XDG_DATA_HOME": dataHome, "HOME": dataHome, "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var printed = ""
        let deadline = Date().addingTimeInterval(20)
        while port == 0 && Date() < deadline {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            printed += String(decoding: data, as: UTF8.self)
            if let range = printed.range(of: #"http://127\.0\.0\.1:(\d+)/"#, options: .regularExpression) {
                let text = printed[range].dropFirst("http://127.0.0.1:".count).dropLast()
                port = UInt16(text) ?? 0
            }
        }
    }

    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

@Suite("Crash safety", .serialized)
struct CrashSafetyTests {
    @Test("SIGKILL during a loop of writes loses no answered write and leaves an intact database")
    func killedMidWrite() throws {
        guard let binary = finmindBinary() else {
            Issue.record("finmind binary not found beside the tests; run `swift build --build-tests` first")
            return
        }
        let folder = NSTemporaryDirectory() + "finmind-crash-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let databasePath = folder + "/finmind.sqlite"

        let first = try FinmindProcess(binary: binary, database: databasePath, dataHome: folder)
        try #require(first.port != 0, "finmind did not print its address")
        let browser = RawBrowser(port: first.port)
        _ = try browser.post("/welcome", [("skip", "1")])
        let form = try #require(FormReader.forms(in: try browser.get("/data/entry/new?kind=expense").text)
            .first { $0.action == "/data/entry" })
        let base = form.controls.map { control -> (String, String) in
            switch control.kind {
            case .money: (control.name, "12,34")
            case .date: (control.name, "2026-11-20")
            case .select: (control.name, control.value.isEmpty ? control.options.first { !$0.isEmpty } ?? "" : control.value)
            default: (control.name, control.value)
            }
        }

        // Writes go on from another thread; the server is killed after a short while.
        let answered = LockedList()
        let writer = Thread {
            for index in 0..<100_000 {
                let name = "crash-\(index)"
                guard let response = try? browser.post("/data/entry", base.filter { $0.0 != "name" } + [("name", name)]) else { return }
                if response.status == 303 { answered.append(name) } else { answered.refuse(response.status) }
            }
        }
        writer.start()
        // Killed after 40 to 60 answered writes (a random point, as a power cut would be).
        let killAfter = Int.random(in: 40...60)
        eventually { answered.count >= killAfter }
        first.kill()
        #expect(eventually { writer.isFinished }, "the writer stops once the server is gone")
        #expect(answered.refusals.isEmpty, "writes refused: \(answered.refusals.prefix(5))")
        try #require(answered.count >= 40, "only \(answered.count) writes were answered before the kill")

        let second = try FinmindProcess(binary: binary, database: databasePath, dataHome: folder)
        defer { second.kill() }
        try #require(second.port != 0)
        #expect(try fetch(second.port, "/healthz").text == "ok\n")
        let queue = try DatabaseQueue(path: databasePath)
        let (names, integrity) = try queue.read { db in
            (Set(try String.fetchAll(db, sql: "SELECT name FROM entry WHERE deletedAt IS NULL")),
             try String.fetchOne(db, sql: "PRAGMA integrity_check"))
        }
        let lost = answered.names.filter { !names.contains($0) }
        #expect(lost.isEmpty, "\(lost.count) of \(answered.count) answered writes lost")
        #expect(integrity == "ok")
        print("crash safety: \(answered.count) writes answered 303 before SIGKILL, \(names.count) rows after restart")
    }
}

/// Names of answered writes, shared between the writing thread and the test.
private final class LockedList: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    private var refused: [Int] = []
    func append(_ name: String) { lock.lock(); list.append(name); lock.unlock() }
    func refuse(_ status: Int) { lock.lock(); refused.append(status); lock.unlock() }
    var names: [String] { lock.lock(); defer { lock.unlock() }; return list }
    var refusals: [Int] { lock.lock(); defer { lock.unlock() }; return refused }
    var count: Int { names.count }
}
