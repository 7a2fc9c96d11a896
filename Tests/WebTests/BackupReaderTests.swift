import Foundation
import Testing
@testable import Storage
@testable import Web

/// The backup import's reader (Sources/Web/Features/Settings/BackupReader.swift): documents with
/// absurd counts are refused while they are read, before they cost more memory (one import at a
/// time is ImportGateTests).
@Suite("Import memory")
struct BackupReaderTests {
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
