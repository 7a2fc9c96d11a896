import Testing
@testable import Engine

// Reading the CBR and ECB daily XML into the game's FX table (Engine/FXFeed.swift;
// docs/engine-rules.md, "Refreshing the game's FX table from a feed").

/// `text` in windows-1251 (ASCII and the Cyrillic letters А…я, Ё, ё: all the samples use).
func cp1251(_ text: String) -> [UInt8] {
    text.unicodeScalars.map { s -> UInt8 in
        switch s.value {
        case 0..<0x80: UInt8(s.value)
        case 0x410...0x44F: UInt8(s.value - 0x410 + 0xC0)
        case 0x401: 0xA8
        case 0x451: 0xB8
        default: UInt8(ascii: "?")
        }
    }
}

/// A CBR XML_daily.asp document as served (windows-1251).
func cbrDocument(usd: String? = "92,5000", usdNominal: String = "1", eur: String? = "100,1234", date: String = "21.11.2026") -> [UInt8] {
    var xml = #"<?xml version="1.0" encoding="windows-1251"?>"# + "\n"
    xml += #"<ValCurs Date="\#(date)" name="Foreign Currency Market">"#
    xml += #"<Valute ID="R01010"><NumCode>036</NumCode><CharCode>AUD</CharCode><Nominal>1</Nominal><Name>Австралийский доллар</Name><Value>60,1000</Value><VunitRate>60,1</VunitRate></Valute>"#
    if let usd {
        xml += #"<Valute ID="R01235"><NumCode>840</NumCode><CharCode>USD</CharCode><Nominal>\#(usdNominal)</Nominal><Name>Доллар США</Name><Value>\#(usd)</Value><VunitRate>\#(usd)</VunitRate></Valute>"#
    }
    if let eur {
        xml += #"<Valute ID="R01239"><NumCode>978</NumCode><CharCode>EUR</CharCode><Nominal>1</Nominal><Name>Евро</Name><Value>\#(eur)</Value><VunitRate>\#(eur)</VunitRate></Valute>"#
    }
    xml += #"<Valute ID="R01820"><NumCode>392</NumCode><CharCode>JPY</CharCode><Nominal>100</Nominal><Name>Японских иен</Name><Value>59,8765</Value><VunitRate>0,598765</VunitRate></Valute>"#
    xml += "</ValCurs>"
    return cp1251(xml)
}

/// An ECB eurofxref-daily.xml document (UTF-8).
func ecbDocument(usd: String? = "1.0850", rub: String? = nil, time: String = "2026-11-21") -> [UInt8] {
    var cubes = #"<Cube currency="JPY" rate="162.30"/>"#
    if let usd { cubes = #"<Cube currency="USD" rate="\#(usd)"/>"# + cubes }
    if let rub { cubes += #"<Cube currency="RUB" rate="\#(rub)"/>"# }
    let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
        \t<gesmes:subject>Reference rates</gesmes:subject>
        \t<gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
        \t<Cube><Cube time='\(time)'>\(cubes)</Cube></Cube>
        </gesmes:Envelope>
        """
    return Array(xml.utf8)
}

@Suite("FX feed: CBR and ECB daily XML")
struct FXFeedTests {
    @Test("CBR (windows-1251, decimal comma): the worked example of docs/engine-rules.md")
    func cbrWorkedExample() throws {
        let feed = try parseFXFeed(cbrDocument())
        #expect(feed.source == .cbr)
        #expect(feed.date == Day(year: 2026, month: 11, day: 21)!)
        #expect(feed.ratesPerMillion == [
            "USD>RUB": 92_500_000, "RUB>USD": 10_811,       // 1 000 000 ÷ 92.5 = 10 810.81…
            "EUR>RUB": 100_123_400, "RUB>EUR": 9_988,       // 1 000 000 ÷ 100.1234 = 9 987.67…
            "USD>EUR": 923_860, "EUR>USD": 1_082_415,       // 92.5 ÷ 100.1234 = 0.923 859 9…; 100.1234 ÷ 92.5 = 1.082 415 1…
        ])
    }

    @Test("CBR Nominal divides the value: 10 units for 925,0000 is 92.5 each")
    func cbrNominal() throws {
        let feed = try parseFXFeed(cbrDocument(usd: "925,0000", usdNominal: "10"))
        #expect(feed.ratesPerMillion["USD>RUB"] == 92_500_000)
        #expect(feed.ratesPerMillion["RUB>USD"] == 10_811)
    }

    @Test("rounding is half to even: 1 000 000 ÷ 16 000 = 62.5 → 62")
    func halfEven() throws {
        let feed = try parseFXFeed(cbrDocument(usd: "16000,0000"))
        #expect(feed.ratesPerMillion["RUB>USD"] == 62)
        #expect(feed.ratesPerMillion["USD>RUB"] == 16_000_000_000)
    }

    @Test("CBR (base RUB) without EUR: USD is enough and gives the two USD↔RUB pairs (was refused: EUR is optional, seed 001)")
    func cbrWithoutEUR() throws {
        let feed = try parseFXFeed(cbrDocument(eur: nil))
        #expect(feed.source == .cbr)
        #expect(feed.ratesPerMillion == ["USD>RUB": 92_500_000, "RUB>USD": 10_811])
    }

    @Test("ECB (base EUR): USD only gives the two USD↔EUR pairs; with RUB all six")
    func ecb() throws {
        let feed = try parseFXFeed(ecbDocument())
        #expect(feed.source == .ecb)
        #expect(feed.date == Day(year: 2026, month: 11, day: 21)!)
        #expect(feed.ratesPerMillion == ["EUR>USD": 1_085_000, "USD>EUR": 921_659])
        let withRUB = try parseFXFeed(ecbDocument(rub: "95.5"))
        #expect(withRUB.ratesPerMillion == ["EUR>USD": 1_085_000, "USD>EUR": 921_659, "EUR>RUB": 95_500_000, "RUB>EUR": 10_471,
                                            "USD>RUB": 88_018_433, "RUB>USD": 11_361])
    }

    @Test("refusals, each with its reason", arguments: [
        ("the CBR bytes declared as UTF-8", cp1251(#"<?xml version="1.0" encoding="UTF-8"?><ValCurs Date="21.11.2026"><Valute><CharCode>USD</CharCode><Name>Доллар</Name></Valute></ValCurs>"#),
         FXFeedError.badEncoding),
        ("KOI8-R is not read", Array(#"<?xml version="1.0" encoding="KOI8-R"?><ValCurs Date="21.11.2026"></ValCurs>"#.utf8), .unsupportedEncoding("koi8-r")),
        ("unbalanced tags", Array("<ValCurs Date=\"21.11.2026\"><Valute></ValCurs>".utf8), .malformed),
        ("cut short", Array(cbrDocument().prefix(300)), .malformed),
        ("not XML", Array("{\"USD\": 92.5}".utf8), .malformed),
        ("an HTML page", Array("<html><body>Service unavailable</body></html>".utf8), .unknownFormat),
        ("no USD in the CBR feed", cbrDocument(usd: nil), .missingCurrency("USD")),
        ("no USD in the ECB feed", ecbDocument(usd: nil), .missingCurrency("USD")),
        ("a value with a point in the CBR feed", cbrDocument(usd: "92.5000"), .badRate("USD")),
        ("a zero value", cbrDocument(usd: "0,0000"), .badRate("USD")),
        ("a negative ECB rate", ecbDocument(usd: "-1.08"), .badRate("USD")),
        ("no date", cbrDocument(date: "yesterday"), .missingDate),
        ("a 0x98 byte (unassigned in windows-1251)", cbrDocument() + [0x98], .badEncoding),
    ])
    func refused(_ name: String, _ bytes: [UInt8], _ error: FXFeedError) {
        #expect(throws: error, "\(name)") { try parseFXFeed(bytes) }
    }
}
