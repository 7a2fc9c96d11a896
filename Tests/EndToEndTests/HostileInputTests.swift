import Foundation
import HTTPCore
import Testing
@testable import Web

// Hostile input over real HTTP on loopback (docs/product-rules.md, "Running safely"): every form posted with missing
// fields, wrong types, huge, negative and zero amounts, impossible dates, invalid UTF-8
// and control characters answers 4xx and leaves every table as it was; HTML/JS and
// SQL-ish text is stored verbatim and shown escaped on every page it reaches.

/// The pages whose forms the suite attacks, with a valid value for each kind of control.
private let formPages = [
    "/data/income/new?type=recurring", "/data/expense/new?type=recurring", "/data/entry/new?kind=expense",
    "/data/entry/new?kind=income", "/data/debt/new?mode=payment", "/data/debt/new?mode=loan", "/data/goal/new",
    "/data/emergency", "/calendar/2026-11-21",
]

/// A valid value for a control of `kind` named `name`.
private func validValue(_ control: FormControl) -> String {
    switch control.kind {
    case .money: control.name == "saved" ? "10" : "100"
    case .date: "2026-11-21"
    case .number: "12"
    case .text: control.value.isEmpty ? "Hostile check" : control.value
    case .textarea: ""
    case .select: control.value.isEmpty ? (control.options.first { !$0.isEmpty } ?? "") : control.value
    case .hidden, .checkbox: control.value
    }
}

/// Values each kind of control must refuse.
private func badValues(_ control: FormControl) -> [String] {
    let everywhere = ["\u{0}", "a\u{7}b", String(repeating: "9", count: 400)]
    switch control.kind {
    case .money where control.name == "saved":
        return everywhere + ["abc", "-5", "-0,01", "10000000000000.01", "1e20", "NaN", "100.001"]
    case .money:
        return everywhere + ["abc", "-5", "0", "0,00", "10000000000000.01", "1000000000000001", "1e20", "NaN", "1,2,3",
                             "100.001", "٣", "99999999999999999999999999"]
    case .date:
        return everywhere + ["0000-01-01", "99999-01-01", "2026-02-30", "1899-12-31", "2200-01-01", "2026-13-01", "../2026-11-21",
                             "2026-11-21' OR '1'='1"]
    case .number:
        return everywhere + ["-1", "abc", "601", "1.5", "99999999999999999999"]
    case .text where control.name == "name":
        return everywhere + [String(repeating: "x", count: 81), " "]
    case .text, .textarea:
        return ["\u{0}", "a\u{1b}b", String(repeating: "x", count: 501)]
    case .select:
        return ["not-an-option", "' OR 1=1 --", "\u{0}"]
    case .hidden, .checkbox:
        return []
    }
}

@Suite("Hostile input over HTTP", .serialized)
struct HostileInputTests {
    @Test("every form: missing fields, wrong types, out-of-range values → 4xx, database unchanged")
    func formsRefuseBadValues() throws {
        let live = try ConfiguredServer()
        let browser = RawBrowser(port: live.port)
        var attacked = 0
        for page in formPages {
            let html = try browser.get(page).text
            let forms = FormReader.forms(in: html).filter { !["/language", "/data/undo"].contains($0.action) }
            let path = String(page.split(separator: "?")[0])
            let form = try #require(forms.first { !$0.controls.isEmpty && (!path.hasPrefix("/calendar") || $0.action == path) },
                                    "no form on \(page)")
            let valid = form.controls.map { ($0.name, validValue($0)) }
            var before = try live.snapshot()
            // Missing every field, then each field missing in turn (optional ones may pass).
            #expect((400..<500).contains(try browser.post(form.action, []).status), "\(page) empty")
            for control in form.controls where control.kind != .hidden && control.kind != .textarea {
                let response = try browser.post(form.action, valid.filter { $0.0 != control.name })
                #expect(response.status < 500, "\(page) without \(control.name)")
                if response.status == 303 {
                    before = try live.snapshot()
                } else {
                    #expect(try live.snapshot() == before, "\(page) without \(control.name) → \(response.status)")
                }
            }
            let afterMissing = try live.snapshot()
            for control in form.controls {
                for bad in badValues(control) {
                    let fields = valid.map { $0.0 == control.name ? ($0.0, bad) : $0 }
                    let response = try browser.post(form.action, fields)
                    #expect((400..<500).contains(response.status), "\(page) \(control.name)=\(bad.prefix(40).debugDescription) → \(response.status)")
                    attacked += 1
                }
            }
            // Invalid UTF-8 in a value and a name, and a malformed percent-escape.
            let encoded = RawBrowser.encode(valid + [("_csrf", browser.csrf), ("_form", Tokens.random(bytes: 16))])
            for body in [encoded + "&name=%FF%FE", encoded + "&%C3%28=1", encoded + "&amount=%zz", "\u{FF}\u{FE}" + encoded] {
                let response = try browser.post(form.action, body: Array(body.utf8))
                #expect((400..<500).contains(response.status), "\(page) undecodable body → \(response.status)")
            }
            #expect(try live.snapshot() == afterMissing, "\(page): a refused value changed the database")
            _ = before
        }
        #expect(attacked > 200)
    }

    @Test("wrong encodings, a missing or foreign CSRF token, unknown methods")
    func envelope() throws {
        let live = try ConfiguredServer()
        let browser = RawBrowser(port: live.port)
        let before = try live.snapshot()
        let fields = [("name", "x"), ("amount", "100"), ("date", "2026-11-21"), ("kind", "expense"), ("status", "actual")]
        #expect(try browser.post("/data/entry", body: Array("{\"name\":1}".utf8), contentType: "application/json").status == 415)
        #expect(try browser.post("/data/entry", body: Array("--x\r\nbroken".utf8),
                                 contentType: "multipart/form-data; boundary=x").status == 400)
        #expect(try browser.post("/data/entry", body: Array(RawBrowser.encode(fields).utf8)).status == 403)
        #expect(try browser.post("/data/entry", body: Array(RawBrowser.encode(fields + [("_csrf", Tokens.random())]).utf8)).status == 403)
        for method in ["PUT", "DELETE", "PATCH", "TRACE", "OPTIONS"] {
            let status = try fetch(live.port, "/data", method: method).status
            #expect((400..<500).contains(status), "\(method) → \(status)")
        }
        #expect(try live.snapshot() == before)
    }

    @Test("HTML/JS and SQL-ish text is stored verbatim and rendered escaped everywhere, charts and calendar included")
    func scriptsAreEscaped() throws {
        let live = try ConfiguredServer()
        let browser = RawBrowser(port: live.port)
        let script = #"<script>alert(1)</script>"'><img src=x onerror=alert(2)>"#
        let sql = "Robert'); DROP TABLE entry;--"
        let posts: [(String, [(String, String)])] = [
            ("/data/income", [("name", script), ("amount", "5000"), ("period", "monthly"), ("startDate", "2026-11-01")]),
            ("/data/goal", [("name", script + " goal"), ("target", "1000"), ("saved", "10")]),
            ("/data/debt", [("mode", "payment"), ("name", script + " debt"), ("monthlyPayment", "100")]),
            ("/data/categories", [("name", script + " cat")]),
            ("/calendar/2026-11-21", [("name", sql), ("amount", "10"), ("kind", "expense"), ("category", "other"),
                                      ("note", script)]),
            ("/data/entry", [("name", script + " entry"), ("amount", "10"), ("date", "2026-11-20"), ("kind", "expense"),
                             ("status", "actual"), ("category", "other"), ("note", sql)]),
        ]
        var stored = 0
        for (path, fields) in posts {
            let page = path == "/calendar/2026-11-21" ? path : path == "/data/categories" ? "/data" : "/data\(path.dropFirst(5))/new"
            // Use the rendered form's other controls so the post is otherwise valid.
            let html = try browser.get(page.contains("income") ? page + "?type=recurring" : page.contains("debt") ? page + "?mode=payment" : page).text
            let form = FormReader.forms(in: html).first { $0.action.hasPrefix(path) }
            var all = form?.controls.map { ($0.name, validValue($0)) } ?? []
            for (name, value) in fields { all.removeAll { $0.0 == name }; all.append((name, value)) }
            let response = try browser.post(form?.action ?? path, all)
            if response.status == 303 { stored += 1 }
        }
        #expect(stored >= 4, "most hostile-but-valid texts are accepted")
        #expect(try live.snapshot().contains("DROP TABLE entry"), "SQL-ish text is stored as text")
        for path in ["/data", "/calendar", "/calendar/2026-11", "/calendar/2026-11-21", "/calendar/2026-11-20", "/plan",
                     "/advisor", "/settings", "/api/v1/plan", "/api/v1/budget", "/api/v1/calendar/2026-11"] {
            let response = try browser.get(path)
            #expect(response.status == 200, "\(path)")
            #expect(!response.text.contains("<script>alert"), "\(path) shows a script unescaped")
            #expect(!response.text.contains("<img src=x"), "\(path) shows markup unescaped")
        }
        #expect(try browser.get("/data").text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test("path tricks on static files and calendar dates")
    func pathTricks() throws {
        let live = try ConfiguredServer()
        for path in ["/static/../Package.swift", "/static/%2e%2e/Package.swift", "/static/%2E%2E%2FPackage.swift",
                     "/static//etc/passwd", "/static/app.css%00.txt", "/static/.%2e/.%2e/README.md", "/static/%c0%ae%c0%ae/x",
                     "/static/..%5c..%5cPackage.swift", "/static/.gitignore", "/static/", "/static/%FF"] {
            let response = try fetch(live.port, path)
            #expect((400..<500).contains(response.status), "\(path) → \(response.status)")
            #expect(!response.text.contains("PackageDescription") && !response.text.contains("root:"), "\(path)")
        }
        for path in ["/calendar/0000-01-01", "/calendar/99999-01-01", "/calendar/2026-02-29", "/calendar/2026-13",
                     "/calendar/1899-12", "/calendar/2200-01", "/calendar/2026-1-1", "/calendar/-2026-01",
                     "/calendar/2026-11-21/../../data", "/calendar/%2e%2e", "/calendar/2026-11-21%00", "/calendar/2026-11-21/x",
                     "/api/v1/calendar/99999-01", "/data/entry/99999999999999999999/edit", "/data/entry/-1/edit", "/data/entry/0/edit",
                     "/data/%FF%FE", "/nope/\u{0}"] {
            let response = try fetch(live.port, path.replacingOccurrences(of: "\u{0}", with: "%00"))
            #expect((400..<500).contains(response.status), "\(path) → \(response.status)")
        }
    }
}
