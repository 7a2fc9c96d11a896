import Engine
import Testing
@testable import Statements

// Encodings: byte-order marks, cp1251 and cp1252 detection, OFX CHARSET headers (TextDecoding.swift).

@Suite("Statement encodings")
struct TextDecodingTests {
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

    @Test("a cp1252 German file full of umlauts and ß is not read as Cyrillic")
    func cp1252German() throws {
        let text = "Buchungstag;Empfänger;Betrag\n01.11.2026;Bäckerei Müller;-3,20\n02.11.2026;Größe & Söhne Straßenbau;-5,00\n"
            + "03.11.2026;Ärztehaus Übach-Öhringen;-1,00\n"
        let parsed = try StatementParser.parse(cp1252Bytes(text), options: statementOptions(currency: "EUR"))
        #expect(parsed.encoding == .cp1252)
        #expect(parsed.rows.map(\.payee) == ["Bäckerei Müller", "Größe & Söhne Straßenbau", "Ärztehaus Übach-Öhringen"])
    }
}
