import Testing
import TestSupport
@testable import Web

/// Tests Sources/Web/Features/Advisor/AdvisorProviderPage.swift: "Test connection" and the provider's name in the usage table.
@Suite("Advisor provider page")
struct AdvisorProviderPageTests {
    @Test("the provider is named by the base URL's host and port, never its path or query", arguments: [
        ("https://llm.example/v1?key=secret", "llm.example"), ("http://127.0.0.1:8080/v1", "127.0.0.1:8080"), ("not a url", "remote"), ("", "remote"),
    ])
    func providerName(baseURL: String, name: String) {
        #expect(AdvisorFeature.providerName(baseURL) == name)
    }

    @Test("without a saved base URL, Test connection calls nobody and says to save one first")
    func noBaseURL() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let response = try browser.submit("/advisor/settings", to: "/advisor/settings/test", [])
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/advisor/settings")
        #expect(try browser.follow(response).text.contains("Connection not tested: set and save the base URL first."))
    }
}
