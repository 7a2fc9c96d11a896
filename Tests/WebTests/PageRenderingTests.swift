import HTTPCore
import Testing
@testable import Web

// A page rendered inside the layout, and the error pages (Sources/Web/Rendering/PageRendering.swift).

@Suite("Page rendering")
struct PageRenderingTests {
    @Test("the current section is marked in the navigation")
    func currentSection() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(browser.get("/plan").text.contains(#"<a href="/plan" aria-current="page">Plan</a>"#))
        browser.language = "ru"
        #expect(browser.get("/advisor").text.contains(#"<a href="/advisor" aria-current="page">Советник</a>"#))
    }

    @Test("error pages in both languages", arguments: [("en", "Page not found"), ("ru", "Страница не найдена")])
    func notFound(language: String, heading: String) throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app, language: language)
        let response = browser.get("/calendar/2026-02-30")
        #expect(response.status == 404)
        #expect(response.text.contains(heading))
    }

    @Test("the plain error page needs no request: status, title and text in the language, a link home")
    func plainError() throws {
        let (app, _) = try makeTestApp()
        let response = app.plainError(.badRequest, language: .ru)
        #expect(response.status == .badRequest)
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.contains("<html lang=\"ru\">") && text.contains("400 " + Translations(.ru)[runtime: "error_400_title"]))
        #expect(text.contains("href=\"/data\""))
    }
}
