import Foundation
import HTTPCore
import Storage
import Testing
import TestSupport

// Refreshing the game's FX table from a feed over real HTTP (Features/Play/ChallengeFXFeed.swift):
// the real server fetches from a loopback stub that serves the CBR daily XML really encoded
// in windows-1251, the ECB daily XML, and broken answers (slow, huge, not XML, wrong
// encoding, no USD, HTTP 500). Every failure answers 422 with its message and changes nothing.

/// `text` in windows-1251 (ASCII and А…я).
private func cp1251(_ text: String) -> [UInt8] {
    text.unicodeScalars.map { s -> UInt8 in
        switch s.value {
        case 0..<0x80: UInt8(s.value)
        case 0x410...0x44F: UInt8(s.value - 0x410 + 0xC0)
        default: UInt8(ascii: "?")
        }
    }
}

private let cbr = cp1251("""
    <?xml version="1.0" encoding="windows-1251"?>
    <ValCurs Date="20.11.2026" name="Foreign Currency Market">\
    <Valute ID="R01235"><NumCode>840</NumCode><CharCode>USD</CharCode><Nominal>1</Nominal><Name>Доллар США</Name><Value>92,5000</Value><VunitRate>92,5</VunitRate></Valute>\
    <Valute ID="R01239"><NumCode>978</NumCode><CharCode>EUR</CharCode><Nominal>1</Nominal><Name>Евро</Name><Value>100,1234</Value><VunitRate>100,1234</VunitRate></Valute>\
    </ValCurs>
    """)

private func ecb(usd: Bool = true) -> [UInt8] {
    Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
        <gesmes:subject>Reference rates</gesmes:subject>
        <Cube><Cube time='2026-11-21'>\(usd ? "<Cube currency='USD' rate='1.0850'/>" : "")<Cube currency='JPY' rate='162.30'/></Cube></Cube>
        </gesmes:Envelope>
        """.utf8)
}

private func xml(_ bytes: [UInt8], _ type: String = "application/xml") -> Response {
    Response(status: .ok, headers: HTTPHeaders([("Content-Type", type)]), body: bytes)
}

/// The stand-in feeds; /slow answers only once `slow` opens (the test opens it when it is done).
private func feeds(slow: Gate = Gate()) -> @Sendable (Request) -> Response { { request in
    switch request.rawPath {
    case "/cbr": return xml(cbr, "application/xml; charset=windows-1251")
    case "/ecb": return xml(ecb())
    case "/ecb-no-usd": return xml(ecb(usd: false))
    case "/slow": slow.pass(); return xml(cbr)
    case "/huge": return xml(Array("<ValCurs Date=\"20.11.2026\">".utf8) + [UInt8](repeating: 0x20, count: 700 * 1024) + Array("</ValCurs>".utf8))
    case "/broken": return xml(Array(cbr.prefix(200)))
    case "/html": return xml(Array("<html><body>Maintenance</body></html>".utf8), "text/html")
    case "/utf8-lie": return xml(cp1251("<?xml version=\"1.0\" encoding=\"UTF-8\"?><ValCurs Date=\"20.11.2026\"><Valute><Name>Евро</Name></Valute></ValCurs>"))
    case "/koi8": return xml(Array("<?xml version=\"1.0\" encoding=\"KOI8-R\"?><ValCurs Date=\"20.11.2026\"/>".utf8))
    default: return Response(status: .internalServerError, contentType: "text/plain", text: "down")
    }
} }

@Suite("FX feed refresh over HTTP", .serialized)
struct FXFeedServerTests {
    private static func refresh(_ client: inout HTTPFormClient, _ url: String, action: String = "refresh") throws -> RawResponse {
        try client.submit("/challenge/settings", to: "/challenge/fx", [("fx_url", url), ("do", action)])
    }

    private static func flash(_ client: HTTPFormClient, after response: RawResponse) throws -> String {
        let flash = try #require(response.headers("Set-Cookie").first { $0.hasPrefix("fm_flash=") })
        let page = try fetch(client.port, "/challenge/settings", headers: ["Cookie: \(client.cookie); \(flash.split(separator: ";")[0])"])
        return page.text
    }

    @Test("off by default; CBR (windows-1251) then ECB refresh the table with the feed's date and say what changed")
    func refreshes() throws {
        let stub = try StubServer(longWork: true, respond: feeds())
        let live = try LiveServer()
        var client = HTTPFormClient(port: live.port)
        let first = try client.get("/challenge/settings").text
        #expect(first.contains("Off: the rates change only when you edit them."))
        #expect(!first.contains(#"id="fx-refresh""#))
        let base = "http://127.0.0.1:\(stub.port)"
        let saved = try Self.refresh(&client, base + "/cbr", action: "save")
        #expect(saved.status == 303)
        #expect(try live.database.settings()["fx.feedURL"] == base + "/cbr")
        #expect(try live.database.fxRates().isEmpty)
        #expect(try client.get("/challenge/settings").text.contains(#"id="fx-refresh""#))

        let done = try Self.refresh(&client, base + "/cbr")
        #expect(done.status == 303)
        let rates = try live.database.fxRates()
        #expect(rates == ["USD>RUB": 92_500_000, "RUB>USD": 10_811, "EUR>RUB": 100_123_400, "RUB>EUR": 9_988,
                          "USD>EUR": 923_860, "EUR>USD": 1_082_415])
        #expect(try live.database.settings()["fx.asOf"] == "2026-11-20")
        let page = try Self.flash(client, after: done)
        #expect(page.contains("Rates refreshed from the Central Bank of Russia feed of ") && page.contains("20"))
        #expect(page.contains("USD → RUB 100 → 92.5"))

        let euro = try Self.refresh(&client, base + "/ecb")
        #expect(euro.status == 303)
        let after = try live.database.fxRates()
        #expect(after["EUR>USD"] == 1_085_000 && after["USD>EUR"] == 921_659)
        #expect(after["USD>RUB"] == 92_500_000 && after["RUB>EUR"] == 9_988)
        let note = try Self.flash(client, after: euro)
        #expect(note.contains("Rates refreshed from the ECB feed of "))
        #expect(note.contains("The feed has no RUB rate, so the RUB pairs were kept."))
    }

    @Test("every failure answers 422 with its message and changes neither the rates nor the address", arguments: [
        ("/slow", "The feed could not be read from this address"),
        ("/huge", "The feed could not be read from this address"),
        ("/broken", "The feed is not valid XML."),
        ("/html", "The feed is neither the CBR daily XML nor the ECB daily reference rates."),
        ("/utf8-lie", "The feed’s bytes do not match its declared encoding."),
        ("/koi8", "The feed is in the koi8-r encoding"),
        ("/ecb-no-usd", "The feed has no USD rate."),
        ("/down", "The feed could not be read from this address"),
    ])
    func failures(path: String, message: String) throws {
        let slow = Gate()
        let stub = try StubServer(longWork: true, respond: feeds(slow: slow))
        defer { slow.open(); withExtendedLifetime(stub) {} }
        let live = try LiveServer()
        var client = HTTPFormClient(port: live.port)
        let base = "http://127.0.0.1:\(stub.port)"
        _ = try Self.refresh(&client, base + "/cbr", action: "save")
        let before = try live.database.fxRates()
        let response = try Self.refresh(&client, base + path)
        #expect(response.status == 422)
        #expect(response.text.contains(message.replacingOccurrences(of: "’", with: "'")) || response.text.contains(message)
                || response.text.contains(message.replacingOccurrences(of: "’", with: "&#39;")))
        #expect(response.text.contains("The rates were not changed."))
        #expect(try live.database.fxRates() == before)
        #expect(try live.database.settings()["fx.feedURL"] == base + "/cbr")
        #expect(try live.database.settings()["fx.asOf"] == nil)
    }

    @Test("loopback, private, link-local and closed-port feeds all get one message; the stand-in feed is never reached")
    func internalAddressesRefused() throws {
        let reached = ReachCounter()
        let stub = try StubServer(longWork: true) { request in reached.add(); return feeds()(request) }
        let live = try ConfiguredServer()
        var client = HTTPFormClient(port: live.port)
        for url in ["http://127.0.0.1:\(stub.port)/cbr", "http://localhost:\(stub.port)/cbr", "http://[::1]:\(stub.port)/cbr",
                    "http://169.254.169.254/latest/meta-data/", "http://10.0.0.1:1/", "http://192.168.1.1/",
                    "http://2130706433:\(stub.port)/cbr", "http://[::ffff:127.0.0.1]:\(stub.port)/cbr", "http://127.0.0.1:1/closed"] {
            let response = try Self.refresh(&client, url)
            #expect(response.status == 422)
            #expect(response.text.contains("The feed could not be read from this address"), "\(url)")
        }
        #expect(reached.count == 0, "the stand-in feed on loopback was never reached")
        #expect(try live.database.fxRates().isEmpty)
    }

    @Test("an address that is not http(s) is refused by the field; nothing is fetched or stored")
    func badAddress() throws {
        let live = try LiveServer()
        var client = HTTPFormClient(port: live.port)
        for url in ["file:///etc/passwd", "javascript:alert(1)", "ftp://example.com/x"] {
            let response = try Self.refresh(&client, url)
            #expect(response.status == 422)
            #expect(response.text.contains("Enter an address starting with http:// or https://."))
        }
        let empty = try Self.refresh(&client, "")
        #expect(empty.status == 422)
        #expect(empty.text.contains("Enter the feed&#39;s address first.") || empty.text.contains("Enter the feed's address first.")
                || empty.text.contains("Enter the feed’s address first."))
        #expect(try live.database.settings()["fx.feedURL"] == nil)
    }
}

/// Counts requests a stand-in server answered.
final class ReachCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.lock(); defer { lock.unlock() }; return value }
    func add() { lock.lock(); value += 1; lock.unlock() }
}
