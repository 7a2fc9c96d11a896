// The export layouts of the German banks households use most, recognised by their header row
// like the Russian and English ones (BankLayouts.swift): `;`, a decimal comma ("1.234,56"),
// dd.mm.yyyy or dd.mm.yy dates, often Windows-1252, often account lines above the header and
// a balance line below the rows. Built from the banks' public format descriptions and public
// importer configurations (sources in Tests/StatementsTests/GermanBankSamples.swift);
// each layout's quirks are in docs/engine-rules.md, "Bank layouts".

import Foundation

extension BankLayouts {
    static let german: [BankLayout] = [
        // Sparkasse (CSV-CAMT and CSV-MT940, the same at every Sparkasse): "Info" says "Umsatz
        // gebucht" or "Umsatz vorgemerkt"; ASCII spellings in the header (Beguenstigter, Waehrung).
        BankLayout(name: "Sparkasse", signature: ["auftragskonto", "buchungstag", "valutadatum", "buchungstext", "verwendungszweck",
                                                  "beguenstigter/zahlungspflichtiger", "betrag", "info"],
                   date: "buchungstag", amount: "betrag", payee: ["beguenstigter/zahlungspflichtiger", "buchungstext"],
                   memo: "verwendungszweck", currency: "waehrung", status: "info"),
        // DKB (2023 on): account lines above the header; the payer and the recipient in two
        // columns, one of them the holder; Status "Gebucht" / "Vorgemerkt"; "Betrag (€)".
        BankLayout(name: "DKB", signature: ["buchungsdatum", "wertstellung", "status", "zahlungspflichtige*r", "zahlungsempfänger*in",
                                            "verwendungszweck"],
                   date: "buchungsdatum", payee: ["zahlungsempfänger*in"], payeeWhenIn: ["zahlungspflichtige*r"],
                   memo: "verwendungszweck", status: "status"),
        // DKB (before 2023): cp1252, "Kontonummer:", "Von:", "Bis:", "Kontostand vom" above the header;
        // a monthly "Abschluss" row of 0,00.
        BankLayout(name: "DKB", signature: ["buchungstag", "wertstellung", "buchungstext", "auftraggeber / begünstigter",
                                            "verwendungszweck", "betrag (eur)"],
                   date: "buchungstag", amount: "betrag (eur)", payee: ["auftraggeber / begünstigter", "buchungstext"],
                   memo: "verwendungszweck", zeroIsNotice: true),
        // ING: "Umsatzanzeige" with IBAN, Zeitraum, Saldo and a note above the header; "Valuta"
        // or "Wertstellungsdatum"; with a Saldo column the currency is written twice.
        BankLayout(name: "ING", signature: ["buchung", "auftraggeber/empfänger", "buchungstext", "verwendungszweck", "betrag"],
                   date: "buchung", amount: "betrag", payee: ["auftraggeber/empfänger", "buchungstext"], memo: "verwendungszweck"),
        // comdirect: cp1252, "Umsätze Girokonto" and "Neuer Kontostand" above, "Alter Kontostand"
        // below; the payee inside the Buchungstext ("Empfänger: … Buchungstext: … Ref. …"); a
        // pending row has "offen" for its booking day; a file of all accounts goes on with
        // "Umsätze Visa-Karte …", "Umsätze Depot …" sections, which are other accounts.
        BankLayout(name: "comdirect", signature: ["buchungstag", "wertstellung (valuta)", "vorgang", "buchungstext", "umsatz in eur"],
                   date: "buchungstag", amount: "umsatz in eur", payee: ["buchungstext"], splitText: true, nextSection: "umsätze "),
        // Commerzbank: no payee column, the name and the SEPA references in the Buchungstext;
        // notices (Rechnungsabschluss, new terms) as rows of 0.
        BankLayout(name: "Commerzbank", signature: ["buchungstag", "wertstellung", "umsatzart", "buchungstext", "betrag"],
                   date: "buchungstag", amount: "betrag", payee: ["buchungstext"], category: "kategorie", splitText: true,
                   zeroIsNotice: true),
        // Deutsche Bank and Postbank (one platform): account lines above, "Kontostand" below;
        // Soll (negative) and Haben columns, the Betrag column empty in older files.
        BankLayout(name: "Deutsche Bank / Postbank", signature: ["buchungstag", "wert", "umsatzart", "begünstigter / auftraggeber",
                                                                "verwendungszweck", "soll", "haben"],
                   date: "buchungstag", inflow: "haben", outflow: "soll", payee: ["begünstigter / auftraggeber", "umsatzart"],
                   memo: "verwendungszweck", currency: "währung"),
        // Postbank (before the move): Auftraggeber and Empfänger, one of them the holder.
        BankLayout(name: "Postbank", signature: ["buchungstag", "wertstellung", "umsatzart", "buchungsdetails", "auftraggeber", "empfänger"],
                   date: "buchungstag", payee: ["empfänger", "auftraggeber"], payeeWhenIn: ["auftraggeber"], memo: "buchungsdetails"),
        // Volksbanken, Raiffeisenbanken and the other Atruvia banks (GLS, Sparda, PSD): the own
        // account first, "Name Zahlungsbeteiligter", a signed Betrag.
        BankLayout(name: "Volksbank / Raiffeisenbank", signature: ["bezeichnung auftragskonto", "iban auftragskonto", "buchungstag",
                                                                  "name zahlungsbeteiligter", "verwendungszweck", "betrag"],
                   date: "buchungstag", amount: "betrag", payee: ["name zahlungsbeteiligter", "buchungstext"], memo: "verwendungszweck",
                   category: "kategorie", currency: "waehrung"),
        // Volksbank (the older export): a dozen account lines above, "Anfangssaldo" and
        // "Endsaldo" lines below, an unsigned Umsatz with S or H in the unnamed column after it;
        // "Vorgang/Verwendungszweck" is the kind's line, then the purpose's.
        BankLayout(name: "Volksbank / Raiffeisenbank", signature: ["buchungstag", "valuta", "auftraggeber/zahlungsempfänger",
                                                                  "empfänger/zahlungspflichtiger", "vorgang/verwendungszweck", "umsatz"],
                   date: "buchungstag", amount: "umsatz", holderPair: ["empfänger/zahlungspflichtiger", "auftraggeber/zahlungsempfänger"],
                   memo: "vorgang/verwendungszweck", currency: "währung", directionAfterAmount: true, kindFirstInMemo: true),
        // Consorsbank: "Sender / Empfänger", "Betrag in EUR" (or "Betrag" with "Währung").
        BankLayout(name: "Consorsbank", signature: ["buchung", "valuta", "sender / empfänger", "buchungstext", "verwendungszweck"],
                   date: "buchung", payee: ["sender / empfänger", "buchungstext"], memo: "verwendungszweck", category: "kategorie"),
        // N26 in German: `,`, ISO dates, a decimal point; "Betrag (EUR)" is the account's amount.
        BankLayout(name: "N26", signature: ["datum", "empfänger", "transaktionstyp", "verwendungszweck", "betrag (eur)"],
                   date: "datum", amount: "betrag (eur)", payee: ["empfänger"], memo: "verwendungszweck", category: "kategorie",
                   noCurrency: true),
    ]

    /// A bank's labelled text split into payee and memo: comdirect's "Auftraggeber: ACME GmbH
    /// Buchungstext: Gehalt Ref. …" is ("ACME GmbH", "Gehalt"); a text without labels (the
    /// Commerzbank's "REWE Markt GmbH Einkauf End-to-End-Ref.: …") loses its SEPA references.
    static func splitText(_ text: String) -> (payee: String, memo: String) {
        func after(_ label: String, in text: Substring) -> Substring? {
            text.range(of: label).map { text[$0.upperBound...] }
        }
        func untilNextLabel(_ text: Substring) -> String {
            var end = text.endIndex
            for label in [" Kto/IBAN:", " BLZ/BIC:", " Buchungstext:", " Ref.", " End-to-End-Ref.:", " Mandatsref:", " Mandat:",
                          " Gläubiger-ID:", " SEPA-", " Karte Nr."] {
                if let found = text.range(of: label), found.lowerBound < end { end = found.lowerBound }
            }
            return String(text[..<end]).trimmed
        }
        let whole = Substring(text)
        let memo = after("Buchungstext:", in: whole).map(untilNextLabel) ?? ""
        for label in ["Auftraggeber:", "Empfänger:", "Empfaenger:"] where whole.hasPrefix(label) {
            let payee = untilNextLabel(whole.dropFirst(label.count))
            return (payee.isEmpty ? memo : payee, memo)
        }
        if whole.hasPrefix("Buchungstext:") { return (memo, "") }
        let payee = untilNextLabel(whole)
        return (payee.isEmpty ? text.trimmed : payee, "")
    }
}
