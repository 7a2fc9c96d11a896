import Foundation
import HTTPCore
import Storage
import Testing

/// The provider settings over HTTP: "Test connection" against the loopback stub —
/// success, 401 (the key never shown), a timeout, an endpoint without a models list — and the
/// usage by day and month recorded per remote call and shown on the settings page.
@Suite("Advisor provider settings", .serialized)
struct AdvisorProviderSettingsTests {
    /// The flash the 303 carries, decoded.
    static func flash(_ response: RawResponse) -> String {
        let cookie = response.headers("Set-Cookie").first { $0.hasPrefix("fm_flash=") } ?? ""
        let value = cookie.dropFirst("fm_flash=".count).split(separator: ";").first.map(String.init) ?? ""
        return (value.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? value)
    }

    static func test(_ visitor: inout AdvisorVisitor) throws -> RawResponse {
        try visitor.client.submit("/advisor/settings", to: "/advisor/settings/test", [])
    }

    @Test("Test connection: the models list, with the chosen model among them")
    func ok() throws {
        let stub = try CompletionsStub(["gpt-4o-mini": .answer("x"), "gpt-4o": .answer("y")])
        stub.models = .answer("")
        var (live, visitor) = try AdvisorRemoteTests.app(baseURL: stub.baseURL)
        defer { withExtendedLifetime(live) {} }
        let page = try visitor.client.get("/advisor/settings")
        #expect(page.text.contains("Test connection") && page.text.contains("action=\"/advisor/settings/test\""))
        let tested = try Self.test(&visitor)
        #expect(tested.status == 303 && tested.header("Location") == "/advisor/settings")
        let flash = Self.flash(tested)
        #expect(flash.hasPrefix("Connection OK: 127.0.0.1:") && flash.contains("lists 2 models, “gpt-4o-mini” among them"), "\(flash)")
        #expect(stub.modelRequests.first?["Authorization"] == "Bearer bearer-key-5678", "the saved key goes to its own endpoint")
        #expect(stub.requests.isEmpty, "no completion when the models list answers")
    }

    @Test("Test connection: a 401 shows the API's message, never the key")
    func unauthorized() throws {
        let stub = try CompletionsStub([:])
        stub.models = .status(401, #"{"error":{"message":"Incorrect API key provided: bearer-key-5678"}}"#)
        var (live, visitor) = try AdvisorRemoteTests.app(baseURL: stub.baseURL)
        defer { withExtendedLifetime(live) {} }
        let tested = try Self.test(&visitor)
        let flash = Self.flash(tested)
        #expect(flash.hasPrefix("Connection failed") && flash.contains("HTTP 401") && flash.contains("Incorrect API key provided: …5678"), "\(flash)")
        #expect(!flash.contains("bearer-key-5678") && !flash.contains("client-token-1234"))
        let page = try visitor.client.get("/advisor/settings")
        #expect(!page.text.contains("bearer-key-5678") && !page.text.contains("client-token-1234"))
    }

    @Test("Test connection: a hanging endpoint is a timeout within the settings' timeout")
    func timeout() throws {
        let stub = try CompletionsStub([:])
        stub.models = .hang
        var (live, visitor) = try AdvisorRemoteTests.app(baseURL: stub.baseURL, timeout: 2)
        defer { withExtendedLifetime(live) {} }
        let tested = try Self.test(&visitor)
        #expect(Self.flash(tested).contains("no answer from 127.0.0.1:") && Self.flash(tested).contains("within 2 s"), "\(Self.flash(tested))")
    }

    @Test("Test connection: an endpoint without a models list gets a one-token completion; a closed port is no connection")
    func fallbackAndClosed() throws {
        let stub = try CompletionsStub(["gpt-4o-mini": .answer("p")])
        var (live, visitor) = try AdvisorRemoteTests.app(baseURL: stub.baseURL)
        defer { withExtendedLifetime(live) {} }
        #expect(Self.flash(try Self.test(&visitor)).hasPrefix("Connection OK: 127.0.0.1:"))
        #expect(stub.requests.last?.body["max_tokens"] as? Int == 1)
        let closed = try AdvisorRemoteTests.closedPort()
        var (otherLive, other) = try AdvisorRemoteTests.app(baseURL: "http://127.0.0.1:\(closed)/v1")
        defer { withExtendedLifetime(otherLive) {} }
        #expect(Self.flash(try Self.test(&other)).contains("cannot reach 127.0.0.1:\(closed)"))
    }

    @Test("Test connection needs the CSRF token and a form token")
    func tokens() throws {
        let stub = try CompletionsStub([:])
        stub.models = .answer("")
        let (live, _) = try AdvisorRemoteTests.app(baseURL: stub.baseURL)
        #expect(try fetch(live.port, "/advisor/settings/test", method: "POST").status == 403)
        #expect(stub.modelRequests.isEmpty)
    }

    @Test("usage: each remote answer is stored with its provider, model and tokens; the settings page sums it by day and month; export and delete-all cover it")
    func usage() throws {
        let stub = try CompletionsStub(["gpt-4o-mini": .answer("Keep three months aside.")])
        var (live, visitor) = try AdvisorRemoteTests.app(baseURL: stub.baseURL)
        defer { withExtendedLifetime(live) {} }
        #expect(try visitor.client.get("/advisor/settings").text.contains("No remote answers yet."))
        try visitor.ask("Should I start investing?")
        try visitor.ask("How big should my emergency fund be?")
        let days = try live.database.advisorUsageByDay()
        #expect(days.count == 1)
        let day = try #require(days.first)
        #expect(day.provider.hasPrefix("127.0.0.1:") && day.model == "gpt-4o-mini" && day.calls == 2 && day.tokensIn == 240 && day.tokensOut == 60)
        #expect(try live.database.advisorUsageByMonth().map(\.period) == [String(day.period.prefix(7))])
        let page = try visitor.client.get("/advisor/settings").text
        #expect(page.contains("<th scope=\"row\">\(day.period)</th>") && page.contains(">240<") && page.contains(">60<"))
        #expect(page.contains("<th scope=\"row\">\(day.period.prefix(7))</th>"))
        let exported = try #require(try live.database.exportTables().first { $0.name == "advisorUsage" })
        #expect(exported.rows.count == 2)
        _ = try live.database.deleteAllData(formToken: "pv-delete-all-token-0001")
        #expect(try live.database.exportTables().first { $0.name == "advisorUsage" }?.rows.isEmpty == true)
    }
}
