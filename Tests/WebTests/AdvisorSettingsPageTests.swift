import Engine
import Foundation
import Storage
import Testing
import TestSupport
@testable import Web

/// Tests Sources/Web/Features/Advisor/AdvisorSettingsPage.swift: the advisor's settings form.
@Suite("Advisor settings page")
struct AdvisorSettingsPageTests {
    @Test("the tone is a Settings choice: stored, shown checked, a bad value refused with 422")
    func setting() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let fields = [("provider", "builtin"), ("baseURL", ""), ("model", "gpt-4o-mini"), ("fallbackModel", "gpt-4o"),
                      ("timeout", "15"), ("questionLimit", "120"), ("dailyLimit", "30")]
        #expect(try browser.submit("/advisor/settings", to: "/advisor/settings", fields + [("tone", "noMercy")]).status == 303)
        #expect(try database.settings()["advisor.tone"] == "noMercy")
        #expect(try app.advisorSettings().tone == .noMercy)
        let html = browser.get("/advisor/settings").text
        #expect(html.contains(#"value="noMercy""#) && html.contains("No mercy"))
        let bad = try browser.submit("/advisor/settings", to: "/advisor/settings", fields + [("tone", "savage")])
        #expect(bad.status == 422)
        #expect(try database.settings()["advisor.tone"] == "noMercy")
        #expect(AdvisorSettings([:]).tone == .straight)
    }
}
