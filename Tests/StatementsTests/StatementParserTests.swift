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

@Suite("Statement CSV")
struct StatementCSVTests {
    @Test("a three-row CSV reads its dates, signed amounts and payees")
    func threeRows() throws {
        let parsed = try parseText("Date,Amount,Payee\n2026-02-02,-1.00,A\n2026-02-08,-1.00,A\n2026-02-11,-1.00,A\n")
        #expect(parsed.format == .csv && parsed.encoding == .utf8 && parsed.errors.isEmpty)
        #expect(parsed.rows == [
            StatementRow(line: 2, date: isoDay("2026-02-02"), amount: -100, payee: "A"),
            StatementRow(line: 3, date: isoDay("2026-02-08"), amount: -100, payee: "A"),
            StatementRow(line: 4, date: isoDay("2026-02-11"), amount: -100, payee: "A"),
        ])
        #expect(parsed.header == ["Date", "Amount", "Payee"] && parsed.headerShape == "date|amount|payee")
        #expect(parsed.mapping == ColumnMapping(date: 0, amount: 1, payee: 2))
        #expect(parsed.dateOrder == nil && !parsed.dateOrderAmbiguous)
    }

    @Test("two identical tram fares on one day are both kept")
    func identicalFares() throws {
        let parsed = try parseText("Дата;Сумма;Описание\n05.05.2026;-57,00;Трамвай\n05.05.2026;-57,00;Трамвай\n")
        #expect(parsed.rows.count == 2)
        #expect(parsed.rows.allSatisfy { $0.amount == -5700 && $0.payee == "Трамвай" && $0.date == isoDay("2026-05-05") })
        #expect(parsed.rows.map(\.line) == [2, 3])
    }

    @Test("daily interest lines are each a row")
    func dailyInterest() throws {
        let lines = (1...10).map { "2026-03-\(String(twoDigit: $0)),0.03,Interest" }
        let parsed = try parseText("Date,Amount,Description\n" + lines.joined(separator: "\n"))
        #expect(parsed.rows.count == 10 && parsed.rows.allSatisfy { $0.amount == 3 && $0.payee == "Interest" })
        #expect(Set(parsed.rows.map(\.date)).count == 10)
    }

    @Test("-110.7 is minus one hundred and ten point seven (Actual #5020)")
    func oneDecimalDigit() throws {
        let parsed = try parseText("Date,Amount,Payee\n2026-04-01,-110.7,Shop\n2026-04-02,-1234.56,Shop\n2026-04-03,15,Shop\n")
        #expect(parsed.rows.map(\.amount) == [-11070, -123456, 1500])
    }

    @Test("a cp1251 semicolon CSV with a preamble, Russian headers, decimal commas and no-break-space groups")
    func cp1251Statement() throws {
        let text = "Выписка по счёту №40817810000000000001\r\nПериод: 01.03.2026 – 31.03.2026\r\n\r\n"
            + "Дата операции;Дата платежа;Описание операции;Сумма операции;Валюта;Категория\r\n"
            + "03.03.2026;04.03.2026;Пятёрочка;-1\u{00A0}234,56;RUB;Супермаркеты\r\n"
            + "05.03.2026;05.03.2026;Зарплата;85\u{00A0}000,00;RUB;Пополнения\r\n"
            + "07.03.2026;08.03.2026;\"Кафе \"\"Ёлка\"\"; ужин\";-850,5;RUB;Рестораны\r\n"
        let parsed = try StatementParser.parse(cp1251Bytes(text), options: statementOptions())
        #expect(parsed.encoding == .cp1251 && parsed.errors.isEmpty)
        #expect(parsed.rows == [
            StatementRow(line: 5, date: isoDay("2026-03-03"), amount: -123456, payee: "Пятёрочка", category: "Супермаркеты"),
            StatementRow(line: 6, date: isoDay("2026-03-05"), amount: 8_500_000, payee: "Зарплата", category: "Пополнения"),
            StatementRow(line: 7, date: isoDay("2026-03-07"), amount: -85050, payee: "Кафе \"Ёлка\"; ужин", category: "Рестораны"),
        ])
        #expect(parsed.mapping?.date == 0 && parsed.mapping?.amount == 3 && parsed.mapping?.payee == 2)
        #expect(parsed.currency == "RUB")
        #expect(parsed.headerShape == "дата операции|дата платежа|описание операции|сумма операции|валюта|категория")
    }

    @Test("in/out columns: out is negative, a value in either column")
    func inOutColumns() throws {
        let parsed = try parseText("Date;Description;Withdrawal;Deposit\n2026-01-05;Rent;1 200,00;\n2026-01-06;Salary;;3 000,00\n2026-01-07;Coffee;0,00;\n2026-01-08;Fee;(5,00);0,00\n")
        #expect(parsed.rows.map(\.amount) == [-120000, 300000, -500])
        #expect(parsed.errors == [RowError(line: 4, column: "Withdrawal", reason: "no amount")])
    }

    @Test("amount forms: signs, groups, currencies", arguments: [
        ("1 234,56", 123456), ("1,234.56", 123456), ("1.234,56", 123456), ("1'234.56", 123456),
        ("−50,00", -5000), ("50,00-", -5000), ("(50,00)", -5000), ("-1\u{202F}000,00 ₽", -100000),
        ("1 000,00 руб.", 100000), ("RUB 12,5", 1250), ("$-3.20", -320), ("€4", 400), ("'-7.25", -725),
        (".50", 50), ("-,5", -50), ("1.234.567,89", 123456789), ("12.00 DR", -1200),
    ] as [(String, Int64)])
    func amountForms(text: String, minor: Int64) throws {
        let mark = BankAmount.decimalMark(in: [text])
        #expect(BankAmount.read(text, decimalMark: mark, minorDigits: 2) == .value(minor))
    }

    @Test("the decimal mark is decided per column")
    func decimalPerColumn() throws {
        #expect(BankAmount.decimalMark(in: ["1,234", "5.50", "-110.7"]) == UInt8(ascii: "."))
        #expect(BankAmount.decimalMark(in: ["1.234", "12,50"]) == UInt8(ascii: ","))
        #expect(BankAmount.decimalMark(in: ["1,234", "2,000"]) == nil)
        #expect(BankAmount.read("1,234", decimalMark: nil, minorDigits: 2) == .value(123400))
        #expect(BankAmount.read("1.234", decimalMark: UInt8(ascii: ","), minorDigits: 2) == .value(123400))
        #expect(BankAmount.read("1.5", decimalMark: UInt8(ascii: ","), minorDigits: 2) != .value(150))
        // More decimals than the currency has: only zeros may go.
        #expect(BankAmount.read("100,0000", decimalMark: UInt8(ascii: ","), minorDigits: 2) == .value(10000))
        #expect(BankAmount.read("100,0050", decimalMark: UInt8(ascii: ","), minorDigits: 2) == .failure("more than 2 decimal places"))
    }

    @Test("an ambiguous day/month file: flagged, preferred order, both orders by option")
    func ambiguousDates() throws {
        let text = "Date,Amount,Payee\n05/04/2026,-10.00,A\n06/04/2026,-20.00,B\n"
        let russian = try parseText(text, statementOptions(dayFirst: true))
        #expect(russian.dateOrderAmbiguous && russian.dateOrder == .dayMonth)
        #expect(russian.rows.map(\.date) == [isoDay("2026-04-05"), isoDay("2026-04-06")])
        let english = try parseText(text, statementOptions(dayFirst: false))
        #expect(english.dateOrderAmbiguous && english.dateOrder == .monthDay)
        #expect(english.rows.map(\.date) == [isoDay("2026-05-04"), isoDay("2026-06-04")])
        let forced = try parseText(text, statementOptions(dayFirst: true, order: .monthDay))
        #expect(forced.dateOrder == .monthDay && forced.rows.map(\.date) == [isoDay("2026-05-04"), isoDay("2026-06-04")])
        // One date with a day over 12 settles it.
        let settled = try parseText(text + "13/04/2026,-1.00,C\n", statementOptions(dayFirst: false))
        #expect(!settled.dateOrderAmbiguous && settled.dateOrder == .dayMonth && settled.errors.isEmpty)
    }

    @Test("date forms", arguments: [
        ("2026-05-05", "2026-05-05"), ("05.05.2026", "2026-05-05"), ("5.5.26", "2026-05-05"), ("20260505", "2026-05-05"),
        ("5 мая 2026", "2026-05-05"), ("05 мая 2026 г.", "2026-05-05"), ("May 5, 2026", "2026-05-05"),
        ("5 May 2026", "2026-05-05"), ("5-май-2026", "2026-05-05"), ("05.05.2026 13:45:10", "2026-05-05"),
        ("2026-05-05T13:45:10Z", "2026-05-05"), ("1 янв. 2026", "2026-01-01"), ("17 сентября 2025", "2025-09-17"),
        ("Mon, 5 May 2026", "2026-05-05"), ("пт, 8 мая 2026", "2026-05-08"), ("5/ 5'16", "2016-05-05") /* Quicken's padded form, day and month alike */, ("05.05.2026\u{00A0}10:00", "2026-05-05"),
    ])
    func dateForms(text: String, iso: String) throws {
        let reader = BankDate(today: parserToday)
        #expect(try reader.day(reader.shape(text), text: text, order: .dayMonth).get() == isoDay(iso))
    }

    @Test("an impossible date and a 20-billion amount are row errors with their lines; later rows still read")
    func rowErrors() throws {
        let parsed = try parseText("Дата;Сумма;Описание\n01.02.2026;-10,00;A\n31.02.2026;-10,00;B\n02.02.2026;-20 000 000 000,00;C\n03.02.2026;-5,00;D\n")
        #expect(parsed.rows.map(\.payee) == ["A", "D"])
        #expect(parsed.errors.count == 2)
        #expect(parsed.errors[0].line == 3 && parsed.errors[0].column == "Дата" && parsed.errors[0].reason.contains("not a real date"))
        #expect(parsed.errors[1].line == 4 && parsed.errors[1].column == "Сумма" && parsed.errors[1].reason.contains("limit"))
    }

    @Test("dates more than 20 years back or a year ahead are row errors")
    func dateRange() throws {
        let parsed = try parseText("Date,Amount,Payee\n2026-01-01,1,A\n2005-01-01,1,B\n2028-01-01,1,C\n")
        #expect(parsed.rows.map(\.payee) == ["A"] && parsed.errors.map(\.line) == [3, 4])
    }

    @Test("a remembered mapping overrides detection")
    func givenMapping() throws {
        let text = "When|What|How much\n2026-01-02|Bread|-3.50\n"
        // Detection reads the values (no synonym names a column); the mapping flips the sign.
        #expect(try parseText(text).rows.map(\.amount) == [-350])
        let parsed = try parseText(text, statementOptions(mapping: ColumnMapping(date: 0, amount: 2, payee: 1, negate: true)))
        #expect(parsed.rows == [StatementRow(line: 2, date: isoDay("2026-01-02"), amount: 350, payee: "Bread")])
        #expect(parsed.headerShape == "when|what|how much")
    }

    @Test("a TSV and a pipe file pick their delimiter")
    func otherDelimiters() throws {
        #expect(try parseText("Date\tAmount\tMemo\n2026-01-02\t-1,5\tx, y\n").rows.map(\.amount) == [-150])
        #expect(try parseText("Date|Amount|Payee\n2026-01-02|7|a;b\n").rows.map(\.payee) == ["a;b"])
    }

    @Test("a comma file whose amounts are quoted keeps its commas inside quotes")
    func quotedCommas() throws {
        let parsed = try parseText("Date,Description,Amount\n2026-01-02,\"Shop, Inc.\",\"1,234.50\"\n2026-01-03,\"two\nlines\",-5\n2026-01-04,x,-1\n")
        #expect(parsed.rows.map(\.amount) == [123450, -500, -100])
        #expect(parsed.rows[1].payee == "two\nlines" && parsed.rows.map(\.line) == [2, 3, 5])
    }

    @Test("a row in another currency is an error; a file all in another currency is refused")
    func currencyColumn() throws {
        let mixed = try parseText("Date,Amount,Currency,Payee\n2026-01-02,-5,RUR,A\n2026-01-03,-7,USD,B\n")
        #expect(mixed.rows.map(\.payee) == ["A"] && mixed.errors.first?.reason.contains("USD") == true)
        #expect(throws: StatementError.otherCurrency("USD")) { try parseText("Date,Amount,Currency\n2026-01-02,-5,USD\n") }
    }

    @Test("a direction column signs positive amounts; a failed status is an error")
    func directionAndStatus() throws {
        let parsed = try parseText("Дата;Тип операции;Сумма;Статус\n01.02.2026;Списание;100,00;OK\n02.02.2026;Зачисление;50,00;OK\n03.02.2026;Списание;10,00;FAILED\n")
        #expect(parsed.rows.map(\.amount) == [-10000, 5000])
        #expect(parsed.errors.map(\.line) == [4])
        // In a signed column the direction says nothing more (a card payment is money in).
        let chase = try parseText("Transaction Date,Description,Type,Amount\n01/02/2026,PAYMENT THANK YOU,Payment,500.00\n01/03/2026,SHOP,Sale,-20.00\n", statementOptions(dayFirst: false))
        #expect(chase.rows.map(\.amount) == [50000, -2000])
    }

    @Test("FinMind's own entry export imports back: minor units, expense negative, planned and deleted skipped")
    func finMindExport() throws {
        let text = "\u{FEFF}accountID,amount,category,cleared,confirmsDate,confirmsDebtID,confirmsRecurringID,createdAt,date,deletedAt,id,importBatchID,isActual,kind,name,note,payeeRaw,plannedAmount,reconciledAt,transferGroup\r\n"
            + ",25000,food,0,,,,2026-03-01T10:00:00Z,2026-03-01,,1,,1,expense,Кофе,,,,,\r\n"
            + ",8500000,,0,,,,2026-03-02T10:00:00Z,2026-03-02,,2,,1,income,Зарплата,март,,,,\r\n"
            + ",1000,food,0,,,,2026-03-02T10:00:00Z,2026-03-03,,3,,0,expense,Planned,,,1000,,\r\n"
            + ",2000,food,0,,,,2026-03-02T10:00:00Z,2026-03-04,2026-03-05T00:00:00Z,4,,1,expense,Deleted,,,,,\r\n"
            + ",300,fun,0,,,,2026-03-02T10:00:00Z,2026-03-05,,5,,1,expense,'=cmd,,,,,\r\n"
        let parsed = try StatementParser.parse(Array(text.utf8), options: statementOptions())
        #expect(parsed.errors.isEmpty)
        #expect(parsed.rows.map(\.amount) == [-25000, 8_500_000, -300])
        #expect(parsed.rows.map(\.payee) == ["Кофе", "Зарплата", "=cmd"])
        #expect(parsed.rows[0].category == "food" && parsed.rows[1].memo == "март")
    }

    @Test("a CSV without a date and an amount column is refused")
    func unrecognised() throws {
        #expect(throws: StatementError.self) { try parseText("hello world\nthis is a letter\n") }
    }

    @Test("more rows than the limit is refused")
    func rowLimit() throws {
        let text = "Date,Amount\n" + String(repeating: "2026-01-02,1\n", count: 11)
        #expect(throws: StatementError.tooManyRows(limit: 10)) { try parseText(text, statementOptions(rowLimit: 10)) }
        #expect(try parseText(text, statementOptions(rowLimit: 11)).rows.count == 11)
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
        #expect(parsed.mapping == ColumnMapping(date: 0, amount: 6, payee: 11, category: 9, currency: 7))
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

@Suite("Statement CSV without a known header")
struct StatementHeaderlessTests {
    @Test("a CSV without a header: date, amount and payee columns come from the values")
    func headerless() throws {
        let parsed = try parseText("40817810000000000001;05.03.2026;Магнит;-1 234,50;77\n40817810000000000001;06.03.2026;Зарплата;50 000,00;78\n")
        #expect(parsed.header == nil && parsed.mapping == ColumnMapping(date: 1, amount: 3, payee: 2))
        #expect(parsed.rows.map(\.amount) == [-123450, 5_000_000] && parsed.rows.map(\.line) == [1, 2])
    }

    @Test("an unknown header: the table offers its cells and rows; the chosen mapping reads it under its shape")
    func table() throws {
        let bytes = Array("Bank export v2\nWhen|What|How much|Balance\n2026-01-02|Bread|-3.50|100.00\n2026-01-03|Milk|-1.20|98.80\n".utf8)
        let table = try StatementParser.table(bytes, options: statementOptions())
        #expect(table.delimiter == "|" && table.header == ["When", "What", "How much", "Balance"])
        #expect(table.headerShape == "when|what|how much|balance" && table.rows.count == 2 && table.rows[0][1] == "Bread")
        let mapping = ColumnMapping(date: 0, amount: 2, payee: 1)
        let parsed = try StatementParser.parse(bytes, options: statementOptions(mapping: mapping))
        #expect(parsed.headerShape == table.headerShape && parsed.rows.map(\.amount) == [-350, -120])
        #expect(throws: StatementError.self) { try StatementParser.table(Array(sgmlOFX.utf8), options: statementOptions()) }
    }
}

extension String {
    init(twoDigit value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }
}
