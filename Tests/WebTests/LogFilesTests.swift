import Foundation
import Testing
@testable import Web

@Suite("Log files")
struct LogFilesTests {
    @Test("one file a day, files older than 30 days deleted, the last lines read back in order")
    func rotation() throws {
        let folder = NSTemporaryDirectory() + "finmind-logs-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Given an old file from 40 days ago and one from yesterday
        let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18
        for (days, line) in [(40, "ancient"), (1, "yesterday")] {
            let name = "finmind-\(LogFiles.dayString(now.addingTimeInterval(Double(-days) * 86_400))).log"
            try (line + "\n").write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }
        // When the logs are opened and two lines written today
        let logs = try LogFiles(directory: folder)
        logs.prune(now: now)
        logs.append("first today", at: now)
        logs.append("second today", at: now)
        // Then the old file is gone and the last lines span both remaining days
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files.count == 2)
        #expect(!files.contains("finmind-\(LogFiles.dayString(now.addingTimeInterval(-40 * 86_400))).log"))
        #expect(logs.lastLines(2) == ["first today", "second today"])
        #expect(logs.lastLines(1000) == ["yesterday", "first today", "second today"])
    }
}
