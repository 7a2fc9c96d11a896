import Foundation
import HTTPCore
import Logging
import Testing
import TestSupport
@testable import Storage
@testable import Web

// MARK: - Support

/// An app bound "on the network" (passcode required) or on loopback, with a cheap scrypt
/// cost so tests stay fast (the standard cost is measured in `PasscodeHasherTests`).
func makeAuthApp(required: Bool = true, setupCode: String? = "ABCDE-FGHJK", tls: Bool = false,
                 clock: TestClock = TestClock()) throws -> (App, AppDatabase) {
    let database = try AppDatabase.inMemory()
    try database.saveSettings(["onboarding": "skipped"])
    let configuration = WebConfiguration(
        templatesDirectory: repositoryRoot + "/Templates", publicDirectory: repositoryRoot + "/Public",
        allowedHosts: AllowedHosts(["192.168.1.20"]), timeZone: TimeZone(identifier: "UTC")!,
        pinnedToday: "2026-11-21", passcodeRequired: required, setupCode: setupCode, secureCookies: tls)
    var logger = Logger(label: "test")
    logger.logLevel = .critical
    let hasher = PasscodeHasher(cost: .init(rounds: 1 << 10, blockSize: 8, parallelism: 1))
    let app = try App(configuration: configuration, database: database, logger: logger, passcodeHasher: hasher,
                      clock: { clock.now })
    return (app, database)
}

/// A browser on a given client address that keeps its cookies and posts forms as the page
/// rendered them (CSRF token read from the page, like a real browser).
struct AuthBrowser {
    let app: App
    var address = "192.168.1.30"
    var cookies: [String: String] = [:]
    var lastSetCookies: [String] = []

    @discardableResult
    mutating func send(_ method: String, _ target: String, headers: [(String, String)] = [], body: String = "") -> Response {
        var all = HTTPHeaders([("Host", "192.168.1.20:8080"), ("Accept-Language", "en")] + headers)
        if !cookies.isEmpty {
            all.add("Cookie", cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
        }
        let response = app.respond(to: Request(method: method, target: target, headers: all, body: Array(body.utf8),
                                               clientAddress: address))
        lastSetCookies = response.headers.values("Set-Cookie")
        for header in lastSetCookies {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            let name = String(pair[0]), value = pair.count > 1 ? String(pair[1]) : ""
            if header.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
        return response
    }

    mutating func get(_ target: String) -> Response { send("GET", target) }

    /// The `_csrf` value of the first form on `page` (GETs it).
    mutating func csrf(on page: String) -> String {
        let html = get(page).text
        return HTML.between(html, #"name="_csrf" value=""#, "\"")
    }

    /// Posts `fields` urlencoded with the CSRF token `csrf` (nil: the one `page` renders).
    mutating func post(_ target: String, _ fields: [(String, String)], csrf: String? = nil, page: String = "/login",
                       headers: [(String, String)] = []) -> Response {
        let token = csrf ?? self.csrf(on: page)
        let pairs = fields + [("_csrf", token)]
        let body = pairs.map { "\(FormEncoding.encode($0.0))=\(FormEncoding.encode($0.1))" }.joined(separator: "&")
        return send("POST", target, headers: [("Content-Type", "application/x-www-form-urlencoded")] + headers, body: body)
    }

    /// Sets the first passcode from this browser (with the setup code when not on loopback).
    mutating func setPasscode(_ passcode: String, setupCode: String = "ABCDE-FGHJK") -> Response {
        let page = get("/passcode").text
        let form = HTML.between(page, #"name="_form" value=""#, "\"")
        let csrf = HTML.between(page, #"name="_csrf" value=""#, "\"")
        return post("/passcode", [("setupCode", setupCode), ("passcode", passcode), ("confirm", passcode), ("_form", form)],
                    csrf: csrf)
    }

    /// Signs in with `passcode`.
    mutating func signIn(_ passcode: String, next: String = "/data") -> Response {
        post("/login", [("passcode", passcode), ("next", next)])
    }
}

// MARK: - Tests

@Suite("Auth: passcode, sessions, lock-out")
struct AuthTests {
    @Test("bound to loopback: no passcode and no sign-in")
    func loopbackNeedsNothing() throws {
        let (app, _) = try makeAuthApp(required: false, setupCode: nil)
        var browser = AuthBrowser(app: app, address: "127.0.0.1")
        #expect(browser.get("/data").status == 200)
        #expect(browser.get("/login").headers["Location"] == "/data")
    }

    @Test("on the network without a passcode every page asks for one; static files and /healthz stay open")
    func setupFirst() throws {
        let (app, database) = try makeAuthApp()
        var browser = AuthBrowser(app: app)
        for path in ["/data", "/plan", "/calendar/2026-11", "/settings", "/login", "/"] {
            let response = browser.get(path)
            #expect(response.status == 303, "\(path)")
            #expect(response.headers["Location"] == (path == "/" ? "/data" : "/passcode") || path == "/", "\(path)")
        }
        #expect(browser.get("/healthz").status == 200)
        #expect(browser.get("/static/app.css").status == 200)
        let setup = browser.get("/passcode")
        #expect(setup.status == 200)
        #expect(setup.text.contains(#"name="setupCode""#))
        var local = AuthBrowser(app: app, address: "127.0.0.1")
        #expect(!local.get("/passcode").text.contains(#"name="setupCode""#))
        let post = browser.post("/data/entry", [("name", "x")], page: "/passcode")
        #expect(post.status == 403)
        #expect(try database.hasPasscode() == false)
    }

    @Test("a passcode set from the home-network page's link returns there; a foreign back address is ignored")
    func passcodeReturnsWhereItWasAsked() throws {
        for (back, expected) in [("/settings/home-network", "/settings/home-network"), ("//evil.example/x", "/data")] {
            let (app, _) = try makeAuthApp(required: false, setupCode: nil)
            var browser = AuthBrowser(app: app, address: "127.0.0.1")
            let page = browser.get("/passcode?back=" + FormEncoding.encode(back)).text
            #expect(page.contains(#"name="back" value="/settings/home-network""#) == (expected != "/data"))
            let response = browser.post("/passcode", [("passcode", "correct horse"), ("confirm", "correct horse"), ("back", back),
                                                      ("_form", HTML.between(page, #"name="_form" value=""#, "\""))],
                                        csrf: HTML.between(page, #"name="_csrf" value=""#, "\""))
            #expect(response.status == 303)
            #expect(response.headers["Location"] == expected, "\(back)")
        }
    }

    @Test("the first passcode from the network needs the setup code, 6 characters and the same confirmation")
    func setupFromNetwork() throws {
        let (app, database) = try makeAuthApp()
        var browser = AuthBrowser(app: app)
        #expect(browser.setPasscode("correct horse", setupCode: "WRONG-CODE1").status == 422)
        #expect(browser.setPasscode("short", setupCode: "abcde fghjk").status == 422)
        let page = browser.get("/passcode").text
        let mismatch = browser.post("/passcode", [("setupCode", "ABCDE-FGHJK"), ("passcode", "correct horse"),
                                                  ("confirm", "correct hoarse"),
                                                  ("_form", HTML.between(page, #"name="_form" value=""#, "\""))],
                                    csrf: HTML.between(page, #"name="_csrf" value=""#, "\""))
        #expect(mismatch.status == 422)
        #expect(mismatch.text.contains("The two passcodes differ."))
        #expect(!mismatch.text.contains("correct horse"), "a passcode is never echoed")
        #expect(try database.hasPasscode() == false)

        let done = browser.setPasscode("correct horse", setupCode: "abcde-fghjk")
        #expect(done.status == 303)
        let cookie = try #require(browser.lastSetCookies.first { $0.hasPrefix("fm_session=") })
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && !cookie.contains("Secure"))
        let stored = try #require(try database.secret(AppDatabase.passcodeSecretKey))
        #expect(stored.hasPrefix("scrypt$1024$8$1$") && !stored.contains("correct"))
        #expect(browser.get("/data").status == 200, "the browser that set it is signed in")
        #expect(try database.sessionCount() == 1)
    }

    @Test("after the passcode exists: sign in, wrong passcode, next, API 401, sessions stored hashed")
    func signIn() throws {
        let (app, database) = try makeAuthApp(tls: true)
        var owner = AuthBrowser(app: app, address: "127.0.0.1")
        #expect(owner.setPasscode("household passcode").status == 303)

        var phone = AuthBrowser(app: app)
        let redirect = phone.get("/plan?x=1")
        #expect(redirect.status == 303)
        #expect(redirect.headers["Location"] == "/login?next=%2Fplan%3Fx%3D1")
        #expect(phone.get("/api/v1/budget").status == 401)
        let login = phone.get("/login?next=%2Fplan")
        #expect(login.status == 200)
        #expect(login.text.contains(#"type="password""#))
        let wrong = phone.signIn("household passcodE", next: "/plan")
        #expect(wrong.status == 422)
        #expect(wrong.text.contains("Wrong passcode."))
        var laptop = AuthBrowser(app: app, address: "192.168.1.31")
        let foreignNext = laptop.signIn("household passcode", next: "//evil.example/")
        #expect(foreignNext.headers["Location"] == "/data", "next is a local path or nothing")
        let right = phone.signIn("household passcode", next: "/plan")
        #expect(right.status == 303)
        #expect(right.headers["Location"] == "/plan")
        let cookie = try #require(phone.lastSetCookies.first { $0.hasPrefix("fm_session=") })
        #expect(cookie.contains("Secure") && cookie.contains("Max-Age=2592000"))
        let token = try #require(phone.cookies["fm_session"])
        #expect(phone.get("/plan").status == 200)
        let hashes = try database.read { db in try String.fetchAll(db, sql: "SELECT tokenHash FROM session") }
        #expect(hashes.contains(SessionTokens.hash(token)))
        #expect(!hashes.contains(token))
    }

    @Test("CSRF tokens are bound to the session")
    func csrfBoundToSession() throws {
        let (app, _) = try makeAuthApp()
        var owner = AuthBrowser(app: app, address: "127.0.0.1")
        _ = owner.setPasscode("household passcode")
        var a = AuthBrowser(app: app, address: "192.168.1.31")
        var b = AuthBrowser(app: app, address: "192.168.1.32")
        _ = a.signIn("household passcode")
        _ = b.signIn("household passcode")
        let tokenA = a.csrf(on: "/data")
        #expect(tokenA == SessionTokens.csrfToken(for: a.cookies["fm_session"]!))
        #expect(tokenA != a.cookies["fm_csrf"])
        #expect(b.post("/language", [("lang", "ru")], csrf: tokenA).status == 403, "A's token is worthless in B")
        #expect(a.post("/language", [("lang", "ru")], csrf: a.cookies["fm_csrf"]!).status == 403, "the pre-session token is retired")
        #expect(a.post("/language", [("lang", "ru")], csrf: tokenA).status == 303)
    }

    @Test("5 failures lock an address out for 1 minute, doubling per further failure; others unaffected")
    func lockOut() throws {
        let clock = TestClock()
        let (app, _) = try makeAuthApp(clock: clock)
        var owner = AuthBrowser(app: app, address: "127.0.0.1")
        _ = owner.setPasscode("household passcode")
        var attacker = AuthBrowser(app: app, address: "192.168.1.66")
        for attempt in 1...4 { #expect(attacker.signIn("guess \(attempt)").status == 422) }
        let fifth = attacker.signIn("guess 5")
        #expect(fifth.status == 429)
        #expect(fifth.headers["Retry-After"] == "60")
        #expect(fifth.text.contains("Wrong passcode.") && fifth.text.contains("try again in 1 min"))
        #expect(attacker.signIn("household passcode").status == 429, "locked even with the right passcode")
        var neighbour = AuthBrowser(app: app, address: "192.168.1.67")
        #expect(neighbour.signIn("household passcode").status == 303)

        clock.advance(by: 61)
        let sixth = attacker.signIn("guess 6")
        #expect(sixth.status == 429)
        #expect(sixth.headers["Retry-After"] == "120")
        clock.advance(by: 121)
        #expect(attacker.signIn("household passcode").status == 303)
        #expect(attacker.get("/data").status == 200)
    }

    @Test("the lock-out doubles up to one hour and a quiet quarter of an hour forgets it")
    func throttleSchedule() {
        let clock = TestClock()
        let throttle = LoginThrottle(now: { clock.now })
        var locks: [TimeInterval] = []
        for _ in 1...12 {
            if let lock = throttle.recordFailure(from: "a") { locks.append(lock); clock.advance(by: lock + 1) }
        }
        #expect(locks == [60, 120, 240, 480, 960, 1920, 3600, 3600])
        #expect(throttle.wait(for: "a") == nil)
        clock.advance(by: 15 * 60 + 5)
        for _ in 1...4 { #expect(throttle.recordFailure(from: "a") == nil) }
        #expect(throttle.recordFailure(from: "a") == 60)
    }

    @Test("sign out, and sign out everywhere")
    func signOut() throws {
        let (app, database) = try makeAuthApp()
        var owner = AuthBrowser(app: app, address: "127.0.0.1")
        _ = owner.setPasscode("household passcode")
        var a = AuthBrowser(app: app, address: "192.168.1.31")
        var b = AuthBrowser(app: app, address: "192.168.1.32")
        _ = a.signIn("household passcode")
        _ = b.signIn("household passcode")
        #expect(try database.sessionCount() == 3)
        let out = a.post("/logout", [], page: "/passcode")
        #expect(out.status == 303 && out.headers["Location"] == "/login")
        #expect(a.cookies["fm_session"] == nil)
        #expect(a.get("/data").status == 303)
        #expect(try database.sessionCount() == 2)
        #expect(b.post("/logout/all", [], page: "/passcode").status == 303)
        #expect(try database.sessionCount() == 0)
        #expect(owner.get("/data").status == 303)
    }

    @Test("changing the passcode needs the current one and signs every other device out")
    func changePasscode() throws {
        let (app, database) = try makeAuthApp()
        var owner = AuthBrowser(app: app, address: "127.0.0.1")
        _ = owner.setPasscode("household passcode")
        var phone = AuthBrowser(app: app)
        _ = phone.signIn("household passcode")
        let page = owner.get("/passcode").text
        #expect(page.contains(#"name="current""#) && page.contains("/logout/all"))
        func change(current: String, to new: String) -> Response {
            let page = owner.get("/passcode").text
            return owner.post("/passcode", [("current", current), ("passcode", new), ("confirm", new),
                                            ("_form", HTML.between(page, #"name="_form" value=""#, "\""))],
                              csrf: HTML.between(page, #"name="_csrf" value=""#, "\""))
        }
        #expect(change(current: "not it at all", to: "new passcode").status == 422)
        let changed = change(current: "household passcode", to: "new passcode")
        #expect(changed.status == 303)
        #expect(owner.get("/data").status == 200, "the device that changed it stays signed in")
        #expect(phone.get("/data").status == 303, "every other device is signed out")
        #expect(try database.sessionCount() == 1)
        var other = AuthBrowser(app: app, address: "192.168.1.40")
        #expect(other.signIn("household passcode").status == 422)
        #expect(other.signIn("new passcode").status == 303)
    }

    @Test("a session ends after 30 days idle; use keeps it alive")
    func idleExpiry() throws {
        let clock = TestClock()
        let (app, database) = try makeAuthApp(clock: clock)
        var owner = AuthBrowser(app: app, address: "127.0.0.1")
        _ = owner.setPasscode("household passcode")
        clock.advance(by: 20 * 86_400)
        #expect(owner.get("/data").status == 200)
        clock.advance(by: 20 * 86_400)
        #expect(owner.get("/data").status == 200, "seen 20 days ago, not 40")
        clock.advance(by: 31 * 86_400)
        let expired = owner.get("/data")
        #expect(expired.status == 303 && expired.headers["Location"] == "/login?next=%2Fdata")
        #expect(try database.sessionCount() == 0)
    }

    @Test("login and passcode POSTs run on the long-work queue")
    func runsLong() throws {
        let (app, _) = try makeAuthApp()
        #expect(app.runsLong(Request(method: "POST", target: "/login")))
        #expect(app.runsLong(Request(method: "POST", target: "/passcode")))
        #expect(!app.runsLong(Request(method: "GET", target: "/login")))
        #expect(!app.runsLong(Request(method: "POST", target: "/logout")))
    }

    @Test("routes round-trip")
    func routes() {
        for route in [Route.auth(.login), .auth(.logout), .auth(.logoutAll), .auth(.passcode)] {
            #expect(Route(path: route.path) == route)
        }
    }
}
