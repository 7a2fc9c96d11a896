import Foundation
import Testing
@testable import Web

/// Tests Sources/Web/Features/Advisor/RemoteAdvisor+Stream.swift: the streaming request's body and a
/// stream that cannot start.
@Suite("Remote advisor stream")
struct RemoteAdvisorStreamTests {
    @Test("the streaming body is the plain body with stream and include_usage")
    func body() throws {
        let remote = RemoteAdvisorConnectionTests.remote("https://llm.example/v1")
        let data = remote.streamBody(systemPrompt: "Be brief.", question: "Can I afford 300?")
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["stream"] as? Bool == true)
        #expect((object["stream_options"] as? [String: Any])?["include_usage"] as? Bool == true)
        #expect(object["model"] as? String == "gpt-4o-mini" && object["max_tokens"] as? Int == 350)
        let messages = try #require(object["messages"] as? [[String: String]])
        #expect(messages == [["role": "system", "content": "Be brief."], ["role": "user", "content": "Can I afford 300?"]])
    }

    @Test("a base URL that is not http(s) fails at once and hands on nothing")
    func badURL() {
        let remote = RemoteAdvisorConnectionTests.remote("ftp://llm.example")
        let outcome = remote.stream(systemPrompt: "S", question: "Q", isCancelled: { false }, onPiece: { _ in Issue.record("a piece was handed on") })
        #expect(outcome == .failed("bad URL"))
    }
}
