import Foundation
import GRDB
import Storage
import Testing
import TestSupport

// Four phones and a laptop add entries at the same time over real HTTP: every
// write answered 303 is in the database, none got a 5xx or saw SQLITE_BUSY — also while a
// backup runs.

/// What the devices were answered, shared between their threads.
private final class Answers: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var acknowledged: [String] = []
    private(set) var other: [String] = []
    var count: Int { lock.lock(); defer { lock.unlock() }; return acknowledged.count + other.count }
    func record(_ name: String, _ response: RawResponse?) {
        lock.lock(); defer { lock.unlock() }
        guard let response else { other.append("\(name): no answer"); return }
        if response.status == 303 {
            acknowledged.append(name)
        } else {
            other.append("\(name): \(response.status) \(response.text.prefix(200))")
        }
        if response.text.contains("SQLITE_BUSY") || response.text.contains("database is locked") {
            other.append("\(name): shows SQLITE_BUSY")
        }
    }
}

@Suite("Many devices at once")
struct ManyDevicesTests {
    @Test("5 devices × 40 entries posted at once: every acknowledged write is stored, no 5xx, no SQLITE_BUSY")
    func concurrentWrites() throws {
        let live = try LiveServer()
        let devices = (0..<5).map { _ in RawBrowser(port: live.port) }
        let form = try #require(FormReader.forms(in: try devices[0].get("/data/entry/new?kind=expense").text)
            .first { $0.action == "/data/entry" })
        let base = form.controls.filter { $0.name != "name" && $0.name != "_csrf" && $0.name != "_form" }.map { control -> (String, String) in
            switch control.kind {
            case .money: (control.name, "12,34")
            case .date: (control.name, "2026-11-20")
            case .select: (control.name, control.value.isEmpty ? control.options.first { !$0.isEmpty } ?? "" : control.value)
            default: (control.name, control.value)
            }
        }
        let answers = Answers()
        let perDevice = 40
        let backupDone = DispatchSemaphore(value: 0)
        let database = live.database
        // The backup starts once the writes are under way (the first ten answered).
        DispatchQueue.global().async {
            eventually { answers.count >= 10 }
            _ = try? database.backUp(reason: .manual)
            backupDone.signal()
        }
        DispatchQueue.concurrentPerform(iterations: devices.count) { device in
            for index in 0..<perDevice {
                let name = "device\(device)-\(index)"
                answers.record(name, try? devices[device].post("/data/entry", base + [("name", name)]))
            }
        }
        backupDone.wait()
        #expect(answers.other.isEmpty, "\(answers.other.prefix(5))")
        let stored = try DatabaseQueue(path: live.folder + "/finmind.sqlite").read { db in
            Set(try String.fetchAll(db, sql: "SELECT name FROM entry WHERE deletedAt IS NULL"))
        }
        let lost = answers.acknowledged.filter { !stored.contains($0) }
        #expect(lost.isEmpty, "\(lost.count) acknowledged writes lost")
        #expect(answers.acknowledged.count == devices.count * perDevice)
        #expect(live.database.backupFolder?.list().contains { $0.reason == .manual } == true)
    }
}
