import TestSupport
import Foundation
import GRDB
import HTTPCore
import Logging
import MicroHTTPServer
@testable import Storage
@testable import Web

/// The real server on an ephemeral loopback port with the knobs the hostile, auth and TLS
/// tests turn: connection timeout and limit, passcode required, TLS.
final class ConfiguredServer {
    let server: MicroHTTPServer
    let database: AppDatabase
    let folder: String
    var port: UInt16 { server.port }

    init(timeout: Int = 30, connectionLimit: Int = 256, passcodeRequired: Bool = false, setupCode: String? = nil,
         tls: (certificate: String, key: String)? = nil, requestDeadline: Double = 30, perAddressLimit: Int = 64,
         hasherRounds: Int = 1 << 10, threads: Int = 2, tune: (inout ServerConfiguration) -> Void = { _ in }) throws {
        folder = NSTemporaryDirectory() + "finmind-hostile-\(UUID().uuidString)"
        database = try AppDatabase(path: folder + "/finmind.sqlite")
        try database.saveSettings(["onboarding": "skipped"])
        var logger = Logger(label: "hostile")
        logger.logLevel = .critical
        let app = try App(configuration: WebConfiguration(
            templatesDirectory: e2eRepositoryRoot + "/Templates", publicDirectory: e2eRepositoryRoot + "/Public",
            timeZone: TimeZone(identifier: "UTC")!, pinnedToday: "2026-11-21",
            passcodeRequired: passcodeRequired, setupCode: setupCode, secureCookies: tls != nil),
            database: database, logger: logger,
            passcodeHasher: PasscodeHasher(cost: .init(rounds: hasherRounds, blockSize: 8, parallelism: 1)))
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, threads: threads,
                                                tlsCertificatePEM: tls?.certificate, tlsKeyPEM: tls?.key)
        configuration.connectionTimeout = timeout
        configuration.connectionLimit = connectionLimit
        configuration.requestDeadline = requestDeadline
        configuration.perAddressLimit = perAddressLimit
        tune(&configuration)
        server = MicroHTTPServer(configuration: configuration, handler: LiveServer.Served(app: app), logger: logger)
        try server.start()
    }

    deinit {
        server.stop(grace: 2)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Every table but the form-token log, row by row, as text: equal snapshots mean an
    /// unchanged database.
    func snapshot() throws -> String {
        try database.read { db in
            let tables = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                AND name NOT IN ('usedFormToken', 'grdb_migrations')
                AND name NOT LIKE 'entrySearch%' -- the ledger's search index: rebuilt from entry, some of it WITHOUT ROWID
                ORDER BY name
                """)
            var text = ""
            for table in tables {
                text += "## \(table)\n"
                for row in try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\" ORDER BY rowid") { text += "\(row)\n" }
            }
            return text
        }
    }
}

let e2eRepositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// A browser over real HTTP: a fixed CSRF cookie (double submit) and made-up single-use
/// form tokens, so a hostile POST needs no page first.
struct RawBrowser {
    let port: UInt16
    let csrf = Tokens.random()
    var extraCookies: [String: String] = [:]
    /// The loopback address it connects from (127.x.y.z: tests play several devices); nil: 127.0.0.1.
    var source: String?
    /// Seconds a read may wait for the server (nil: RawConnection's own).
    var timeout: Int?

    init(port: UInt16, source: String? = nil) {
        self.port = port
        self.source = source
    }

    var cookieHeader: String {
        (["fm_csrf=\(csrf)"] + extraCookies.map { "\($0.key)=\($0.value)" }).joined(separator: "; ")
    }

    /// GET with the browser's cookies.
    func get(_ path: String) throws -> RawResponse {
        try fetch(port, path, headers: ["Cookie: \(cookieHeader)", "Accept-Language: en"], source: source, timeout: timeout)
    }

    /// Signs in with `passcode` and keeps the session cookie; the sign-in's answer.
    @discardableResult
    mutating func signIn(_ passcode: String) throws -> RawResponse {
        let response = try post("/login", [("passcode", passcode), ("next", "/data")])
        if let cookie = response.headers("Set-Cookie").first(where: { $0.hasPrefix("fm_session=") }) {
            extraCookies["fm_session"] = String(cookie.dropFirst("fm_session=".count).prefix { $0 != ";" })
        }
        return response
    }

    /// POSTs `body` (raw bytes, urlencoded unless told) with the CSRF cookie.
    func post(_ path: String, body: [UInt8], contentType: String = "application/x-www-form-urlencoded") throws -> RawResponse {
        let connection = try RawConnection(port: port, source: source)
        var head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nAccept-Language: en\r\n"
        head += "Cookie: \(cookieHeader)\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n\r\n"
        connection.send(Array(head.utf8) + body)
        return try connection.readResponse()
    }

    /// The token a form must carry: derived from the session once signed in, else the cookie's.
    var formCSRF: String { extraCookies["fm_session"].map(SessionTokens.csrfToken(for:)) ?? csrf }

    /// POSTs `fields` urlencoded with the CSRF token and a fresh single-use form token.
    func post(_ path: String, _ fields: [(String, String)], formToken: Bool = true) throws -> RawResponse {
        var pairs = fields + [("_csrf", formCSRF)]
        if formToken { pairs.append(("_form", Tokens.random(bytes: 16))) }
        return try post(path, body: Array(Self.encode(pairs).utf8))
    }

    static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { "\(FormEncoding.encode($0.0))=\(FormEncoding.encode($0.1))" }.joined(separator: "&")
    }
}

/// One control of a rendered form: its name, what kind of value it takes, its default.
struct FormControl {
    enum Kind { case text, money, date, number, select, textarea, hidden, checkbox }
    var name: String
    var kind: Kind
    var value: String
    var options: [String] = []
}

/// Reads the POST forms of a page: action and controls (a tiny parser for our own markup).
enum FormReader {
    static func forms(in html: String) -> [(action: String, controls: [FormControl])] {
        var result: [(String, [FormControl])] = []
        for chunk in html.components(separatedBy: "<form").dropFirst() {
            let form = chunk.components(separatedBy: "</form>")[0]
            guard form.contains(#"method="post""#), let action = attribute("action", in: form) else { continue }
            var controls: [FormControl] = []
            for tag in form.components(separatedBy: "<input").dropFirst() {
                let tag = String(tag.prefix { $0 != ">" })
                guard let name = attribute("name", in: tag), !name.hasPrefix("_") else { continue }
                let type = attribute("type", in: tag) ?? "text"
                let value = HTML.unescape(attribute("value", in: tag) ?? "")
                let kind: FormControl.Kind
                switch type {
                case "hidden": kind = .hidden
                case "date": kind = .date
                case "checkbox": kind = .checkbox
                case "radio":
                    if let index = controls.firstIndex(where: { $0.name == name }) {
                        controls[index].options.append(value)
                        if tag.contains(" checked") { controls[index].value = value }
                        continue
                    }
                    controls.append(FormControl(name: name, kind: .select, value: tag.contains(" checked") ? value : value,
                                                options: [value]))
                    continue
                default:
                    kind = tag.contains(#"inputmode="decimal""#) ? .money : tag.contains(#"inputmode="numeric""#) ? .number : .text
                }
                if kind == .checkbox && !tag.contains(" checked") { continue }
                controls.append(FormControl(name: name, kind: kind, value: value))
            }
            for select in form.components(separatedBy: "<select").dropFirst() {
                guard let name = attribute("name", in: String(select.prefix { $0 != ">" })) else { continue }
                let body = select.components(separatedBy: "</select>")[0]
                let options = body.components(separatedBy: "<option").dropFirst().compactMap { attribute("value", in: $0) }
                let chosen = body.components(separatedBy: "<option").dropFirst().first { $0.contains(" selected") }
                    .flatMap { attribute("value", in: $0) } ?? options.first ?? ""
                controls.append(FormControl(name: name, kind: .select, value: chosen, options: options))
            }
            for area in form.components(separatedBy: "<textarea").dropFirst() {
                guard let name = attribute("name", in: String(area.prefix { $0 != ">" })) else { continue }
                controls.append(FormControl(name: name, kind: .textarea, value: ""))
            }
            result.append((HTML.unescape(action), controls))
        }
        return result
    }

    static func attribute(_ name: String, in tag: String) -> String? {
        guard let start = tag.range(of: " \(name)=\"") else { return nil }
        return String(tag[start.upperBound...].prefix { $0 != "\"" })
    }
}

