import Engine
import Foundation
import Statements
import Storage

// `WebBenchmark import [rows] [entries]`: a statement of `rows` rows (default 50 000) parsed,
// planned and staged (the preview), committed in one transaction, then the same file planned
// again (every row a duplicate), then undone, over a household of `entries` typed entries (default 20 000,
// account-less, so they are link candidates). Prints each step's wall time.
enum ImportBenchmark {
    static func run(rows: Int, entries: Int) throws {
        let folder = NSTemporaryDirectory() + "finmind-import-bench-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let today = Day(year: 2026, month: 11, day: 21)!
        let database = try AppDatabase(path: folder + "/bench.sqlite")
        var generator = HouseholdGenerator(seed: 42, today: today)
        try generator.load(into: database, entries: entries)
        let added = try database.addAccount(NewAccount(name: "Card", type: .card, openingBalance: .zero, openedOn: Day(year: 2025, month: 1, day: 1)!,
                                                       spendable: true, currency: "RUB"), formToken: UUID().uuidString)
        guard case .written(let accountID) = added else { preconditionFailure("a new form token cannot be a duplicate") }
        let bytes = statement(rows: rows, today: today)
        print("Statement: \(rows) rows, \(bytes.count / 1024) KiB; household: \(entries) typed entries")
        let options = ParseOptions(today: today, currency: "RUB", prefersDayFirst: true)
        let context = ImportPlanContext(today: today, planSettings: PlanSettings(), untitled: "Bank transaction")

        print("| step | wall | CPU (user + system) |")
        var started = ContinuousClock.now
        var cpu = Self.cpuSeconds()
        /// "| step | wall | CPU |" since `started`, then restarts both clocks.
        func lap(_ step: String) {
            let wall = ContinuousClock.now - started, used = Self.cpuSeconds() - cpu
            print("| \(step) | \(wall) | \(String(format: "%.2f", used)) s |")
            started = ContinuousClock.now; cpu = Self.cpuSeconds()
        }
        let parsed = try StatementParser.parse(bytes, options: options)
        lap("parse")
        started = ContinuousClock.now
        guard case .written(let batch) = try database.createImportPreview(
            NewStatementImport(accountID: accountID, fileName: "bench.csv", fileHash: String(repeating: "0", count: 64), bytes: bytes, parsed: parsed),
            context: context, formToken: UUID().uuidString) else { fatalError("duplicate token") }
        lap("plan + stage (preview)")
        let counts = try database.importStatusCounts(batchID: batch)
        started = ContinuousClock.now; cpu = Self.cpuSeconds()
        let outcome = try database.commitImport(batchID: batch, context: context, formToken: UUID().uuidString)
        lap("commit (backup, re-plan, write)")
        guard case .written(let again) = try database.createImportPreview(
            NewStatementImport(accountID: accountID, fileName: "bench.csv", fileHash: String(repeating: "0", count: 64), bytes: bytes, parsed: parsed),
            context: context, formToken: UUID().uuidString) else { fatalError("duplicate token") }
        lap("same file again: plan + stage")
        _ = try database.undoImport(batchID: batch, formToken: UUID().uuidString)
        lap("undo")
        print("Statuses: \(counts.map { "\($0.key.rawValue) \($0.value)" }.sorted().joined(separator: ", ")); commit: \(outcome)")
        print("Second preview: \(try database.importStatusCounts(batchID: again).map { "\($0.key.rawValue) \($0.value)" }.sorted())")
    }

    /// A CSV statement of `rows` card payments over the last year: 400 merchants, amounts of
    /// 1.00 … 5 000.00, a few repeats on one day, a salary each month.
    static func statement(rows: Int, today: Day) -> [UInt8] {
        var random = SplitMix(state: 7)
        let merchants = (0..<400).map { "MERCHANT \($0) " + ["PYATEROCHKA", "MAGNIT", "YANDEX GO", "APTEKA", "CAFE", "SHOP"][$0 % 6] }
        var text = "Date,Amount,Payee,Memo\n"
        text.reserveCapacity(rows * 48)
        for index in 0..<rows {
            let date = today.adding(days: -Int(random.next() % 365))
            let amount: Int64 = index % 500 == 0 ? 15_000_000 : -Int64(100 + random.next() % 499_900)
            let payee = index % 500 == 0 ? "SALARY" : merchants[Int(random.next() % 400)]
            text += "\(date.iso),\(amount / 100).\(String(format: "%02d", abs(amount % 100))),\(payee),card *1234\n"
        }
        return Array(text.utf8)
    }

    /// This process's CPU time so far (user + system), in seconds: on a shared machine the wall
    /// time includes waiting for a core, the CPU time does not.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
