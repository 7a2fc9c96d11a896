import Engine
import Foundation
import Storage

// `WebBenchmark [entries] [requests] pieces`: the parts of the slowest fresh renders timed
// one by one over the same generated household (median and p99 of `requests` runs each), to
// see where a page's time goes: the bills' read, detection and watch.
enum PiecesBenchmark {
    static func run(database: AppDatabase, today: Day, requests: Int) throws {
        print("| piece | median | p99 |")
        print("| --- | ---: | ---: |")
        func time(_ name: String, _ body: () throws -> Void) rethrows {
            var runs: [Double] = []
            for _ in 0..<requests {
                let start = ContinuousClock.now
                try body()
                runs.append(milliseconds(ContinuousClock.now - start))
            }
            print("| \(name) | \(format(percentile(runs, 50))) ms | \(format(percentile(runs, 99))) ms |")
        }
        var input = try database.billsInput(today: today)
        print("bills input: \(input.entries.count) entries, \(input.items.count) items")
        try time("bills: read (billsInput)") { input = try database.billsInput(today: today) }
        var found: [BillSuggestion] = []
        time("bills: detectBills") {
            found = detectBills(input.entries, today: today, tracked: input.items, dismissed: input.dismissals)
        }
        print("suggestions: \(found.count)")
        time("bills: watchBills") { _ = watchBills(input.items, linked: input.linked, entries: input.entries, today: today) }
        time("bills: detectAndWatchBills") {
            _ = detectAndWatchBills(input.entries, linked: input.linked, items: input.items, dismissed: input.dismissals, today: today)
        }
    }
}
