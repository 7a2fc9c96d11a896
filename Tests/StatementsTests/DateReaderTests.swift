import Engine
import Testing
@testable import Statements

// Bank dates: their forms, the day/month order and the accepted range (Sources/Statements/DateReader.swift).
@Suite("Bank dates")
struct DateReaderTests {
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

    @Test("dates more than 20 years back or a year ahead are row errors")
    func dateRange() throws {
        let parsed = try parseText("Date,Amount,Payee\n2026-01-01,1,A\n2005-01-01,1,B\n2028-01-01,1,C\n")
        #expect(parsed.rows.map(\.payee) == ["A"] && parsed.errors.map(\.line) == [3, 4])
    }

    @Test("a cp1251 statement with dotted dates, all days ≤ 12, and a period line reads day first for an English household")
    func dottedDatesWithPeriod() throws {
        let text = "Выписка по карте\r\nПериод: 01.10.2026 - 31.10.2026\r\n\r\nДата операции;Сумма;Описание\r\n"
            + "01.10.2026;-100,00;ТАНУКИ\r\n05.10.2026;-200,00;WILDBERRIES\r\n12.10.2026;-300,00;КОФЕ ХАУС\r\n"
        let parsed = try StatementParser.parse(cp1251Bytes(text), options: statementOptions(dayFirst: false))
        #expect(parsed.dateOrder == .dayMonth && !parsed.dateOrderAmbiguous && parsed.dateOrderEvidence == .dotted)
        #expect(parsed.rows.map(\.date) == [isoDay("2026-10-01"), isoDay("2026-10-05"), isoDay("2026-10-12")])
        #expect(parsed.period == isoDay("2026-10-01")...isoDay("2026-10-31"))
    }

    @Test("slashed dates: the order that puts the rows inside the stated period wins")
    func periodDecides() throws {
        let text = "Statement period: 10/01/2026 to 10/31/2026\n\nDate,Amount,Payee\n10/05/2026,-1.00,A\n10/07/2026,-2.00,B\n"
        let parsed = try parseText(text, statementOptions(dayFirst: true))
        #expect(parsed.dateOrder == .monthDay && !parsed.dateOrderAmbiguous && parsed.dateOrderEvidence == .period)
        #expect(parsed.rows.map(\.date) == [isoDay("2026-10-05"), isoDay("2026-10-07")])
    }

    @Test("slashed dates: the order that keeps the rows on or after the account's opening day wins")
    func openingDayDecides() throws {
        var options = statementOptions(dayFirst: false)
        options.openedOn = isoDay("2026-04-01")
        let parsed = try parseText("Date,Amount,Payee\n03/04/2026,-1.00,A\n05/06/2026,-2.00,B\n", options)
        #expect(parsed.dateOrder == .dayMonth && parsed.dateOrderEvidence == .openedOn && !parsed.dateOrderAmbiguous)
    }

    @Test("slashed dates: the order that keeps the rows out of the future wins")
    func futureDecides() throws {
        let parsed = try parseText("Date,Amount,Payee\n11/12/2026,-1.00,A\n01/02/2026,-2.00,B\n", statementOptions(dayFirst: true))
        #expect(parsed.dateOrder == .monthDay && parsed.dateOrderEvidence == .future)
        #expect(parsed.rows.map(\.date) == [isoDay("2026-11-12"), isoDay("2026-01-02")])
    }

    @Test("slashed dates in a Cyrillic file are day first whatever the household's language")
    func fileLanguageDecides() throws {
        let parsed = try StatementParser.parse(cp1251Bytes("Дата;Сумма;Описание\r\n05/04/2026;-1,00;Трамвай\r\n06/04/2026;-1,00;Метро\r\n"),
                                               options: statementOptions(dayFirst: false))
        #expect(parsed.dateOrder == .dayMonth && parsed.dateOrderEvidence == .fileLanguage && !parsed.dateOrderAmbiguous)
    }

    @Test("a period line's dates", arguments: [
        ("Период: 01.10.2026 - 31.10.2026", "2026-10-01", "2026-10-31"),
        ("Выписка за период с 01.08.2026 по 31.10.2026г.", "2026-08-01", "2026-10-31"),
        ("Statement Period 2026-08-01 through 2026-08-31", "2026-08-01", "2026-08-31"),
    ])
    func periodLines(line: String, from: String, through: String) {
        #expect(BankDate(today: parserToday).period(in: [line], order: .dayMonth) == isoDay(from)...isoDay(through))
    }
}
