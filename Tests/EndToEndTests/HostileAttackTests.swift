import Foundation
import Testing
@testable import Web

// Attacks on the running server that the hostile suite did not have: slowloris from one address,
// a request trickled past its deadline, passcode guessing at once and across addresses,
// proxied loopback requests, a thousand query parameters and bidi names. Every client
// address is a loopback one (127.x.y.z), so nothing leaves this computer.

/// GET `path` from `source` on a new connection.
private func get(_ port: UInt16, _ path: String, from source: String) throws -> RawResponse {
    let connection = try RawConnection(port: port, source: source)
    connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nAccept-Language: en\r\n\r\n")
    return try connection.readResponse()
}

/// POST /login with `passcode` from the loopback address `source` (its own CSRF cookie).
private func signIn(_ port: UInt16, _ passcode: String, from source: String) throws -> RawResponse {
    try sendSignIn(port, passcode, from: source).readResponse()
}

/// Sends POST /login with `passcode` from `source` and returns the connection unread.
private func sendSignIn(_ port: UInt16, _ passcode: String, from source: String) throws -> RawConnection {
    let csrf = Tokens.random()
    let body = RawBrowser.encode([("passcode", passcode), ("next", "/data"), ("_csrf", csrf)])
    let connection = try RawConnection(port: port, source: source)
    let head = "POST /login HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nAccept-Language: en\r\n"
        + "Cookie: fm_csrf=\(csrf)\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
    connection.send(head + body)
    return connection
}

/// True when the sign-in answer shows the passcode was checked (wrong: 422, or the 429 of
/// the failure that started a lock-out), false when it was refused before any hashing.
private func wasEvaluated(_ response: RawResponse) -> Bool {
    response.status == 422 || response.status == 303 || (response.status == 429 && response.text.contains("Wrong passcode."))
}

@Suite("Hostile attacks over HTTP", .serialized)
struct HostileAttackTests {
    // MARK: - Slowloris

    @Test("300 slow sockets from one address: another address is still answered")
    func slowloris() throws {
        let live = try ConfiguredServer(connectionLimit: 1024)
        var slow: [RawConnection] = []
        for _ in 0..<300 {
            guard let connection = try? RawConnection(port: live.port, source: "127.0.0.1") else { continue }
            connection.send("GET /data HTTP/1.1\r\nHost: local")
            slow.append(connection)
        }
        for _ in 0..<5 {
            #expect(try get(live.port, "/data", from: "127.0.0.2").status == 200, "another address is served while 300 sockets dawdle")
        }
        let open = slow.filter { connection in
            var timeout = timeval(tv_sec: 0, tv_usec: 20_000)
            setsockopt(connection.socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var byte: UInt8 = 0
            // Still open: nothing to read yet. Closed: end of stream, or reset (the server
            // closed it with our unread request bytes in its buffer).
            return recv(connection.socket, &byte, 1, 0) < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
        }
        #expect(open.count <= 64, "at most 64 connections from one address are kept (\(open.count))")
    }

    @Test("a request trickled a byte at a time is closed at its deadline, though never idle")
    func trickledRequest() throws {
        let live = try ConfiguredServer(timeout: 30, requestDeadline: 2)
        let trickler = try RawConnection(port: live.port, source: "127.0.0.3")
        let head = Array("GET /data HTTP/1.1\r\nHost: localhost\r\nX-Padding: ".utf8) + Array(repeating: UInt8(ascii: "a"), count: 200)
        // One byte, then up to 0.25 s waiting for the server to close the connection, byte after
        // byte: 260 bytes would take 65 s, so a close before the last byte is the deadline's.
        var closedAt: Int?
        for (index, byte) in head.enumerated() {
            trickler.send([byte])
            var poller = pollfd(fd: trickler.socket, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 250) > 0 {
                closedAt = index
                break
            }
        }
        let index = try #require(closedAt, "the trickling connection was never closed")
        #expect(index > 0 && index < head.count - 1, "closed at byte \(index) of \(head.count)")
        #expect(trickler.isClosedByPeer())

        // A kept-alive connection is served, and is not cut while it asks promptly: between its
        // requests it waits up to 1 s for a close that must not come (3 s in all, past the deadline).
        let prompt = try RawConnection(port: live.port)
        for _ in 0..<3 {
            prompt.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try prompt.readResponse().status == 200)
            var poller = pollfd(fd: prompt.socket, events: Int16(POLLIN), revents: 0)
            #expect(poll(&poller, 1, 1_000) == 0, "the prompt connection stays open")
        }
    }

    // MARK: - Passcode guessing

    @Test("24 concurrent wrong passcodes from one new address: at most 5 are checked")
    func concurrentGuesses() throws {
        // A dearer hash than the other tests' so the guesses really overlap.
        let live = try ConfiguredServer(passcodeRequired: true, setupCode: "ABCDE-FGHJK", hasherRounds: 1 << 12)
        let owner = RawBrowser(port: live.port)
        #expect(try owner.post("/passcode", [("passcode", "household passcode"), ("confirm", "household passcode")]).status == 303)
        // Every request is sent before any answer is read, so all 24 are in flight at once.
        let connections = try (0..<24).map { index in
            try sendSignIn(live.port, "guess number \(index)", from: "127.0.0.7")
        }
        let responses = connections.compactMap { try? $0.readResponse() }
        #expect(responses.count == 24)
        let evaluated = responses.filter(wasEvaluated).count
        #expect(evaluated <= 5, "\(evaluated) of 24 concurrent guesses were checked")
        #expect(responses.allSatisfy { [422, 429, 503].contains($0.status) })
    }

    @Test("guesses from ever new addresses: after 20 failures every address is slowed")
    func guessesAcrossAddresses() throws {
        let live = try ConfiguredServer(passcodeRequired: true, setupCode: "ABCDE-FGHJK")
        let owner = RawBrowser(port: live.port)
        #expect(try owner.post("/passcode", [("passcode", "household passcode"), ("confirm", "household passcode")]).status == 303)
        var evaluated = 0
        for index in 0..<60 {
            let response = try signIn(live.port, "guess number \(index)", from: "127.0.\(1 + index / 200).\(1 + index % 200)")
            if wasEvaluated(response) { evaluated += 1 }
        }
        #expect(evaluated <= 21, "\(evaluated) of 60 guesses from 60 addresses were checked")
        let late = try signIn(live.port, "household passcode", from: "127.0.3.1")
        #expect(late.status == 429, "the right passcode from a new address waits its turn too")
        #expect(late.header("Retry-After") != nil)
    }

    @Test("while guesses rotate addresses, a device that signed in before signs in 15 times of 15, and a signed-in one changes the passcode")
    func guessingDoesNotLockOutTheHousehold() throws {
        let live = try ConfiguredServer(passcodeRequired: true, setupCode: "ABCDE-FGHJK")
        var owner = try signedInOwner(live)
        var phone = RawBrowser(port: live.port, source: "127.0.5.5")
        #expect(try phone.signIn("household passcode").status == 303)
        for index in 0..<60 {
            _ = try signIn(live.port, "guess number \(index)", from: "127.0.\(1 + index / 200).\(1 + index % 200)")
        }
        #expect(try signIn(live.port, "household passcode", from: "127.0.3.1").status == 429, "a device never seen waits its turn")
        var admitted = 0
        for _ in 0..<15 {
            var again = RawBrowser(port: live.port, source: "127.0.5.5")
            if try again.signIn("household passcode").status == 303 { admitted += 1 }
        }
        #expect(admitted == 15, "correct sign-ins from a known device during the attack: \(admitted) of 15")
        #expect(try phone.get("/data").status == 200, "a signed-in device is not affected")
        let changed = try owner.post("/passcode", [("current", "household passcode"), ("passcode", "another household passcode"),
                                                   ("confirm", "another household passcode")])
        #expect(changed.status == 303, "the owner changes the passcode during the attack (\(changed.status))")
        owner.extraCookies["fm_session"] = nil
    }

    @Test("dates, sequences, keypad walks and disguised common passwords are refused as new passcodes over HTTP")
    func weakPasscodesRefused() throws {
        let live = try ConfiguredServer(passcodeRequired: true, setupCode: "ABCDE-FGHJK")
        let owner = RawBrowser(port: live.port)
        for weak in ["135792", "246810", "147258369", "31121999", "01012000", "P@ssword1", "Passw0rd!", "letmein!"] {
            let response = try owner.post("/passcode", [("passcode", weak), ("confirm", weak)])
            #expect(response.status == 422, "\(weak) → \(response.status)")
        }
        #expect(try live.database.hasPasscode() == false)
        #expect(try owner.post("/passcode", [("passcode", "604918"), ("confirm", "604918")]).status == 303)
    }

    // MARK: - Proxies, query floods, bidi names

    @Test("a loopback request carrying a proxy header needs the setup code and the passcode")
    func proxiedLoopback() throws {
        let live = try ConfiguredServer(passcodeRequired: true, setupCode: "ABCDE-FGHJK")
        let browser = RawBrowser(port: live.port)
        for header in ["X-Forwarded-For: 203.0.113.9", "Forwarded: for=203.0.113.9", "X-Real-IP: 203.0.113.9"] {
            let page = try fetch(live.port, "/passcode", headers: [header, "Cookie: \(browser.cookieHeader)"])
            #expect(page.text.contains(#"name="setupCode""#), "\(header): a proxied client is not this computer")
        }
        let connection = try RawConnection(port: live.port)
        let body = RawBrowser.encode([("passcode", "proxy passcode"), ("confirm", "proxy passcode"),
                                      ("_csrf", browser.csrf), ("_form", Tokens.random(bytes: 16))])
        connection.send("POST /passcode HTTP/1.1\r\nHost: 127.0.0.1:\(live.port)\r\nConnection: close\r\nX-Forwarded-For: 203.0.113.9\r\n"
                        + "Cookie: \(browser.cookieHeader)\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                        + "Content-Length: \(body.utf8.count)\r\n\r\n" + body)
        #expect(try connection.readResponse().status == 422)
        #expect(try live.database.hasPasscode() == false)
    }

    @Test("a thousand query parameters get a 400 with the security headers, not a silent connection")
    func queryParameterFlood() throws {
        let live = try ConfiguredServer()
        for count in [1_000, 3_000] {
            let query = (0..<count).map { "p\($0)=1" }.joined(separator: "&")
            let response = try fetch(live.port, "/data?" + query)
            #expect(response.status == 400, "\(count) parameters → \(response.status)")
            #expect(response.header("Content-Security-Policy") != nil)
        }
        #expect(try fetch(live.port, "/healthz").status == 200)
    }

    @Test("names with bidi controls are refused and change nothing")
    func bidiNames() throws {
        let live = try ConfiguredServer()
        var client = HTTPFormClient(port: live.port)
        let before = try live.snapshot()
        for name in ["Rent\u{202E}lanimret", "a\u{2066}b", "x\u{200F}y", "\u{202A}Food"] {
            let response = try client.submit("/data/expense/new?type=recurring", to: "/data/expense", fields(name))
            #expect(response.status == 422, "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(try live.snapshot() == before)
        #expect(try client.submit("/data/expense/new?type=recurring", to: "/data/expense", fields("Rent")).status == 303, "the same form saves a plain name")
    }

    private func fields(_ name: String) -> [(String, String)] {
        [("name", name), ("amount", "10"), ("category", "food"), ("periodicity", "monthly"), ("start", "2026-11-01")]
    }

    @Test("the adapter's own error replies carry the security headers")
    func adapterErrorsCarryHeaders() throws {
        let live = try ConfiguredServer()
        let connection = try RawConnection(port: live.port)
        connection.send(Array("GET /data?\u{1} HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8))
        let response = try connection.readResponse()
        #expect(response.status == 400)
        #expect(response.header("Content-Security-Policy") != nil && response.header("X-Content-Type-Options") == "nosniff")
    }
}
