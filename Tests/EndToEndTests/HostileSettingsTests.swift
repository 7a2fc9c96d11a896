import Foundation
import HTTPCore
import Testing
@testable import Web

// Hostile input to the Settings and Advisor forms over real HTTP on loopback (docs/product-rules.md, "Ground limits" and "Running safely"):
// missing fields, wrong types, huge, negative and zero numbers, impossible dates, invalid
// UTF-8, control characters, over-long text, SQL-ish text, typed confirmations that do not
// match, broken import files and oversized bodies. Each answers 4xx (a 422 re-renders the
// form with a message) and leaves every table as it was; HTML/JS that a form legitimately
// stores is shown escaped on every page that shows it. The server keeps answering.

private let script = "<script>alert(1)</script>"
private let sqlish = "Robert'); DROP TABLE setting;--"
/// Values that no number, choice or confirmation field may take.
private let junk = ["\u{0}", "a\u{7}b", "a\u{1b}[2Jb", String(repeating: "x", count: 10_000), "99999999999999999999",
                    "1000000000000001", "-1", "1e20", "NaN", "0000-01-01", "99999-01-01", "' OR 1=1 --", sqlish, script, "٣"]
/// Values that no whole-number field of `range` may take.
private func badIntegers(_ range: ClosedRange<Int>) -> [String] {
    ["", "abc", "1.5", "1,5", "0x10", "1e2", "-1", "99999999999999999999", "1000000000000001", "\u{0}", "٣",
     String(range.lowerBound - 1), String(range.upperBound + 1), "0000-01-01", "99999-01-01", "' OR 1=1 --", script]
        .filter { Int($0).map { !range.contains($0) } ?? true }
}

/// The barrage: posts bad input and checks the answer and the database after each case.
private struct Barrage {
    let live: ConfiguredServer
    let browser: RawBrowser
    var cases = 0

    init(_ live: ConfiguredServer) {
        self.live = live
        browser = RawBrowser(port: live.port)
    }

    /// Runs `send` and expects a 4xx (`status` when given), a message on a 422, no markup
    /// echoed raw, and the database as it was.
    mutating func refused(_ label: String, status: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation,
                          _ send: () throws -> RawResponse) throws {
        let before = try live.snapshot()
        let response = try send()
        cases += 1
        if let status {
            #expect(response.status == status, "\(label) → \(response.status)", sourceLocation: sourceLocation)
        } else {
            #expect((400..<500).contains(response.status), "\(label) → \(response.status)", sourceLocation: sourceLocation)
        }
        if response.status == 422 {
            #expect(response.text.contains(#"role="alert""#), "\(label): a 422 without a message", sourceLocation: sourceLocation)
        }
        #expect(!response.text.contains("<script>alert"), "\(label) echoes markup unescaped", sourceLocation: sourceLocation)
        #expect(try live.snapshot() == before, "\(label) → \(response.status) changed the database", sourceLocation: sourceLocation)
    }

    /// Posts `fields` (urlencoded, with fresh tokens) and expects a refusal.
    mutating func post(_ path: String, _ fields: [(String, String)], _ label: String, status: Int? = nil,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let browser = browser
        try refused("\(path) \(label)", status: status, sourceLocation: sourceLocation) { try browser.post(path, fields) }
    }

    /// Each field of `valid` left out in turn (unless `optional`), then each field of `bad`
    /// replaced by each of its values.
    mutating func form(_ path: String, valid: [(String, String)], optional: Set<String> = [], bad: [String: [String]],
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        try post(path, [], "with no fields", sourceLocation: sourceLocation)
        for (name, _) in valid where !optional.contains(name) {
            try post(path, valid.filter { $0.0 != name }, "without \(name)", sourceLocation: sourceLocation)
        }
        for (name, values) in bad.sorted(by: { $0.key < $1.key }) {
            for value in values {
                let fields = valid.contains { $0.0 == name } ? valid.map { $0.0 == name ? (name, value) : $0 } : valid + [(name, value)]
                try post(path, fields, "\(name)=\(value.prefix(30).debugDescription)", sourceLocation: sourceLocation)
            }
        }
        try envelope(path, valid, sourceLocation: sourceLocation)
    }

    /// What is wrong around the values: tokens, encodings, origin, undecodable bytes.
    mutating func envelope(_ path: String, _ valid: [(String, String)], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let browser = browser, port = live.port
        let tokens = [("_csrf", browser.csrf), ("_form", Tokens.random(bytes: 16))]
        let encoded = RawBrowser.encode(valid + tokens)
        let at = sourceLocation
        try refused("\(path) without a form token", status: 400, sourceLocation: at) { try browser.post(path, valid, formToken: false) }
        try refused("\(path) with a malformed form token", status: 400, sourceLocation: at) {
            try browser.post(path, body: Array(RawBrowser.encode(valid + [("_csrf", browser.csrf), ("_form", "' OR 1=1 --")]).utf8))
        }
        try refused("\(path) without a CSRF token", status: 403, sourceLocation: at) {
            try browser.post(path, body: Array(RawBrowser.encode(valid + [("_form", Tokens.random(bytes: 16))]).utf8))
        }
        try refused("\(path) with a foreign CSRF token", status: 403, sourceLocation: at) {
            try browser.post(path, body: Array(RawBrowser.encode(valid + [("_csrf", Tokens.random()), ("_form", Tokens.random(bytes: 16))]).utf8))
        }
        try refused("\(path) from a foreign Origin", status: 403, sourceLocation: at) {
            let connection = try RawConnection(port: port)
            connection.send("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://evil.example\r\nConnection: close\r\n"
                + "Cookie: \(browser.cookieHeader)\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Content-Length: \(encoded.utf8.count)\r\n\r\n\(encoded)")
            return try connection.readResponse()
        }
        for (index, body) in [encoded + "&\(valid.first?.0 ?? "x")=%FF%FE", encoded + "&%C3%28=1", encoded + "&x=%zz", encoded + "&x=%F"]
            .enumerated() {
            try refused("\(path) undecodable body #\(index)", status: 400, sourceLocation: at) { try browser.post(path, body: Array(body.utf8)) }
        }
        try refused("\(path) raw 0xFF bytes", status: 400, sourceLocation: at) {
            try browser.post(path, body: [0xFF, 0xFE, 0x3D] + Array(("&" + encoded).utf8))
        }
        try refused("\(path) as JSON", status: 415, sourceLocation: at) {
            try browser.post(path, body: Array("{\"nickname\":1}".utf8), contentType: "application/json")
        }
        try refused("\(path) broken multipart", status: 400, sourceLocation: at) {
            try browser.post(path, body: Array("--x\r\nbroken".utf8), contentType: "multipart/form-data; boundary=x")
        }
    }

    /// POSTs a multipart body: `fields` plus the tokens, and `file` when given.
    func multipart(_ path: String, _ fields: [(String, String)],
                   file: (name: String, filename: String, type: String, bytes: [UInt8])?) throws -> RawResponse {
        let boundary = "----hostile" + Tokens.random(bytes: 8)
        var body: [UInt8] = []
        for (name, value) in fields + [("_csrf", browser.csrf), ("_form", Tokens.random(bytes: 16))] {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        if let file {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.name)\"; filename=\"\(file.filename)\"\r\nContent-Type: \(file.type)\r\n\r\n".utf8)
            body += file.bytes + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return try browser.post(path, body: body, contentType: "multipart/form-data; boundary=\(boundary)")
    }

    /// Declares a body over the limit and expects a 413 (or a closed connection) before it is read.
    mutating func oversized(_ path: String, _ bytes: Int, type: String = "application/x-www-form-urlencoded",
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try live.snapshot()
        let connection = try RawConnection(port: live.port)
        connection.send("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(live.port)\r\nCookie: \(browser.cookieHeader)\r\n"
            + "Content-Type: \(type)\r\nContent-Length: \(bytes)\r\n\r\n")
        connection.send([UInt8](repeating: 0x41, count: 16 * 1024))
        let status = (try? connection.readResponse())?.status
        cases += 1
        #expect(status == 413 || status == nil, "\(path) with \(bytes) bytes → \(String(describing: status))", sourceLocation: sourceLocation)
        #expect(try live.snapshot() == before, sourceLocation: sourceLocation)
    }

    /// A legitimate write the later checks build on: it must answer 303.
    func accepted(_ path: String, _ fields: [(String, String)], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let response = try browser.post(path, fields)
        #expect(response.status == 303, "valid \(path) → \(response.status): \(response.text.prefix(300))", sourceLocation: sourceLocation)
    }

    /// GETs `path` and expects 200 with no markup from the user's text unescaped.
    func escaped(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let response = try browser.get(path)
        #expect(response.status == 200, "\(path) → \(response.status)", sourceLocation: sourceLocation)
        #expect(!response.text.contains("<script>alert"), "\(path) shows a script unescaped", sourceLocation: sourceLocation)
        #expect(!response.text.contains("<img src=x") && !response.text.contains("<img/src"), "\(path) shows markup unescaped",
                sourceLocation: sourceLocation)
        return response.text
    }

    func healthy(sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try fetch(live.port, "/healthz").status == 200, "the server still answers", sourceLocation: sourceLocation)
    }
}

@Suite("Hostile input to Settings and Advisor over HTTP", .serialized)
struct HostileSettingsTests {
    @Test("Settings forms: missing fields, wrong types, out-of-range and undecodable values → 4xx, database unchanged")
    func settingsForms() throws {
        let live = try ConfiguredServer()
        var barrage = Barrage(live)
        let hideable = HouseholdSettings.Hideable.allCases.map { ($0.rawValue, "1") }
        let appearance = [("theme", "dark"), ("accent", "green"), ("newYear", "1")]
        let language = [("language", "en"), ("currency", "EUR")]
        let plan = [("emergencyShare", "40"), ("debtShare", "30"), ("goalShare", "30"), ("emergencyMonths", "3"),
                    ("horizonMonths", "24"), ("strategy", "snowball")]
        // Valid values first (legitimate writes), so a refused post has something to overwrite.
        for (path, fields) in [("/settings/profile", [("nickname", "Hostile")]), ("/settings/appearance", appearance),
                               ("/settings/language", language), ("/settings/plan", plan), ("/settings/visibility", hideable)] {
            try barrage.accepted(path, fields)
        }

        try barrage.form("/settings/profile", valid: [("nickname", "Hostile")], bad: ["nickname": [
            "\u{0}", "a\u{7}b", "a\u{1b}[2Jb", "a\u{FEFF}b", "a\u{85}b", String(repeating: "x", count: 41),
            String(repeating: "x", count: 10_000), String(repeating: "é", count: 41), script + String(repeating: "!", count: 20),
        ]])
        try barrage.form("/settings/appearance", valid: appearance, optional: ["newYear"], bad: [
            "theme": junk + ["", "DARK", "darkish", "sys tem"], "accent": junk + ["", "magenta", "Blue", "blue,red"],
        ])
        try barrage.form("/settings/language", valid: language, bad: [
            "language": junk + ["", "fr", "EN", "en-US", "ru,en"], "currency": junk + ["", "XXX", "EU", "EURO", "€", "usd;"],
        ])
        try barrage.form("/settings/plan", valid: plan, bad: [
            "emergencyShare": badIntegers(0...100) + ["0", "50", "100"],  // 0, 50 and 100 break the sum of 100
            "debtShare": badIntegers(0...100) + ["0", "99999999999999999999"],
            "goalShare": badIntegers(0...100) + ["0", "31"],
            "emergencyMonths": badIntegers(0...24), "horizonMonths": badIntegers(1...600) + ["0"],
            "strategy": junk + ["", "greedy", "Avalanche"],
        ])
        // Visibility is checkboxes only: any posted value means "shown", which is what was saved.
        try barrage.envelope("/settings/visibility", hideable)
        try barrage.post("/settings/visibility", hideable.map { ($0.0, script) }, "script values", status: 303)

        let feedback = [("email", "me@example.com"), ("telegram", "@hostile_user"),
                        ("description", "The plan page shows the wrong month after midnight.")]
        try barrage.form("/settings/feedback", valid: feedback, optional: ["email", "telegram"], bad: [
            "email": ["not-an-email", "a@b", "a b@c.de", "me@example.com\u{0}", "me@exa\u{7}mple.com", script + "@x",
                      String(repeating: "x", count: 250) + "@x.io", String(repeating: "x", count: 10_000), "' OR 1=1 --"],
            "telegram": ["@abc", "hostile_user", "@" + String(repeating: "a", count: 33), "@<script>", "@user\u{0}name",
                         "@юзер_name", "' OR 1=1 --", String(repeating: "x", count: 10_000)],
            "description": ["", "too short", String(repeating: " ", count: 40), String(repeating: "x", count: 5001),
                            String(repeating: "x", count: 20_000), "A long enough description \u{0} with a NUL",
                            "A long enough description \u{1b}[31m with an escape", "\u{FEFF}A long enough description with a BOM"],
            "attachLog": [],
        ])
        try barrage.form("/settings/feedback/url", valid: [("url", "https://feedback.example/api")], bad: ["url": [
            "javascript:alert(1)", "ftp://feedback.example", "file:///etc/passwd", "http://", "http:// feedback.example",
            "https://feedback.example/a b", "https://feedback.example/a\tb", "https://feedback.example/\u{0}", "https://feedback.example/\u{7}",
            "data:text/html," + script, "http://" + script, "//feedback.example", "' OR 1=1 --",
            "https://feedback.example/" + String(repeating: "a", count: 2001), String(repeating: "x", count: 10_000),
        ]])

        // Delete everything: only the typed word, nothing like it.
        try barrage.form("/settings/data/delete", valid: [("confirmDelete", "delete")], bad: ["confirmDelete": junk + [
            "", "delet", "delete please", "delete\u{0}", "de lete", "replace", "yes", "удалить!", "DELETE;--",
        ]])

        // The avatar: only a PNG, JPEG or WebP by content, at most 2 MB.
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let files: [(String, String, [UInt8])] = [
            ("x.png", "image/png", Array("<html><script>alert(1)</script></html>".utf8)),
            ("x.svg", "image/svg+xml", Array("<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>".utf8)),
            ("x.png", "image/png", png),
            ("x.jpg", "image/jpeg", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8)),
            ("x.jpg", "image/jpeg", [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 0x00]),
            ("x.webp", "image/webp", Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPJUNK".utf8)),
            ("x.gif", "image/gif", Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 64)),
            ("", "application/octet-stream", []),
            ("x.png", "image/png", []),
            ("x.png", "image/png", [UInt8](repeating: 0xFF, count: 1_000_000)),
        ]
        for (index, (name, type, bytes)) in files.enumerated() {
            let current = barrage
            try barrage.refused("/settings/avatar file #\(index) (\(name), \(bytes.count) bytes)") {
                try current.multipart("/settings/avatar", [], file: (name: "avatar", filename: name, type: type, bytes: bytes))
            }
        }
        let current = barrage
        try barrage.refused("/settings/avatar without a file part") { try current.multipart("/settings/avatar", [("avatar", "x")], file: nil) }
        try barrage.refused("/settings/avatar under another name") {
            try current.multipart("/settings/avatar", [], file: (name: "picture", filename: "x.png", type: "image/png", bytes: png))
        }
        try barrage.post("/settings/avatar", [("avatar", "not a file")], "urlencoded")
        try barrage.envelope("/settings/avatar", [])
        try barrage.oversized("/settings/avatar", BodyLimit.avatar + 1, type: "multipart/form-data; boundary=x")
        for path in ["/settings/profile", "/settings/plan", "/settings/feedback", "/settings/data/delete"] {
            try barrage.oversized(path, BodyLimit.form + 1)
        }

        // HTML/JS that a form stores is shown escaped: the settings page, the header badge, feedback.
        try barrage.accepted("/settings/profile", [("nickname", "<script>alert(1)</script><img src=x>")])
        try barrage.accepted("/settings/feedback", [("description", "\(script)<img src=x onerror=alert(2)> and \(sqlish)")])
        let settings = try barrage.escaped("/settings")
        #expect(settings.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        for path in ["/data", "/plan", "/calendar", "/advisor", "/settings/data", "/settings/privacy"] { _ = try barrage.escaped(path) }
        #expect(try barrage.escaped("/settings/feedback").contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(try live.snapshot().contains("DROP TABLE setting;--"), "SQL-ish text is stored as text")
        try barrage.healthy()
        #expect(barrage.cases > 400, "\(barrage.cases) cases")
    }

    @Test("Advisor forms: bad questions, settings and tokens → 4xx, database unchanged; text shown escaped")
    func advisorForms() throws {
        let live = try ConfiguredServer()
        var barrage = Barrage(live)
        let settings = [("provider", "builtin"), ("baseURL", ""), ("model", "gpt-4o-mini"), ("fallbackModel", "gpt-4o"),
                        ("timeout", "20"), ("questionLimit", "150"), ("dailyLimit", "20")]
        try barrage.accepted("/advisor/settings", settings)

        let badModels = ["", "gpt 4o", "модель", "gpt-4o\u{0}", "gpt\u{7}", String(repeating: "m", count: 101),
                         String(repeating: "m", count: 10_000)]
        let badSecrets = ["tok en", "tok\u{0}en", "тoken", String(repeating: "t", count: 513), String(repeating: "t", count: 10_000)]
        try barrage.form("/advisor/settings", valid: settings, optional: ["baseURL"], bad: [
            "provider": junk + ["", "openai", "Remote", "builtin,remote"],
            "baseURL": ["javascript:alert(1)", "ftp://llm.example", "file:///etc/passwd", "http://", "http://llm example", "http://llm.example/a\tb",
                        "https://llm.example/\u{0}", "https://llm.example/\u{7}", "//llm.example", "data:text/html," + script,
                        "https://llm.example/" + String(repeating: "v", count: 300), "' OR 1=1 --"],
            "model": badModels, "fallbackModel": badModels,
            "timeout": badIntegers(1...120) + ["0"], "questionLimit": badIntegers(100...150) + ["0"],
            "dailyLimit": badIntegers(1...1000) + ["0"],
            "clientToken": badSecrets, "bearerKey": badSecrets,
        ])
        // Remote chosen without an endpoint.
        try barrage.post("/advisor/settings", settings.map { $0.0 == "provider" ? ("provider", "remote") : $0 }, "remote without a URL")

        // Questions: empty, too long as the browser counts (UTF-16), control characters.
        let emoji151 = String(repeating: "😀", count: 75) + "?"
        #expect(emoji151.utf16.count == 151 && emoji151.count == 76)
        for question in ["", "   ", "\n\t", String(repeating: "a", count: 151), emoji151, String(repeating: "x", count: 10_000),
                         "How much \u{0} should I save?", "How much \u{7} should I save?", "Emergency fund \u{1b}[2J size?",
                         "\u{FEFF}How big should my fund be?"] {
            try barrage.post("/advisor/ask", [("q", question)], "q=\(question.prefix(20).debugDescription) (\(question.utf16.count) units)",
                             status: 422)
        }
        try barrage.post("/advisor/ask", [], "without q", status: 422)
        try barrage.post("/advisor/ask", [("checkup", "yes")], "checkup=yes without q", status: 422)
        try barrage.envelope("/advisor/ask", [("q", "How big should my emergency fund be?")])
        for path in ["/advisor/reset", "/advisor/delete", "/advisor/settings/reset-count"] { try barrage.envelope(path, []) }
        try barrage.envelope("/advisor/settings", settings)
        try barrage.post("/advisor/consent", [("q", "How big should my emergency fund be?"), ("consent", "1")], "POST")
        try barrage.oversized("/advisor/ask", BodyLimit.form + 1)
        try barrage.oversized("/advisor/settings", BodyLimit.form + 1)

        // The daily limit: once used up, a question is refused with 429 and nothing is stored.
        try barrage.accepted("/advisor/settings", settings.map { $0.0 == "dailyLimit" ? ("dailyLimit", "1") : $0 })
        try barrage.accepted("/advisor/ask", [("q", "How big should my emergency fund be? \(script)<img src=x>")])
        try barrage.post("/advisor/ask", [("q", "How do I pay off my debts faster?")], "over the daily limit", status: 429)
        try barrage.post("/advisor/ask", [("checkup", "1")], "check-up over the daily limit", status: 429)

        // Markup in what the advisor stores or shows back: the question, the model, the endpoint.
        #expect(try barrage.escaped("/advisor").contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        try barrage.accepted("/advisor/settings", [("provider", "remote"), ("baseURL", "http://127.0.0.1:9/v1?a=%22%3E%3Cimg%20src=x%3E"),
                                                   ("model", "\"><script>alert(3)</script>"), ("fallbackModel", "<img\u{2F}src=x>"),
                                                   ("timeout", "1"), ("questionLimit", "150"), ("dailyLimit", "5")])
        for path in ["/advisor", "/advisor/settings", "/advisor/consent?q=%3Cscript%3Ealert(4)%3C%2Fscript%3E", "/advisor/delete",
                     "/settings"] {
            _ = try barrage.escaped(path)
        }
        for path in ["/advisor/consent?q=%FF%FE", "/advisor/consent?q=%zz"] {
            let status = try barrage.browser.get(path).status
            #expect(status == 400, "\(path) → \(status)")
        }
        try barrage.healthy()
        #expect(barrage.cases > 200, "\(barrage.cases) cases")
    }

    @Test("import: not JSON, truncated, wrong version, out-of-range values, unmatched confirmation, 45 MB of junk → 422; over 50 MB → 413")
    func importFiles() throws {
        let live = try ConfiguredServer()
        var barrage = Barrage(live)
        // One entry, so the household holds data and replacing it needs the typed word.
        try barrage.accepted("/data/entry", [("name", "Hostile entry"), ("amount", "12.34"), ("date", "2026-11-20"),
                                             ("kind", "expense"), ("status", "actual"), ("category", "other"), ("note", "")])
        let export = try barrage.browser.get("/api/v1/export").text
        #expect(export.contains("\"amount\":1234") && export.contains("\"date\":\"2026-11-20\""), "\(export.prefix(600))")
        func tampered(_ pairs: (String, String)...) -> [UInt8] {
            var text = export
            for (from, to) in pairs {
                #expect(text.contains(from), "\(from) is in the export")
                text = text.replacingOccurrences(of: from, with: to)
            }
            return Array(text.utf8)
        }
        let documents: [(String, [UInt8])] = [
            ("empty", []),
            ("not JSON", Array("this is not JSON, it is a shopping list".utf8)),
            ("CSV", Array("name,amount\nrent,100\n".utf8)),
            ("HTML", Array("<html>\(script)</html>".utf8)),
            ("truncated", Array(export.utf8.prefix(export.utf8.count / 2))),
            ("truncated at the end", Array(export.utf8.dropLast(2))),
            ("a JSON array", Array("[1,2,3]".utf8)),
            ("a JSON string", Array("\"finmind-export\"".utf8)),
            ("nested 100 deep", Array((String(repeating: "[", count: 100) + String(repeating: "]", count: 100)).utf8)),
            ("wrong format", tampered(("\"format\":\"finmind-export\"", "\"format\":\"other-app\""))),
            ("version 2", tampered(("\"version\":1", "\"version\":2"))),
            ("version 0", tampered(("\"version\":1", "\"version\":0"))),
            ("version -1", tampered(("\"version\":1", "\"version\":-1"))),
            ("version \"1\"", tampered(("\"version\":1", "\"version\":\"1\""))),
            ("version 1.0", tampered(("\"version\":1", "\"version\":1.0"))),
            ("version 99999999999999999999", tampered(("\"version\":1", "\"version\":99999999999999999999"))),
            ("household as array", tampered(("\"household\":{", "\"household\":[{"), ("\n}}\n", "\n}]}\n"))),
            // A negative expense is a refund (docs/engine-rules.md, "Refunds in a statement"): refused only beyond the limit.
            ("negative amount beyond the limit", tampered(("\"amount\":1234", "\"amount\":-1000000000001"))),
            ("zero amount", tampered(("\"amount\":1234", "\"amount\":0"))),
            ("amount over 10^15", tampered(("\"amount\":1234", "\"amount\":1000000000000001"))),
            ("amount beyond Int64", tampered(("\"amount\":1234", "\"amount\":99999999999999999999"))),
            ("amount as a fraction", tampered(("\"amount\":1234", "\"amount\":12.34"))),
            ("amount as text", tampered(("\"amount\":1234", "\"amount\":\"1234\""))),
            ("amount as true", tampered(("\"amount\":1234", "\"amount\":true"))),
            ("amount null", tampered(("\"amount\":1234", "\"amount\":null"))),
            ("date in year 0", tampered(("\"date\":\"2026-11-20\"", "\"date\":\"0000-01-01\""))),
            ("date in year 99999", tampered(("\"date\":\"2026-11-20\"", "\"date\":\"99999-01-01\""))),
            ("date 2026-02-30", tampered(("\"date\":\"2026-11-20\"", "\"date\":\"2026-02-30\""))),
            ("date as SQL", tampered(("\"date\":\"2026-11-20\"", "\"date\":\"2026-11-20' OR '1'='1\""))),
            ("name with a control character", tampered(("\"name\":\"Hostile entry\"", "\"name\":\"Hostile\\u0007entry\""))),
            ("name of 81 characters", tampered(("\"name\":\"Hostile entry\"", "\"name\":\"\(String(repeating: "x", count: 81))\""))),
            ("kind unknown", tampered(("\"kind\":\"expense\"", "\"kind\":\"gift\""))),
            ("unknown table", tampered(("\"household\":{", "\"household\":{\"evil\":[{\"x\":1}],"))),
            ("unknown column", tampered(("\"amount\":1234", "\"amount\":1234,\"evil\":1"))),
            ("SQL in a table name", tampered(("\"household\":{", "\"household\":{\"entry\\\"; DROP TABLE setting;--\":[],"))),
            ("invalid UTF-8 in a string", Array(export.utf8).swapping(Array("Hostile entry".utf8), with: [0x48, 0xFF, 0xFE, 0x79])),
            ("a lone surrogate", tampered(("\"name\":\"Hostile entry\"", "\"name\":\"\\ud800\""))),
            ("trailing junk", Array((export + "{}").utf8)),
        ]
        for (name, bytes) in documents {
            let current = barrage
            try barrage.refused("import \(name)", status: 422) {
                try current.multipart("/settings/data/import", [("confirm", "replace")],
                                      file: (name: "file", filename: "finmind.json", type: "application/json", bytes: bytes))
            }
        }
        // A good document: into a household with data only after the exact typed word.
        let good = Array(export.utf8)
        for confirm in ["", "replac", "replace please", "delete", "yes", "replace\u{0}", script, sqlish, String(repeating: "r", count: 10_000)] {
            let current = barrage
            try barrage.refused("import confirm=\(confirm.prefix(20).debugDescription)", status: 422) {
                try current.multipart("/settings/data/import", [("confirm", confirm)],
                                      file: (name: "file", filename: "finmind.json", type: "application/json", bytes: good))
            }
        }
        let current = barrage
        try barrage.refused("import without a file", status: 422) { try current.multipart("/settings/data/import", [("confirm", "replace")], file: nil) }
        try barrage.refused("import with the file under another name", status: 422) {
            try current.multipart("/settings/data/import", [("confirm", "replace")],
                                  file: (name: "upload", filename: "finmind.json", type: "application/json", bytes: good))
        }
        try barrage.post("/settings/data/import", [("confirm", "replace"), ("file", export)], "urlencoded", status: 422)
        try barrage.envelope("/settings/data/import", [("confirm", "replace")])

        // Large files under the 50 MB limit: 45 MB of junk, and a well-formed document with one
        // 8 MB name (read in full, refused by the name's limit and rolled back).
        let size = 45 * 1024 * 1024
        let chunk = (0..<4096).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) | 0x80 }
        var junkBytes: [UInt8] = []
        junkBytes.reserveCapacity(size)
        while junkBytes.count < size { junkBytes.append(contentsOf: chunk) }
        try barrage.refused("import of 45 MB of junk", status: 422) {
            try current.multipart("/settings/data/import", [("confirm", "replace")],
                                  file: (name: "file", filename: "junk.json", type: "application/json", bytes: junkBytes))
        }
        let huge = Array(#"{"format":"finmind-export","version":1,"household":{"entry":[{"name":""#.utf8)
            + [UInt8](repeating: 0x78, count: 8 * 1024 * 1024) + Array(#""}]}}"#.utf8)
        try barrage.refused("import of an 8 MB name", status: 422) {
            try current.multipart("/settings/data/import", [("confirm", "replace")],
                                  file: (name: "file", filename: "huge.json", type: "application/json", bytes: huge))
        }
        try barrage.oversized("/settings/data/import", BodyLimit.importFile + 1, type: "multipart/form-data; boundary=x")
        try barrage.oversized("/settings/data/import", 1 << 40, type: "multipart/form-data; boundary=x")
        try barrage.healthy()
        #expect(try barrage.browser.get("/api/v1/export").text.contains("\"amount\":1234"), "the entry is still there")
    }
}

private extension Array where Element == UInt8 {
    func swapping(_ old: [UInt8], with new: [UInt8]) -> [UInt8] {
        guard let range = firstRange(of: old) else { return self }
        return Array(self[..<range.lowerBound]) + new + Array(self[range.upperBound...])
    }
}
