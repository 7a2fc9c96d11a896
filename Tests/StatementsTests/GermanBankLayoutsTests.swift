import Engine
import Testing
@testable import Statements

// German banks' exports read without a mapping by hand (Sources/Statements/GermanBankLayouts.swift):
// one file per bank in the shape of its real export — the lines above the header, the header,
// the date and amount forms, the encoding, the status and S/H words, the balance lines below —
// with made-up rows (the same twelve transactions at every bank, never a user's data). The
// sources of each shape are in the comments of `GermanFixture` (GermanBankSamples.swift).
@Suite("German bank layouts")
struct GermanBankLayoutsTests {
    /// A German household: day-first, euros.
    static let household = ParseOptions(today: parserToday, currency: "EUR", prefersDayFirst: true)

    @Test("each German bank's export reads as that bank: every row exact, pending rows skipped, nothing asked",
          arguments: GermanFixture.all.map(\.name))
    func export(name: String) throws {
        let fixture = try #require(GermanFixture.all.first { $0.name == name })
        let parsed = try StatementParser.parse(fixture.bytes, options: Self.household)
        #expect(parsed.layout == fixture.layout)
        #expect(parsed.encoding == (fixture.encoding == .cp1252 ? .cp1252 : .utf8))
        #expect(parsed.rows.map(GermanFixture.Row.init) == fixture.rows)
        #expect(parsed.errors.filter { !$0.skipped } == [])
        #expect(parsed.errors.map(\.line).sorted() == fixture.skipped.keys.sorted())
        for error in parsed.errors { #expect(error.reason.contains(fixture.skipped[error.line] ?? "∅")) }
        #expect(!parsed.dateOrderAmbiguous)
    }

    @Test("the same files read as a household that prefers month first: the file decides")
    func monthFirstHousehold() throws {
        let options = ParseOptions(today: parserToday, currency: "EUR", prefersDayFirst: false)
        for fixture in GermanFixture.all {
            let parsed = try StatementParser.parse(fixture.bytes, options: options)
            #expect(parsed.rows.map(GermanFixture.Row.init) == fixture.rows, "\(fixture.name)")
        }
    }

    @Test("every German file's expenses get their categories from the built-in lists, as the bank printed them")
    func categories() {
        // Newest first: dm, ALDI, the car service, DB, Lidl, EDEKA, Telekom, Rundfunkbeitrag, rent, REWE.
        let expected = ["health", "food", "transport", "transport", "food", "food", "utilities", "utilities", "housing", "food"]
        for fixture in GermanFixture.all {
            let expenses = fixture.rows.filter { $0.amount < 0 }
            #expect(expenses.map { PayeeCategories.keyword($0.payee + " " + $0.memo) ?? "none" } == expected, "\(fixture.name)")
        }
    }

    @Test("comdirect's labelled text splits into payee and memo")
    func comdirectText() {
        #expect(BankLayouts.splitText("Auftraggeber: ACME GmbH Buchungstext: Gehalt 11/2026 Ref. 5T2C") == ("ACME GmbH", "Gehalt 11/2026"))
        #expect(BankLayouts.splitText("Empfänger: REWE Markt GmbH Kto/IBAN: DE02 BLZ/BIC: X Buchungstext: Einkauf Ref. 1")
                    == ("REWE Markt GmbH", "Einkauf"))
        #expect(BankLayouts.splitText("Buchungstext: EDEKA SAGT DANKE KOELN DE Karte Nr. 4871 Ref. 3") == ("EDEKA SAGT DANKE KOELN DE", ""))
        #expect(BankLayouts.splitText("Empfänger: Kto/IBAN: DE02 Buchungstext: Kontoführung") == ("Kontoführung", "Kontoführung"))
    }

    @Test("the Commerzbank's text loses its SEPA references; a text without any stays whole")
    func commerzbankText() {
        #expect(BankLayouts.splitText("1x1 Telecom GmbH KD-Nr. K12 End-to-End-Ref.: 0098 Mandatsref: 0098 Gläubiger-ID: DE01").payee
                    == "1x1 Telecom GmbH KD-Nr. K12")
        #expect(BankLayouts.splitText("Kontoführung Grundpreis 9,90- EUR") == ("Kontoführung Grundpreis 9,90- EUR", ""))
    }

    @Test("a German header no layout knows still maps itself: Buchungsdatum, Betrag, Empfänger, Verwendungszweck")
    func unknownGermanBank() throws {
        let text = "Kontonummer;Buchungsdatum;Valuta;Empfaenger 1;Empfänger;Verwendungszweck;Betrag;Waehrung\n"
            + "123456789;28.11.2026;28.11.2026;;AMAZON EU;123-4567;-99,95;EUR\n123456789;27.11.2026;27.11.2026;;ACME GmbH;Gehalt;1.500,00;EUR\n"
        let parsed = try parseText(text, Self.household)
        #expect(parsed.layout == nil)
        #expect(parsed.rows.map(GermanFixture.Row.init) == [.init("2026-11-28", -9995, "AMAZON EU", "123-4567"),
                                                            .init("2026-11-27", 150000, "ACME GmbH", "Gehalt")])
    }

    @Test("a balance line with a date and no payee (Anfangssaldo, Endsaldo, Kontostand) is not a row")
    func datedBalanceLines() throws {
        let text = "Buchungstag;Empfänger;Betrag;Info\n02.11.2026;REWE;-1,00;\n01.11.2026;;100,00;Anfangssaldo\n23.11.2026;;99,00;Endsaldo\n"
        let parsed = try parseText(text, Self.household)
        #expect(parsed.rows.map(\.amount) == [-100] && parsed.errors.isEmpty)
    }
}
