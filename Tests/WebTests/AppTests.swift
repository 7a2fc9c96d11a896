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

    @Test("the current section is marked in the navigation")
    func currentSection() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(browser.get("/plan").text.contains(#"<a href="/plan" aria-current="page">Plan</a>"#))
        browser.language = "ru"
        #expect(browser.get("/advisor").text.contains(#"<a href="/advisor" aria-current="page">Советник</a>"#))
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

    @Test("error pages in both languages", arguments: [("en", "Page not found"), ("ru", "Страница не найдена")])
    func notFound(language: String, heading: String) throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app, language: language)
        let response = browser.get("/calendar/2026-02-30")
        #expect(response.status == 404)
        #expect(response.text.contains(heading))
    }

    @Test("a foreign Host header is refused with 421")
    func foreignHost() throws {
        let (app, _) = try makeTestApp()
        let response = app.respond(to: Request(method: "GET", target: "/data", headers: HTTPHeaders([("Host", "evil.example")])))
        #expect(response.status == 421)
        let missing = app.respond(to: Request(method: "GET", target: "/data"))
        #expect(missing.status == 421)
    }

    @Test("a malformed query is a 400")
    func malformedQuery() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(browser.get("/data?x=%ZZ").status == 400)
        browser.language = "ru"
        #expect(browser.get("/data?x=%ZZ").text.contains("Неверный запрос"))
        #expect(browser.get("/data?x=%FF").status == 400)
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

    @Test("static files: types, ETag revalidation, path tricks refused")
    func staticFiles() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let css = browser.get("/static/app.css")
        #expect(css.status == 200)
        #expect(css.headers["Content-Type"] == "text/css; charset=utf-8")
        let etag = try #require(css.headers["ETag"])
        #expect(browser.send("GET", "/static/app.css", headers: [("If-None-Match", etag)]).status == 304)
        #expect(browser.get("/static/app.js").headers["Content-Type"] == "text/javascript; charset=utf-8")
        #expect(browser.get("/static/icon.svg").headers["Content-Type"] == "image/svg+xml")
        for trick in ["/static/../Package.swift", "/static/%2e%2e/Package.swift", "/static/.hidden", "/static/a\\b",
                      "/static/app.css%00", "/static//app.css"] {
            #expect([400, 404].contains(browser.get(trick).status), "\(trick)")
        }
        #expect(browser.get("/static/missing.css").status == 404)
        #expect(browser.get("/favicon.ico").headers["Content-Type"] == "image/x-icon")
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
