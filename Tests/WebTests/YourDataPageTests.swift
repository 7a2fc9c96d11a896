import Engine
import Foundation
import HTTPCore
import Testing
import TestSupport
@testable import Storage
@testable import Web

@Suite("Your data: export, import, deletion")
struct YourDataPageTests {
    /// The export text with its exportedAt value blanked.
    static func withoutTimestamp(_ text: String) -> String {
        text.replacing(/"exportedAt":"[^"]*"/, with: "\"exportedAt\":\"\"")
    }

    @Test("the export holds every household table and no secret, token or hash")
    func exportHasNoSecrets() throws {
        let (app, database) = try makeTestApp()
        try seedRichHousehold(database)
        var browser = TestBrowser(app: app)
        let response = browser.get("/api/v1/export")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        let text = response.text
        #expect(text.hasPrefix("{\"format\":\"finmind-export\",\"version\":1,\"exportedAt\":\""))
        for table in ["avatar", "category", "debt", "emergencyFund", "entry", "event", "feedback", "goal", "recurringItem", "setting"] {
            #expect(text.contains("\n\"\(table)\":["), "\(table)")
        }
        for secret in ["sk-SECRET-TOKEN-123456", "HASHVALUE", "\"secret\"", "usedFormToken", "grdb_migrations", "sqlite_sequence"] {
            #expect(!text.contains(secret), "\(secret)")
        }
        let download = browser.get("/settings/data/export.json")
        #expect(download.headers["Content-Disposition"]?.hasPrefix("attachment") == true)
    }

    @Test("export → delete all → import gives back the same export (plus the one data_imported event)")
    func roundTrip() throws {
        let (app, database) = try makeTestApp()
        try seedRichHousehold(database)
        var browser = TestBrowser(app: app)
        let before = browser.get("/api/v1/export").text
        let deleted = try browser.submit("/settings/data", to: "/settings/data/delete", [("confirmDelete", "DELETE")])
        #expect(deleted.status == 303)
        let imported = try browser.upload("/settings/data", to: "/settings/data/import",
                                          file: ("file", "export.json", "application/json", Array(before.utf8)))
        #expect(imported.status == 303, "\(imported.text)")
        let after = browser.get("/api/v1/export").text
        // The import records data_imported (and only that) as the last event.
        let lastEvent = try #require(after.ranges(of: /\n\{"id":\d+,"name":"data_imported","occurredAt":"[^"]*","properties":"\{\}"\}/).last)
        let afterWithoutEvent = after.replacingCharacters(in: lastEvent, with: "")
            .replacingOccurrences(of: "},\n]", with: "}\n]")
        #expect(Self.withoutTimestamp(afterWithoutEvent) == Self.withoutTimestamp(before))
        #expect(try database.eventCount(.dataImported) == 1)
        #expect(try database.eventCount(.dataDeleted) == 0)  // the deletion's event went with the replaced data
    }

    @Test("broken files change nothing and say what is wrong", arguments: [
        ("truncated", "{\"format\":\"finmind-export\",\"version\":1,\"household\":{\"goal\":[{\"id\":1,", "line 1"),
        ("unknown version", "{\"format\":\"finmind-export\",\"version\":2,\"household\":{}}", "version (2)"),
        ("not an export", "{\"hello\":1}", "not a FinMind export"),
        ("wrong type", "{\"format\":\"finmind-export\",\"version\":1,\"household\":{\"goal\":[{\"id\":\"one\",\"name\":\"Car\",\"target\":100,\"saved\":0,\"priority\":2,\"createdAt\":\"x\"}]}}", "Table goal, row 1, field id"),
        ("negative amount", "{\"format\":\"finmind-export\",\"version\":1,\"household\":{\"goal\":[{\"id\":1,\"name\":\"Car\",\"target\":-100,\"saved\":0,\"priority\":2,\"createdAt\":\"x\"}]}}", "Table goal, row 1, field target"),
        ("broken reference", "{\"format\":\"finmind-export\",\"version\":1,\"household\":{\"category\":[],\"recurringItem\":[{\"id\":1,\"kind\":\"expense\",\"name\":\"Rent\",\"amount\":100,\"periodicity\":\"monthly\",\"startDate\":\"2026-01-01\",\"category\":\"nope\",\"createdAt\":\"x\"}]}}", "Table recurringItem, row 1, field category"),
        ("unknown table", "{\"format\":\"finmind-export\",\"version\":1,\"household\":{\"bogus\":[]}}", "Table bogus"),
        ("a plan share beyond the limits", "{\"format\":\"finmind-export\",\"version\":1,\"household\":{\"setting\":[{\"key\":\"plan.emergencyShare\",\"value\":\"99999999999999999999\"}]}}", "Table setting, row 1, field plan.emergencyShare"),
        ("shares not summing to 100", "{\"format\":\"finmind-export\",\"version\":1,\"household\":{\"setting\":[{\"key\":\"plan.emergencyShare\",\"value\":\"50\"},{\"key\":\"plan.debtShare\",\"value\":\"50\"},{\"key\":\"plan.goalShare\",\"value\":\"50\"}]}}", "field plan.goalShare"),
        ("an unknown currency", "{\"format\":\"finmind-export\",\"version\":1,\"household\":{\"setting\":[{\"key\":\"currency\",\"value\":\"XYZ\"}]}}", "Table setting, row 1, field currency"),
    ])
    func brokenImports(name: String, document: String, message: String) throws {
        let (app, database) = try makeTestApp()
        try seedRichHousehold(database)
        var browser = TestBrowser(app: app)
        let before = try database.exportTables()
        let response = try browser.upload("/settings/data", to: "/settings/data/import", fields: [("confirm", "REPLACE")],
                                          file: ("file", "broken.json", "application/json", Array(document.utf8)))
        #expect(response.status == 422, "\(name)")
        #expect(HTML.unescape(response.text).contains(message), "\(name)")
        #expect(try database.exportTables() == before, "\(name)")
        #expect(try database.eventCount(.dataImported) == 0)
    }

    @Test("importing over data needs the typed word; a wrong word is refused")
    func replaceNeedsConfirmation() throws {
        let (app, database) = try makeTestApp()
        try seedRichHousehold(database)
        var browser = TestBrowser(app: app)
        let document = Array(browser.get("/api/v1/export").text.utf8)
        let refused = try browser.upload("/settings/data", to: "/settings/data/import",
                                         file: ("file", "e.json", "application/json", document))
        #expect(refused.status == 422)
        #expect(refused.text.contains("already has data"))
        let wrong = try browser.upload("/settings/data", to: "/settings/data/import", fields: [("confirm", "yes")],
                                       file: ("file", "e.json", "application/json", document))
        #expect(wrong.status == 422)
        let replaced = try browser.upload("/settings/data", to: "/settings/data/import", fields: [("confirm", "replace")],
                                          file: ("file", "e.json", "application/json", document))
        #expect(replaced.status == 303)
    }

    @Test("delete all leaves a new install that works: categories, the fund row, onboarding again; secrets stay")
    func deleteAll() throws {
        let (app, database) = try makeTestApp()
        try seedRichHousehold(database)
        var browser = TestBrowser(app: app)
        #expect(try browser.submit("/settings/data", to: "/settings/data/delete", [("confirmDelete", "nope")]).status == 422)
        #expect(try database.holdsNoData() == false)
        let response = try browser.submit("/settings/data", to: "/settings/data/delete", [("confirmDelete", "удалить")])
        #expect(response.status == 303)
        #expect(try database.holdsNoData())
        #expect(try database.categories().count == 10)
        #expect(try database.emergencySaved() == .zero)
        #expect(try database.avatar() == nil)
        #expect(try database.events().map(\.name) == ["data_deleted"])
        #expect(try database.secret("advisor.token") != nil)
        #expect(browser.get("/data").status == 303)  // onboarding first, as on a new install
        for path in ["/welcome", "/calendar", "/plan", "/settings", "/settings/data", "/api/v1/budget"] {
            #expect(browser.get(path).status == 200, "\(path)")
        }
        let token = try browser.formToken(on: "/data/goal/new")
        #expect(browser.post("/data/goal", [("name", "Bike"), ("target", "500"), ("priority", "2")], formToken: token).status == 303)
    }

    @Test("CSV zip: one file per table, formula-looking cells escaped, CRC32 right")
    func csvZip() throws {
        let (app, database) = try makeTestApp()
        try seedRichHousehold(database)
        var browser = TestBrowser(app: app)
        let response = browser.get("/settings/data/export.zip")
        #expect(response.headers["Content-Type"] == "application/zip")
        #expect(response.body.starts(with: [0x50, 0x4B, 0x03, 0x04]))
        #expect(CSVExport.cell("=1+1") == "'=1+1")
        #expect(CSVExport.cell("@groceries") == "'@groceries")
        #expect(CSVExport.cell("-5") == "'-5")
        #expect(CSVExport.cell("Rent, \"flat\"") == "\"Rent, \"\"flat\"\"\"")
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.contains("'@groceries"))
        #expect(text.contains("recurringItem.csv"))
        #expect(!text.contains("sk-SECRET"))
    }

    @Test("Your data lists the local events")
    func eventsListed() throws {
        let (app, database) = try makeTestApp()
        try database.record(.planRecalculated, ["ms": .integer(3), "freeCashFlow": .integer(100)])
        var browser = TestBrowser(app: app)
        let page = browser.get("/settings/data").text
        #expect(page.contains("plan_recalculated"))
        #expect(page.contains("settings_changed"))
    }

    @Test("privacy page matches what the app does")
    func privacy() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let page = browser.get("/settings/privacy").text
        for phrase in ["0600", "180 days", "30 days", "feedback address", "after you agree"] {
            #expect(page.contains(phrase), "\(phrase)")
        }
    }
}
