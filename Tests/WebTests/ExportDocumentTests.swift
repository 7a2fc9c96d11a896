import Foundation
import Testing
@testable import Storage
@testable import Web

// The export document and the CSV export (Sources/Web/Features/Settings/ExportDocument.swift).

@Suite("Export document")
struct ExportDocumentTests {
    @Test("a written document reads back as the same tables, exact integers, text and blobs included")
    func roundTrip() throws {
        let tables = [
            ExportTable(name: "entry", columns: ["amount", "id", "name", "note"],
                        rows: [[.integer(Int64.max), .integer(1), .text("Молоко \"2\""), .null]]),
            ExportTable(name: "avatar", columns: ["bytes"], rows: [[.blob([0, 1, 2, 255])]]),
            ExportTable(name: "goal", columns: ["id"], rows: []),
        ]
        let text = ExportDocument.text(tables, exportedAt: "2026-11-24T10:00:00Z")
        #expect(text.hasPrefix(#"{"format":"finmind-export","version":1,"exportedAt":"2026-11-24T10:00:00Z","household":{"#))
        let read = try ExportDocument.tables(from: Array(text.utf8))
        #expect(read == [
            BackupTable(name: "entry", rows: [[("amount", .integer(Int64.max)), ("id", .integer(1)), ("name", .string("Молоко \"2\"")),
                                               ("note", .null)]]),
            BackupTable(name: "avatar", rows: [[("bytes", .string("AAEC/w=="))]]),
            BackupTable(name: "goal", rows: []),
        ])
    }

    @Test("not JSON, another format, another version and a misplaced household are each named")
    func problems() {
        #expect(throws: ExportDocument.Problem.syntax(line: 2, column: 2)) { try ExportDocument.tables(from: Array("{\n}x".utf8)) }
        #expect(throws: ExportDocument.Problem.format) { try ExportDocument.tables(from: Array(#"{"format":"other","version":1}"#.utf8)) }
        #expect(throws: ExportDocument.Problem.version("2")) {
            try ExportDocument.tables(from: Array(#"{"format":"finmind-export","version":2,"household":{}}"#.utf8))
        }
        #expect(throws: ExportDocument.Problem.shape("household")) {
            try ExportDocument.tables(from: Array(#"{"format":"finmind-export","version":1}"#.utf8))
        }
    }

    @Test("a CSV has a BOM, a header and CRLF rows; formula-looking cells get an apostrophe")
    func csv() {
        let table = ExportTable(name: "entry", columns: ["name", "amount", "note"], rows: [[.text("=SUM(A1)"), .integer(-5), .null]])
        #expect(String(decoding: CSVExport.csv(table), as: UTF8.self) == "\u{FEFF}name,amount,note\r\n'=SUM(A1),'-5,\r\n")
        #expect(CSVExport.cell("+7") == "'+7" && CSVExport.cell("plain") == "plain" && CSVExport.cell("a\nb") == "\"a\nb\"")
    }

    @Test("the Advisor's messages in the CSV show their links as “label (/path)”; the JSON keeps the stored links")
    func advisorLinksReadable() throws {
        let stored = "Food: $232.63 spent.\n[Show these entries](/transactions?category=food&from=2026-11-01) · [Limits](/limits)"
        let table = ExportTable(name: "advisorMessage", columns: ["role", "text"], rows: [[.text("advisor"), .text(stored)]])
        let csv = String(decoding: CSVExport.csv(table), as: UTF8.self)
        #expect(csv.contains("Show these entries (/transactions?category=food&from=2026-11-01) · Limits (/limits)"), "\(csv)")
        #expect(!csv.contains("]("))
        let json = ExportDocument.text([table], exportedAt: "2026-11-21T10:00:00+0000")
        #expect(json.contains("[Show these entries]("))
        // Another table's brackets are left as typed.
        let entry = ExportTable(name: "entry", columns: ["text"], rows: [[.text("[a](/b)")]])
        #expect(String(decoding: CSVExport.csv(entry), as: UTF8.self).contains("[a](/b)"))
    }
}
