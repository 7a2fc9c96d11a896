import Engine
import Testing
@testable import Statements

// Property: any statement written as CSV (in any of the delimiters, decimal marks, date forms
// and sign styles banks use) reads back as the same rows.

@Suite("Statement CSV round trip")
struct StatementRoundTripTests {
    /// A random statement: dates within the last year, amounts up to a million either way
    /// (never zero), payees with quotes, delimiters and Cyrillic.
    static func statement(_ generator: inout ParserRandom) -> [StatementRow] {
        let words = ["Кофе", "Tram", "Пятёрочка", "Shop, Inc.", "Say \"hi\"", "a;b", "x|y", "Tab\there", "Ёлка", "Rent"]
        let count = Int.random(in: 1...40, using: &generator)
        return (0..<count).map { index in
            var amount = Int64.random(in: 1...100_000_000, using: &generator)
            if Bool.random(using: &generator) { amount = -amount }
            let date = parserToday.adding(days: -Int.random(in: 0...360, using: &generator))
            let payee = words[Int.random(in: 0..<words.count, using: &generator)]
            let memo = Bool.random(using: &generator) ? "" : words[Int.random(in: 0..<words.count, using: &generator)]
            return StatementRow(line: index + 2, date: date, amount: amount, payee: payee, memo: memo)
        }
    }

    enum Style: CaseIterable { case russian, english, iso }

    static func csv(_ rows: [StatementRow], delimiter: Character, style: Style) -> String {
        let d = String(delimiter)
        let header = style == .russian ? ["Дата операции", "Сумма операции", "Описание", "Комментарий"] : ["Date", "Amount", "Payee", "Memo"]
        var out = header.joined(separator: d) + "\r\n"
        for row in rows {
            let whole = abs(row.amount) / 100, cents = abs(row.amount) % 100
            let centsText = cents < 10 ? "0\(cents)" : "\(cents)"
            let date: String, amount: String
            switch style {
            case .russian:
                date = "\(pad(row.date.day)).\(pad(row.date.month)).\(row.date.year)"
                amount = (row.amount < 0 ? "−" : "") + grouped(whole, "\u{00A0}") + "," + centsText
            case .english:
                date = "\(pad(row.date.month))/\(pad(row.date.day))/\(row.date.year)"
                amount = row.amount < 0 ? "(" + grouped(whole, ",") + "." + centsText + ")" : grouped(whole, ",") + "." + centsText
            case .iso:
                date = row.date.iso
                amount = (row.amount < 0 ? "-" : "") + "\(whole)." + centsText
            }
            out += [date, amount, row.payee, row.memo].map { CSVTokenizer.quoted($0, delimiter: delimiter) }.joined(separator: d) + "\r\n"
        }
        return out
    }

    static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    static func grouped(_ value: Int64, _ separator: String) -> String {
        let digits = String(value)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += separator }
            out.append(character)
        }
        return out
    }

    @Test("written as CSV and read back, a statement keeps its rows", arguments: 0..<60)
    func roundTrip(seed: Int) throws {
        var generator = ParserRandom(seed: UInt64(seed))
        let rows = Self.statement(&generator)
        let delimiter: Character = [",", ";", "\t", "|"][seed % 4]
        let style = Style.allCases[seed % 3]
        let text = Self.csv(rows, delimiter: delimiter, style: style)
        // The style's own order, so an all-ambiguous file reads the way it was written.
        let parsed = try parseText(text, statementOptions(dayFirst: style != .english))
        #expect(parsed.errors == [])
        #expect(parsed.rows == rows)
    }
}

@Suite("Statement OFX and QIF round trip")
struct StatementOFXQIFRoundTripTests {
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }

    static func digits(_ day: Day) -> String {
        String(day.year) + StatementRoundTripTests.pad(day.month) + StatementRoundTripTests.pad(day.day)
    }

    static func decimal(_ amount: Int64, comma: Bool) -> String {
        let whole = abs(amount) / 100, cents = abs(amount) % 100
        return (amount < 0 ? "-" : "") + "\(whole)" + (comma ? "," : ".") + StatementRoundTripTests.pad(Int(cents))
    }

    @Test("written as OFX (SGML or XML) and read back, a statement keeps its rows", arguments: 0..<30)
    func ofx(seed: Int) throws {
        var generator = ParserRandom(seed: UInt64(1000 + seed))
        let rows = StatementRoundTripTests.statement(&generator).filter { !$0.payee.contains("\t") }
        let sgml = seed % 2 == 0
        var text = sgml ? "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:NONE\n\n<OFX>\n" : "<?xml version=\"1.0\"?>\n<?OFX OFXHEADER=\"200\"?>\n<OFX>\n"
        text += "<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>RUB\(sgml ? "" : "</CURDEF>")\n<BANKTRANLIST>\n"
        var expected: [StatementRow] = []
        for (index, row) in rows.enumerated() {
            let line = text.filter { $0 == "\n" }.count + 1
            let close = { (tag: String) in sgml && index % 3 != 0 ? "" : "</\(tag)>" }
            text += "<STMTTRN>\n<DTPOSTED>\(Self.digits(row.date))120000\(close("DTPOSTED"))\n"
            text += "<TRNAMT>\(Self.decimal(row.amount, comma: seed % 3 == 0))\(close("TRNAMT"))\n<FITID>F\(index)\(close("FITID"))\n"
            text += "<NAME>\(Self.escaped(row.payee))\(close("NAME"))\n"
            if !row.memo.isEmpty { text += "<MEMO>\(Self.escaped(row.memo))\(close("MEMO"))\n" }
            text += "</STMTTRN>\n"
            expected.append(StatementRow(line: line, date: row.date, amount: row.amount, payee: row.payee, memo: row.memo, externalID: "F\(index)"))
        }
        text += "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
        let parsed = try parseText(text)
        #expect(parsed.format == .ofx && parsed.errors == [] && parsed.rows == expected)
    }

    @Test("written as QIF and read back, a statement keeps its rows", arguments: 0..<30)
    func qif(seed: Int) throws {
        var generator = ParserRandom(seed: UInt64(2000 + seed))
        let rows = StatementRoundTripTests.statement(&generator)
        var text = "!Type:Bank\n"
        var expected: [StatementRow] = []
        for row in rows {
            let line = text.filter { $0 == "\n" }.count + 1
            let date = seed % 2 == 0
                ? "\(row.date.month)/\(row.date.day)'\(StatementRoundTripTests.pad(row.date.year % 100))"
                : "\(StatementRoundTripTests.pad(row.date.day)).\(StatementRoundTripTests.pad(row.date.month)).\(row.date.year)"
            text += "D\(date)\nT\(Self.decimal(row.amount, comma: seed % 2 == 1))\nP\(row.payee)\n"
            if !row.memo.isEmpty { text += "M\(row.memo)\n" }
            text += "^\n"
            expected.append(StatementRow(line: line, date: row.date, amount: row.amount, payee: row.payee, memo: row.memo))
        }
        let parsed = try parseText(text, statementOptions(dayFirst: seed % 2 == 1))
        #expect(parsed.format == .qif && parsed.errors == [] && parsed.rows == expected)
    }
}

@Suite("Statement parser never crashes")
struct StatementFuzzTests {
    static let fixtures: [[UInt8]] = [
        Array(sgmlOFX.utf8), Array(xmlOFX.utf8),
        Array("!Type:Bank\nD1/15'24\nT-1,234.56\nPLandlord\n^\nD1/16'24\nU50.00\n^\n".utf8),
        cp1251Bytes("Выписка\nДата операции;Сумма;Описание\n05.05.2026;-1\u{00A0}234,56;\"Кафе \"\"Ёлка\"\"\"\n"),
        Array("Date,Amount,Payee\n05/04/2026,(1,234.50),A\n06/04/2026,-110.7,B\n".utf8),
    ]

    @Test("mutated statements parse or are refused, never trap", arguments: 0..<200)
    func mutations(seed: Int) {
        var generator = ParserRandom(seed: UInt64(seed) &* 7919)
        var bytes = Self.fixtures[seed % Self.fixtures.count]
        let specials = Array("<>/;,\"'\n\r\t^!-.0123456789 ".utf8) + [0xA0, 0xC2, 0xFF, 0xFE, 0x00]
        for _ in 0..<Int.random(in: 1...12, using: &generator) where !bytes.isEmpty {
            let at = Int.random(in: 0..<bytes.count, using: &generator)
            let byte = Bool.random(using: &generator) ? specials.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: bytes.insert(byte, at: at)
            case 1: bytes.remove(at: at)
            case 2: bytes[at] = byte
            default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 40)], at: at)
            }
        }
        let options = statementOptions(order: seed % 7 == 0 ? .monthDay : nil,
                                       mapping: seed % 5 == 0 ? ColumnMapping(date: 9, amount: -1, payee: 50) : nil)
        if let parsed = try? StatementParser.parse(bytes, options: options) {
            #expect(parsed.rows.allSatisfy { $0.amount != 0 && abs($0.amount) <= 1_000_000_000_000 })
        }
        _ = try? StatementParser.table(bytes, options: options)
    }
}
