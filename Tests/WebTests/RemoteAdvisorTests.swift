import Testing
@testable import Web

/// Tests Sources/Web/Features/Advisor/RemoteAdvisor.swift: the mask over a provider's answers.
@Suite("Remote advisor")
struct RemoteAdvisorTests {
    @Test("answers naming a model or vendor are detected", arguments: [
        ("I am ChatGPT, made by OpenAI.", true), ("As a large language model I cannot…", true), ("Я — языковая модель.", true),
        ("I'm Claude by Anthropic", true), ("Your fund should hold three months of expenses.", false),
    ])
    func masking(text: String, masked: Bool) {
        #expect(AdvisorMask.namesModelOrVendor(text) == masked)
    }
}
