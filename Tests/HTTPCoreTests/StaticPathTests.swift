import Testing
import HTTPCore

// MARK: - Sanitising

struct StaticPathCase: Sendable, CustomTestStringConvertible {
    let name: String
    let raw: String
    let expected: [String]?
    var testDescription: String { name }
}

@Test(arguments: [
    StaticPathCase(name: "file", raw: "/static/app.css", expected: ["app.css"]),
    StaticPathCase(name: "nested file", raw: "/static/css/app.css", expected: ["css", "app.css"]),
    StaticPathCase(name: "dash, underscore, digits", raw: "/static/img/logo_2-x.png", expected: ["img", "logo_2-x.png"]),
    StaticPathCase(name: "16 components", raw: "/static/" + Array(repeating: "a", count: 16).joined(separator: "/"),
                   expected: Array(repeating: "a", count: 16)),
    StaticPathCase(name: "255-byte name", raw: "/static/" + String(repeating: "a", count: 255),
                   expected: [String(repeating: "a", count: 255)]),
    StaticPathCase(name: "dot-dot", raw: "/static/../x", expected: nil),
    StaticPathCase(name: "dot-dot inside", raw: "/static/css/../../x", expected: nil),
    StaticPathCase(name: "single dot", raw: "/static/./app.css", expected: nil),
    StaticPathCase(name: "encoded dots", raw: "/static/%2e%2e/x", expected: nil),
    StaticPathCase(name: "encoded upper-case dots", raw: "/static/%2E%2E/x", expected: nil),
    StaticPathCase(name: "encoded slash", raw: "/static/a%2fb", expected: nil),
    StaticPathCase(name: "encoded backslash", raw: "/static/a%5cb", expected: nil),
    StaticPathCase(name: "encoded letter", raw: "/static/%61pp.css", expected: nil),
    StaticPathCase(name: "dotfile", raw: "/static/.env", expected: nil),
    StaticPathCase(name: "dot folder", raw: "/static/.git/config", expected: nil),
    StaticPathCase(name: "empty component", raw: "/static/a//b", expected: nil),
    StaticPathCase(name: "trailing slash", raw: "/static/css/", expected: nil),
    StaticPathCase(name: "the folder itself", raw: "/static/", expected: nil),
    StaticPathCase(name: "backslash", raw: "/static/a\\b", expected: nil),
    StaticPathCase(name: "encoded NUL", raw: "/static/%00", expected: nil),
    StaticPathCase(name: "raw NUL", raw: "/static/a\u{0}b", expected: nil),
    StaticPathCase(name: "encoded invalid UTF-8", raw: "/static/%FF.css", expected: nil),
    StaticPathCase(name: "non-ASCII name", raw: "/static/план.css", expected: nil),
    StaticPathCase(name: "space", raw: "/static/a b.css", expected: nil),
    StaticPathCase(name: "colon", raw: "/static/c:app.css", expected: nil),
    StaticPathCase(name: "256-byte name", raw: "/static/" + String(repeating: "a", count: 256), expected: nil),
    StaticPathCase(name: "17 components", raw: "/static/" + Array(repeating: "a", count: 17).joined(separator: "/"),
                   expected: nil),
    StaticPathCase(name: "other prefix", raw: "/staticx/app.css", expected: nil),
    StaticPathCase(name: "no prefix", raw: "/app.css", expected: nil),
])
func sanitize(_ c: StaticPathCase) {
    #expect(StaticPath.sanitize(c.raw, prefix: "/static/") == c.expected)
}

// MARK: - Content types

@Test(arguments: [
    ("css", "text/css; charset=utf-8"),
    ("js", "text/javascript; charset=utf-8"),
    ("svg", "image/svg+xml"),
    ("png", "image/png"),
    ("ico", "image/x-icon"),
    ("webp", "image/webp"),
    ("jpg", "image/jpeg"),
    ("jpeg", "image/jpeg"),
    ("woff2", "font/woff2"),
    ("txt", "text/plain; charset=utf-8"),
    ("json", "application/json"),
    ("webmanifest", "application/manifest+json"),
    ("CSS", "text/css; charset=utf-8"),
    (".png", "image/png"),
])
func contentType(_ ext: String, _ expected: String) {
    #expect(StaticPath.contentType(forExtension: ext) == expected)
}

@Test(arguments: ["html", "exe", "", "sh"])
func unknownContentType(_ ext: String) {
    #expect(StaticPath.contentType(forExtension: ext) == nil)
}

// MARK: - Resolved paths

struct InsideCase: Sendable, CustomTestStringConvertible {
    let name: String
    let resolved: String
    let root: String
    let expected: Bool
    var testDescription: String { name }
}

@Test(arguments: [
    InsideCase(name: "file in root", resolved: "/srv/Public/app.css", root: "/srv/Public", expected: true),
    InsideCase(name: "root with trailing slash", resolved: "/srv/Public/css/a.css", root: "/srv/Public/", expected: true),
    InsideCase(name: "filesystem root", resolved: "/etc/passwd", root: "/", expected: true),
    InsideCase(name: "the root itself", resolved: "/srv/Public", root: "/srv/Public", expected: false),
    InsideCase(name: "sibling with same prefix", resolved: "/srv/PublicX/a.css", root: "/srv/Public", expected: false),
    InsideCase(name: "outside", resolved: "/etc/passwd", root: "/srv/Public", expected: false),
    InsideCase(name: "unresolved dot-dot", resolved: "/srv/Public/../secret", root: "/srv/Public", expected: false),
    InsideCase(name: "relative path", resolved: "srv/Public/a.css", root: "/srv/Public", expected: false),
    InsideCase(name: "relative root", resolved: "/srv/Public/a.css", root: "srv/Public", expected: false),
    InsideCase(name: "different Unicode normalisation", resolved: "/srv/cafe\u{301}/a.css", root: "/srv/caf\u{E9}",
               expected: false),
])
func isInside(_ c: InsideCase) {
    #expect(StaticPath.isInside(resolved: c.resolved, root: c.root) == c.expected)
}
