import Testing
import HTTPCore

// MARK: - Cookie header

struct CookieCase: Sendable, CustomTestStringConvertible {
    let name: String
    let header: String?
    let expected: [String: String]
    var testDescription: String { name }
}

@Test(arguments: [
    CookieCase(name: "no header", header: nil, expected: [:]),
    CookieCase(name: "empty header", header: "", expected: [:]),
    CookieCase(name: "two cookies", header: "lang=ru; sid=abc123", expected: ["lang": "ru", "sid": "abc123"]),
    CookieCase(name: "no space after ;", header: "a=1;b=2", expected: ["a": "1", "b": "2"]),
    CookieCase(name: "first occurrence wins", header: "lang=ru; lang=en", expected: ["lang": "ru"]),
    CookieCase(name: "quotes stripped", header: "a=\"x y\"", expected: ["a": "x y"]),
    CookieCase(name: "empty value", header: "a=; b=2", expected: ["a": "", "b": "2"]),
    CookieCase(name: "= inside value", header: "t=abc==", expected: ["t": "abc=="]),
    CookieCase(name: "piece without =", header: "junk; a=1", expected: ["a": "1"]),
    CookieCase(name: "empty name", header: "=x; a=1", expected: ["a": "1"]),
    CookieCase(name: "name with space", header: "a b=1; c=2", expected: ["c": "2"]),
    CookieCase(name: "stray quote", header: "a=x\"y; c=2", expected: ["c": "2"]),
    CookieCase(name: "control character", header: "a=x\u{1}; c=2", expected: ["c": "2"]),
    CookieCase(name: "only separators", header: " ; ;; ", expected: [:]),
])
func parseCookies(_ c: CookieCase) {
    #expect(Cookies.parse(c.header) == c.expected)
}

// MARK: - Set-Cookie

@Test func setCookieSession() {
    #expect(Cookies.setCookie(name: "sid", value: "abc", maxAge: nil, httpOnly: true)
            == "sid=abc; Path=/; HttpOnly; SameSite=Lax")
}

@Test func setCookieWithEveryAttribute() {
    #expect(Cookies.setCookie(name: "lang", value: "en", maxAge: 31_536_000, path: "/app",
                              httpOnly: false, sameSite: "Strict", secure: true)
            == "lang=en; Max-Age=31536000; Path=/app; SameSite=Strict; Secure")
}

@Test func setCookieDeletes() {
    #expect(Cookies.setCookie(name: "sid", value: "", maxAge: 0, httpOnly: true)
            == "sid=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax")
}

@Test func setCookieDropsCharactersThatCouldSplitTheHeader() {
    #expect(Cookies.setCookie(name: "a;b", value: "x\r\nSet-Cookie: y=1; z", maxAge: nil, httpOnly: true)
            == "ab=xSet-Cookie:y=1z; Path=/; HttpOnly; SameSite=Lax")
}

@Test func setCookieRoundTrips() {
    let header = Cookies.setCookie(name: "csrf", value: "Zm9v-YmFy_0", maxAge: 3600, httpOnly: true)
    let pair = String(header.split(separator: ";")[0])
    #expect(Cookies.parse(pair) == ["csrf": "Zm9v-YmFy_0"])
}
