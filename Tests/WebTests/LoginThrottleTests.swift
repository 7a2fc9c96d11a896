import Foundation
import HTTPCore
import Testing
import TestSupport
@testable import Storage
@testable import Web

// Sign-in throttling (the trivial passcodes' rules are in PasscodeHasherTests): the all-address failure budget, IPv6 by /64, the
// failure counted before hashing; a loopback request through a proxy is not this computer.

@Suite("Passcode guessing")
struct LoginThrottleTests {
    @Test("a stored trivial passcode still signs in; only setting one faces the rules")
    func storedTrivialStillWorks() throws {
        let (app, database) = try makeAuthApp()
        try database.setPasscodeHash(try PasscodeHasher(cost: .init(rounds: 1 << 10, blockSize: 8, parallelism: 1)).hash("123456"))
        var phone = AuthBrowser(app: app)
        #expect(phone.signIn("123456").status == 303)
        var owner = AuthBrowser(app: app, address: "127.0.0.1")
        _ = owner.signIn("123456")
        let page = owner.get("/passcode").text
        let change = owner.post("/passcode", [("current", "123456"), ("passcode", "654321"), ("confirm", "654321"),
                                              ("_form", HTML.between(page, #"name="_form" value=""#, "\""))],
                                csrf: HTML.between(page, #"name="_csrf" value=""#, "\""))
        #expect(change.status == 422)
        #expect(change.text.contains("too easy to guess"))
    }

    // MARK: - The throttle

    @Test("IPv6 addresses of one /64 share a lock-out; IPv4-mapped addresses are IPv4")
    func ipv6Grouping() {
        #expect(LoginThrottle.key(for: "2001:db8:1:2:aaaa::1") == LoginThrottle.key(for: "2001:db8:1:2:ffff:ffff:ffff:ffff"))
        #expect(LoginThrottle.key(for: "2001:db8:1:2::1") != LoginThrottle.key(for: "2001:db8:1:3::1"))
        #expect(LoginThrottle.key(for: "::ffff:192.168.1.5") == "192.168.1.5")
        #expect(LoginThrottle.key(for: "192.168.1.5") == "192.168.1.5")
        let clock = TestClock()
        let throttle = LoginThrottle(now: { clock.now })
        for index in 1...5 { throttle.recordFailure(from: "2001:db8:1:2::\(index)") }
        #expect(throttle.wait(for: "2001:db8:1:2::99") != nil, "a new address in the same /64 is locked too")
        #expect(throttle.wait(for: "2001:db8:1:3::1") == nil)
    }

    @Test("a try is counted before its hash: the sixth concurrent try of an address waits")
    func admittedBeforeHashing() {
        let clock = TestClock()
        let throttle = LoginThrottle(now: { clock.now })
        let admissions = (1...24).map { _ in throttle.admit("192.168.1.66") }
        let admitted = admissions.filter { if case .proceed = $0 { true } else { false } }
        #expect(admitted.count == 5)
        #expect(admissions[4] == .proceed(lockIfWrong: 60))
        throttle.recordSuccess(from: "192.168.1.66", admitted: true)
        #expect(throttle.wait(for: "192.168.1.66") == nil, "a right passcode clears the address")
    }

    @Test("a known device is not slowed by everyone's failures, for 90 days; its own lock-out still applies")
    func knownDevices() {
        let clock = TestClock()
        let throttle = LoginThrottle(now: { clock.now })
        throttle.recordSignedIn(from: "192.168.1.10")
        for index in 1...25 { throttle.recordFailure(from: "10.0.\(index).1") }
        #expect(throttle.wait(for: "10.0.99.1") != nil, "a new address waits its turn")
        #expect(throttle.wait(for: "192.168.1.10") == nil, "the known device does not")
        for _ in 1...5 { throttle.recordFailure(from: "192.168.1.10") }
        #expect(throttle.wait(for: "192.168.1.10") != nil, "its own five failures lock it out")
        clock.advance(by: 91 * 86_400)
        for index in 1...25 { throttle.recordFailure(from: "10.1.\(index).1") }
        #expect(throttle.wait(for: "192.168.1.10") != nil, "forgotten after 90 days")
    }

    @Test("20 failures from anywhere in 15 minutes slow every sign-in; the owner is told after")
    func globalBudget() throws {
        let clock = TestClock()
        let (app, _) = try makeAuthApp(clock: clock)
        var owner = AuthBrowser(app: app, address: "127.0.0.1")
        _ = owner.setPasscode("household passcode")
        for index in 1...20 {
            var guesser = AuthBrowser(app: app, address: "10.0.\(index).1")
            #expect(guesser.signIn("guess \(index)").status == 422, "guess \(index)")
        }
        var stranger = AuthBrowser(app: app, address: "10.0.99.1")
        let slowed = stranger.signIn("guess 21")
        #expect(slowed.status == 429, "the 21st failure from a new address must wait its turn")
        #expect(slowed.headers["Retry-After"] == "5")
        var phone = AuthBrowser(app: app, address: "192.168.1.40")
        #expect(phone.signIn("household passcode").status == 429, "everyone waits, the owner too")
        clock.advance(by: 6)
        let signedIn = phone.signIn("household passcode")
        #expect(signedIn.status == 303)
        let next = phone.get("/data").text
        #expect(next.contains("20 wrong passcode attempts"), "the owner is told on the next page")
        clock.advance(by: 15 * 60 + 1)
        var later = AuthBrowser(app: app, address: "10.0.100.1")
        #expect(later.signIn("guess 22").status == 422, "a quiet quarter of an hour lifts the slow-down")
    }

    @Test("the wait grows with each failure beyond the budget, up to a minute")
    func globalSpacing() {
        let clock = TestClock()
        let throttle = LoginThrottle(now: { clock.now })
        for index in 1...20 { throttle.recordFailure(from: "10.1.0.\(index)") }
        #expect(throttle.wait(for: "10.2.0.1") == 5)
        for index in 1...20 { throttle.recordFailure(from: "10.3.0.\(index)") }
        #expect(throttle.wait(for: "10.2.0.1") == 60)
    }

    // MARK: - Proxies

    @Test("a loopback request through a proxy is not this computer: setup code and sign-in needed")
    func proxiedRequests() throws {
        let (lan, _) = try makeAuthApp()
        var proxied = AuthBrowser(app: lan, address: "127.0.0.1")
        let page = proxied.send("GET", "/passcode", headers: [("X-Forwarded-For", "203.0.113.9")])
        #expect(page.text.contains(#"name="setupCode""#))

        let (local, database) = try makeAuthApp(required: false, setupCode: nil)
        var browser = AuthBrowser(app: local, address: "127.0.0.1")
        #expect(browser.get("/data").status == 200, "this computer's own browser needs nothing")
        for header in [("X-Forwarded-For", "203.0.113.9"), ("Forwarded", "for=203.0.113.9"), ("X-Real-IP", "203.0.113.9")] {
            var remote = AuthBrowser(app: local, address: "127.0.0.1")
            let response = remote.send("GET", "/data", headers: [header])
            #expect(response.status == 303 && response.headers["Location"] == "/passcode", "\(header.0)")
        }
        #expect(browser.setPasscode("household passcode").status == 303)
        var remote = AuthBrowser(app: local, address: "127.0.0.1")
        let login = remote.send("GET", "/data", headers: [("X-Forwarded-For", "203.0.113.9")])
        #expect(login.headers["Location"] == "/login?next=%2Fdata")
        #expect(try database.hasPasscode())
    }
}
