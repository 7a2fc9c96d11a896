import Engine
import Foundation
import HTTPCore
import Logging
import Storage
import Web

/// `WebBenchmark advisor-ledger [entries] [requests]`: questions over the ledger asked of the
/// built-in Advisor (POST /advisor/ask, caches dropped first, as after a data change) over the
/// ledger benchmark's household (LedgerBenchmark.load); prints the median and p99 per question.
/// The goal: an answer in under 50 ms at 20,000 entries, release build.
enum AdvisorLedgerBenchmark {
    static func run(entries: Int, requests: Int) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let folder = NSTemporaryDirectory() + "finmind-advisor-bench-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let today = Day(year: 2026, month: 11, day: 21)!
        let database = try AppDatabase(path: folder + "/bench.sqlite")
        try database.saveSettings(["onboarding": "done", "advisor.dailyLimit": "1000"])
        try LedgerBenchmark.load(entries, into: database, path: folder + "/bench.sqlite", today: today)
        var logger = Logger(label: "bench")
        logger.logLevel = .critical
        let app = try App(configuration: WebConfiguration(templatesDirectory: root + "/Templates", publicDirectory: root + "/Public",
                                                          timeZone: TimeZone(identifier: "UTC")!, pinnedToday: today.iso),
                          database: database, logger: logger)
        let csrf = String(repeating: "a", count: 64)
        func headers(_ extra: [(String, String)] = []) -> HTTPHeaders {
            HTTPHeaders([("Host", "localhost"), ("Accept-Language", "en"), ("Cookie", "fm_csrf=" + csrf)] + extra)
        }
        /// A fresh single-use form token from the conversation page (not timed).
        func formToken() -> String {
            let html = String(decoding: app.respond(to: Request(method: "GET", target: "/advisor", headers: headers())).body, as: UTF8.self)
            guard let range = html.range(of: #"name="_form" value="[0-9a-f]+""#, options: .regularExpression) else { fatalError("no form token") }
            return String(html[range].dropFirst(#"name="_form" value=""#.count).dropLast())
        }
        func ask(_ question: String) -> Response {
            let body = "q=" + (question.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") + "&_csrf=\(csrf)&_form=\(formToken())"
            return app.respond(to: Request(method: "POST", target: "/advisor/ask",
                                           headers: headers([("Content-Type", "application/x-www-form-urlencoded"), ("Origin", "http://localhost")]),
                                           body: Array(body.utf8)))
        }
        _ = ask("check-up first")   // the conversation starts with the check-up
        let questions = ["How much did I spend on food this month?", "сколько ушло на продукты в октябре",
                         "How many times was I at PYATEROCHKA last month?", "average spend on transport in 2025",
                         "biggest purchase last week", "сколько раз я покупал молоко в сентябре",
                         "How much can I safely spend today?", "How much did I spend?"]
        // Fresh: caches dropped before each question (the plan and the forecast recomputed, as after a
        // data change); warm: the plan and forecast cached (as for a second question on the same data).
        print("| question (\(entries) entries) | fresh median | fresh p99 | warm median | warm p99 |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for question in questions {
            var fresh: [Double] = [], warm: [Double] = []
            for drop in [true, false] {
                for _ in 0..<requests {
                    if drop { app.dropCaches() } else { _ = app.respond(to: Request(method: "GET", target: "/today", headers: headers())) }
                    let start = ContinuousClock.now
                    let response = ask(question)
                    let time = milliseconds(ContinuousClock.now - start)
                    if drop { fresh.append(time) } else { warm.append(time) }
                    precondition(response.status.code == 303, "\(question) answered \(response.status)")
                }
            }
            print("| \(question) | \(format(percentile(fresh, 50))) ms | \(format(percentile(fresh, 99))) ms | "
                  + "\(format(percentile(warm, 50))) ms | \(format(percentile(warm, 99))) ms |")
        }
    }
}
