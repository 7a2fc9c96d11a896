import Engine
import Testing
@testable import Statements

// Reading a CSV statement: headers, amounts, dates, errors and limits (Sources/Statements/CSVStatementReader.swift).
@Suite("Statement CSV")
struct CSVStatementReaderTests {
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

    @Test("an impossible date and a 20-billion amount are row errors with their lines; later rows still read")
    func rowErrors() throws {
        let parsed = try parseText("Дата;Сумма;Описание\n01.02.2026;-10,00;A\n31.02.2026;-10,00;B\n02.02.2026;-20 000 000 000,00;C\n03.02.2026;-5,00;D\n")
        #expect(parsed.rows.map(\.payee) == ["A", "D"])
        #expect(parsed.errors.count == 2)
        #expect(parsed.errors[0].line == 3 && parsed.errors[0].column == "Дата" && parsed.errors[0].reason.contains("not a real date"))
        #expect(parsed.errors[1].line == 4 && parsed.errors[1].column == "Сумма" && parsed.errors[1].reason.contains("limit"))
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

    @Test("a 2 MB one-cell CSV, with or without a header, is refused for its long cell")
    func oneHugeCell() throws {
        let huge = String(repeating: "a", count: 2 << 20)
        #expect(throws: StatementError.unrecognised("a cell longer than 64 KB on line 1")) { try parseText(huge) }
        #expect(throws: StatementError.unrecognised("a cell longer than 64 KB on line 2")) {
            try parseText("Date,Amount,Description\n2026-11-01,-1.00," + huge)
        }
    }

    @Test("a reading past its budget stops with .tooSlow")
    func budget() throws {
        var options = statementOptions()
        options.budget = ParseBudget(seconds: 30) { true }
        let text = "Date,Amount\n" + String(repeating: "2026-01-02,1\n", count: 2_000)
        #expect(throws: StatementError.tooSlow(seconds: 30)) { try parseText(text, options) }
    }
}
