import HTTPCore
import Testing
@testable import Web

@Suite("App")
struct AppTests {
    static let pages = ["/data", "/calendar", "/calendar/2026-11", "/calendar/2026-11-21", "/plan", "/advisor",
                        "/settings", "/settings/feedback", "/settings/privacy", "/settings/data"]

    @Test("every page answers 200 in both languages with its own title", arguments: pages)
    func everyPage(path: String) throws {
        let (app, _) = try makeTestApp()
        for (language, expected) in [("en", "lang=\"en\""), ("ru", "lang=\"ru\"")] {
            var browser = TestBrowser(app: app, language: language)
            let response = browser.get(path)
            #expect(response.status == 200)
            #expect(response.text.contains(expected))
            #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        }
    }

    @Test("/ goes to /today once the onboarding is done")
    func root() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let response = browser.get("/")
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/today")
    }

    @Test("every response carries exactly the security headers of docs/product-rules.md, Running safely", arguments: [
        "/data", "/nope", "/static/app.css", "/static/../x", "/healthz",
    ])
    func securityHeaders(path: String) throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let response = browser.get(path)
        #expect(response.headers["Content-Security-Policy"] == "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
        #expect(response.headers["X-Content-Type-Options"] == "nosniff")
        #expect(response.headers["Referrer-Policy"] == "same-origin")
    }
}
