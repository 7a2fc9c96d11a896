import Engine
import Testing
@testable import Advisor

/// Weekdays and quarters in ledger questions (Sources/Advisor/LedgerPeriods+Spans.swift).
@Suite("Ledger question weekdays and quarters")
struct LedgerPeriodsSpansTests {
    @Test("since a weekday, on a weekday, a quarter by number or as this / last one — in three languages (today Saturday 21 November 2026)")
    func weekdaysAndQuarters() throws {
        try LedgerPeriodsTests.expectDays([
            ("how much have i spent since monday", .en, "2026-11-16", "2026-11-21"),
            ("сколько я потратил с понедельника", .ru, "2026-11-16", "2026-11-21"),
            ("wie viel habe ich seit Montag ausgegeben", .de, "2026-11-16", "2026-11-21"),
            ("what did i spend on friday", .en, "2026-11-20", "2026-11-20"),
            ("сколько я потратил в среду", .ru, "2026-11-18", "2026-11-18"),
            ("was habe ich am Samstag ausgegeben", .de, "2026-11-21", "2026-11-21"),
            ("how much did i spend in q3", .en, "2026-07-01", "2026-09-30"),
            ("сколько я потратил в третьем квартале", .ru, "2026-07-01", "2026-09-30"),
            ("ausgaben im dritten quartal", .de, "2026-07-01", "2026-09-30"),
            ("food this quarter", .en, "2026-10-01", "2026-11-21"),
            ("сколько ушло на продукты в прошлом квартале", .ru, "2026-07-01", "2026-09-30"),
            ("wie viel habe ich im ersten Quartal 2025 ausgegeben", .de, "2025-01-01", "2025-03-31"),
        ])
        #expect(LedgerQuestionReader.weekdayNumber("среднем") == nil && LedgerQuestionReader.weekdayNumber("среду") == 3)
        #expect(try #require(LedgerQuestionTests.readAll("сколько в среднем я трачу в пятерочке", language: .ru)).measure == .average)
    }
}
