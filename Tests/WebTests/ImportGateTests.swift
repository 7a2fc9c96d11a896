import Foundation
import Testing
@testable import Storage
@testable import Web

/// Tests Sources/Web/ImportGate.swift: one import at a time, since each holds a whole upload in
/// memory; the second gets the upload's form again with a 503 that says so.
@Suite("Import gate")
struct ImportGateTests {
    @Test("a second import while one runs gets a 503 page that says so, and writes nothing")
    func oneAtATime() throws {
        let (app, database) = try makeTestApp()
        try seedRichHousehold(database)
        var browser = TestBrowser(app: app)
        let export = Array(browser.get("/api/v1/export").text.utf8)
        // Given an import in progress
        #expect(app.importGate.tryEnter())
        let busy = try browser.upload("/settings/data", to: "/settings/data/import", fields: [("confirm", "replace")],
                                      file: ("file", "export.json", "application/json", export))
        #expect(busy.status == 503)
        #expect(busy.headers["Retry-After"] == "10")
        #expect(busy.text.contains("Another import is still running"))
        #expect(try database.eventCount(.dataImported) == 0)
        // When it has finished, the same import goes through
        app.importGate.leave()
        let done = try browser.upload("/settings/data", to: "/settings/data/import", fields: [("confirm", "replace")],
                                      file: ("file", "export.json", "application/json", export))
        #expect(done.status == 303)
        #expect(app.importGate.tryEnter(), "the gate is open again after an import")
        app.importGate.leave()
    }
}
