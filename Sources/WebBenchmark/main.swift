import Engine
import Foundation
import HTTPCore
import Logging
import Storage
import Web

// Renders FinMind's pages in-process over a generated household and prints the median
// and p99 time per page, both freshly computed (caches dropped before each request, as
// after every data change) and served from the page cache.
// Usage: swift run -c release WebBenchmark [entries] [requests] [page]   (defaults 20000, 200, all)
//        swift run -c release WebBenchmark load-csv entries.csv out.sqlite

let arguments = CommandLine.arguments

// `WebBenchmark lookup [rows] [repetitions]`: only the view-model lookup micro-benchmark.
if arguments.count >= 2, arguments[1] == "lookup" {
    try LookupBenchmark.run(rows: arguments.count > 2 ? Int(arguments[2]) ?? 4000 : 4000,
                            repetitions: arguments.count > 3 ? Int(arguments[3]) ?? 50 : 50)
    exit(0)
}

// `WebBenchmark advisor [repetitions]`: only the advisor's training and routing (AdvisorBenchmark.swift).
if arguments.count >= 2, arguments[1] == "advisor" {
    AdvisorBenchmark.run(repetitions: arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5)
    exit(0)
}

// `WebBenchmark advisor-ledger [entries] [requests]`: questions over the ledger asked of the Advisor (AdvisorLedgerBenchmark.swift).
if arguments.count >= 2, arguments[1] == "advisor-ledger" {
    try AdvisorLedgerBenchmark.run(entries: arguments.count > 2 ? Int(arguments[2]) ?? 20_000 : 20_000,
                                   requests: arguments.count > 3 ? Int(arguments[3]) ?? 20 : 20)
    exit(0)
}

// `WebBenchmark ledger [entries] [requests]`: only /transactions, fresh, once per filter (LedgerBenchmark.swift).
if arguments.count >= 2, arguments[1] == "ledger" {
    try LedgerBenchmark.run(entries: arguments.count > 2 ? Int(arguments[2]) ?? 200_000 : 200_000,
                            requests: arguments.count > 3 ? Int(arguments[3]) ?? 50 : 50)
    exit(0)
}

// `WebBenchmark backup [entries]`: backup time and size, and request stalls during one (BackupBenchmark.swift).
if arguments.count >= 2, arguments[1] == "backup" {
    try BackupBenchmark.run(entries: arguments.count > 2 ? Int(arguments[2]) ?? 200_000 : 200_000)
    exit(0)
}

// `WebBenchmark import [rows] [entries]`: only the statement import (ImportBenchmark.swift).
if arguments.count >= 2, arguments[1] == "import" {
    try ImportBenchmark.run(rows: arguments.count > 2 ? Int(arguments[2]) ?? 50_000 : 50_000,
                            entries: arguments.count > 3 ? Int(arguments[3]) ?? 20_000 : 20_000)
    exit(0)
}

// `WebBenchmark load-csv entries.csv out.sqlite`: only build a database from the peers' history.
if arguments.count == 4, arguments[1] == "load-csv" {
    let rows = try LedgerCSV.read(arguments[2])
    let database = try AppDatabase(path: arguments[3])
    let started = ContinuousClock.now
    try LedgerCSV.load(rows, into: database, today: Day(year: 2026, month: 11, day: 21)!)
    print("Loaded \(rows.count) rows into \(arguments[3]) in \(ContinuousClock.now - started)")
    exit(0)
}
let entryCount = arguments.count > 1 ? Int(arguments[1]) ?? 20_000 : 20_000
let requests = arguments.count > 2 ? Int(arguments[2]) ?? 200 : 200
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
let folder = NSTemporaryDirectory() + "finmind-bench-\(UUID().uuidString)"
defer { try? FileManager.default.removeItem(atPath: folder) }

let today = Day(year: 2026, month: 11, day: 21)!
// FINMIND_BENCH_DB=path keeps the generated household in that file and reuses it on the next
// run (the load takes minutes on a busy machine); without it each run generates a fresh one.
let keptPath = ProcessInfo.processInfo.environment["FINMIND_BENCH_DB"]
let reused = keptPath.map { FileManager.default.fileExists(atPath: $0) } ?? false
let database = try AppDatabase(path: keptPath ?? folder + "/bench.sqlite")
if reused {
    print("Reusing the household in \(keptPath!)")
} else {
    let loadStart = ContinuousClock.now
    var generator = HouseholdGenerator(seed: 42, today: today)
    try generator.load(into: database, entries: entryCount)
    try database.saveSettings(["onboarding": "done"])
    // Category limits for /limits: a monthly and a weekly one on five categories, a daily one on food.
    for category in ["food", "housing", "transport", "utilities", "health"] {
        for (period, amount) in [(LimitPeriod.month, Int64(1_000_000_00)), (.week, 300_000_00)] {
            _ = try database.addCategoryLimit(CategoryLimit(category: category, period: period, amount: Money(minorUnits: amount)),
                                              formToken: "bench-limit-\(category)-\(period.rawValue)")
        }
    }
    _ = try database.addCategoryLimit(CategoryLimit(category: "food", period: .day, amount: Money(minorUnits: 50_000_00)),
                                      formToken: "bench-limit-food-day")
    print("Loaded \(entryCount) entries through the storage layer in \(ContinuousClock.now - loadStart)")
    // The Challenge: 20 saved days before today (3 items each), for its pages below.
    var gameBudget: Int64 = 5_00
    for offset in stride(from: 20, through: 1, by: -1) {
        let date = today.adding(days: -offset)
        for k in 0..<3 {
            _ = try database.addChallengeItem(ChallengeItem(date: date, title: "Item \(k)", amount: Money(minorUnits: max(1, gameBudget / 4))),
                                              budget: Money(minorUnits: gameBudget), formToken: "bench-game-\(offset)-\(k)")
        }
        _ = try database.saveChallengeDay(date, currency: "USD", budget: Money(minorUnits: gameBudget), formToken: "bench-game-save-\(offset)")
        gameBudget = min(gameBudget * 2, 1_000_000_00)
    }
    try database.saveSettings(["challenge.started": today.adding(days: -20).iso, "challenge.currency": "USD"])
    // Playful saving: round-ups on for a year (weekly: a 52-week window of expenses) toward the
    // first goal, and three hidden amounts, for /saving and the round-up rows of Today and Plan.
    if let goal = try database.savingGoals().first(where: { !$0.followsAccount }) {
        _ = try database.saveRoundUpSettings(RoundUpSettings(enabled: true, stepIndex: 1, multiplier: 2, period: .week, goalID: goal.id,
                                                             minimum: Money(minorUnits: 5_00), startsOn: today.adding(days: -400)),
                                             formToken: "bench-roundups")
    }
    for k in 0..<3 {
        _ = try database.hideMoney(HiddenAmount(amount: Money(minorUnits: 100_00), purpose: .forced, hiddenOn: today, revealDelayDays: k),
                                   today: today, allowed: { _ in nil }, formToken: "bench-hidden-\(k)")
    }
}

var logger = Logger(label: "bench")
logger.logLevel = .critical
let app = try App(configuration: WebConfiguration(templatesDirectory: root + "/Templates", publicDirectory: root + "/Public",
                                                  timeZone: TimeZone(identifier: "UTC")!, pinnedToday: today.iso),
                  database: database, logger: logger)

// `WebBenchmark [entries] [requests] pieces`: the parts of the bills page timed one by one (PiecesBenchmark.swift).
if arguments.count > 3, arguments[3] == "pieces" {
    try PiecesBenchmark.run(database: database, today: today, requests: requests)
    exit(0)
}

let allPages = ["/data", "/calendar/2026-11", "/calendar/2026-11-14", "/plan", "/api/v1/plan", "/api/v1/budget", "/limits", "/api/v1/limits",
                "/bills", "/api/v1/bills", "/forecast?days=90", "/api/v1/forecast?days=90",
                "/today", "/api/v1/today",
                "/challenge", "/challenge/history", "/challenge/" + today.adding(days: -1).iso, "/challenge/settings", "/achievements",
                "/saving", "/saving/roundups", "/saving/hidden/new", "/wishlist"]
let pages = arguments.count > 3 ? allPages.filter { $0 == arguments[3] } : allPages
// *fresh CPU* is the requesting thread's CPU time (the database reads run on it too): on the shared,
// loaded machine it moves far less than the wall-clock figures.
// *page only* drops the rendered page but keeps the figures derived once per data version (plan,
// forecast, bills): a page visited after another page has computed them since the last write.
print("| page | fresh median | fresh p99 | cached median | cached p99 | bytes | fresh CPU median | page only CPU median |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for path in pages {
    let request = Request(method: "GET", target: path, headers: HTTPHeaders([("Host", "localhost"), ("Accept-Language", "en"),
                                                                             ("Cookie", "fm_csrf=" + String(repeating: "a", count: 64))]))
    var fresh: [Double] = [], cached: [Double] = [], freshCPU: [Double] = [], pageOnlyCPU: [Double] = []
    var bytes = 0, lastBody: [UInt8] = []
    for _ in 0..<requests {
        app.dropCaches()
        let start = ContinuousClock.now, startCPU = threadCPUMilliseconds()
        let response = app.respond(to: request)
        fresh.append(milliseconds(ContinuousClock.now - start))
        freshCPU.append(threadCPUMilliseconds() - startCPU)
        precondition(response.status == .ok, "\(path) answered \(response.status)")
        bytes = response.body.count
        lastBody = response.body
    }
    // FINMIND_BENCH_DUMP=folder writes each page's last fresh body there (to compare the HTML before and after a change).
    if let dump = ProcessInfo.processInfo.environment["FINMIND_BENCH_DUMP"] {
        let name = path.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
        _ = FileManager.default.createFile(atPath: dump + "/" + name + ".html", contents: Data(lastBody))
    }
    for _ in 0..<requests {
        let start = ContinuousClock.now
        _ = app.respond(to: request)
        cached.append(milliseconds(ContinuousClock.now - start))
    }
    for _ in 0..<requests {
        app.dropRenderedPages()
        let startCPU = threadCPUMilliseconds()
        _ = app.respond(to: request)
        pageOnlyCPU.append(threadCPUMilliseconds() - startCPU)
    }
    print("| \(path) | \(format(percentile(fresh, 50))) ms | \(format(percentile(fresh, 99))) ms | \(format(percentile(cached, 50))) ms | \(format(percentile(cached, 99))) ms | \(bytes) | \(format(percentile(freshCPU, 50))) ms | \(format(percentile(pageOnlyCPU, 50))) ms |")
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

/// The CPU time this thread has used, in milliseconds.
func threadCPUMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p / 100).rounded()))]
}

func format(_ value: Double) -> String { String(format: "%.2f", value) }
