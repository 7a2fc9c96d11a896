import Foundation
import Testing
@testable import Storage
@testable import Web

/// The import's reader and gate (Sources/Web/Features/Settings/BackupReader.swift). An import once swallowed memory: one
/// import at a time, and documents with absurd counts refused while they are read, before they
/// cost more memory.
@Suite("Import memory")
struct BackupReaderTests {
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

    static let head = #"{"format":"finmind-export","version":1,"household":{"entry":["#

    @Test("too many rows, values or columns: refused while reading", arguments: [
        ("rows", head + Array(repeating: "{}", count: JSONParser.BackupLimits.rows + 1).joined(separator: ",") + "]}}"),
        ("columns", head + "{" + (0...JSONParser.BackupLimits.columnsPerRow).map { #""c\#($0)":1"# }.joined(separator: ",") + "}]}}"),
        ("values", head + Array(repeating: #"{"a":1,"b":2,"c":3,"d":4,"e":5}"#, count: JSONParser.BackupLimits.values / 5 + 1)
            .joined(separator: ",") + "]}}"),
        ("names", head + (0..<300).map { #"{"n\#($0)":1}"# }.joined(separator: ",") + "]}}"),
    ])
    func absurdCounts(label: String, document: String) {
        #expect(throws: ExportDocument.Problem.tooLarge, "\(label)") { try ExportDocument.tables(from: Array(document.utf8)) }
    }

    @Test("nesting inside a row or outside the household is checked and skipped, not built")
    func skipped() throws {
        let nested = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
        let document = #"{"extra":\#(nested),"format":"finmind-export","version":1,"household":{"entry":[{"name":\#(nested),"amount":5}]}}"#
        let tables = try ExportDocument.tables(from: Array(document.utf8))
        #expect(tables == [BackupTable(name: "entry", rows: [[("name", .other("array")), ("amount", .integer(5))]])])
        let tooDeep = #"{"format":"finmind-export","version":1,"household":{"entry":[{"name":\#(String(repeating: "[", count: 70))"#
        #expect(throws: ExportDocument.Problem.self) { try ExportDocument.tables(from: Array(tooDeep.utf8)) }
    }
}
