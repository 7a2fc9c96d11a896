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

    @Test("/ goes to /today once the onboarding is done (issue 18)")
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

    @Test("a foreign Host header is refused with 421")
    func foreignHost() throws {
        let (app, _) = try makeTestApp()
        let response = app.respond(to: Request(method: "GET", target: "/data", headers: HTTPHeaders([("Host", "evil.example")])))
        #expect(response.status == 421)
        let missing = app.respond(to: Request(method: "GET", target: "/data"))
        #expect(missing.status == 421)
    }

    @Test("methods other than GET, HEAD and POST get 405")
    func methods() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(browser.send("DELETE", "/data").status == 405)
        #expect(browser.send("PUT", "/data").status == 405)
    }

    @Test("the language switch keeps the choice in a cookie and goes back")
    func languageSwitch() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app, language: "en")
        let response = browser.post("/language", [("lang", "ru"), ("back", "/plan")])
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/plan")
        #expect(browser.cookies["fm_lang"] == "ru")
        #expect(browser.get("/plan").text.contains("<h1>План</h1>"))
        let offsite = browser.post("/language", [("lang", "en"), ("back", "//evil.example/")])
        #expect(offsite.headers["Location"] == "/data")
    }

    @Test("/healthz checks the database")
    func health() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let response = browser.get("/healthz")
        #expect(response.status == 200)
        #expect(response.text == "ok\n")
    }
}
