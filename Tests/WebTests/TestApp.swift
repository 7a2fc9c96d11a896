import Foundation
import HTTPCore
import Logging
import Storage
@testable import Web

/// The repository folder, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// An app over a fresh in-memory database with the repository's templates and static files.
func makeTestApp(today: String? = "2026-11-21", onboarded: Bool = true) throws -> (App, AppDatabase) {
    let database = try AppDatabase.inMemory()
    if onboarded { try database.saveSettings(["onboarding": "skipped"]) }
    let configuration = WebConfiguration(
        templatesDirectory: repositoryRoot + "/Templates", publicDirectory: repositoryRoot + "/Public",
        timeZone: TimeZone(identifier: "UTC")!, pinnedToday: today)
    var logger = Logger(label: "test")
    logger.logLevel = .critical
    return (try App(configuration: configuration, database: database, logger: logger), database)
}

/// A browser-like client: keeps cookies between calls, sends the CSRF token with forms.
struct TestBrowser {
    let app: App
    var cookies: [String: String] = [:]
    var language = "en"

    /// Sends a request and keeps the cookies it sets.
    mutating func send(_ method: String, _ target: String, headers: [(String, String)] = [],
                       body: [UInt8] = []) -> Response {
        var all = HTTPHeaders([("Host", "localhost:8080"), ("Accept-Language", language)] + headers)
        if !cookies.isEmpty {
            all.add("Cookie", cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
        }
        let response = app.respond(to: Request(method: method, target: target, headers: all, body: body))
        for header in response.headers.values("Set-Cookie") {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            let name = String(pair[0]), value = pair.count > 1 ? String(pair[1]) : ""
            if header.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
        return response
    }

    mutating func get(_ target: String) -> Response { send("GET", target) }

    /// Posts `fields` urlencoded with the browser's CSRF token (fetching a page first if needed).
    mutating func post(_ target: String, _ fields: [(String, String)], csrf: Bool = true) -> Response {
        if cookies["fm_csrf"] == nil { _ = get("/data") }
        var pairs = fields
        if csrf { pairs.append(("_csrf", cookies["fm_csrf"] ?? "")) }
        let body = pairs.map { "\(FormEncoding.encode($0.0))=\(FormEncoding.encode($0.1))" }.joined(separator: "&")
        return send("POST", target, headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Array(body.utf8))
    }
}

extension Response {
    /// The body as UTF-8 text.
    var text: String { String(decoding: body, as: UTF8.self) }
}
