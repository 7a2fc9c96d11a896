import Engine
import Foundation
import HTTPCore
import Testing
import TestSupport
import Logging
@testable import Storage
@testable import Web

/// The repository folder, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// An app over a fresh in-memory database with the repository's templates and static files.
/// `clock`, when given, is the database's wall clock (createdAt, deletedAt, the undo window).
func makeTestApp(today: String? = "2026-11-21", onboarded: Bool = true, clock: TestClock? = nil) throws -> (App, AppDatabase) {
    var database = try AppDatabase.inMemory()
    if let clock { database.now = { clock.now } }
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
        // The real server refuses a body over the address's limit before the app sees it (413):
        // so does this browser, so a form that grows past its limit fails here too.
        let path = String(target.prefix { $0 != "?" })
        if body.count > app.bodyLimit(method: method, path: path) {
            return Response(status: .contentTooLarge, contentType: "text/plain", text: "Request too large")
        }
        // …and asks the app whether it wants the body at all (no session, a foreign origin…).
        let refused = body.isEmpty ? nil : app.refusal(beforeBody: Request(method: method, target: target, headers: all))
        let response = refused ?? app.respond(to: Request(method: method, target: target, headers: all, body: body))
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

// MARK: - Forms with their single-use token

extension TestBrowser {
    /// GETs `page` and returns the single-use `_form` token of its form posting to `action`
    /// (the first form carrying a token when `action` is nil).
    mutating func formToken(on page: String, action: String? = nil) throws -> String {
        try form(on: page, action: action).token
    }

    /// GETs `page` and returns its form posting to `action` (query ignored): the form's
    /// full action and its single-use token.
    mutating func form(on page: String, action: String? = nil) throws -> (action: String, token: String, hidden: [(String, String)]) {
        let response = get(page)
        try #require(response.status == 200, "GET \(page) answered \(response.status)")
        return try #require(HTML.form(in: response.text, action: action), "no form for \(action ?? "any form") on \(page)")
    }

    /// Posts `fields` to `action` with the CSRF token and the given single-use form token.
    mutating func post(_ action: String, _ fields: [(String, String)], formToken: String) -> Response {
        post(action, fields + [("_form", formToken)])
    }

    /// What a person does: opens `page`, fills in its form that posts to `action` and
    /// submits it (to the form's own action, query included, with its hidden fields).
    mutating func submit(_ page: String, to action: String, _ fields: [(String, String)]) throws -> Response {
        let form = try form(on: page, action: action)
        let hidden = form.hidden.filter { name, _ in !fields.contains { $0.0 == name } }
        return post(form.action, hidden + fields, formToken: form.token)
    }

    /// Follows a 303: GETs its Location (without the fragment, as a browser does).
    mutating func follow(_ response: Response) throws -> Response {
        try #require(response.status == 303, "expected a 303, got \(response.status)")
        let location = try #require(response.headers["Location"])
        return get(String(location.split(separator: "#", omittingEmptySubsequences: false)[0]))
    }
}

/// A wall clock tests move forward (the database's undo window).
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var date = Date()
    var now: Date { lock.lock(); defer { lock.unlock() }; return date }
    func advance(by seconds: TimeInterval) { lock.lock(); date += seconds; lock.unlock() }
}

extension Response {
    /// The body as UTF-8 text.
    var text: String { String(decoding: body, as: UTF8.self) }
}

// MARK: - Seeding the budget without forms

/// The civil date of an ISO text written in a test ("2026-11-21").
func date(_ iso: String) -> Day { Day(iso: iso)! }

/// An amount in minor units.
func cents(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits) }

extension AppDatabase {
    /// Adds a recurring item straight to storage and returns its id.
    @discardableResult
    func seed(_ item: NewRecurringItem) throws -> ID<RecurringItem> { try Self.id(addRecurring(item, formToken: Tokens.random())) }

    /// Adds a debt created on `today` straight to storage and returns its id.
    @discardableResult
    func seed(_ debt: NewDebt, today: Day = date("2026-11-21")) throws -> ID<Debt> {
        try Self.id(addDebt(debt, today: today, formToken: Tokens.random()))
    }

    /// Adds a goal straight to storage and returns its id.
    @discardableResult
    func seed(_ goal: NewGoal) throws -> ID<Goal> { try Self.id(addGoal(goal, formToken: Tokens.random())) }

    /// Adds an entry straight to storage and returns its id.
    @discardableResult
    func seed(_ entry: NewEntry, origin: EntryOrigin = .dataPage) throws -> ID<Entry> {
        try Self.id(addEntry(entry, origin: origin, formToken: Tokens.random()))
    }

    private static func id<Row>(_ outcome: WriteOutcome<Row>) throws -> Row {
        guard case .written(let id) = outcome else { throw SeedError.duplicate }
        return id
    }

    enum SeedError: Error { case duplicate }
}
