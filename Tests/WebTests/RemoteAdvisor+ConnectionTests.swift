import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Web

/// Tests Sources/Web/Features/Advisor/RemoteAdvisor+Connection.swift: the requests every provider call
/// builds and the masking of secrets in what is shown.
@Suite("Remote advisor connection")
struct RemoteAdvisorConnectionTests {
    static func remote(_ baseURL: String) -> RemoteAdvisor {
        RemoteAdvisor(baseURL: baseURL, model: "gpt-4o-mini", fallbackModel: "gpt-4o", clientToken: "client-token-1234",
                      bearerKey: "sk-secret-abcd", timeoutSeconds: 7, maxTokens: 350)
    }

    @Test("a request goes under the base URL (trailing slashes dropped) with the token, the key and the JSON body")
    func request() throws {
        let request = try #require(Self.remote("https://llm.example/v1//").request("/models", method: "GET", body: nil))
        #expect(request.url?.absoluteString == "https://llm.example/v1/models")
        #expect(request.httpMethod == "GET" && request.timeoutInterval == 7)
        #expect(request.value(forHTTPHeaderField: "x-client-token") == "client-token-1234")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer sk-secret-abcd")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
        let post = try #require(Self.remote("http://127.0.0.1:8080").request("/chat/completions", method: "POST", body: Data("{}".utf8)))
        #expect(post.value(forHTTPHeaderField: "Content-Type") == "application/json" && post.httpBody == Data("{}".utf8))
    }

    @Test("an address that is not http(s) gives no request", arguments: ["ftp://llm.example", "file:///etc/passwd", ""])
    func badURL(baseURL: String) {
        #expect(Self.remote(baseURL).request("/models", method: "GET", body: nil) == nil)
    }

    @Test("the token and the key are shown only by their last four characters")
    func masked() {
        let text = Self.remote("https://llm.example").masked("bad key sk-secret-abcd for client-token-1234")
        #expect(text == "bad key …abcd for …1234")
    }
}
