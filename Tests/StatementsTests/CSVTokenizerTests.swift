import Testing
@testable import Statements

// RFC 4180 records and the lines they start on (Sources/Statements/CSVTokenizer.swift).
@Suite("CSV tokenizer")
struct CSVTokenizerTests {
    private func records(_ text: String, _ delimiter: Character = ",", max: Int? = nil) throws -> [CSVRecord] {
        try CSVTokenizer.records(Array(text.utf8), delimiter: delimiter.asciiValue!, maxRecords: max)
    }

    @Test("quoted cells keep delimiters, line breaks and doubled quotes; a record knows its first line")
    func quotedCells() throws {
        #expect(try records("a;b\r\nc;\"d;e\"\n", ";") == [CSVRecord(line: 1, cells: ["a", "b"]), CSVRecord(line: 2, cells: ["c", "d;e"])])
        #expect(try records("x,\"multi\nline \"\"q\"\"\"\ny,z") == [
            CSVRecord(line: 1, cells: ["x", "multi\nline \"q\""]),
            CSVRecord(line: 3, cells: ["y", "z"]),
        ])
        #expect(try records("  \"a,b\",c") == [CSVRecord(line: 1, cells: ["a,b", "c"])])
    }

    @Test("blank lines are dropped; CRLF, LF and a lone CR all end a line")
    func lineEnds() throws {
        #expect(try records("a\n\n   \nb\r") == [CSVRecord(line: 1, cells: ["a"]), CSVRecord(line: 4, cells: ["b"])])
        #expect(try records("a\r\rb\r\nc").map(\.line) == [1, 3, 4])
    }

    @Test("reading stops at maxRecords and throws above throwAbove")
    func limits() throws {
        #expect(try records("1\n2\n3\n", max: 2).map(\.cells) == [["1"], ["2"]])
        #expect(throws: CSVTokenizer.Stop.tooMany) {
            try CSVTokenizer.records(Array("1\n2\n3\n".utf8), delimiter: UInt8(ascii: ","), throwAbove: 2)
        }
        #expect(try CSVTokenizer.records(Array("1\n2\n".utf8), delimiter: UInt8(ascii: ","), throwAbove: 2).count == 2)
    }

    @Test("a cell over 64 KB stops the reading at once, quoted or not")
    func longCell() throws {
        let long = String(repeating: "a", count: 70_000)
        #expect(throws: CSVTokenizer.Stop.cellTooLong(line: 2)) {
            try CSVTokenizer.records(Array("a,b\n\(long)".utf8), delimiter: UInt8(ascii: ","))
        }
        #expect(throws: CSVTokenizer.Stop.cellTooLong(line: 1)) {
            try CSVTokenizer.records(Array("\"\(long)".utf8), delimiter: UInt8(ascii: ","))
        }
        #expect(try CSVTokenizer.records(Array(String(repeating: "b", count: 65_000).utf8), delimiter: UInt8(ascii: ",")).count == 1)
    }

    @Test("a cell is quoted for writing only when it must be")
    func quoting() {
        #expect(CSVTokenizer.quoted("plain", delimiter: ",") == "plain")
        #expect(CSVTokenizer.quoted("a,b", delimiter: ",") == "\"a,b\"")
        #expect(CSVTokenizer.quoted("a,b", delimiter: ";") == "a,b")
        #expect(CSVTokenizer.quoted("say \"hi\"", delimiter: ";") == "\"say \"\"hi\"\"\"")
        #expect(CSVTokenizer.quoted("two\nlines", delimiter: ";") == "\"two\nlines\"")
    }
}
