import Foundation
import Testing
@testable import MicroHTTPServer

/// Tests Sources/MicroHTTPServer/BodySpool.swift: an upload kept in an unlinked temporary file.
@Suite("Body spool")
struct BodySpoolTests {
    @Test("bytes written come back in order, and no file is left in the folder")
    func roundTrip() throws {
        let folder = NSTemporaryDirectory() + "finmind-spool-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spool = try #require(BodySpool(directory: folder))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "unlinked at once")
        var expected: [UInt8] = []
        for round in 0..<50 {
            let chunk = [UInt8](repeating: UInt8(round), count: 10_000 + round)
            #expect(chunk.withUnsafeBytes { spool.append($0.baseAddress!, $0.count) })
            expected += chunk
        }
        #expect(spool.count == expected.count)
        #expect(spool.contents() == expected)
    }

    @Test("a folder that does not exist gives no spool")
    func noFolder() {
        #expect(BodySpool(directory: "/nonexistent-\(UUID().uuidString)") == nil)
    }
}
