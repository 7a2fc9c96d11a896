import Engine
import Testing
@testable import Advisor

/// The periods a ledger question names (docs/engine-rules.md, "Advisor: questions over the ledger").
@Suite("Ledger question periods")
struct LedgerPeriodsTests {
    @Test("today, yesterday, a named month of last year, a month with its year")
    func periods() throws {
        #expect(try #require(LedgerQuestionTests.read("how much did I spend today")).period.name == .today)
        #expect(try #require(LedgerQuestionTests.read("сколько потратил вчера", language: .ru)).period.from == Day(iso: "2026-11-20")!)
        let december = try #require(LedgerQuestionTests.read("spending on food in December"))
        #expect([december.period.from, december.period.through] == LedgerQuestionTests.days("2025-12-01", "2025-12-31"))
        let may = try #require(LedgerQuestionTests.read("what did I spend on food in may 2026"))
        #expect(may.period.from == Day(iso: "2026-05-01")!)
        #expect(try #require(LedgerQuestionTests.read("Wie viel habe ich im Oktober für Lebensmittel ausgegeben?", language: .de)).category == "food")
    }

    @Test("“this month” in the first three days of a month offers last month too")
    func thisMonthEarly() throws {
        let early = try #require(LedgerQuestionTests.read("food spending this month", today: Day(iso: "2026-12-02")!))
        #expect(early.period.name == .thisMonth && early.otherPeriod?.name == .lastMonth)
        #expect(early.otherPeriod.map { [$0.from, $0.through] } == LedgerQuestionTests.days("2026-11-01", "2026-11-30"))
        #expect(try #require(LedgerQuestionTests.read("food spending this month")).otherPeriod == nil)
    }

    @Test("since payday: from the last income's date; date ranges in three languages")
    func paydayAndRanges() throws {
        let payday = try #require(LedgerQuestionTests.readAll("how much have i spent since payday"))
        #expect(payday.period.name == .sincePayday && [payday.period.from, payday.period.through] == LedgerQuestionTests.days("2026-11-12", "2026-11-21"))
        #expect(try #require(LedgerQuestionTests.readAll("сколько ушло с последней зарплаты", language: .ru)).period.from == Day(iso: "2026-11-12")!)
        #expect(try #require(LedgerQuestionTests.readAll("wie viel habe ich seit dem zahltag ausgegeben", language: .de)).period.name == .sincePayday)
        for (question, language, from, through) in [
            ("how much did i spend from 1 to 15 november", Language.en, "2026-11-01", "2026-11-15"),
            ("how much did i spend between Oct 3 and Oct 10", .en, "2026-10-03", "2026-10-10"),
            ("spent at uber 5-20 october", .en, "2026-10-05", "2026-10-20"),
            ("сколько я потратил с 1 по 15 ноября", .ru, "2026-11-01", "2026-11-15"),
            ("расходы с 15 сентября по 15 октября", .ru, "2026-09-15", "2026-10-15"),
            ("wie viel habe ich vom 1. bis 15. november ausgegeben", .de, "2026-11-01", "2026-11-15"),
            // Days after today are of last year; a range that runs past today stops today.
            ("how much did i spend from 20 to 25 december", .en, "2025-12-20", "2025-12-25"),
            ("how much did i spend from 15 to 30 november", .en, "2026-11-15", "2026-11-21"),
        ] {
            let read = try #require(LedgerQuestionTests.readAll(question, language: language), "\(question)")
            #expect(read.period.name == .range && [read.period.from, read.period.through] == LedgerQuestionTests.days(from, through), "\(question)")
        }
    }

    @Test("more periods: the last N days, this year, the month before last, since the start of the month, since a day, Russian short months")
    func morePeriods() throws {
        try Self.expectDays([
            ("how much did i spend in the last 30 days", Language.en, "2026-10-23", "2026-11-21"),
            ("сколько потратил за последние 7 дней", .ru, "2026-11-15", "2026-11-21"),
            ("how much have i spent at whole foods in the last fortnight", .en, "2026-11-08", "2026-11-21"),
            ("how much have i spent this year", .en, "2026-01-01", "2026-11-21"),
            ("сколько я потратил в этом году", .ru, "2026-01-01", "2026-11-21"),
            ("how much did i spend the month before last", .en, "2026-09-01", "2026-09-30"),
            ("сколько я потратил в позапрошлом месяце", .ru, "2026-09-01", "2026-09-30"),
            ("сколько я потратил с начала месяца", .ru, "2026-11-01", "2026-11-21"),
            ("how much did i spend since the 5th", .en, "2026-11-05", "2026-11-21"),
            ("food spending since october 20", .en, "2026-10-20", "2026-11-21"),
            ("сколько я потратил с 5 ноября", .ru, "2026-11-05", "2026-11-21"),
            ("сколько потратил на еду в окт", .ru, "2026-10-01", "2026-10-31"),
            ("траты за сент", .ru, "2026-09-01", "2026-09-30"),
        ])
    }

    @Test("a comparison with another month named compares with that month, the nearest one not after today")
    func namedMonthComparison() throws {
        let read = try #require(LedgerQuestionTests.readAll("траты на еду за сентябрь по сравнению с октябрём", language: .ru))
        #expect(read.comparison == .period(LedgerQuestion.Period(name: .month(YearMonth(year: 2026, month: 10)!),
                                                                 from: Day(iso: "2026-10-01")!, through: Day(iso: "2026-10-31")!)))
        let now = try #require(LedgerQuestionTests.readAll("food this month vs september"))
        #expect(now.period.name == .thisMonth && now.comparison.map { if case .period(let p) = $0 { p.from == Day(iso: "2026-09-01")! } else { false } } == true)
    }

    @Test("a year named alone is that year up to today; N days, weeks or months without “last”; one date alone is that day — in three languages")
    func yearsSpansAndDates() throws {
        try Self.expectDays([
            ("how much did i spend in 2025", Language.en, "2025-01-01", "2025-12-31"),
            ("сколько я потратил в 2025", .ru, "2025-01-01", "2025-12-31"),
            ("wie viel habe ich im jahr 2025 ausgegeben", .de, "2025-01-01", "2025-12-31"),
            ("food spending in 2026", .en, "2026-01-01", "2026-11-21"),
            ("сколько ушло на продукты в 2026 году", .ru, "2026-01-01", "2026-11-21"),
            ("how much did i spend last year", .en, "2025-01-01", "2025-12-31"),
            ("how much did i spend since 2025", .en, "2025-01-01", "2026-11-21"),
            ("how much did i spend in 30 days", .en, "2026-10-23", "2026-11-21"),
            ("сколько потратил за 30 дней", .ru, "2026-10-23", "2026-11-21"),
            ("wie viel habe ich in 30 tagen ausgegeben", .de, "2026-10-23", "2026-11-21"),
            ("траты за 7 дней", .ru, "2026-11-15", "2026-11-21"),
            ("how much did i spend in the last 2 months", .en, "2026-09-22", "2026-11-21"),
            ("what did i spend on 10/3", .en, "2026-10-03", "2026-10-03"),
            ("сколько я потратил 3.10", .ru, "2026-10-03", "2026-10-03"),
            ("ausgaben am 3.10.", .de, "2026-10-03", "2026-10-03"),
            ("how much did i spend on october 4", .en, "2026-10-04", "2026-10-04"),
            ("сколько я потратил 1 октября", .ru, "2026-10-01", "2026-10-01"),
            ("wie viel habe ich am 1. oktober ausgegeben", .de, "2026-10-01", "2026-10-01"),
            ("how much did i spend on the 5th", .en, "2026-11-05", "2026-11-05"),
            ("сколько ушло 25-го", .ru, "2026-10-25", "2026-10-25"),
            ("траты с 1.10 по 15.10", .ru, "2026-10-01", "2026-10-15"),
            ("spending from 10/1 to 10/15", .en, "2026-10-01", "2026-10-15"),
        ])
        // The calendar's weeks: "the past week", «за последнюю неделю», "letzte Woche" are the week before; «за неделю» this one.
        #expect(try #require(LedgerQuestionTests.readAll("сколько потратил за последнюю неделю", language: .ru)).period.name == .lastWeek)
        #expect(try #require(LedgerQuestionTests.readAll("how much did i spend in the past week")).period.name == .lastWeek)
        #expect(try #require(LedgerQuestionTests.readAll("сколько потратил за неделю", language: .ru)).period.name == .thisWeek)
        // Amounts and counts are no years or dates; the future is no span of the past.
        #expect(try #require(LedgerQuestionTests.readAll("did i spend more than 2025 on food")).periodGiven == false)
        #expect(try #require(LedgerQuestionTests.readAll("how many times at starbucks in october 5 times")).period.from == Day(iso: "2026-10-01")!)
        #expect(LedgerQuestionTests.readAll("how much will i spend in the next 30 days")?.periodGiven != true)
    }

    @Test("part of a named month: since it, its first or second half; a month with “last year” is that month a year before")
    func monthParts() throws {
        try Self.expectDays([
            ("how much did i spend since the start of october", Language.en, "2026-10-01", "2026-11-21"),
            ("сколько ушло на развлечения с начала октября", .ru, "2026-10-01", "2026-11-21"),
            ("wie viel habe ich seit Anfang Oktober ausgegeben", .de, "2026-10-01", "2026-11-21"),
            ("coffee since october", .en, "2026-10-01", "2026-11-21"),
            ("how much did i spend on food in the first half of october", .en, "2026-10-01", "2026-10-15"),
            ("сколько я потратил во второй половине октября", .ru, "2026-10-16", "2026-10-31"),
            ("ausgaben in der ersten hälfte des oktobers", .de, "2026-10-01", "2026-10-15"),
            ("how much did i spend on food in november last year", .en, "2025-11-01", "2025-11-30"),
            ("wie viel habe ich im November letzten Jahres ausgegeben", .de, "2025-11-01", "2025-11-30"),
        ])
    }

    /// Each question's period is from `from` through `through`.
    static func expectDays(_ cases: [(String, Language, String, String)]) throws {
        for (question, language, from, through) in cases {
            let read = try #require(LedgerQuestionTests.readAll(question, language: language), "\(question)")
            #expect([read.period.from, read.period.through] == LedgerQuestionTests.days(from, through), "\(question)")
        }
    }
}
