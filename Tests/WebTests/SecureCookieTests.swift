import Foundation
import HTTPCore
import Testing
@testable import Web

// Served over TLS, every cookie the app sets is Secure.

@Suite("Cookies under TLS")
struct SecureCookieTests {
    @Test("under TLS every Set-Cookie (CSRF, language, flash, session) is Secure; without TLS none is")
    func everyCookieSecure() throws {
        for tls in [true, false] {
            let (app, _) = try makeAuthApp(required: false, setupCode: nil, tls: tls)
            var browser = AuthBrowser(app: app, address: "127.0.0.1")
            var seen: [String] = []
            _ = browser.get("/data"); seen += browser.lastSetCookies
            _ = browser.post("/language", [("lang", "ru"), ("back", "/data")], page: "/data"); seen += browser.lastSetCookies
            _ = browser.post("/logout", [], page: "/data"); seen += browser.lastSetCookies
            _ = browser.get("/data"); seen += browser.lastSetCookies
            for name in ["fm_csrf=", "fm_lang=", "fm_flash=", "fm_session="] {
                #expect(seen.contains { $0.hasPrefix(name) }, "\(name) was set (tls: \(tls))")
            }
            for cookie in seen {
                #expect(cookie.hasSuffix("; Secure") == tls && cookie.components(separatedBy: "Secure").count <= 2, "\(cookie)")
            }
        }
    }
}
