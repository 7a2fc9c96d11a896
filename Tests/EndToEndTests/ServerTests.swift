import Foundation
import HTTPCore
import Logging
import MicroHTTPServer
import Testing
import TestSupport

@Suite("Real server over HTTP", .serialized)
struct ServerTests {
    @Test("every page answers 200 over HTTP in both languages")
    func pages() throws {
        let live = try LiveServer()
        for path in ["/data", "/calendar", "/calendar/2026-02", "/calendar/2028-02-29", "/plan", "/advisor", "/settings",
                     "/settings/feedback", "/settings/privacy", "/settings/data"] {
            for language in ["ru", "en"] {
                let response = try fetch(live.port, path, headers: ["Accept-Language: \(language)"])
                #expect(response.status == 200, "\(path) \(language)")
                #expect(response.text.contains("<html lang=\"\(language)\""), "\(path) \(language)")
            }
        }
    }

    @Test("keep-alive: several requests on one connection")
    func keepAlive() throws {
        let live = try LiveServer()
        let connection = try RawConnection(port: live.port)
        for path in ["/data", "/static/app.css", "/nope", "/plan"] {
            connection.send("GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let response = try connection.readResponse()
            #expect([200, 404].contains(response.status))
            #expect(response.header("Connection")?.lowercased() != "close")
        }
    }

    @Test("HEAD answers headers with no body")
    func head() throws {
        let live = try LiveServer()
        let connection = try RawConnection(port: live.port)
        connection.send("HEAD /static/app.css HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let head = try connection.readResponse(head: true)
        #expect(head.status == 200)
        #expect(Int(head.header("Content-Length") ?? "0")! > 1000)
        connection.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(try connection.readResponse().text == "ok\n")
    }

    @Test("status pages: 404, 400, 403, 413, 421")
    func statuses() throws {
        let live = try LiveServer()
        #expect(try fetch(live.port, "/calendar/2026-02-30").status == 404)
        #expect(try fetch(live.port, "/calendar/abc").status == 404)
        #expect(try fetch(live.port, "/data?q=%zz").status == 400)
        #expect(try fetch(live.port, "/static/%2e%2e/Package.swift").status == 400)
        #expect(try fetch(live.port, "/language", method: "POST", headers: ["Content-Type: application/x-www-form-urlencoded"],
                          body: "lang=ru").status == 403)
        let big = try fetch(live.port, "/language", method: "POST", headers: ["Content-Type: application/x-www-form-urlencoded",
                                                                       "Content-Length: 70000", "Accept-Language: ru"])
        #expect(big.status == 413)
        #expect(big.text.contains("Слишком большой запрос"))
        let foreign = try RawConnection(port: live.port)
        foreign.send("GET /data HTTP/1.1\r\nHost: rebind.example\r\n\r\n")
        #expect(try foreign.readResponse().status == 421)
    }

    @Test("an oversized chunked body is refused or the connection closed")
    func oversizedChunked() throws {
        let live = try LiveServer()
        let connection = try RawConnection(port: live.port)
        connection.send("POST /language HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = String(repeating: "a", count: 16_384)
        for _ in 0..<6 { connection.send(String(16_384, radix: 16) + "\r\n" + chunk + "\r\n") }
        connection.send("0\r\n\r\n")
        if let response = try? connection.readResponse() {
            #expect(response.status == 413)
        } else {
            #expect(connection.isClosedByPeer())
        }
    }

    @Test("security headers on real responses")
    func headers() throws {
        let live = try LiveServer()
        for path in ["/data", "/static/app.css", "/missing"] {
            let response = try fetch(live.port, path)
            #expect(response.header("Content-Security-Policy")?.hasPrefix("default-src 'self'; script-src 'self'") == true)
            #expect(response.header("X-Content-Type-Options") == "nosniff")
            #expect(response.header("Referrer-Policy") == "same-origin")
        }
    }
}

@Suite("Long work off the request threads", .serialized)
struct LongWorkTests {
    /// Answers /slow on the server's worker queue once the test opens `gate`, and everything
    /// else at once, noting how many /slow requests were still held when it answered.
    struct SlowHandler: HTTPHandler {
        let gate: Gate
        let heldWhenFastAnswered = Locked<[Int]>([])
        let slowAnswered = DispatchSemaphore(value: 0)
        func bodyLimit(method: String, path: String) -> Int { 1024 }
        func runsLong(_ request: Request) -> Bool { request.rawPath == "/slow" }
        func respond(to request: Request) -> Response {
            if request.rawPath == "/slow" {
                gate.pass()
                defer { slowAnswered.signal() }
                return Response(status: 200, contentType: "text/plain", text: request.rawPath)
            }
            heldWhenFastAnswered.mutate { $0.append(gate.waitingCount) }
            return Response(status: 200, contentType: "text/plain", text: request.rawPath)
        }
        func tooLarge(_ request: Request) -> Response { Response(status: 413, contentType: "text/plain", text: "big") }
    }

    @Test("slow requests on a worker leave the request threads free, and a stop lets them finish")
    func slowRequests() throws {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let handler = SlowHandler(gate: Gate())
        defer { handler.gate.open() }
        let server = MicroHTTPServer(configuration: ServerConfiguration(host: "127.0.0.1", port: 0, threads: 1),
                                     handler: handler, logger: logger)
        try server.start()
        // Three slow requests held on workers of a server with ONE request thread…
        let slow = try (0..<3).map { _ in try RawConnection(port: server.port) }
        for connection in slow { connection.send("GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n") }
        try #require(handler.gate.waitUntilWaiting(3), "the three slow requests reached their workers")
        // …and a fast one is answered while all three are still held.
        let fast = try fetch(server.port, "/fast")
        #expect(fast.text == "/fast")
        #expect(handler.heldWhenFastAnswered.value == [3])
        #expect(server.requestsInFlight >= 3)
        // Stopping waits for the slow ones, which all get their answer (the gate opens as the
        // stop is called: stop sees them in flight whether it begins before or after).
        let stopping = DispatchSemaphore(value: 0), stopped = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { stopping.signal(); server.stop(grace: 60); stopped.signal() }
        stopping.wait()
        handler.gate.open()
        #expect(stopped.wait(timeout: .now() + 60) == .success)
        for connection in slow { #expect(try connection.readResponse().text == "/slow") }
    }

    @Test("a stop whose grace runs out closes requests still on a worker instead of aborting")
    func stopPastGrace() throws {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let handler = SlowHandler(gate: Gate())
        let server = MicroHTTPServer(configuration: ServerConfiguration(host: "127.0.0.1", port: 0, threads: 1),
                                     handler: handler, logger: logger)
        try server.start()
        let connection = try RawConnection(port: server.port)
        connection.send("GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n")
        try #require(handler.gate.waitUntilWaiting(1), "the slow request reached its worker")
        server.stop(grace: 0.1)  // libmicrohttpd aborts the process if a connection is still suspended
        #expect(server.requestsInFlight == 0)
        #expect((try? connection.readResponse()) == nil, "closed unanswered")
        // The worker finishes afterwards and must not touch the closed connection (the process
        // would crash in the lines after its answer, which run as `slowAnswered` is signalled).
        handler.gate.open()
        #expect(handler.slowAnswered.wait(timeout: .now() + 60) == .success)
    }
}
