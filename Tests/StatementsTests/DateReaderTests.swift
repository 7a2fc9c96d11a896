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
}
