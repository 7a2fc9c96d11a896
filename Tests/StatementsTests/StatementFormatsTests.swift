import Engine
import Testing
@testable import Statements

// The files that are refused outright, and sniffing a file's format by its content.

@Suite("Statement refusals and sniffing")
struct StatementFormatsTests {
    @Test("ZIP, xlsx, PNG, empty, blank and random bytes are refused")
    func refusals() throws {
        #expect(throws: StatementError.zip) { try StatementParser.parse([0x50, 0x4B, 0x03, 0x04, 0x14, 0, 0, 0], options: statementOptions()) }
        #expect(throws: StatementError.binary) {
            try StatementParser.parse([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D], options: statementOptions())
        }
        #expect(throws: StatementError.empty) { try StatementParser.parse([], options: statementOptions()) }
        #expect(throws: StatementError.empty) { try StatementParser.parse(Array(" \r\n\n".utf8), options: statementOptions()) }
        var generator = ParserRandom(seed: 42)
        let random = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        #expect(throws: StatementError.binary) { try StatementParser.parse(random, options: statementOptions()) }
        #expect(throws: StatementError.binary) { try StatementParser.parse(Array("%PDF-1.7\n".utf8), options: statementOptions()) }
    }

    @Test("sniffing reads content, not names")
    func sniffing() {
        #expect(StatementParser.sniffFormat(Array("  \n<ofx>\n".utf8)) == .ofx)
        #expect(StatementParser.sniffFormat(Array("\n!Type:Bank\n".utf8)) == .qif)
        #expect(StatementParser.sniffFormat(Array("Date,Amount\n".utf8)) == .csv)
        #expect(StatementParser.sniffFormat(Array("\r\n:20:STARTUMSE\r\n:25:50050201/0123456789\r\n".utf8)) == .mt940)
        #expect(StatementParser.sniffFormat(Array("{1:F01DEUTDEFFAXXX0000000000}{2:O940}{4:\n:20:X\n".utf8)) == .mt940)
        #expect(StatementParser.sniffFormat(Array("Ref;Text\n:20: alone;x\n".utf8)) == .csv)
        #expect(StatementParser.sniffFormat(Array("<?xml version=\"1.0\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.08\">".utf8)) == .camt)
        #expect(StatementParser.sniffFormat(Array("<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:pain.001.001.03\">".utf8)) == .csv)
    }
}

/// SplitMix64: a seeded generator so random fixtures repeat.
struct ParserRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
