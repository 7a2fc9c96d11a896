import Engine
import HTTPCore
import Testing
@testable import Web

// What a handler knows about its request (Sources/Web/RequestContext.swift).

@Suite("Request context")
struct RequestContextTests {
    static func context(_ target: String, _ headers: [(String, String)] = []) throws -> RequestContext {
        try RequestContext(request: Request(method: "GET", target: target, headers: HTTPHeaders(headers)))
    }

    @Test("the language is ?lang=, then the cookie, then Accept-Language, then English")
    func language() throws {
        #expect(try Self.context("/data?lang=ru", [("Cookie", "fm_lang=en")]).language == .ru)
        #expect(try Self.context("/data", [("Cookie", "fm_lang=ru"), ("Accept-Language", "en")]).language == .ru)
        #expect(try Self.context("/data", [("Accept-Language", "ru-RU,ru;q=0.9")]).language == .ru)
        #expect(try Self.context("/data", [("Accept-Language", "fr")]).language == .en)
    }

    @Test("the default language follows the browser's among ru, de and en, else English", arguments: [
        ("de-DE,de;q=0.9,en;q=0.8", Language.de), ("de-AT", .de), ("fr-FR,de;q=0.5,en;q=0.4", .de), ("en-GB,de;q=0.9", .en),
        ("ru", .ru), ("fr, es", .en), ("", .en),
    ])
    func browserLanguage(header: String, language: Language) throws {
        #expect(try Self.context("/data", [("Accept-Language", header)]).language == language)
        #expect(RequestContext.browserLanguage(header) == language)
    }

    @Test("a browser without a well-formed CSRF cookie gets a new one; one with it keeps it")
    func csrfCookie() throws {
        let fresh = try Self.context("/data", [("Cookie", "fm_csrf=short")])
        #expect(fresh.csrfToken != "short" && Tokens.wellFormed(fresh.csrfToken))
        #expect(fresh.setCookies.contains { $0.hasPrefix("fm_csrf=" + fresh.csrfToken) })
        let token = Tokens.random()
        let known = try Self.context("/data", [("Cookie", "fm_csrf=" + token)])
        #expect(known.csrfToken == token && known.setCookies.isEmpty)
    }

    @Test("a redirect's flash and undo come back on the next request once, and the flash cookie is cleared")
    func flashRoundTrip() throws {
        let response = try Self.context("/data").redirect(to: "/data", flash: "Deleted «Milk & bread»", undo: ("entry-7", "Milk & bread"))
        #expect(response.status == .seeOther && response.headers["Location"] == "/data")
        let cookie = try #require(response.headers.values("Set-Cookie").first { $0.hasPrefix("fm_flash=") })
        let value = String(cookie.dropFirst("fm_flash=".count).prefix { $0 != ";" })
        let next = try Self.context("/data", [("Cookie", "fm_flash=" + value)])
        #expect(next.flash == "Deleted «Milk & bread»" && next.undo == "entry-7" && next.undoName == "Milk & bread")
        #expect(next.setCookies.contains { $0.hasPrefix("fm_flash=; Max-Age=0") })
        let forged = try Self.context("/data", [("Cookie", "fm_flash=" + FormEncoding.encode("hi") + "&u=" + FormEncoding.encode("../x"))])
        #expect(forged.flash == "hi" && forged.undo == nil)
    }

    @Test("more than 100 query parameters is refused")
    func tooManyParameters() throws {
        let query = (0...100).map { "p\($0)=1" }.joined(separator: "&")
        #expect(throws: RequestDecodingError.self) { try Self.context("/data?" + query) }
        #expect(try Self.context("/data?" + (1...100).map { "p\($0)=1" }.joined(separator: "&")).query.pairs.count == 100)
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
}
