import Engine
import Testing
@testable import Statements

// Real banks' export layouts read without a mapping by hand (Sources/Statements/BankLayouts.swift):
// one sample of 300+ rows per layout (Tests/StatementsTests/BankSamples.swift), each read in
// full: rows imported, rows skipped with the bank's word, the balance, the first and last date.
@Suite("Bank layouts")
struct BankLayoutsTests {
    @Test("each bank's sample reads whole: count, skipped rows and why, balance, first and last date",
          arguments: BankSamples.all.map(\.name))
    func sample(name: String) throws {
        let sample = try #require(BankSamples.all.first { $0.name == name })
        // An English household: every order decision has to come from the file itself.
        let options = ParseOptions(today: parserToday, currency: sample.currency, prefersDayFirst: false)
        let parsed = try StatementParser.parse(sample.bytes, options: options)
        let expected = sample.expected
        #expect(parsed.rows.count >= 300 || parsed.rows.count + parsed.errors.count >= 300)
        #expect(parsed.rows.count == expected.imported)
        #expect(parsed.errors.filter { !$0.skipped }.isEmpty, "\(parsed.errors.filter { !$0.skipped }.prefix(3))")
        #expect(Dictionary(uniqueKeysWithValues: parsed.errors.map { ($0.line, $0.reason) }).keys.sorted() == expected.skipped.keys.sorted())
        for error in parsed.errors {
            #expect(error.skipped && error.reason.contains(expected.skipped[error.line] ?? "∅"))
        }
        #expect(parsed.rows.reduce(0) { $0 + $1.amount } == expected.balance)
        #expect(parsed.rows.map(\.date).min() == expected.first && parsed.rows.map(\.date).max() == expected.last)
        if parsed.format == .csv { #expect(parsed.layout == name) }
    }

    @Test("T-Bank: the roubles charged, not the purchase's own currency; MCC and category kept")
    func tbankForeignPurchase() throws {
        let parsed = try StatementParser.parse(BankSamples.tbank().bytes, options: statementOptions())
        let row = try #require(parsed.rows.first { $0.line == 13 })  // index 11: a purchase in USD
        #expect(row.mcc != nil && row.category != nil && row.amount < -100)
        #expect(parsed.dateOrder == .dayMonth && !parsed.dateOrderAmbiguous)
    }

    @Test("Sber: the MCC sits under “Тип операции”")
    func sberMCC() throws {
        let parsed = try StatementParser.parse(BankSamples.sber().bytes, options: statementOptions())
        #expect(parsed.rows.allSatisfy { $0.mcc != nil })
        #expect(parsed.rows.filter { $0.amount > 0 }.allSatisfy { $0.mcc == 4829 })
    }

    @Test("Alfa-Bank: the MCC is read from inside the description")
    func alfaMCC() throws {
        let parsed = try StatementParser.parse(BankSamples.alfa().bytes, options: statementOptions())
        #expect(parsed.rows.filter { $0.amount < 0 }.allSatisfy { $0.mcc != nil })
        #expect(BankLayouts.mccInText("… 1500.00  RUR MCC1234") == 1234 && BankLayouts.mccInText("MCC: 5812") == 5812)
        #expect(BankLayouts.mccInText("MCC12345") == nil && BankLayouts.mccInText("no code") == nil)
    }

    @Test("Monzo and Wise: the merchant column is the payee, the raw text falls back")
    func merchantColumns() throws {
        let monzo = try StatementParser.parse(BankSamples.monzo().bytes, options: ParseOptions(today: parserToday, currency: "GBP", prefersDayFirst: false))
        #expect(!monzo.rows.contains { $0.payee.hasSuffix("LONDON GBR") })
        let wise = try StatementParser.parse(BankSamples.wise().bytes, options: ParseOptions(today: parserToday, currency: "EUR", prefersDayFirst: false))
        #expect(wise.rows.filter { $0.amount > 0 }.allSatisfy { $0.payee == "ACME GMBH" })
        #expect(!wise.rows.contains { $0.payee.hasPrefix("Card transaction") })
    }

    @Test("QIF splits are read with their parts; parts that do not add up are dropped, the total kept")
    func qifSplits() throws {
        let parsed = try StatementParser.parse(BankSamples.qif().bytes, options: ParseOptions(today: parserToday, currency: "USD", prefersDayFirst: false))
        let split = parsed.rows.filter { !$0.splits.isEmpty }
        #expect(split.count >= 20 && split.allSatisfy { $0.splits.count == 2 && $0.splits.reduce(0) { $0 + $1.amount } == $0.amount })
        let bad = try parseText("!Type:Bank\nD01/02/2026\nT-10.00\nPShop\nSFood\n$-4.00\nSHome\n$-5.00\n^\n")
        #expect(bad.rows.map(\.amount) == [-1000] && bad.rows[0].splits.isEmpty && bad.errors.isEmpty)
    }

    /// Raiffeisenbank (Russia), the account's CSV: the header, cp1251, `;`, "27.09.2024 00:00" and the decimal point as in
    /// github.com/senz/ofxstatement-ru src/tests/samples/raiffeisen.csv and its raiffeisen.py (third-party, the only source
    /// found); a purchase in euros charged in roubles.
    static let raiffeisen = GermanFixture(
        name: "Raiffeisenbank (Russia)", layout: "Raiffeisenbank (Russia)", encoding: .utf8, crlf: true,
        text: """
        Дата транзакции;Описание;Валюта операции;Сумма в валюте операции;Валюта счета;Сумма в валюте счета
        18.11.2026 00:00;ПЯТЕРОЧКА 1234 МОСКВА;RUB;-1599.00;RUB;-1599.00
        16.11.2026 00:00;Возврат OZON.RU;RUB;450.00;RUB;450.00
        14.11.2026 00:00;ВКУСВИЛЛ 77;RUB;-2715.50;RUB;-2715.50
        12.11.2026 00:00;YANDEX.TAXI;RUB;-890.00;RUB;-890.00
        10.11.2026 00:00;BOOKING.COM AMSTERDAM;EUR;-45.00;RUB;-4455.00
        09.11.2026 00:00;ШОКОЛАДНИЦА;RUB;-645.00;RUB;-645.00
        07.11.2026 00:00;АПТЕКА 36,6;RUB;-1287.00;RUB;-1287.00
        06.11.2026 00:00;МТС;RUB;-650.00;RUB;-650.00
        05.11.2026 00:00;Погашение кредитной карты;RUB;-15000.00;RUB;-15000.00
        03.11.2026 00:00;Оплата ЖКУ;RUB;-7850.00;RUB;-7850.00
        03.11.2026 00:00;ПЕРЕКРЕСТОК;RUB;-2345.00;RUB;-2345.00
        02.11.2026 00:00;Зачисление заработной платы;RUB;95000.00;RUB;95000.00
        """,
        rows: [
            .init("2026-11-18", -159900, "ПЯТЕРОЧКА 1234 МОСКВА", ""), .init("2026-11-16", 45000, "Возврат OZON.RU", ""),
            .init("2026-11-14", -271550, "ВКУСВИЛЛ 77", ""), .init("2026-11-12", -89000, "YANDEX.TAXI", ""),
            .init("2026-11-10", -445500, "BOOKING.COM AMSTERDAM", ""), .init("2026-11-09", -64500, "ШОКОЛАДНИЦА", ""),
            .init("2026-11-07", -128700, "АПТЕКА 36,6", ""), .init("2026-11-06", -65000, "МТС", ""),
            .init("2026-11-05", -1500000, "Погашение кредитной карты", ""), .init("2026-11-03", -785000, "Оплата ЖКУ", ""),
            .init("2026-11-03", -234500, "ПЕРЕКРЕСТОК", ""), .init("2026-11-02", 9500000, "Зачисление заработной платы", ""),
        ],
        skipped: [:])

    @Test("Raiffeisenbank (Russia): every row exact, the euro purchase in roubles charged, nothing asked")
    func raiffeisen() throws {
        let fixture = Self.raiffeisen
        let bytes = cp1251Bytes(fixture.text.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n")
        for dayFirst in [true, false] {
            let parsed = try StatementParser.parse(bytes, options: ParseOptions(today: parserToday, currency: "RUB", prefersDayFirst: dayFirst))
            #expect(parsed.layout == fixture.layout && parsed.encoding == .cp1251)
            #expect(parsed.rows.map(GermanFixture.Row.init) == fixture.rows)
            #expect(parsed.errors.isEmpty && !parsed.dateOrderAmbiguous)
        }
    }

    @Test("a header that is no known bank's keeps the generic reading")
    func unknownLayout() throws {
        let parsed = try parseText("Date,Amount,Payee\n2026-02-02,-1.00,A\n")
        #expect(parsed.layout == nil && parsed.rows.count == 1)
        #expect(BankLayouts.recognise(["date", "amount", "payee"]) == nil)
    }
}
