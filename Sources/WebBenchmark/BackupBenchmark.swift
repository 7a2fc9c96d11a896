import Engine
import Foundation
import HTTPCore
import Logging
import Storage
import Web

/// Backups at scale: a household of `entries` entries in a file database; the
/// time and size of a backup (VACUUM INTO + integrity_check), then the longest stall of
/// requests and writes made while a backup runs: two threads GET /healthz and Settings → Your data
/// (caches dropped, so each reads the database) and one adds entries, before and during the backup.
enum BackupBenchmark {
    static func run(entries: Int) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let folder = NSTemporaryDirectory() + "finmind-backup-bench-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/bench.sqlite"
        let today = Day(year: 2026, month: 11, day: 21)!
        let database = try AppDatabase(path: path)
        try database.saveSettings(["onboarding": "done"])
        let loading = ContinuousClock.now
        try LedgerBenchmark.load(entries, into: database, path: path, today: today)
        print("Loaded \(entries) entries in \(ContinuousClock.now - loading)")
        let databaseSize = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0

        var logger = Logger(label: "bench")
        logger.logLevel = .critical
        let app = try App(configuration: WebConfiguration(templatesDirectory: root + "/Templates", publicDirectory: root + "/Public",
                                                          timeZone: TimeZone(identifier: "UTC")!, pinnedToday: today.iso),
                          database: database, logger: logger)
        app.waitForBackups()

        // 1. A backup alone.
        var times: [Double] = []
        var size: Int64 = 0
        for _ in 0..<3 {
            let start = ContinuousClock.now
            let backup = try database.backUp(reason: .manual)
            times.append(milliseconds(ContinuousClock.now - start))
            size = backup.size
        }
        print("| entries | database | backup size | backup time (median of 3) |")
        print("| ---: | ---: | ---: | ---: |")
        print("| \(entries) | \(databaseSize / 1_000_000) MB | \(size / 1_000_000) MB | \(format(percentile(times, 50))) ms |")

        // 2. Requests and writes while a backup runs, against the same load without one.
        func load(seconds: Double, during backup: Bool) throws -> (gets: [Double], writes: [Double], backupMs: Double) {
            let stop = Date().addingTimeInterval(seconds)
            let gets = Samples(), writes = Samples()
            let group = DispatchGroup()
            for target in ["/healthz", "/settings/data"] {
                group.enter()
                Thread {
                    defer { group.leave() }
                    let request = Request(method: "GET", target: target, headers: HTTPHeaders([
                        ("Host", "localhost"), ("Accept-Language", "en"), ("Cookie", "fm_csrf=" + String(repeating: "a", count: 64))]))
                    while Date() < stop {
                        app.dropCaches()
                        let start = ContinuousClock.now
                        let response = app.respond(to: request)
                        let elapsed = milliseconds(ContinuousClock.now - start)
                        precondition(response.status == .ok, "\(target): \(response.status)")
                        gets.append(elapsed)
                    }
                }.start()
            }
            group.enter()
            Thread {
                defer { group.leave() }
                var index = 0
                while Date() < stop {
                    let entry = NewEntry(date: today, kind: .expense, name: "bench \(index)", amount: Money(minorUnits: 1_00),
                                         category: "food", isActual: true)
                    let start = ContinuousClock.now
                    _ = try? database.addEntry(entry, origin: .dataPage, formToken: UUID().uuidString)
                    let elapsed = milliseconds(ContinuousClock.now - start)
                    writes.append(elapsed)
                    index += 1
                    Thread.sleep(forTimeInterval: 0.01)
                }
            }.start()
            var backupMs = 0.0
            if backup {
                Thread.sleep(forTimeInterval: 0.5)
                let start = ContinuousClock.now
                _ = try database.backUp(reason: .manual)
                backupMs = milliseconds(ContinuousClock.now - start)
            }
            group.wait()
            return (gets.values, writes.values, backupMs)
        }
        let quiet = try load(seconds: 4, during: false)
        let busy = try load(seconds: max(4, percentile(times, 50) / 1000 + 2), during: true)
        print("")
        print("| while | GETs | GET median | GET max | writes | write median | write max |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        func median(_ values: [Double]) -> Double { values.isEmpty ? 0 : percentile(values, 50) }
        for (label, run) in [("no backup", quiet), ("a backup runs (\(format(busy.backupMs)) ms)", busy)] {
            print("| \(label) | \(run.gets.count) | \(format(median(run.gets))) ms | \(format(run.gets.max() ?? 0)) ms "
                  + "| \(run.writes.count) | \(format(median(run.writes))) ms | \(format(run.writes.max() ?? 0)) ms |")
        }
    }
}

/// Timings collected from several threads.
private final class Samples: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Double] = []
    func append(_ value: Double) { lock.lock(); list.append(value); lock.unlock() }
    var values: [Double] { lock.lock(); defer { lock.unlock() }; return list }
}
