import Foundation
import Testing
import TestSupport

// Attacks against the real `finmind` binary: its log handler keeps a flood of refused
// Host headers small and escaped, and --passcode-file refuses a trivial passcode.

@Suite("The finmind binary under attack", .serialized)
struct BinaryHardeningTests {
    /// Starts `finmind` with `arguments` on a free port, its output in files under
    /// `dataHome`; returns the process and the port it printed (0 when it exited first).
    private func launch(_ arguments: [String], dataHome: String, name: String) throws -> (Process, UInt16) {
        let binary = try #require(finmindBinary())
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--port", "0", "--db", dataHome + "/finmind.sqlite", "--templates", e2eRepositoryRoot + "/Templates",
                             "--public", e2eRepositoryRoot + "/Public"] + arguments
        process.environment = ["XDG_DATA_HOME": dataHome, "HOME": dataHome, "PATH": "/usr/bin:/bin"]
        for suffix in ["out", "err"] {
            _ = FileManager.default.createFile(atPath: "\(dataHome)/\(name).\(suffix)", contents: nil)
        }
        process.standardOutput = FileHandle(forWritingAtPath: "\(dataHome)/\(name).out")
        process.standardError = FileHandle(forWritingAtPath: "\(dataHome)/\(name).err")
        try process.run()
        var port: UInt16 = 0
        eventually {
            let printed = (try? String(contentsOfFile: "\(dataHome)/\(name).out", encoding: .utf8)) ?? ""
            port = printed.firstMatch(of: /127\.0\.0\.1:(\d+)/).flatMap { UInt16($0.1) } ?? 0
            return port != 0 || !process.isRunning
        }
        return (process, port)
    }

    @Test("a flood of refused Host headers with ESC leaves a small, escaped log")
    func hostFloodLog() throws {
        let home = NSTemporaryDirectory() + "finmind-binary-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let (process, port) = try launch([], dataHome: home, name: "flood")
        defer { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        try #require(port > 0)
        let host = "\u{1B}[2J\u{1B}[H" + String(repeating: "x", count: 10_000)
        for _ in 0..<300 {
            let connection = try RawConnection(port: port)
            connection.send("GET /data HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
            #expect(try connection.readResponse().status == 421)
        }
        let logs = home + "/finmind/logs"
        let names = try FileManager.default.contentsOfDirectory(atPath: logs)
        let bytes = try names.reduce(into: [UInt8]()) { $0 += Array(try Data(contentsOf: URL(fileURLWithPath: logs + "/" + $1))) }
        #expect(bytes.count < 8_000, "300 refused 10 KB Host headers wrote \(bytes.count) bytes of log")
        #expect(!bytes.contains(0x1B), "no raw ESC in the log")
    }

    @Test("--passcode-file refuses a trivial passcode and accepts a good one")
    func passcodeFile() throws {
        let home = NSTemporaryDirectory() + "finmind-binary-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        try "123456\n".write(toFile: home + "/weak.txt", atomically: true, encoding: .utf8)
        let (weak, weakPort) = try launch(["--passcode-file", home + "/weak.txt"], dataHome: home, name: "weak")
        weak.waitUntilExit()
        #expect(weakPort == 0 && weak.terminationStatus != 0)
        #expect(try String(contentsOfFile: home + "/weak.err", encoding: .utf8).contains("too easy to guess"))

        try "household passcode\n".write(toFile: home + "/good.txt", atomically: true, encoding: .utf8)
        let (good, goodPort) = try launch(["--passcode-file", home + "/good.txt"], dataHome: home, name: "good")
        defer { kill(good.processIdentifier, SIGKILL); good.waitUntilExit() }
        #expect(goodPort > 0)
    }
}
