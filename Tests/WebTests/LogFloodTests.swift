import Foundation
import HTTPCore
import Logging
import Testing
@testable import Storage
@testable import Web

// Log flooding: client-controlled values in the log are clipped and escaped, bursts of
// similar lines are thinned, a day's file is capped, and so is the log attached to feedback.

@Suite("Log flooding")
struct LogFloodTests {
    private func temporaryFolder() -> String {
        NSTemporaryDirectory() + "finmind-logflood-\(UUID().uuidString)"
    }

    private func folderBytes(_ folder: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.reduce(0) { total, name in
            total + ((try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0)
        }
    }

    @Test("a flood of refused Host headers writes a bounded, escaped, thinned log")
    func hostFlood() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = try LogFiles(directory: folder)
        let limiter = LogRateLimiter(perMinute: 30)
        let logger = Logger(label: "finmind") { FinMindLogHandler(label: $0, files: files, limiter: limiter, standardError: false) }
        let app = try makeLoggingApp(logger: logger)
        let evil = "\u{1B}[2J\u{1B}[H" + String(repeating: "x", count: 60_000)
        for index in 0..<1_000 {
            let response = app.respond(to: Request(method: "GET", target: "/data",
                                                   headers: HTTPHeaders([("Host", evil + "\(index)")])))
            #expect(response.status == 421)
        }
        let text = try String(contentsOfFile: folder + "/" + (try FileManager.default.contentsOfDirectory(atPath: folder)).first!,
                              encoding: .utf8)
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B }, "no raw ESC reaches the file")
        let lines = text.split(separator: "\n")
        #expect(lines.count == 30, "30 lines of a kind a minute (\(lines.count))")
        #expect(lines.allSatisfy { $0.utf8.count < 300 })
        #expect(folderBytes(folder) < 10_000, "1000 refused 60 KB Host headers wrote \(folderBytes(folder)) bytes")
    }

    @Test("after a minute the thinned lines are counted in one line")
    func droppedLinesAreCounted() {
        let limiter = LogRateLimiter(perMinute: 2)
        let start = Date()
        for _ in 0..<5 { _ = limiter.admit(level: .notice, message: "421 for Host a from b", now: start) }
        let next = limiter.admit(level: .notice, message: "421 for Host c from d", now: start.addingTimeInterval(61))
        #expect(next.write && next.droppedBefore?.count == 3)
        #expect(limiter.admit(level: .notice, message: "failed sign-in from x", now: start).write, "other kinds are not held back")
    }

    @Test("a day's log file stops at its cap, saying so once")
    func dailyCap() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = try LogFiles(directory: folder, dailyLimit: 10_000)
        let day = Date(timeIntervalSince1970: 1_790_000_000)
        for index in 0..<1_000 { files.append("line \(index) " + String(repeating: "y", count: 90), at: day) }
        let bytes = folderBytes(folder)
        #expect(bytes <= 10_000 && bytes > 9_000)
        #expect(files.lastLines(1).first?.contains("later lines of this day are dropped") == true)
        files.append("the next day", at: day.addingTimeInterval(86_400))
        #expect(files.lastLines(1) == ["the next day"])
    }

    @Test("the diagnostic log attached to feedback is capped in size")
    func attachedLogCap() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = try LogFiles(directory: folder)
        for index in 0..<1_000 { files.append("\(index) " + String(repeating: "z", count: 3_000)) }
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let app = try makeLoggingApp(logger: logger, logDirectory: folder)
        let attached = try app.diagnosticLog()
        let bytes = attached.reduce(0) { $0 + $1.utf8.count + 1 }
        #expect(bytes <= App.diagnosticLogLimit, "\(bytes) bytes attached")
        #expect(attached.count > 100 && attached.last?.hasPrefix("999 ") == true, "the newest lines are kept")
    }

    private func makeLoggingApp(logger: Logger, logDirectory: String? = nil) throws -> App {
        let database = try AppDatabase.inMemory()
        try database.saveSettings(["onboarding": "skipped"])
        return try App(configuration: WebConfiguration(
            templatesDirectory: repositoryRoot + "/Templates", publicDirectory: repositoryRoot + "/Public",
            timeZone: TimeZone(identifier: "UTC")!, pinnedToday: "2026-11-21", logDirectory: logDirectory),
            database: database, logger: logger)
    }
}
