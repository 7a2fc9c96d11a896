import Foundation
import HTTPCore
import GRDB
@testable import Storage
import Engine
import Testing
@testable import Web

// Imports that redirected the Advisor and its secrets, that
// swallowed memory, and that left impossible states.

@Suite("Hostile imports over HTTP", .serialized)
struct HostileImportTests {
    /// A live server whose Advisor is set up through its form for `stub` (token and key
    /// typed there), past its first check-up, with consent given by a first question.
    static func advisedHousehold(_ stub: CompletionsStub) throws -> (ConfiguredServer, RawBrowser) {
        let live = try ConfiguredServer()
        let browser = RawBrowser(port: live.port)
        let saved = try browser.post("/advisor/settings", [
            ("provider", "remote"), ("baseURL", stub.baseURL), ("model", "gpt-4o-mini"), ("fallbackModel", "gpt-4o"),
            ("timeout", "10"), ("questionLimit", "100"), ("dailyLimit", "20"),
            ("clientToken", "client-token-household"), ("bearerKey", "sk-household-bearer-key")])
        #expect(saved.status == 303, "advisor settings: \(saved.status) \(saved.text.prefix(300))")
        #expect(try browser.post("/data/income", [("name", "Salary"), ("amount", "3000"), ("periodicity", "monthly"),
                                                  ("start", "2026-01-01"), ("end", "")]).status == 303)
        #expect(try browser.post("/advisor/ask", [("checkup", "1")]).status == 303)
        #expect(try browser.post("/advisor/ask", [("q", "Should I start investing?"), ("consent", "1")]).status == 303)
        #expect(stub.requests.count == 1, "the household's endpoint answers the first remote question")
        return (live, browser)
    }

    @Test("a crafted import that points the Advisor and feedback at an attacker changes no endpoint, consent or secret")
    func importCannotRedirectAdvisor() throws {
        let household = try CompletionsStub(["gpt-4o-mini": .answer("Keep three months of expenses aside first.")])
        let attacker = try CompletionsStub(["gpt-4o-mini": .answer("Thanks for the key.")])
        let (live, browser) = try Self.advisedHousehold(household)
        let settingsBefore = try live.database.settings()
        let secretsBefore = try live.database.secretValues()

        var document = try browser.get("/api/v1/export").text
        #expect(document.contains(household.baseURL))
        document = document.replacingOccurrences(of: household.baseURL, with: attacker.baseURL)
        document = document.replacingOccurrences(of: "\"setting\":[", with: "\"setting\":[\n"
            + #"{"key":"feedback.url","value":"\#(attacker.baseURL)/feedback"},"#)
        #expect(document.contains("\"advisor.consent\",\"value\":\"\(attacker.baseURL)\"")
                || document.contains("\"value\":\"\(attacker.baseURL)\""), "the document names the attacker")
        let imported = try browser.postImport(Array(document.utf8))
        #expect(imported.status == 303, "\(imported.status): \(imported.text.prefix(300))")

        let settingsAfter = try live.database.settings()
        for key in ["advisor.provider", "advisor.baseURL", "advisor.consent", "feedback.url"] {
            #expect(settingsAfter[key] == settingsBefore[key], "\(key): \(settingsAfter[key] ?? "unset")")
        }
        #expect(try live.database.secretValues() == secretsBefore, "the stored token and key stay")
        #expect(try browser.post("/advisor/ask", [("q", "How big should my emergency fund be?")]).status == 303)
        #expect(attacker.requests.isEmpty, "no question goes to the attacker")
        let asked = try #require(household.requests.last)
        #expect(household.requests.count == 2)
        #expect(asked.headers["Authorization"] == "Bearer sk-household-bearer-key")
        #expect(try browser.get("/healthz").status == 200)
    }

    @Test("secrets are bound to the base URL they were typed for: another endpoint never receives them")
    func secretsBoundToEndpoint() throws {
        let household = try CompletionsStub(["gpt-4o-mini": .answer("Pay the card with the highest rate first.")])
        let other = try CompletionsStub(["gpt-4o-mini": .answer("Hello.")])
        let (live, browser) = try Self.advisedHousehold(household)

        // Any other path that changes the base URL (here the database itself): nothing is sent with the secrets.
        try live.database.saveSettings(["advisor.baseURL": other.baseURL, "advisor.consent": other.baseURL])
        #expect(try browser.post("/advisor/ask", [("q", "Which debt should I pay first?")]).status == 303)
        let seen = try #require(other.requests.last)
        #expect(seen.headers["Authorization"] == nil && seen.headers["x-client-token"] == nil, "\(seen.headers)")
        #expect(try live.database.secret("advisor.bearerKey") == nil, "secrets of another endpoint are dropped")

        // The form: a new base URL without new secrets drops the old ones and asks consent again.
        #expect(try browser.post("/advisor/settings", [
            ("provider", "remote"), ("baseURL", other.baseURL), ("model", "gpt-4o-mini"), ("fallbackModel", "gpt-4o"),
            ("timeout", "10"), ("questionLimit", "100"), ("dailyLimit", "20"), ("bearerKey", "sk-typed-for-other")]).status == 303)
        #expect(try live.database.secret("advisor.bearerKey") == "sk-typed-for-other")
        let saved = try browser.post("/advisor/settings", [
            ("provider", "remote"), ("baseURL", other.baseURL + "/x"), ("model", "gpt-4o-mini"), ("fallbackModel", "gpt-4o"),
            ("timeout", "10"), ("questionLimit", "100"), ("dailyLimit", "20")])
        #expect(saved.status == 303)
        #expect(try live.database.secret("advisor.bearerKey") == nil && live.database.secret("advisor.clientToken") == nil)
        #expect(try live.database.settings()["advisor.consent"] == "")

        // A stored base URL the form would refuse counts as unset: the built-in advisor answers.
        try live.database.saveSettings(["advisor.baseURL": "javascript:alert(1)", "advisor.consent": "javascript:alert(1)"])
        let before = other.requests.count
        #expect(try browser.post("/advisor/ask", [("q", "How much should I save a month?")]).status == 303)
        #expect(other.requests.count == before)
    }

    // MARK: - Impossible states

    /// A 1×1 PNG, and one with a valid signature and header chunk name but junk after.
    static let png: [UInt8] = Array(Data(base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!)
    static let fakePNG: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        + Array("arbitrary bytes, not a picture at all".utf8)

    @Test("imports that would leave impossible states are refused as the forms refuse them; missing built-ins are re-seeded")
    func impossibleStates() throws {
        let live = try ConfiguredServer()
        let browser = RawBrowser(port: live.port)
        #expect(try browser.post("/data/entry", [("name", "Lunch"), ("amount", "12.34"), ("date", "2026-11-20"), ("kind", "expense"),
                                                 ("status", "actual"), ("category", "other"), ("note", "")]).status == 303)
        let export = try browser.get("/api/v1/export").text
        func tampered(_ pairs: (String, String)...) -> [UInt8] {
            var text = export
            for (from, to) in pairs {
                #expect(text.contains(from), "\(from) is in the export")
                text = text.replacingOccurrences(of: from, with: to)
            }
            return Array(text.utf8)
        }
        let category = #"{"key":"other","name":null,"position":9}"#
        let refused: [(String, [UInt8])] = [
            ("a custom key at Int64's maximum", tampered((category, category + #",{"key":"custom-9223372036854775807","name":"Huge","position":10}"#))),
            ("a custom key with leading zeros", tampered((category, category + #",{"key":"custom-01","name":"Zero","position":10}"#))),
            ("a key the app never makes", tampered((category, category + #",{"key":"evil","name":"Evil","position":10}"#))),
            ("a custom category without a name", tampered((category, category + #",{"key":"custom-1","name":null,"position":10}"#))),
            ("a custom category named like a built-in", tampered((category, category + #",{"key":"custom-1","name":"Food","position":10}"#))),
            ("two categories with one name", tampered((category, category + #",{"key":"custom-1","name":"Cafe","position":10},{"key":"custom-2","name":"CAFE","position":11}"#))),
            ("a built-in with a name", tampered((category, #"{"key":"other","name":"Misc","position":9}"#))),
            ("a name of spaces", tampered(("\"name\":\"Lunch\"", "\"name\":\"   \""))),
            ("an actual entry in the future", tampered(("\"date\":\"2026-11-20\"", "\"date\":\"2027-01-01\""))),
            ("an avatar of arbitrary bytes", tampered(("\"avatar\":[]", "\"avatar\":[" + avatarRow(Self.fakePNG, "image/png") + "]"))),
            ("feedback with a Telegram name the form refuses", tampered(("\"feedback\":[]", "\"feedback\":[" + feedbackRow(telegram: "\"@a-b-c-d\"") + "]"))),
            ("feedback with an email the form refuses", tampered(("\"feedback\":[]", "\"feedback\":[" + feedbackRow(email: "\"not an email\"") + "]"))),
            ("feedback with a control character", tampered(("\"feedback\":[]", "\"feedback\":[" + feedbackRow(description: "Twenty characters \\u0007 or more") + "]"))),
            ("a PNG avatar labelled JPEG", tampered(("\"avatar\":[]", "\"avatar\":[" + avatarRow(Self.png, "image/jpeg") + "]"))),
        ]
        for (label, bytes) in refused {
            let before = try live.snapshot()
            let response = try browser.postImport(bytes)
            #expect(response.status == 422, "\(label) → \(response.status)")
            #expect(response.text.contains(#"role="alert""#), "\(label): a message")
            #expect(try live.snapshot() == before, "\(label) changed the database")
        }

        // Without the category and emergencyFund tables: the built-ins and the fund's row come back.
        var document = export
        for table in ["category", "emergencyFund"] {
            let start = try #require(document.range(of: "\"\(table)\":["))
            let end = try #require(document.range(of: "]", range: start.upperBound..<document.endIndex))
            let after = document[end.upperBound...].hasPrefix(",") ? document.index(after: end.upperBound) : end.upperBound
            document.removeSubrange(start.lowerBound..<after)
        }
        #expect(!document.contains("\"category\":[") && !document.contains("\"emergencyFund\":["))
        #expect(try browser.postImport(Array(document.utf8)).status == 303)
        let categories = try live.database.categories().map(\.key)
        #expect(categories == AppDatabase.builtInCategories)
        #expect(try browser.post("/data/categories", [("name", "Cafe")]).status == 303, "adding a category works")
        #expect(try browser.post("/data/emergency", [("saved", "100")]).status == 303, "the fund can be saved")
        #expect(try browser.get("/data").status == 200 && browser.get("/plan").status == 200)

        // A real picture imports; its name is trimmed as the form trims it.
        let good = Array(export.replacingOccurrences(of: "\"avatar\":[]", with: "\"avatar\":[" + avatarRow(Self.png, "image/png") + "]")
            .replacingOccurrences(of: "\"name\":\"Lunch\"", with: "\"name\":\"  Lunch  \"").utf8)
        #expect(try browser.postImport(good).status == 303)
        #expect(try live.database.avatar()?.bytes == Self.png)
        #expect(try browser.get("/api/v1/export").text.contains("\"name\":\"Lunch\""))
    }

    @Test("an uploaded avatar with a picture's signature but arbitrary bytes is refused")
    func avatarUpload() throws {
        let live = try ConfiguredServer()
        let browser = RawBrowser(port: live.port)
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x08, 1, 1, 0, 0, 0x3F, 0] + Array("junk".utf8) + [0xFF, 0xD9]
        let webp = Array("RIFF".utf8) + [16, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [4, 0, 0, 0] + Array("junk".utf8)
        for (name, type, bytes) in [("x.png", "image/png", Self.fakePNG), ("x.jpg", "image/jpeg", jpeg), ("x.webp", "image/webp", webp),
                                    ("x.png", "image/png", Array(Self.png.dropLast(4)) + [0, 0, 0, 0])] {
            let response = try browser.postMultipart("/settings/avatar", [], file: (name: "avatar", filename: name, type: type, bytes: bytes))
            #expect(response.status == 422, "\(name) → \(response.status)")
        }
        #expect(try live.database.avatar() == nil)
        let webpImage = [UInt8](Data(base64Encoded: "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==")!)
        for (name, type, bytes) in [("x.png", "image/png", Self.png), ("x.webp", "image/webp", webpImage)] {
            let response = try browser.postMultipart("/settings/avatar", [], file: (name: "avatar", filename: name, type: type, bytes: bytes))
            #expect(response.status == 303, "\(name) → \(response.status)")
        }
    }

    // MARK: - One rule for text

    @Test("a statement payee with bidi controls is stored cleaned, and the household's export imports again")
    func bidiPayeeRoundTrip() throws {
        let (live, browser, account) = try Self.withAccount()
        let csv = "Date,Amount,Payee\n2026-11-02,-42.10,Shop\u{202E}evil\u{2066}x\u{200B}\n"
        let upload = try browser.postMultipart("/import", [("account", "\(account)")],
                                               file: (name: "file", filename: "s.csv", type: "text/csv", bytes: Array(csv.utf8)))
        let preview = try #require(upload.header("Location"))
        #expect(try browser.post(preview + "/commit", [("page", "1"), ("row-0", "import")]).status == 303)
        let stored = try live.database.read { db in try String.fetchAll(db, sql: "SELECT name || '|' || coalesce(payeeRaw, '') FROM entry") }
        #expect(stored == ["Shopevilx|Shopevilx"])
        let exported = try browser.get("/api/v1/export")
        #expect(exported.status == 200)
        let again = try browser.postImport(exported.body)
        #expect(again.status == 303, "\(again.status) \(again.text.prefix(300))")
    }

    // MARK: - Settings an import may not take

    @Test("an import never turns the home network on, and refuses an FX feed that is not http(s)")
    func importKeepsNetworkExposure() throws {
        let live = try ConfiguredServer()
        let browser = RawBrowser(port: live.port)
        let exported = try browser.get("/api/v1/export").text
        func withSettings(_ rows: String) -> [UInt8] {
            Array(exported.replacingOccurrences(of: "\"setting\":[", with: "\"setting\":[\n" + rows).utf8)
        }
        let opened = try browser.postImport(withSettings(#"{"key":"homeNetwork","value":"on"},"#))
        #expect(opened.status == 303, "\(opened.status) \(opened.text.prefix(300))")
        #expect(try live.database.settings()["homeNetwork"] == nil, "the network stays as it was")
        let feed = try browser.postImport(withSettings(#"{"key":"fx.feedURL","value":"file:///etc/passwd"},"#))
        #expect(feed.status == 422)
        #expect(try live.database.settings()["fx.feedURL"] == nil)
    }

    // MARK: - Parsers that crawled

    /// A live server with one account to import into.
    private static func withAccount() throws -> (ConfiguredServer, RawBrowser, ID<Account>) {
        let live = try ConfiguredServer()
        guard case .written(let account) = try live.database.addAccount(NewAccount(
            name: "Card", type: .checking, openingBalance: Money(minorUnits: 0), openedOn: Day(iso: "2026-01-01")!, spendable: true,
            currency: "USD"), formToken: Tokens.random()) else { throw CancellationError() }
        return (live, RawBrowser(port: live.port), account)
    }

    @Test("an OFX nested 100 000 deep and a 2 MB one-cell CSV are refused at once with a message; nothing is staged")
    func crawlingStatements() throws {
        let (live, browser, account) = try Self.withAccount()
        let deep = "<OFX><CURDEF>USD" + String(repeating: "<A>", count: 100_000)
            + "<STMTTRN><DTPOSTED>20261101<TRNAMT>-1.00<NAME>x</STMTTRN>" + String(repeating: "</A>", count: 100_000)
        let wide = "Date,Amount,Description\n2026-11-01,-1.00," + String(repeating: "a", count: 2 << 20)
        for (file, words) in [(deep, "nested deeper than 256 levels"), (wide, "a cell longer than 64 KB on line 2")] {
            let response = try browser.postMultipart("/import", [("account", "\(account)")],
                                                     file: (name: "file", filename: "s.txt", type: "text/plain", bytes: Array(file.utf8)))
            #expect(response.status == 422)
            #expect(response.text.contains(words), "\(response.text.prefix(200))")
        }
        #expect(try live.database.importBatches().isEmpty)
    }

}

extension HostileImportTests {
    // MARK: - Memory

    @Test("imports at once: one runs, the others get 503 and change nothing; absurd node counts are refused over HTTP")
    func concurrentAndAbsurd() throws {
        let live = try ConfiguredServer()
        let browser = RawBrowser(port: live.port)
        var rows: [String] = []
        for id in 1...40_000 {
            rows.append(#"{"amount":\#(100 + id),"category":"food","createdAt":"2026-11-21T00:00:00Z","date":"2026-10-\#(10 + id % 18)","id":\#(id),"isActual":1,"kind":"expense","name":"Groceries \#(id)","note":""}"#)
        }
        let document = Array((#"{"format":"finmind-export","version":1,"household":{"entry":["# + rows.joined(separator: ",\n") + "]}}").utf8)
        let statuses = NSLockedArray()
        DispatchQueue.concurrentPerform(iterations: 3) { _ in
            statuses.append((try? browser.postImport(document).status) ?? 0)
        }
        let seen = statuses.values.sorted()
        #expect(seen.allSatisfy { $0 == 303 || $0 == 503 } && seen.contains(303), "\(seen)")
        // Each import replaces the events too, so exactly one data_imported remains however many ran in turn.
        #expect(try live.database.eventCount(.dataImported) == 1)
        #expect(try live.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entry") } == 40_000)

        let before = try live.snapshot()
        let absurd = Array((#"{"format":"finmind-export","version":1,"household":{"entry":["#
            + Array(repeating: "{}", count: 1_000_001).joined(separator: ",") + "]}}").utf8)
        let refused = try browser.postImport(absurd)
        #expect(refused.status == 422)
        #expect(refused.text.contains("more than FinMind imports"))
        #expect(try live.snapshot() == before)
        #expect(try browser.get("/healthz").status == 200)
    }
}

/// Statuses collected from several threads.
private final class NSLockedArray: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Int] = []
    func append(_ value: Int) { lock.lock(); list.append(value); lock.unlock() }
    var values: [Int] { lock.lock(); defer { lock.unlock() }; return list }
}

/// A feedback row of the export document.
private func feedbackRow(email: String = "null", telegram: String = "null", description: String = "Twenty characters or more here") -> String {
    #"{"createdAt":"2026-11-21T00:00:00Z","description":"\#(description)","email":\#(email),"error":null,"id":1,"log":null,"sentAt":null,"status":"pending","telegram":\#(telegram)}"#
}

/// An avatar row of the export document.
private func avatarRow(_ bytes: [UInt8], _ type: String) -> String {
    #"{"bytes":"\#(Data(bytes).base64EncodedString())","id":1,"mediaType":"\#(type)","updatedAt":"2026-11-21T00:00:00Z"}"#
}
