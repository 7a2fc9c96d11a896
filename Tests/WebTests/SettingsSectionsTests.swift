import Foundation
import HTTPCore
import Logging
import Testing
import TestSupport
@testable import Storage
@testable import Web

@Suite("Settings: one page per section, household wording")
struct SettingsSectionsTests {
    @Test("each section is its own page with one form: the Appearance page's Save cannot drop a typed nickname")
    func sectionsAreSeparatePages() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let sections: [(path: String, owns: String, others: [String])] = [
            ("/settings/profile", "name=\"nickname\"", ["name=\"theme\"", "name=\"currency\"", "name=\"debtShare\"", "name=\"goals\""]),
            ("/settings/appearance", "name=\"theme\"", ["name=\"nickname\"", "name=\"currency\"", "name=\"debtShare\"", "name=\"goals\""]),
            ("/settings/language", "name=\"currency\"", ["name=\"nickname\"", "name=\"theme\"", "name=\"debtShare\""]),
            ("/settings/plan", "name=\"debtShare\"", ["name=\"nickname\"", "name=\"theme\"", "name=\"currency\""]),
            ("/settings/visibility", "name=\"goals\"", ["name=\"nickname\"", "name=\"theme\"", "name=\"debtShare\""]),
        ]
        for language in ["en", "ru"] {
            browser.language = language
            for section in sections {
                let page = browser.get(section.path)
                #expect(page.status == 200, "\(language) \(section.path)")
                #expect(page.text.contains(section.owns), "\(section.path)")
                for other in section.others { #expect(!page.text.contains(other), "\(section.path) holds \(other)") }
                #expect(page.text.contains("href=\"/settings\""), "a way back to the index")
                #expect(page.text.contains("data-warn-unsaved"), "\(section.path) warns about unsaved changes")
            }
            // The index holds no section's controls, only links with summaries.
            let index = browser.get("/settings").text
            for control in ["name=\"nickname\"", "name=\"theme\"", "name=\"currency\"", "name=\"debtShare\"", "name=\"goals\""] {
                #expect(!index.contains(control))
            }
            for href in ["/settings/profile", "/settings/appearance", "/settings/language", "/settings/plan", "/settings/visibility",
                         "/settings/home-network"] {
                #expect(index.contains("href=\"\(href)\""), "\(language) \(href)")
            }
        }
    }

    @Test("a Save returns to its own section's page with the message there")
    func saveReturnsToTheSection() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let saved = try browser.submit("/settings/appearance", to: "/settings/appearance", [("theme", "dark"), ("accent", "teal")])
        #expect(saved.headers["Location"] == "/settings/appearance")
        let next = try browser.follow(saved).text
        #expect(next.contains("Settings saved.") && next.contains("name=\"theme\" value=\"dark\" checked"))
        _ = try browser.submit("/settings/profile", to: "/settings/profile", [("nickname", "Аня")])
        let index = browser.get("/settings").text
        #expect(index.contains("Аня") && index.contains("Dark · Teal"))
        #expect(try database.settings()["profile.nickname"] == "Аня")
        // A refused plan names the shares' problem once, beside the first share and in the summary.
        let refused = try browser.submit("/settings/plan", to: "/settings/plan", [
            ("emergencyShare", "50"), ("debtShare", "29"), ("goalShare", "20"), ("emergencyMonths", "3"),
            ("horizonMonths", "24"), ("strategy", "avalanche")])
        #expect(refused.status == 422)
        #expect(refused.text.components(separatedBy: "The shares sum to 99").count - 1 == 2)
        // What came back is typed, not saved: the page says so (and the script keeps warning).
        #expect(refused.text.contains("data-unsaved-on-load") && refused.text.contains("<p class=\"unsaved-note\">"))
    }

    @Test("the unsaved-changes script is served and every page loads it, with no inline script")
    func unsavedChangesScript() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let page = browser.get("/settings/profile").text
        #expect(page.contains("<script src=\"/static/unsaved-changes.js?v="))
        #expect(!page.contains("<script>") && !page.contains("style=\""))
        let script = browser.get("/static/unsaved-changes.js")
        #expect(script.status == 200)
        #expect(script.text.contains("beforeunload") && script.text.contains("data-warn-unsaved"))
    }

    @Test("no developer wording: no command-line flags, no HTTP verbs, no raw JSON, no UTC")
    func householdWording() throws {
        let (app, database) = try makeTestApp()
        try database.record(.planRecalculated, ["ms": .integer(3), "freeCashFlow": .integer(100)])
        var browser = TestBrowser(app: app)
        for language in ["en", "ru"] {
            browser.language = language
            for path in ["/settings", "/settings/home-network", "/settings/data"] {
                let page = browser.get(path).text
                for developer in ["--host", "0.0.0.0", "GET /api", "UTC", "{&quot;", "{\""] {
                    #expect(!page.contains(developer), "\(language) \(path) shows \(developer)")
                }
            }
        }
    }

    @Test("events are sentences in the server's local time, in English and Russian")
    func eventsAsSentences() throws {
        let database = try AppDatabase.inMemory()
        try database.saveSettings(["onboarding": "skipped"])
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let app = try App(configuration: WebConfiguration(
            templatesDirectory: repositoryRoot + "/Templates", publicDirectory: repositoryRoot + "/Public",
            timeZone: TimeZone(identifier: "Europe/Moscow")!, pinnedToday: "2026-11-21"), database: database, logger: logger)
        try database.write { db in
            for (name, properties, time) in [("expense_added", #"{"type":"oneOff"}"#, "2026-11-12T11:05:00Z"),
                                              ("settings_changed", #"{"key":"theme"}"#, "2026-11-12T11:06:00Z"),
                                              ("plan_recalculated", #"{"freeCashFlow":150000,"ms":4}"#, "2026-12-31T21:30:00Z")] {
                try db.execute(sql: "INSERT INTO event (name, properties, occurredAt) VALUES (?, ?, ?)", arguments: [name, properties, time])
            }
        }
        var browser = TestBrowser(app: app)
        let english = browser.get("/settings/data").text
        #expect(english.contains("November 12, 2026, 14:05</time> — Expense added (one-off)"))
        #expect(english.contains("November 12, 2026, 14:06</time> — Setting changed: Theme"))
        #expect(english.contains("January 1, 2027, 00:30</time> — Plan recalculated: free cash flow"))
        browser.language = "ru"
        let russian = browser.get("/settings/data").text
        #expect(russian.contains("12 ноября 2026 г., 14:05</time> — Добавлен расход (разовый)"))
        #expect(russian.contains("Изменена настройка: Тема"))
    }

    @Test("adding from the Budget page records whether it is recurring or one-off")
    func eventTypes() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        _ = try browser.submit("/data/expense/new?type=recurring", to: "/data/expense", [
            ("name", "Rent"), ("amount", "800"), ("category", "housing"), ("periodicity", "monthly"), ("start", "2026-01-01")])
        #expect(try database.events(limit: 1).first.map { [$0.name, $0.properties] } == ["expense_added", #"{"type":"recurring"}"#])
        let page = browser.get("/settings/data").text
        #expect(page.contains("— Expense added (recurring)"))
    }
}
