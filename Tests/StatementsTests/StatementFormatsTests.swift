import Engine
import Testing
@testable import Statements

// OFX, QIF, encodings and the files that are refused outright.

let sgmlOFX = """
OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260315120000<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1>
<STMTTRNRS>
<TRNUID>1
<STMTRS>
<CURDEF>RUB
<BANKACCTFROM>
<BANKID>044525225
<ACCTID>40817810000000000001
<ACCTTYPE>CHECKING
</BANKACCTFROM>
<BANKTRANLIST>
<DTSTART>20260301
<DTEND>20260315
<STMTTRN>
<TRNTYPE>DEBIT
<DTPOSTED>20260302120000.000[+3:MSK]
<TRNAMT>-200,00
<FITID>A1
<NAME>Tram &amp; metro
<MEMO>Card *1234
</STMTTRN>
<STMTTRN>
<TRNTYPE>DEBIT</TRNTYPE>
<DTPOSTED>20260303</DTPOSTED>
<TRNAMT>-57.00
<FITID>A2</FITID>
<NAME>Трамвай</NAME>
<MEMO>
</STMTTRN>
<STMTTRN>
<TRNTYPE>CREDIT
<DTPOSTED>20260304
<TRNAMT>85000.00
<FITID>A2
<PAYEE><NAME>Employer</NAME></PAYEE>
</NAME>
</STMTTRN>
</BANKTRANLIST>
<LEDGERBAL>
<BALAMT>12345.67
<DTASOF>20260315
</LEDGERBAL>
</STMTRS>
</STMTTRNRS>
</BANKMSGSRSV1>
</OFX>
"""

let xmlOFX = """
<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX>
  <CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS>
    <CURDEF>USD</CURDEF>
    <CCACCTFROM><ACCTID>4000123412341234</ACCTID></CCACCTFROM>
    <BANKTRANLIST>
      <STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20260110</DTPOSTED><TRNAMT>-12.34</TRNAMT><FITID>X1</FITID><NAME>Caf&#233; &lt;Paris&gt;</NAME></STMTTRN>
      <STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTUSER>20260111</DTUSER><TRNAMT>5</TRNAMT><FITID>X2</FITID><MEMO>Refund</MEMO></STMTTRN>
    </BANKTRANLIST>
    <LEDGERBAL><BALAMT>-100.50</BALAMT><DTASOF>20260112083000</DTASOF></LEDGERBAL>
  </CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1>
</OFX>
"""

@Suite("Statement OFX and QIF")
struct StatementOFXQIFTests {
    @Test("a mixed-closed SGML OFX with TRNAMT -200,00 and a reused FITID keeps every row")
    func sgml() throws {
        let parsed = try parseText(sgmlOFX)
        #expect(parsed.format == .ofx && parsed.errors.isEmpty)
        #expect(parsed.rows == [
            StatementRow(line: 26, date: isoDay("2026-03-02"), amount: -20000, payee: "Tram & metro", memo: "Card *1234", externalID: "A1"),
            StatementRow(line: 34, date: isoDay("2026-03-03"), amount: -5700, payee: "Трамвай", externalID: "A2"),
            StatementRow(line: 42, date: isoDay("2026-03-04"), amount: 8_500_000, payee: "Employer", externalID: "A2"),
        ])
        #expect(parsed.bankAccountID == "40817810000000000001" && parsed.currency == "RUB")
        #expect(parsed.balance == StatementBalance(amount: 1_234_567, date: isoDay("2026-03-15")))
    }

    @Test("an OFX 2 XML credit-card statement in USD reads with the household in USD")
    func xml() throws {
        let parsed = try parseText(xmlOFX, statementOptions(currency: "USD"))
        #expect(parsed.rows == [
            StatementRow(line: 8, date: isoDay("2026-01-10"), amount: -1234, payee: "Café <Paris>", externalID: "X1"),
            StatementRow(line: 9, date: isoDay("2026-01-11"), amount: 500, payee: "Refund", externalID: "X2"),
        ])
        #expect(parsed.bankAccountID == "4000123412341234")
        #expect(parsed.balance == StatementBalance(amount: -10050, date: isoDay("2026-01-12")))
    }

    @Test("an OFX in USD is refused when the household counts in RUB")
    func otherCurrency() throws {
        #expect(throws: StatementError.otherCurrency("USD")) { try parseText(xmlOFX) }
    }

    @Test("an OFX transaction without a real date or amount is a row error with its line")
    func ofxRowErrors() throws {
        let text = "<OFX><BANKTRANLIST>\n<STMTTRN><DTPOSTED>20260231<TRNAMT>-1.00<FITID>1</STMTTRN>\n<STMTTRN><DTPOSTED>20260201<TRNAMT>abc<FITID>2</STMTTRN>\n<STMTTRN><DTPOSTED>20260201<TRNAMT>-3<FITID>3</STMTTRN>\n</BANKTRANLIST></OFX>"
        let parsed = try parseText(text)
        #expect(parsed.rows.map(\.externalID) == ["3"])
        #expect(parsed.errors.map(\.line) == [2, 3] && parsed.errors.map(\.column) == ["DTPOSTED", "TRNAMT"])
    }

    @Test("QIF: 1/15'24 dates, unknown codes ignored, splits skipped")
    func qif() throws {
        let text = "!Type:Bank\nD1/15'24\nT-1,234.56\nPLandlord\nMJanuary\nNRENT\nLHousing\nXunknown\nSFood\n$-10.00\n^\nD1/16'24\nU50.00\nPRefund\n^\nD2/30'24\nT-1.00\n^\n"
        let parsed = try parseText(text, statementOptions(dayFirst: false))
        #expect(parsed.format == .qif && parsed.dateOrder == .monthDay)
        #expect(parsed.rows == [
            StatementRow(line: 2, date: isoDay("2024-01-15"), amount: -123456, payee: "Landlord", memo: "January", category: "Housing"),
            StatementRow(line: 12, date: isoDay("2024-01-16"), amount: 5000, payee: "Refund"),
        ])
        #expect(parsed.errors == [RowError(line: 16, column: "D", reason: "“2/30'24” is not a real date")])
    }

    @Test("QIF with day-first dates and an account block before the transactions")
    func qifDayFirst() throws {
        let text = "!Account\nNMain\nTBank\n^\n!Type:CCard\nD15.01.2026\nT-500,00\nPShop\n^\nD16.01.2026\nT-20,50\n^\n!Type:Cat\nNFood\n^\n"
        let parsed = try parseText(text, statementOptions(dayFirst: false))
        #expect(parsed.rows.map(\.amount) == [-50000, -2050] && parsed.rows.map(\.date) == [isoDay("2026-01-15"), isoDay("2026-01-16")])
        #expect(parsed.dateOrder == .dayMonth && !parsed.dateOrderAmbiguous)
    }
}

@Suite("Statement encodings and refusals")
struct StatementEncodingTests {
    @Test("a UTF-16 LE file with a BOM")
    func utf16() throws {
        let text = "Дата\tСумма\tОписание\r\n01.02.2026\t-1,50\tКофе\r\n"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes.append(UInt8(unit & 0xFF)); bytes.append(UInt8(unit >> 8)) }
        let parsed = try StatementParser.parse(bytes, options: statementOptions())
        #expect(parsed.encoding == .utf16le && parsed.rows.map(\.payee) == ["Кофе"] && parsed.rows.map(\.amount) == [-150])
    }

    @Test("a UTF-8 file with a BOM")
    func utf8BOM() throws {
        let parsed = try StatementParser.parse([0xEF, 0xBB, 0xBF] + Array("Date,Amount\n2026-01-02,3\n".utf8), options: statementOptions())
        #expect(parsed.encoding == .utf8 && parsed.header == ["Date", "Amount"])
    }

    @Test("a cp1252 file with é")
    func cp1252() throws {
        var bytes = Array("Date;Payee;Amount\n2026-01-02;Caf".utf8)
        bytes += [0xE9] + Array(" de la Gare;-4,20\n2026-01-03;Bakery;-2,00\n".utf8)
        let parsed = try StatementParser.parse(bytes, options: statementOptions())
        #expect(parsed.encoding == .cp1252 && parsed.rows.first?.payee == "Café de la Gare")
    }

    @Test("a cp1251 file with only a few Russian words among Latin merchants is still cp1251")
    func cp1251Mostly() throws {
        let bytes = cp1251Bytes("Дата;Сумма;Описание\n01.02.2026;-1,00;YANDEX TAXI MOSCOW RUS\n02.02.2026;-2,00;APPLE COM BILL ITUNES\n")
        #expect(try StatementParser.parse(bytes, options: statementOptions()).encoding == .cp1251)
    }

    @Test("an OFX's CHARSET:1251 header picks cp1251")
    func ofxCharset() throws {
        let bytes = cp1251Bytes("OFXHEADER:100\nCHARSET:1251\n\n<OFX><STMTRS><CURDEF>RUB<BANKTRANLIST><STMTTRN><DTPOSTED>20260101<TRNAMT>-1<NAME>Ёж</STMTTRN></BANKTRANLIST></STMTRS></OFX>")
        let parsed = try StatementParser.parse(bytes, options: statementOptions())
        #expect(parsed.encoding == .cp1251 && parsed.rows.map(\.payee) == ["Ёж"])
    }

    @Test("an OFX that says CHARSET:1252 but is full of Cyrillic is read as cp1251")
    func ofxCharsetLies() throws {
        let bytes = cp1251Bytes("OFXHEADER:100\nCHARSET:1252\n\n<OFX><BANKTRANLIST><STMTTRN><DTPOSTED>20260101<TRNAMT>-1<NAME>Оплата в магазине Пятёрочка</STMTTRN></BANKTRANLIST></OFX>")
        let parsed = try StatementParser.parse(bytes, options: statementOptions())
        #expect(parsed.encoding == .cp1251 && parsed.rows.map(\.payee) == ["Оплата в магазине Пятёрочка"])
    }

    @Test("the encoding option overrides detection")
    func encodingOverride() throws {
        let bytes = cp1251Bytes("Date;Amount;Payee\n2026-01-02;-1;Ёж\n")
        #expect(try StatementParser.parse(bytes, options: statementOptions(encoding: .cp1252)).rows.first?.payee == "¨æ")
    }

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
