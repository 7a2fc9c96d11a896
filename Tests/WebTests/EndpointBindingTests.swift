import Testing
@testable import Web

/// Tests Sources/Web/Features/Advisor/EndpointBinding.swift: the URL rules of the endpoints data may go to.
@Suite("Endpoint binding")
struct EndpointBindingTests {
    @Test("the Advisor's base URL: http(s) with a host, at most 300 characters, no spaces or control characters", arguments: [
        ("https://llm.example/v1", true), ("http://127.0.0.1:8080/v1", true), ("HTTPS://llm.example", true),
        ("ftp://llm.example/v1", false), ("https://", false), ("llm.example/v1", false), ("https://llm.example/a b", false),
        ("https://llm.example/\u{7}", false), ("https://llm.example/" + String(repeating: "a", count: 281), false),
        ("https://llm.example/" + String(repeating: "a", count: 280), true),
    ])
    func advisorBaseURL(text: String, valid: Bool) {
        #expect(EndpointRules.isValidAdvisorBaseURL(text) == valid, "\(text)")
    }

    @Test("the feedback URL allows up to 2000 characters under the same rules")
    func feedbackURL() {
        let long = "https://feedback.example/" + String(repeating: "a", count: 1975)
        #expect(long.count == 2000 && EndpointRules.isValidFeedbackURL(long))
        #expect(!EndpointRules.isValidFeedbackURL(long + "a"))
        #expect(!EndpointRules.isValidAdvisorBaseURL(long))
        #expect(!EndpointRules.isValidFeedbackURL("mailto:me@example.org"))
    }

    @Test("an import keeps where data goes and who can reach the server: provider, base URL, consent, feedback URL, home network")
    func importKeeps() {
        #expect(EndpointRules.importKeepsSettings == ["advisor.provider", "advisor.baseURL", "advisor.consent", "feedback.url", "homeNetwork"])
    }
}
