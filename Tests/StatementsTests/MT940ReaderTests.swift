import Engine
import Testing
@testable import Statements

// MT940 files shaped like the German banks' exports (Sparkasse / Volksbank "STARTUMS" files
// with structured :86:, a SWIFT-enveloped file with free :86: text), written for these tests:
// no real account, name or reference.

/// ISO-8859-1 bytes for text in Latin-1 (the umlauts, ß).
func latin1Bytes(_ text: String) -> [UInt8] {
    text.unicodeScalars.map { scalar -> UInt8 in
        precondition(scalar.value < 0x100, "not Latin-1: \(scalar)")
        return UInt8(scalar.value)
    }
}

/// Two daily statements of one Sparkasse giro account, as its online banking exports them
/// ("MT940" / "STA", ISO-8859-1, CR LF, :86: cut at 65 characters).
let sparkasseMT940 = [
    ":20:STARTUMSE",
    ":25:50050201/0123456789",
    ":28C:00000/001",
    ":60F:C261030EUR1234,56",
    ":61:2611021102DR45,90N005NONREF",
    ":86:106?00KARTENZAHLUNG?100931?20SVWZ+Einkauf bei Bäckerei M?21üller, Filiale 1",
    "2?30BYLADEM1001?31DE02700202700010108669?32Bäckerei Müller GmbH?34000",
    ":61:2611021102CR2500,00N051NONREF",
    ":86:166?00GUTSCHRIFT?109310?20EREF+LOHN-2026-11?21SVWZ+Lohn/Gehalt 11/2026?22Perso",
    "nalnummer 4711?30HYVEDEMMXXX?31DE44500105175407324931?32Muster Werkzeugbau GmbH & Co?33. KG?34000",
    ":62F:C261102EUR3688,66",
    "-",
    ":20:STARTUMSE",
    ":25:50050201/0123456789",
    ":28C:00000/002",
    ":60F:C261102EUR3688,66",
    ":61:2611031103DR950,00N005NONREF",
    ":86:105?00FOLGELASTSCHRIFT?109248?20EREF+M-2026-11?21MREF+WHG-17?22CRED+DE98ZZZ09999999999",
    "?23SVWZ+Miete November 2026?24Wohnung Lindenstraße 5?30GENODEF1S10?31DE8937040044053201300",
    "0?32Wohnungsgenossenschaft Süd?33eG?34992",
    ":61:2611031103DR12,50N005NONREF",
    ":86:808?00ENTGELTABSCHLUSS?100001?20Entgelt für Kontoführung?21Abrechnung 10/2026",
    ":62F:C261103EUR2726,16",
    "-",
].joined(separator: "\r\n") + "\r\n"

@Suite("MT940 statements")
struct MT940ReaderTests {
    @Test("a Sparkasse export in ISO-8859-1: rows, umlauts, the other party, the purpose, the balance and the period")
    func sparkasse() throws {
        let parsed = try StatementParser.parse(latin1Bytes(sparkasseMT940), options: statementOptions(currency: "EUR"))
        #expect(parsed.format == .mt940 && parsed.encoding == .cp1252 && parsed.errors.isEmpty)
        #expect(parsed.rows.map(\.amount) == [-4590, 250_000, -95000, -1250])
        #expect(parsed.rows.map(\.date) == ["2026-11-02", "2026-11-02", "2026-11-03", "2026-11-03"].map(isoDay))
        #expect(parsed.rows.map(\.payee) == ["Bäckerei Müller GmbH", "Muster Werkzeugbau GmbH & Co. KG",
                                            "Wohnungsgenossenschaft Süd eG", "Entgelt für Kontoführung Abrechnung"])
        #expect(parsed.rows.map(\.memo) == ["Einkauf bei Bäckerei Müller, Filiale 12", "Lohn/Gehalt 11/2026 Personalnummer 4711",
                                           "Miete November 2026 Wohnung Lindenstraße 5", "Entgelt für Kontoführung Abrechnung 10/2026"])
        #expect(parsed.rows.map(\.line) == [5, 8, 17, 21])
        #expect(parsed.balance == StatementBalance(amount: 272_616, date: isoDay("2026-11-03")))
        #expect(parsed.period == isoDay("2026-10-30")...isoDay("2026-11-03"))
        #expect(parsed.bankAccountID == "50050201/0123456789" && parsed.currency == "EUR")
    }

    @Test("the same file in UTF-8 reads the same")
    func utf8() throws {
        let parsed = try StatementParser.parse(Array(sparkasseMT940.utf8), options: statementOptions(currency: "EUR"))
        #expect(parsed.encoding == .utf8 && parsed.rows.first?.payee == "Bäckerei Müller GmbH")
    }

    @Test("a SWIFT envelope, an IBAN account, free :86: text, a funds code, RC/RD reversals and an entry date across the year")
    func envelope() throws {
        let text = [
            "{1:F01DEUTDEFFAXXX0000000000}{2:O9400000261231DEUTDEFFAXXX00000000002612310000N}{4:",
            ":20:DB-0001",
            ":25:DE89370400440532013000EUR",
            ":28C:1/1",
            ":60F:D251230EUR100,",
            ":61:2512310102DR20,00NMSCNONREF//B-1",
            ":86:Buchhandlung am Markt Berlin Kauf vom 30.12. Karte 2",
            ":61:2512310102RD20,00NMSCNONREF//B-2",
            ":86:Storno Buchhandlung am Markt",
            ":61:2601021231RC7,5NTRFNONREF",
            ":86:Ruecklastschrift Gutschrift",
            ":62F:D260102EUR107,50",
            "-}",
        ].joined(separator: "\n")
        let parsed = try parseText(text, statementOptions(currency: "EUR"))
        #expect(parsed.format == .mt940 && parsed.errors.isEmpty)
        #expect(parsed.rows.map(\.amount) == [-2000, 2000, -750])
        #expect(parsed.rows.map(\.date) == ["2026-01-02", "2026-01-02", "2025-12-31"].map(isoDay))
        #expect(parsed.rows[0].payee == "Buchhandlung am Markt Berlin Kauf vom" && parsed.rows[0].memo == "Buchhandlung am Markt Berlin Kauf vom 30.12. Karte 2")
        #expect(parsed.bankAccountID == "DE89370400440532013000EUR")
        #expect(parsed.balance == StatementBalance(amount: -10750, date: isoDay("2026-01-02")))
    }

    @Test("entries that do not make the closing balance are an error at :62F:; a bad :61: is an error and the rest is read")
    func arithmeticAndBadLines() throws {
        let base = ":20:X\n:25:1/2\n:60F:C261101EUR10,00\n:61:261102D1,00NMSCNONREF\n:86:A\n"
        let short = try parseText(base + ":62F:C261102EUR8,00\n", statementOptions(currency: "EUR"))
        #expect(short.rows.count == 1 && short.errors.map(\.line) == [6] && short.errors.map(\.column) == ["62F"])
        #expect(short.errors.first?.reason.contains("9.00") == true)
        let bad = try parseText(base + ":61:261302D1,00NMSCNONREF\n:61:261103D1,001NMSC\n:61:261103X1,00NMSC\n:62F:C261102EUR9,00\n",
                                statementOptions(currency: "EUR"))
        #expect(bad.rows.count == 1 && bad.errors.map(\.line) == [6, 7, 8] && bad.errors.allSatisfy { !$0.skipped })
    }

    @Test("another currency than the household's is refused, so are two accounts in one file")
    func refusals() {
        #expect(throws: StatementError.otherCurrency("USD")) {
            try parseText(":20:X\n:25:1/2\n:60F:C261101USD10,00\n:61:261102D1,00NMSCNONREF\n:62F:C261102USD9,00\n", statementOptions(currency: "EUR"))
        }
        #expect(throws: StatementError.self) {
            try parseText(":20:X\n:25:1/2\n:61:261102D1,00NMSC\n-\n:20:Y\n:25:1/3\n:61:261102D1,00NMSC\n", statementOptions(currency: "EUR"))
        }
    }

    @Test(":86: subfields: SVWZ+ is the purpose, ABWA+ names the party when ?32 does not, untagged text is all purpose")
    func details() {
        let tagged = MT940Reader.details(ofLines: ["177?00SEPA-UEBERWEISUNG?20EREF+NOTPROVIDED?21SVWZ+Rechnung 17?22ABWA+Max Mustermann"])
        #expect(tagged == .init(bookingText: "SEPA-UEBERWEISUNG", payee: "Max Mustermann", purpose: "Rechnung 17"))
        let named = MT940Reader.details(ofLines: ["105?00LASTSCHRIFT?20SVWZ+PP.7723.PP . GOOGLE, I?21hr Einkauf bei GOOGLE",
                                                  "?32PayPal (Europe) S.a.r.l. et?33 Cie., S.C.A."])
        #expect(named.payee == "PayPal (Europe) S.a.r.l. et Cie., S.C.A." && named.purpose == "PP.7723.PP . GOOGLE, Ihr Einkauf bei GOOGLE")
        #expect(MT940Reader.details(ofLines: ["020?00UEBERTRAG?20Sparplan?21Oktober"]).purpose == "Sparplan Oktober")
        #expect(MT940Reader.details(ofLines: ["999Freier Text ohne", "Struktur"]).purpose == "Freier Text ohne Struktur")
    }

    @Test("amounts have a decimal comma and at most the currency's digits")
    func amounts() {
        #expect(MT940Reader.amount("985,13", minorDigits: 2) == 98513)
        #expect(MT940Reader.amount("1500,", minorDigits: 2) == 150_000)
        #expect(MT940Reader.amount("0,5", minorDigits: 2) == 50)
        #expect(MT940Reader.amount("1,234", minorDigits: 2) == nil)
        #expect(MT940Reader.amount("12.50", minorDigits: 2) == nil)
        #expect(MT940Reader.amount(",50", minorDigits: 2) == nil)
    }
}
