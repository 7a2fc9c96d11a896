import Engine
import Testing
@testable import Statements

// Hand-written statements for each format and each bug the anchors' users reported
// (research wave2-anchors §(a)): the parser must read them exactly.

let parserToday = Day(year: 2026, month: 11, day: 23)!

func statementOptions(dayFirst: Bool = true, currency: String = "RUB", encoding: TextEncoding? = nil, order: DateOrder? = nil,
             mapping: ColumnMapping? = nil, rowLimit: Int = 200_000) -> ParseOptions {
    ParseOptions(today: parserToday, currency: currency, prefersDayFirst: dayFirst, encoding: encoding,
                 dateOrder: order, mapping: mapping, rowLimit: rowLimit)
}

func parseText(_ text: String, _ options: ParseOptions = statementOptions()) throws -> ParsedStatement {
    try StatementParser.parse(Array(text.utf8), options: options)
}

func isoDay(_ iso: String) -> Day { Day(iso: iso)! }

/// cp1251 bytes for text in ASCII and Russian letters (А…я, Ё, ё, no-break space, №).
func cp1251Bytes(_ text: String) -> [UInt8] {
    text.unicodeScalars.map { scalar -> UInt8 in
        if scalar.value < 0x80 { return UInt8(scalar.value) }
        let index = TextDecoding.cp1251.firstIndex(of: scalar.value)!
        return UInt8(0x80 + index)
    }
}

@Suite("Statement CSV bank layouts")
struct StatementBankLayoutTests {
    @Test("a Tinkoff-style export: account-currency amount and its currency, status, time after the date")
    func tinkoffStyle() throws {
        let text = "Дата операции;Дата платежа;Номер карты;Статус;Сумма операции;Валюта операции;Сумма платежа;Валюта платежа;Кэшбэк;Категория;MCC;Описание;Бонусы (включая кэшбэк);Округление на инвесткопилку;Сумма операции с округлением\n"
            + "05.05.2026 12:34:56;06.05.2026;*1234;OK;-10,00;EUR;-1000,00;RUB;;Рестораны;5812;Cafe Paris;0,00;0,00;-10,00\n"
            + "06.05.2026 08:00:00;06.05.2026;*1234;FAILED;-5,00;RUB;-5,00;RUB;;Транспорт;4111;Метро;0,00;0,00;-5,00\n"
            + "07.05.2026 09:00:00;07.05.2026;*1234;OK;-57,00;RUB;-57,00;RUB;;Транспорт;4111;Метро;0,00;0,00;-57,00\n"
        let parsed = try parseText(text)
        #expect(parsed.mapping == ColumnMapping(date: 0, amount: 6, payee: 11, category: 9, currency: 7, mcc: 10))
        #expect(parsed.rows.map(\.mcc) == [5812, 4111] && parsed.errors.allSatisfy(\.skipped) && parsed.layout == "T-Bank")
        #expect(parsed.rows.map(\.amount) == [-100000, -5700] && parsed.rows.map(\.payee) == ["Cafe Paris", "Метро"])
        #expect(parsed.errors.map(\.line) == [3] && parsed.currency == "RUB")
    }

    @Test("an Alfa-style export: account columns, reference, in/out, RUR, a trailing delimiter")
    func alfaStyle() throws {
        let text = "Тип счёта;Номер счета;Валюта;Дата операции;Референс проводки;Описание операции;Приход;Расход;\n"
            + "Текущий счёт;40817810000000000001;RUR;05.05.26;CRD_1A2B3C;Пятёрочка;0;1234,5;\n"
            + "Текущий счёт;40817810000000000001;RUR;06.05.26;CRD_4D5E6F;Зарплата;50000;0;\n"
        let parsed = try parseText(text)
        #expect(parsed.mapping == ColumnMapping(date: 3, inflow: 6, outflow: 7, payee: 5, externalID: 4, currency: 2))
        #expect(parsed.rows.map(\.amount) == [-123450, 5_000_000] && parsed.rows.map(\.externalID) == ["CRD_1A2B3C", "CRD_4D5E6F"])
        #expect(parsed.currency == "RUB" && parsed.errors.isEmpty)
    }

    @Test("a Revolut-style export: a date header ending in Date, a reverted row is an error")
    func revolutStyle() throws {
        let text = "Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance\n"
            + "CARD_PAYMENT,Current,2026-01-05 12:00:00,2026-01-06 09:00:00,Cafe,-4.50,0.00,EUR,COMPLETED,95.50\n"
            + "CARD_PAYMENT,Current,2026-01-07 12:00:00,,Shop,-10.00,0.00,EUR,REVERTED,95.50\n"
        let parsed = try parseText(text, statementOptions(dayFirst: false, currency: "EUR"))
        #expect(parsed.rows.map(\.amount) == [-450] && parsed.rows.map(\.date) == [isoDay("2026-01-05")])
        #expect(parsed.errors.map(\.line) == [3])
    }

    @Test("footer lines (Итого, Остаток) are skipped, not errors")
    func footers() throws {
        let parsed = try parseText("Дата;Описание;Сумма\n01.02.2026;A;-1,00\nИтого;;-1,00\nОстаток на конец периода;;99,00\n")
        #expect(parsed.rows.count == 1 && parsed.errors.isEmpty)
    }

    @Test("UTF-16 LE without a BOM is told by its zero bytes")
    func bomlessUTF16() throws {
        var bytes: [UInt8] = []
        for unit in "Date;Amount;Payee\r\n2026-02-01;-1,50;Кофе\r\n".utf16 { bytes.append(UInt8(unit & 0xFF)); bytes.append(UInt8(unit >> 8)) }
        let parsed = try StatementParser.parse(bytes, options: statementOptions())
        #expect(parsed.encoding == .utf16le && parsed.rows.map(\.payee) == ["Кофе"])
    }
}

extension String {
    init(twoDigit value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }
}
