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

    @Test("a weekend: the last one that ended, or the latest begun; the week before last; English 3.10 is an amount")
    func weekendsAndAmounts() throws {
        try LedgerPeriodsTests.expectDays([
            ("how much did i spend last weekend", .en, "2026-11-14", "2026-11-15"),
            ("сколько ушло на продукты на прошлых выходных", .ru, "2026-11-14", "2026-11-15"),
            ("ausgaben letztes wochenende", .de, "2026-11-14", "2026-11-15"),
            ("how much did i spend over the weekend", .en, "2026-11-21", "2026-11-21"),
            ("сколько я потратил на выходных", .ru, "2026-11-21", "2026-11-21"),
            ("wie viel habe ich am wochenende ausgegeben", .de, "2026-11-21", "2026-11-21"),
            ("how much did i spend the week before last", .en, "2026-11-01", "2026-11-07"),
            ("сколько я потратил на позапрошлой неделе", .ru, "2026-11-02", "2026-11-08"),
            ("сколько я потратил на такси в предыдущем месяце", .ru, "2026-10-01", "2026-10-31"),
            ("wie viel habe ich im okt. für sprit ausgegeben", .de, "2026-10-01", "2026-10-31"),
            ("how much did i spend on food since last week", .en, "2026-11-08", "2026-11-21"),
            ("сколько я потратил с прошлой недели", .ru, "2026-11-09", "2026-11-21"),
            ("wie viel habe ich seit letztem monat ausgegeben", .de, "2026-10-01", "2026-11-21"),
            ("how did my spending on food change since last month", .en, "2026-11-01", "2026-11-21"),
            ("how much did i spend since last monday", .en, "2026-11-16", "2026-11-21"),
            ("how much did i spend on food from nov 1 until today", .en, "2026-11-01", "2026-11-21"),
        ])
        // On a Wednesday, "the weekend" is the one just gone.
        let wednesday = try #require(LedgerQuestionTests.read("food at the weekend", today: Day(iso: "2026-11-25")!))
        #expect([wednesday.period.from, wednesday.period.through] == LedgerQuestionTests.days("2026-11-21", "2026-11-22"))
        #expect(LedgerQuestionReader.slashedDates("spent 3.10 on it", language: .en) == "spent 310 on it")
        #expect(LedgerQuestionReader.slashedDates("ausgaben am 3.10.", language: .de) == "ausgaben am 3/10.")
        #expect(LedgerQuestionTests.read("what did i spend on 3.10") == nil)
    }

    @Test("a third of a month, a season, a calendar week, the day before yesterday, a date with its year, dates joined by a hyphen, two months joined by and")
    func thirdsSeasonsAndWeeks() throws {
        try LedgerPeriodsTests.expectDays([
            ("wie viel hab ich ende oktober für lebensmittel ausgegeben", .de, "2026-10-21", "2026-10-31"),
            ("was ging mitte oktober für sprit drauf", .de, "2026-10-11", "2026-10-20"),
            ("ausgaben anfang des monats", .de, "2026-11-01", "2026-11-10"),
            ("wie viel hab ich ende letzten monats ausgegeben", .de, "2026-10-21", "2026-10-31"),
            ("wie viel hab ich seit mitte oktober ausgegeben", .de, "2026-10-11", "2026-11-21"),
            ("how much did i spend on food in early october", .en, "2026-10-01", "2026-10-10"),
            ("uber rides mid-october", .en, "2026-10-11", "2026-10-20"),
            ("how much did i spend at the end of last month", .en, "2026-10-21", "2026-10-31"),
            ("how much did i spend since the start of october", .en, "2026-10-01", "2026-11-21"),
            ("сколько я потратил в конце октября", .ru, "2026-10-21", "2026-10-31"),
            ("сколько ушло на еду в начале месяца", .ru, "2026-11-01", "2026-11-10"),
            ("wie viel hab ich in der ersten oktoberhälfte ausgegeben", .de, "2026-10-01", "2026-10-15"),
            ("wie viel hab ich im sommer ausgegeben", .de, "2026-06-01", "2026-08-31"),
            ("what did i spend last summer", .en, "2026-06-01", "2026-08-31"),
            ("сколько я потратил этой осенью", .ru, "2026-09-01", "2026-11-21"),
            ("how much did i spend last winter", .en, "2025-12-01", "2026-02-28"),
            ("wie viel hab ich in der kw 45 ausgegeben", .de, "2026-11-02", "2026-11-08"),
            ("ausgaben kw45", .de, "2026-11-02", "2026-11-08"),
            ("was hab ich vorgestern ausgegeben", .de, "2026-11-19", "2026-11-19"),
            ("what did i spend the day before yesterday", .en, "2026-11-19", "2026-11-19"),
            ("wie viel hab ich letzten freitag ausgegeben", .de, "2026-11-20", "2026-11-20"),
            ("wie viel öffis am 14.10.2026", .de, "2026-10-14", "2026-10-14"),
            ("wie viel hab ich 10.10.-20.10. für lebensmittel ausgegeben", .de, "2026-10-10", "2026-10-20"),
            ("траты на еду 10.10-20.10", .ru, "2026-10-10", "2026-10-20"),
            ("food spending 10/10-10/20", .en, "2026-10-10", "2026-10-20"),
            ("how much did i spend on food in october and november", .en, "2026-10-01", "2026-11-21"),
            ("сколько я потратил в сентябре и октябре", .ru, "2026-09-01", "2026-10-31"),
            ("wie viel hab ich seit anfang des jahres ausgegeben", .de, "2026-01-01", "2026-11-21"),
            ("сколько я потратил на продукты в oktyabre", .ru, "2026-10-01", "2026-10-31"),
            ("wie viel hab ich heuer für lebensmittel ausgegeben", .de, "2026-01-01", "2026-11-21"),
            ("was hab ich seit anfang der woche ausgegeben", .de, "2026-11-16", "2026-11-21"),
            ("сколько я потратил с начала недели", .ru, "2026-11-16", "2026-11-21"),
        ])
        // With a word of comparing, two months joined by "and" are compared, not one span.
        let compared = try #require(LedgerQuestionTests.readAll("vergleich essen oktober und november", language: .de))
        #expect(compared.comparison != nil && compared.period.through == Day(iso: "2026-10-31")!)
        // "The start of the year" is no month's third; a third not begun is none ("end of the month" on the 5th).
        var used = Set<Int>()
        #expect(LedgerQuestionReader.monthThird(["end", "of", "the", "month"], today: Day(iso: "2026-11-05")!, used: &used) == nil && used.isEmpty)
        #expect(LedgerQuestionReader.monthThird(["start", "of", "the", "year"], today: LedgerQuestionTests.today, used: &used) == nil)
    }
}
