import Foundation
import HTTPCore
import Logging
import MicroHTTPServer
import Storage
import Testing
import Web

/// The real server on an ephemeral loopback port over a fresh database file.
final class LiveServer {
    let server: MicroHTTPServer
    let database: AppDatabase
    let folder: String
    var port: UInt16 { server.port }

    init() throws {
        folder = NSTemporaryDirectory() + "finmind-e2e-\(UUID().uuidString)"
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        database = try AppDatabase(path: folder + "/finmind.sqlite")
        try database.saveSettings(["onboarding": "skipped"])
        var logger = Logger(label: "e2e")
        logger.logLevel = .critical
        var configuration = WebConfiguration(templatesDirectory: root + "/Templates", publicDirectory: root + "/Public",
                                             timeZone: TimeZone(identifier: "UTC")!, pinnedToday: "2026-11-21")
        // The FX tests' stand-in feed answers on loopback.
        configuration.fxFeedReachesLocalAddresses = true
        let app = try App(configuration: configuration, database: database, logger: logger)
        server = MicroHTTPServer(configuration: ServerConfiguration(host: "127.0.0.1", port: 0, threads: 2),
                                 handler: Served(app: app), logger: logger)
        try server.start()
    }

    deinit {
        server.stop(grace: 2)
        try? FileManager.default.removeItem(atPath: folder)
    }

    struct Served: HTTPHandler {
        let app: App
        func bodyLimit(method: String, path: String) -> Int { app.bodyLimit(method: method, path: path) }
        func runsLong(_ request: Request) -> Bool { app.runsLong(request) }
        func respond(to request: Request) -> Response { app.respond(to: request) }
        func tooLarge(_ request: Request) -> Response { app.tooLarge(request) }
        func refusal(beforeBody head: Request) -> Response? { app.refusal(beforeBody: head) }
        func busy(_ request: Request) -> Response { app.busy(request) }
    }
}

/// A parsed HTTP response read off a socket.
struct RawResponse {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
    func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
    func headers(_ name: String) -> [String] { headers.filter { $0.0.lowercased() == name.lowercased() }.map(\.1) }
}

/// A plain TCP connection to the server speaking HTTP/1.1 by hand, so tests control every byte.
final class RawConnection {
    let socket: Int32

    /// Connects to `port` on `address` (127.0.0.1 by default), from the loopback address
    /// `source` when given (any 127.x.y.z: tests play several client addresses).
    init(port: UInt16, address: String = "127.0.0.1", source: String? = nil) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        let host = address
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else { close(socket); throw ConnectionError.cannotConnect }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        // Generous: a 40,000-row import on a loaded debug build takes longer than 10 s.
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { throw ConnectionError.cannotConnect }
    }

    deinit { close(socket) }

    /// Reads give up (throwing) after `seconds` without a byte.
    func readTimeout(_ seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    enum ConnectionError: Error { case cannotConnect, closed, malformed }

    /// Sends raw bytes.
    func send(_ text: String) { send(Array(text.utf8)) }
    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return }
            offset += sent
        }
    }

    private var buffer: [UInt8] = []

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(socket, &chunk, chunk.count, 0)
        guard count > 0 else { throw ConnectionError.closed }
        buffer += chunk[0..<count]
    }

    /// Reads one response (Content-Length framed; HEAD responses have no body).
    func readResponse(head: Bool = false) throws -> RawResponse {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var end: Int?
        while end == nil {
            if let range = buffer.firstRange(of: separator) { end = range.lowerBound } else { try fill() }
        }
        let headText = String(decoding: buffer[..<end!], as: UTF8.self)
        buffer.removeFirst(end! + 4)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw ConnectionError.malformed }
        let headers = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length = head ? 0 : Int(headers.first { $0.0.lowercased() == "content-length" }?.1 ?? "0") ?? 0
        while buffer.count < length { try fill() }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return RawResponse(status: status, headers: headers, body: body)
    }

    /// True when the server has closed the connection (reads return 0).
    func isClosedByPeer() -> Bool {
        var byte: UInt8 = 0
        return recv(socket, &byte, 1, 0) == 0
    }
}

/// One request on a new connection.
func fetch(_ port: UInt16, _ path: String, method: String = "GET", headers: [String] = [],
           body: String = "", source: String? = nil, timeout: Int? = nil) throws -> RawResponse {
    let connection = try RawConnection(port: port, source: source)
    if let timeout { connection.readTimeout(timeout) }
    var request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
    for header in headers { request += header + "\r\n" }
    if !body.isEmpty || method == "POST" { request += "Content-Length: \(body.utf8.count)\r\n" }
    connection.send(request + "\r\n" + body)
    return try connection.readResponse(head: method == "HEAD")
}

/// A throwaway HTTP server on a loopback port that answers with `respond`: the tests'
/// stand-in for a remote service (an advisor endpoint, a feedback receiver). With
/// `longWork` every request is answered on the server's worker queue, so a hanging
/// answer does not hold its request threads.
final class StubServer: @unchecked Sendable {
    private let server: MicroHTTPServer
    var port: UInt16 { server.port }

    init(longWork: Bool = false, respond: @escaping @Sendable (Request) -> Response) throws {
        var logger = Logger(label: "stub")
        logger.logLevel = .critical
        server = MicroHTTPServer(configuration: ServerConfiguration(host: "127.0.0.1", port: 0, threads: 2),
                                 handler: Handler(longWork: longWork, answer: respond), logger: logger)
        try server.start()
    }

    deinit { server.stop(grace: 0.2) }

    private struct Handler: HTTPHandler {
        let longWork: Bool
        let answer: @Sendable (Request) -> Response
        func bodyLimit(method: String, path: String) -> Int { 1 << 20 }
        func runsLong(_ request: Request) -> Bool { longWork }
        func respond(to request: Request) -> Response { answer(request) }
        func tooLarge(_ request: Request) -> Response { Response(status: 413) }
    }
}

/// A browser over real HTTP: keeps the CSRF cookie, reads each form's single-use token.
struct HTTPFormClient {
    let port: UInt16
    var cookie = ""

    mutating func get(_ path: String) throws -> RawResponse {
        let response = try fetch(port, path, headers: cookie.isEmpty ? [] : ["Cookie: \(cookie)"])
        for header in response.headers("Set-Cookie") where header.hasPrefix("fm_csrf=") {
            cookie = String(header.split(separator: ";")[0])
        }
        return response
    }

    /// Opens `page` and returns the urlencoded body that fills in the form posting to
    /// `action` with `fields`, its CSRF token and its single-use token.
    mutating func formBody(_ page: String, to action: String, _ fields: [(String, String)]) throws -> String {
        let html = try get(page).text
        let form = try #require(html.components(separatedBy: "action=\"\(action)\"").dropFirst().first)
        let token = try #require(form.firstMatch(of: /name="_form" value="([0-9a-f]+)"/)?.1)
        let csrf = String(cookie.dropFirst("fm_csrf=".count))
        let all = fields + [("_csrf", csrf), ("_form", String(token))]
        return all.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(separator: "&")
    }

    /// Opens `page`, fills in the form posting to `action`, submits it urlencoded.
    mutating func submit(_ page: String, to action: String, _ fields: [(String, String)]) throws -> RawResponse {
        let body = try formBody(page, to: action, fields)
        return try fetch(port, action, method: "POST", headers: ["Cookie: \(cookie)", "Content-Type: application/x-www-form-urlencoded"],
                         body: body)
    }
}
