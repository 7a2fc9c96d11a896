import Foundation
import Testing
@testable import Storage
@testable import Web

@Suite("Feedback form")
struct SettingsFeedbackTests {
    @Test("bad email, bad Telegram and a short description are refused with values kept")
    func validation() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let response = try browser.submit("/settings/feedback", to: "/settings/feedback",
                                          [("email", "not-an-email"), ("telegram", "@abc"), ("description", "too short")])
        #expect(response.status == 422)
        #expect(response.text.contains("id=\"error-email\""))
        #expect(response.text.contains("id=\"error-telegram\""))
        #expect(response.text.contains("id=\"error-description\""))
        #expect(response.text.contains("value=\"not-an-email\""))
        #expect(try database.feedbackMessages().isEmpty)
        #expect(try database.eventCount(.feedbackSubmitted) == 0)
    }

    @Test("without a feedback URL it is stored as pending and listed; feedback_submitted {hasLog}")
    func storedLocally() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let response = try browser.submit("/settings/feedback", to: "/settings/feedback",
                                          [("email", "anna@example.com"), ("telegram", "@anna_k"),
                                           ("description", "The calendar shows the wrong day for rent."), ("attachLog", "1")])
        #expect(response.status == 303)
        let stored = try #require(try database.feedbackMessages().first)
        #expect(stored.status == .pending)
        #expect(stored.feedback.telegram == "@anna_k")
        #expect(stored.feedback.log != nil)
        #expect(try database.events().first { $0.name == "feedback_submitted" }?.properties == "{\"hasLog\":true}")
        #expect(try browser.follow(response).text.contains("The calendar shows the wrong day for rent."))
    }

    @Test("the feedback URL must be http(s)")
    func feedbackURL() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(try browser.submit("/settings/feedback", to: "/settings/feedback/url", [("url", "ftp://x")]).status == 422)
        #expect(try browser.submit("/settings/feedback", to: "/settings/feedback/url", [("url", "https://example.com/fb")]).status == 303)
        #expect(try database.settings()["feedback.url"] == "https://example.com/fb")
    }

    @Test("the attached log masks stored secrets and bearer tokens")
    func logHasNoSecrets() throws {
        let folder = NSTemporaryDirectory() + "finmind-log-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = try LogFiles(directory: folder)
        files.append("info request GET /data")
        files.append("debug sending Authorization: Bearer abcdef123456 to the endpoint")
        files.append("debug token sk-SECRET-TOKEN-123456 leaked")
        let (base, database) = try makeTestApp()
        try database.setSecret("advisor.token", "sk-SECRET-TOKEN-123456")
        var configuration = base.configuration
        configuration.logDirectory = folder
        let app = try App(configuration: configuration, database: database, logger: base.logger)
        let lines = try app.settings.diagnosticLog()
        #expect(lines.count == 3)
        #expect(!lines.joined().contains("sk-SECRET-TOKEN-123456"))
        #expect(!lines.joined().contains("abcdef123456"))
    }
}
