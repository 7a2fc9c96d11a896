import Engine
import Foundation
import GRDB
import HTTPCore
import Logging
import Storage
import Web

/// `/transactions` at scale: a household of `entries` entries (names in two alphabets, a
/// quarter with no account, bank payees on the imported-looking half, 1 % transfers), each
/// filter rendered fresh (caches dropped before every request) `requests` times; prints the
/// median and p99 per filter as a Markdown table.
enum LedgerBenchmark {
    static func run(entries: Int, requests: Int) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let folder = NSTemporaryDirectory() + "finmind-ledger-bench-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // LEDGER_BENCH_DB=path keeps the database there (to study query plans) and reuses it when it
        // exists; otherwise it is removed.
        let kept = ProcessInfo.processInfo.environment["LEDGER_BENCH_DB"]
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = kept ?? folder + "/bench.sqlite"
        let today = Day(year: 2026, month: 11, day: 21)!
        let existing = kept.map { FileManager.default.fileExists(atPath: $0) } ?? false
        let database = try AppDatabase(path: path)
        if !existing {
            try database.saveSettings(["onboarding": "done"])
            let started = ContinuousClock.now
            try load(entries, into: database, path: path, today: today)
            print("Loaded \(entries) entries in \(ContinuousClock.now - started)")
        }

        var logger = Logger(label: "bench")
        logger.logLevel = .critical
        let app = try App(configuration: WebConfiguration(templatesDirectory: root + "/Templates", publicDirectory: root + "/Public",
                                                          timeZone: TimeZone(identifier: "UTC")!, pinnedToday: today.iso),
                          database: database, logger: logger)
        // A cursor deep in the history: the 2000th page.
        let deep = try database.ledgerPage(LedgerFilter(), at: .newest, limit: 100_000).rows.last.map { "\($0.date.iso).\($0.id)" } ?? ""
        let filters = [
            "", "q=%D0%BC%D0%BE%D0%BB%D0%BE%D0%BA%D0%BE" /* молоко */, "q=PYATEROCHKA", "q=purchase%2017", "q=zz",
            "amount=250", "amount=100-500", "account=2", "account=none", "category=food", "category=none",
            "kind=income", "kind=transfer", "status=planned", "from=2026-01-01&to=2026-01-31",
            "account=2&category=food&from=2025-01-01", "q=%D0%BC%D0%BE%D0%BB%D0%BE%D0%BA%D0%BE&amount=100-5000",
            "before=\(deep)", "category=food&before=\(deep)",
        ]
        print("| /transactions? | matches | fresh median | fresh p99 | bytes |")
        print("| --- | ---: | ---: | ---: | ---: |")
        // LEDGER_BENCH_ONLY=text measures only the addresses containing it.
        let only = ProcessInfo.processInfo.environment["LEDGER_BENCH_ONLY"]
        for query in filters where only.map({ query.contains($0) }) ?? true {
            for api in [false, true] where !api || query.isEmpty {
                let target = (api ? "/api/v1/transactions" : "/transactions") + (query.isEmpty ? "" : "?" + query)
                let request = Request(method: "GET", target: target, headers: HTTPHeaders([
                    ("Host", "localhost"), ("Accept-Language", "en"), ("Cookie", "fm_csrf=" + String(repeating: "a", count: 64))]))
                var times: [Double] = []
                var response = app.respond(to: request)
                for _ in 0..<requests {
                    app.dropCaches()
                    let start = ContinuousClock.now
                    response = app.respond(to: request)
                    times.append(milliseconds(ContinuousClock.now - start))
                    precondition(response.status == .ok, "\(target) answered \(response.status)")
                }
                let text = String(decoding: response.body, as: UTF8.self)
                let matches = text.range(of: #"<strong>[0-9]+ entr"#, options: .regularExpression).map {
                    text[$0].dropFirst(8).prefix { $0.isNumber }
                }.map(String.init) ?? "-"
                print("| `\(target.dropFirst(api ? 0 : 13).prefix(60))` | \(matches) | \(format(percentile(times, 50))) ms | \(format(percentile(times, 99))) ms | \(response.body.count) |")
            }
        }
    }

    /// The entries through the storage layer (one transaction), then the bank's columns with SQL.
    static func load(_ count: Int, into database: AppDatabase, path: String, today: Day) throws {
        var state: UInt64 = 42
        func next() -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return state >> 33 }
        let start = today.adding(days: -8 * 365)
        let days = start.days(to: today) + 1
        let categories = ["food", "transport", "entertainment", "health", "clothing", "other", "utilities", "education"]
        let names = ["Молоко", "Хлеб", "Такси", "Аптека", "Purchase", "Coffee", "Кафе", "Бензин", "Rent", "Books"]
        var batch: [NewEntry] = []
        for index in 0..<count {
            let day = start.adding(days: index * days / max(count, 1))
            let isIncome = next() % 40 == 0
            let name = isIncome ? "Salary" : "\(names[Int(next() % 10)]) \(index % 97)"
            batch.append(NewEntry(date: day, kind: isIncome ? .income : .expense, name: name,
                                  amount: Money(minorUnits: Int64(1_00 + next() % 8_000_00)), category: isIncome ? nil : categories[Int(next() % 8)],
                                  isActual: day <= today ? next() % 20 != 0 : false))
            if batch.count == 20_000 || index == count - 1 {
                _ = try database.addEntries(batch, formToken: UUID().uuidString)
                batch.removeAll(keepingCapacity: true)
            }
        }
        // Accounts 1 to 4, as the app adds them; then the entries are spread over them with SQL.
        for (name, type) in [("Card", AccountType.card), ("Checking", .checking), ("Savings", .savings), ("Cash", .cash)] {
            _ = try database.addAccount(NewAccount(name: name, type: type, openingBalance: .zero, openedOn: Day(year: 2018, month: 1, day: 1)!,
                                                   spendable: true, currency: "USD"), formToken: UUID().uuidString)
        }
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: """
                UPDATE entry SET accountID = CASE id % 4 WHEN 0 THEN NULL ELSE id % 4 + (id % 3 = 0) END,
                    payeeRaw = CASE WHEN id % 2 = 1 THEN CASE id % 5 WHEN 0 THEN 'PYATEROCHKA 1' || (id % 300) || ' MOSCOW'
                        ELSE 'POS ' || upper(name) || ' ' || (id % 1000) END END,
                    cleared = id % 2;
                UPDATE entry SET transferGroup = id WHERE id % 100 = 1 AND accountID IS NOT NULL;
                """)
        }
    }
}
