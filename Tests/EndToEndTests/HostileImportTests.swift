import Foundation
import HTTPCore
import Storage
import Testing
@testable import Web

// Issue 14, items 2, 6 and 8: imports that redirected the Advisor and its secrets, that
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

        // The form: a new base URL without new secrets drops the old ones and asks consent again.
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
}
