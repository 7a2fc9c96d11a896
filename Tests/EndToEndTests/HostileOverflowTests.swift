import Foundation
import HTTPCore
import Testing
@testable import Web

// One GET used to kill the server. The Plan's category percentages
// multiplied a saturated Int64 total by 100 and trapped on a libmicrohttpd worker, which
// ends the whole process (Swift cannot contain a trap per request). Every figure a
// household's data can push past 64 bits is now computed in 128 bits and shown clamped.

extension RawBrowser {
    /// POSTs `bytes` as the import form's file (multipart, with fresh tokens).
    func postImport(_ bytes: [UInt8], confirm: String = "replace", filename: String = "finmind.json") throws -> RawResponse {
        try postMultipart("/settings/data/import", [("confirm", confirm)],
                          file: (name: "file", filename: filename, type: "application/json", bytes: bytes))
    }

    /// POSTs a multipart body: `fields`, the tokens and `file` when given.
    func postMultipart(_ path: String, _ fields: [(String, String)],
                       file: (name: String, filename: String, type: String, bytes: [UInt8])?) throws -> RawResponse {
        let boundary = "----overflow" + Tokens.random(bytes: 8)
        var body: [UInt8] = []
        for (name, value) in fields + [("_csrf", formCSRF), ("_form", Tokens.random(bytes: 16))] {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        if let file {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.name)\"; filename=\"\(file.filename)\"\r\nContent-Type: \(file.type)\r\n\r\n".utf8)
            body += file.bytes + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return try post(path, body: body, contentType: "multipart/form-data; boundary=\(boundary)")
    }
}

@Suite("Hostile: figures past 64 bits over HTTP", .serialized)
struct HostileOverflowTests {
    /// The pages and API answers a household with huge figures must still serve.
    static let pages = ["/plan", "/plan?interval=year&from=1900-01-01&to=2199-12-31",
                        "/plan?interval=year&from=1900-01-01&to=2199-12-31&view=actual&categories=actual",
                        "/plan?interval=quarter&from=2100-01-01&to=2199-12-31", "/plan?schedule=1",
                        "/data", "/calendar", "/calendar/1900-01", "/calendar/2199-12", "/calendar/2026-11",
                        "/calendar/1900-01-01", "/api/v1/budget", "/api/v1/budget?year=1900", "/api/v1/plan",
                        "/api/v1/calendar/2026-11", "/api/v1/export", "/settings/data/export.zip", "/advisor"]

    private func expectAllServed(_ browser: RawBrowser, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for path in Self.pages {
            let response = try browser.get(path)
            #expect(response.status == 200, "\(path) → \(response.status)", sourceLocation: sourceLocation)
        }
        #expect(try browser.get("/healthz").status == 200, "the server lives", sourceLocation: sourceLocation)
    }

    @Test("six weekly expenses of 10^12 from 1900: GET /plan over 1900–2199 answers 200 and the server lives")
    func sixWeeklyExpenses() throws {
        let live = try ConfiguredServer()
        let browser = RawBrowser(port: live.port)
        for index in 1...6 {
            let response = try browser.post("/data/expense", [
                ("name", "Max \(index)"), ("amount", "10000000000"), ("category", "food"), ("periodicity", "weekly"),
                ("start", "1900-01-01"), ("end", "")])
            #expect(response.status == 303, "the form accepts the maximum: \(response.status)")
        }
        let attack = try browser.get("/plan?interval=year&from=1900-01-01&to=2199-12-31")
        #expect(attack.status == 200)
        #expect(attack.text.contains("100%"), "one category holds the whole share")
        try expectAllServed(browser)
    }

    @Test("an import of 1,800 weekly items at the maximum: the default /plan and every page answer 200")
    func importedMaximum() throws {
        let live = try ConfiguredServer()
        let browser = RawBrowser(port: live.port)
        let export = try browser.get("/api/v1/export").text
        var rows: [String] = []
        // 1,800 × 52 weeks × 10^12 × 100 passes Int64 in the default period's category share.
        for id in 1...1800 {
            rows.append(#"{"amount":1000000000000,"category":"food","createdAt":"2026-11-21T00:00:00Z","deletedAt":null,"endDate":null,"id":\#(id),"kind":"expense","name":"Max \#(id)","periodicity":"weekly","startDate":"1900-01-01"}"#)
        }
        for id in 1...600 {
            rows.append(#"{"amount":1000000000000,"category":null,"createdAt":"2026-11-21T00:00:00Z","deletedAt":null,"endDate":null,"id":\#(2000 + id),"kind":"income","name":"Pay \#(id)","periodicity":"weekly","startDate":"1900-01-01"}"#)
        }
        let document = export.replacingOccurrences(of: "\"recurringItem\":[]", with: "\"recurringItem\":[\n" + rows.joined(separator: ",\n") + "\n]")
        #expect(document != export, "the export lists the recurring items")
        let imported = try browser.postImport(Array(document.utf8))
        #expect(imported.status == 303, "\(imported.status): \(imported.text.prefix(400))")
        for path in ["/plan", "/data", "/calendar/2026-11", "/api/v1/budget", "/api/v1/plan", "/advisor", "/plan?interval=week"] {
            let response = try browser.get(path)
            #expect(response.status == 200, "\(path) → \(response.status)")
        }
        #expect(try browser.get("/healthz").status == 200, "the server lives")
    }
}
