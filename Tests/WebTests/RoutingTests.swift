import HTTPCore
import Testing
@testable import Web

@Suite("Routing")
struct RoutingTests {
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
