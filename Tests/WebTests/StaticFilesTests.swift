import HTTPCore
import Testing
@testable import Web

// The files of Public/ served from memory (Sources/Web/Rendering/StaticFiles.swift).

@Suite("Static files")
struct StaticFilesTests {
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
}
