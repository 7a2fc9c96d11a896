import Engine
import Foundation
import HTTPCore
import Storage
import Testing

/// "Rephrase" on the insight cards against the loopback stub provider:
/// success (stored with its usage row, shown with the model's label beside the offline figures,
/// the original one click away), a provider error, an oversized reply, a reply with HTML, and
/// no button (and no call) without consent.
@Suite("Insights rephrasing", .serialized)
struct InsightsRephraseTests {
    static let action = "/advisor/insights/rephrase"

    /// A live app with the provider and consent, an expense this week in a custom category.
    static func app(_ stub: CompletionsStub) throws -> (LiveServer, AdvisorVisitor) {
        let (live, visitor) = try AdvisorRemoteTests.app(baseURL: stub.baseURL)
        guard case .written(let key) = try live.database.addCategory(name: "Dr Ivanova clinic", formToken: UUID().uuidString) else {
            throw AppSetupFailure()
        }
        _ = try live.database.addEntry(NewEntry(date: Day(iso: "2026-11-20")!, kind: .expense, name: "Visit", amount: Money(minorUnits: 45_00),
                                                category: key, isActual: true), origin: .dataPage, formToken: UUID().uuidString)
        return (live, visitor)
    }

    static func rephrase(_ visitor: inout AdvisorVisitor) throws -> RawResponse {
        try visitor.client.submit("/advisor", to: action, [("period", "week")])
    }

    @Test("success: the card's facts go masked to the provider; the reply is stored with its usage and shown with the model's label")
    func success() throws {
        let reply = "This week you spent $45.00, all of it new. You logged 1 day in a row — a fine start."
        let stub = try CompletionsStub(["gpt-4o-mini": .answer(reply)])
        var (live, visitor) = try Self.app(stub)
        #expect(try visitor.client.get("/advisor").text.contains(#"action="/advisor/insights/rephrase""#))
        let response = try Self.rephrase(&visitor)
        #expect(response.status == 303 && response.header("Location") == "/advisor#insight-week")
        #expect(AdvisorProviderSettingsTests.flash(response) == "The card was rephrased.")
        let sent = try #require(stub.requests.last?.body["messages"] as? [[String: String]])
        #expect(sent.first?["content"]?.hasPrefix("Rephrase this household's spending summary") == true)
        let facts = sent.last?["content"] ?? ""
        #expect(facts.contains("This week") && facts.contains("$45.00") && facts.contains("category A") && facts.contains("Days logged in a row: 1"), "\(facts)")
        #expect(!facts.contains("Ivanova"), "a custom category's name stays home")
        #expect(try live.database.insightRephrasings(language: "en").map(\.text) == [reply])
        let usage = try live.database.advisorUsageByDay()
        #expect(usage.count == 1 && usage.first?.calls == 1 && usage.first?.model == "gpt-4o-mini")
        let page = try visitor.client.get("/advisor").text
        #expect(page.contains(reply) && page.contains("Rephrased by gpt-4o-mini"))
        #expect(page.contains("Spent $45.00") && page.contains("Dr Ivanova clinic"), "the offline figures stay beside it")
        #expect(page.contains(#"href="/advisor?insights=original#insight-week""#))
        let original = try visitor.client.get("/advisor?insights=original").text
        #expect(!original.contains(reply) && original.contains("Suggestion:") && original.contains("Show the rephrased text"))
    }

    @Test("a provider error, an oversized reply or HTML: the offline card and a clear message, nothing stored")
    func refusedReplies() throws {
        let cases: [(CompletionsStub.Behaviour, String)] = [
            (.status(500, #"{"error":{"message":"down"}}"#), "the provider failed"),
            (.answer(String(repeating: "Spending is level. ", count: 40)), "the reply was too long"),
            (.answer("<b>Great</b> week: you spent $45.00."), "the reply contained markup"),
            (.answer("**Great** week."), "the reply contained markup"),
        ]
        for (behaviour, message) in cases {
            let stub = try CompletionsStub(["gpt-4o-mini": behaviour, "gpt-4o": behaviour])
            var (live, visitor) = try Self.app(stub)
            let response = try Self.rephrase(&visitor)
            let flash = AdvisorProviderSettingsTests.flash(response)
            #expect(response.status == 303 && flash.hasPrefix("The card could not be rephrased: \(message)") && flash.contains("offline card"), "\(flash)")
            #expect(try live.database.insightRephrasings(language: "en").isEmpty)
            #expect(try live.database.advisorUsageByDay().isEmpty, "nothing stored")
            let page = try visitor.client.get("/advisor").text
            #expect(page.contains("Suggestion:") && !page.contains("Rephrased by") && !page.contains("<b>Great"))
        }
    }

    @Test("without consent: no button, and a forged post calls nobody and stores nothing")
    func noConsent() throws {
        let stub = try CompletionsStub(["gpt-4o-mini": .answer("never")])
        let live = try LiveServer()
        try live.database.saveSettings(["advisor.provider": "remote", "advisor.baseURL": stub.baseURL])
        var client = HTTPFormClient(port: live.port)
        let page = try client.get("/advisor").text
        #expect(page.contains("This week") && !page.contains(Self.action))
        var body = try client.formBody("/advisor", to: "/advisor/reset", [("period", "week")])
        let response = try fetch(live.port, Self.action, method: "POST",
                                 headers: ["Cookie: \(client.cookie)", "Content-Type: application/x-www-form-urlencoded"], body: body)
        #expect(response.status == 303 && AdvisorProviderSettingsTests.flash(response).hasPrefix("Rephrasing needs a remote provider and your consent"))
        let stored = try live.database.insightRephrasings(language: "en")
        #expect(stub.requests.isEmpty && stored.isEmpty)
        body = try client.formBody("/advisor", to: "/advisor/reset", [("period", "year")])
        let bad = try fetch(live.port, Self.action, method: "POST",
                            headers: ["Cookie: \(client.cookie)", "Content-Type: application/x-www-form-urlencoded"], body: body)
        #expect(bad.status == 400, "an unknown period is a clear 4xx")
    }
}

/// The test's own setup failed (a write that should have been written).
private struct AppSetupFailure: Error {}
