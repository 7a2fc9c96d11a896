import Foundation
import HTTPCore
import Testing
import TestSupport
@testable import Storage
@testable import Web

// A POST body decoded and its CSRF token and origin checked (Sources/Web/Security/PostedForm.swift).

@Suite("Posted forms")
struct PostedFormTests {
    @Test("a POST without the CSRF token is refused with 403 and an explanation")
    func csrf() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let missing = browser.post("/language", [("lang", "ru")], csrf: false)
        #expect(missing.status == 403)
        #expect(missing.text.contains("Reload the page"))
        let wrong = browser.post("/language", [("lang", "ru"), ("_csrf", String(repeating: "a", count: 64))], csrf: false)
        #expect(wrong.status == 403)
        #expect(browser.cookies["fm_lang"] == nil)
        let crossOrigin = browser.send("POST", "/language", headers: [
            ("Content-Type", "application/x-www-form-urlencoded"), ("Origin", "http://evil.example"),
        ], body: Array("lang=ru&_csrf=\(browser.cookies["fm_csrf"]!)".utf8))
        #expect(crossOrigin.status == 403)
    }

    @Test("a POST body in an unknown encoding is 415, a malformed one 400")
    func postEncodings() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        _ = browser.get("/data")
        #expect(browser.send("POST", "/language", headers: [("Content-Type", "application/json")], body: Array("{}".utf8)).status == 415)
        #expect(browser.send("POST", "/language", headers: [("Content-Type", "application/x-www-form-urlencoded")],
                             body: Array("lang=%E0%A4".utf8)).status == 400)
    }

    @Test("the Origin, or else the Referer, of a POST must name this server")
    func originAndReferer() throws {
        let (app, _) = try makeAuthApp(required: false, setupCode: nil)
        var browser = AuthBrowser(app: app, address: "127.0.0.1")
        let csrf = browser.csrf(on: "/data")
        for (header, expected) in [(("Origin", "http://evil.example"), 403), (("Origin", "null"), 403),
                                   (("Referer", "http://evil.example/data"), 403),
                                   (("Referer", "http://192.168.1.20:8080.evil.example/"), 403),
                                   (("Origin", "http://192.168.1.20:8080"), 303),
                                   (("Referer", "http://192.168.1.20:8080/data"), 303)] {
            let response = browser.post("/language", [("lang", "en")], csrf: csrf, headers: [header])
            #expect(response.status.code == expected, "\(header)")
        }
    }
}
