import Testing
@testable import Statements

// Which header cell names which field, and the cells' values (Sources/Statements/CSVHeader.swift).
@Suite("CSV header")
struct CSVHeaderTests {
    @Test("cells are compared lowercased, ё as е, without BOM, quotes, trailing colon or asterisk, spaces collapsed")
    func normalising() {
        #expect(CSVHeader.normalise("\u{FEFF}\"Дата  Операции:\"") == "дата операции")
        #expect(CSVHeader.normalise("Счёт_Получателя*") == "счет получателя")
        #expect(CSVHeader.shape(["Date", " Amount ", "Payee"]) == "date|amount|payee")
        #expect(CSVHeader.stripParenthesis("amount (rub)") == "amount")
        #expect(CSVHeader.stripParenthesis("сумма, руб.") == "сумма")
    }

    @Test("ranks: exact synonyms first, then without the parenthesis, then by first word; never a fee as an amount")
    func ranks() {
        #expect(CSVHeader.rank("amount", for: .amount) == 10)
        #expect(CSVHeader.rank("amount (rub)", for: .amount) == 60)
        #expect(CSVHeader.rank("сумма операции в валюте карты", for: .amount) == 100)
        #expect(CSVHeader.rank("started date", for: .date) == 101)
        #expect(CSVHeader.rank("комиссия банка", for: .amount) == nil)
        #expect(CSVHeader.rank("amount", for: .date) == nil)
    }

    @Test("a column serves one field, and the amount takes the currency column of its own kind")
    func fieldsAndMapping() throws {
        let fields = CSVHeader.fields(["Дата операции", "Сумма платежа", "Валюта операции", "Валюта платежа", "Описание", "Кэшбэк"])
        #expect(fields == [.date: 0, .amount: 1, .currency: 3, .payee: 4])
        let mapping = try #require(CSVHeader.mapping(fields))
        #expect(mapping.date == 0 && mapping.amount == 1 && mapping.currency == 3 && mapping.payee == 4)
        let inOut = CSVHeader.fields(["Date", "Description", "Withdrawal", "Deposit"])
        #expect(inOut == [.date: 0, .payee: 1, .outflow: 2, .inflow: 3])
        #expect(CSVHeader.mapping(inOut)?.amount == nil && CSVHeader.mapping(inOut)?.outflow == 2)
        #expect(CSVHeader.mapping(CSVHeader.fields(["Date", "Payee"])) == nil)
    }

    @Test("direction, failed status and currency cells")
    func cellValues() {
        #expect(CSVHeader.direction("Списание") == -1 && CSVHeader.direction("CR") == 1 && CSVHeader.direction("maybe") == nil)
        #expect(CSVHeader.skipReason("Declined") != nil && CSVHeader.skipReason("ОТКЛОНЕНА") != nil && CSVHeader.skipReason("OK") == nil)
        #expect(CSVHeader.skipReason("PENDING")?.contains("not final") == true && CSVHeader.skipReason("Исполнено") == nil)
        #expect(CSVHeader.currencyCode("руб.") == "RUB" && CSVHeader.currencyCode("RUR") == "RUB")
        #expect(CSVHeader.currencyCode("$") == "USD" && CSVHeader.currencyCode("€") == "EUR")
        #expect(CSVHeader.currencyCode("gbp") == "GBP" && CSVHeader.currencyCode("") == nil)
    }

    @Test("German cells name their fields: the booking day before the value date, Betrag (€), Soll and Haben, Verwendungszweck")
    func germanHeaders() throws {
        let ing = CSVHeader.fields(["Buchung", "Valuta", "Auftraggeber/Empfänger", "Buchungstext", "Verwendungszweck", "Saldo", "Währung",
                                    "Betrag", "Währung"])
        #expect(ing[.date] == 0 && ing[.payee] == 2 && ing[.memo] == 4 && ing[.amount] == 7 && ing[.currency] == 6)
        let dkb = CSVHeader.fields(["Buchungsdatum", "Wertstellung", "Status", "Zahlungspflichtige*r", "Zahlungsempfänger*in",
                                    "Verwendungszweck", "Betrag (€)"])
        #expect(dkb[.date] == 0 && dkb[.status] == 2 && dkb[.payee] == 4 && dkb[.amount] == 6)
        let sollHaben = try #require(CSVHeader.mapping(CSVHeader.fields(["Buchungstag", "Wert", "Begünstigter / Auftraggeber", "Soll", "Haben"])))
        #expect(sollHaben.date == 0 && sollHaben.payee == 2 && sollHaben.outflow == 3 && sollHaben.inflow == 4 && sollHaben.amount == nil)
        #expect(CSVHeader.rank("saldo nach buchung", for: .amount) == nil && CSVHeader.rank("lastschrift ursprungsbetrag", for: .amount) == nil)
    }

    @Test("German cells: S and H, Eingang and Ausgang; Vorgemerkt and offen are pending, storniert did not happen")
    func germanCellValues() {
        #expect(CSVHeader.direction("S") == -1 && CSVHeader.direction("H") == 1 && CSVHeader.direction("Ausgang") == -1
                    && CSVHeader.direction("Eingang") == 1)
        #expect(CSVHeader.skipReason("Vorgemerkt")?.contains("not final") == true && CSVHeader.skipReason("Umsatz vorgemerkt") != nil)
        #expect(CSVHeader.skipReason("offen") != nil && CSVHeader.skipReason("Storniert")?.contains("did not happen") == true)
        #expect(CSVHeader.skipReason("Gebucht") == nil && CSVHeader.skipReason("Umsatz gebucht") == nil)
    }
}
