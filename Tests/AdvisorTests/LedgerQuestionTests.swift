import Engine
import Testing
@testable import Advisor

/// Reading questions over the ledger (docs/engine-rules.md, "Advisor: questions over the ledger").
@Suite("Ledger questions")
struct LedgerQuestionTests {
    static let today = Day(iso: "2026-11-21")!   // a Saturday
    static let vocabulary = LedgerVocabulary(
        categories: [(key: "food", names: ["Food", "Еда", "Lebensmittel"]), (key: "transport", names: ["Transport", "Транспорт", "Verkehr"]),
                     (key: "subscriptions", names: ["Subscriptions", "Подписки", "Abonnements"]), (key: "custom-1", names: ["Кафе"])],
        merchants: ["Starbucks", "STARBUCKS #1234 SEATTLE", "Uber", "Uber Eats", "Пятёрочка", "ПЯТЁРОЧКА 5521", "Spotify", "Hulu"])

    static func read(_ question: String, today: Day = today, language: Language = .en) -> LedgerQuestion? {
        LedgerQuestionReader.read(question, today: today, language: language, vocabulary: vocabulary)
    }

    static func days(_ from: String, _ through: String) -> [Day] { [Day(iso: from)!, Day(iso: through)!] }

    @Test("measure, category and period: “How much did I spend on food this month?”, «сколько ушло на продукты в октябре»")
    func categoryAndPeriod() throws {
        let en = try #require(Self.read("How much did I spend on food this month?"))
        #expect(en.measure == .sum && en.category == "food" && en.merchant == nil && en.periodGiven)
        #expect([en.period.from, en.period.through] == Self.days("2026-11-01", "2026-11-21"))
        let ru = try #require(Self.read("сколько ушло на продукты в октябре", language: .ru))
        #expect(ru.measure == .sum && ru.category == "food" && ru.period.name == .month(YearMonth(year: 2026, month: 10)!))
        #expect([ru.period.from, ru.period.through] == Self.days("2026-10-01", "2026-10-31"))
        let typo = try #require(Self.read("скока потратила на продуктв в прошлом месяце", language: .ru))
        #expect(typo.category == "food" && typo.period.name == .lastMonth)
    }

    @Test("merchants as the ledger spells them, in any case and inflection; counts and the largest")
    func merchants() throws {
        let uber = try #require(Self.read("How many times did I order Uber in November?"))
        #expect(uber.measure == .count && uber.merchant == "Uber" && uber.period.name == .thisMonth)
        let five = try #require(Self.read("сколько раз я был в пятёрочке", language: .ru))
        #expect(five.measure == .count && five.merchant == "Пятёрочка" && !five.periodGiven)
        let starbucks = try #require(Self.read("What did I spend at starbuks last month?"))
        #expect(starbucks.merchant == "Starbucks" && starbucks.period.name == .lastMonth)
        let largest = try #require(Self.read("самая крупная покупка в кафе на этой неделе", language: .ru))
        #expect(largest.measure == .largest && largest.category == "custom-1" && largest.period.name == .thisWeek)
        #expect([largest.period.from, largest.period.through] == Self.days("2026-11-16", "2026-11-21"))
        let average = try #require(Self.read("average spend on transport last week"))
        #expect(average.measure == .average && average.category == "transport")
        // English weeks start on Sunday.
        #expect([average.period.from, average.period.through] == Self.days("2026-11-08", "2026-11-14"))
    }

    @Test("today, yesterday, a named month of last year, a month with its year")
    func periods() throws {
        #expect(try #require(Self.read("how much did I spend today")).period.name == .today)
        #expect(try #require(Self.read("сколько потратил вчера", language: .ru)).period.from == Day(iso: "2026-11-20")!)
        let december = try #require(Self.read("spending on food in December"))
        #expect([december.period.from, december.period.through] == Self.days("2025-12-01", "2025-12-31"))
        let may = try #require(Self.read("what did I spend on food in may 2026"))
        #expect(may.period.from == Day(iso: "2026-05-01")!)
        #expect(try #require(Self.read("Wie viel habe ich im Oktober für Lebensmittel ausgegeben?", language: .de)).category == "food")
    }

    @Test("“this month” in the first three days of a month offers last month too")
    func thisMonthEarly() throws {
        let early = try #require(Self.read("food spending this month", today: Day(iso: "2026-12-02")!))
        #expect(early.period.name == .thisMonth && early.otherPeriod?.name == .lastMonth)
        #expect(early.otherPeriod.map { [$0.from, $0.through] } == Self.days("2026-11-01", "2026-11-30"))
        #expect(try #require(Self.read("food spending this month")).otherPeriod == nil)
    }

    @Test("not ledger questions: safe to spend, affordability, goals, topics")
    func notLedger() {
        for question in ["How much can I safely spend today?", "сколько можно потратить сегодня", "Can I afford 300 on food?",
                         "How much more do I need for the Italy trip?", "how do I build an emergency fund", "should I cancel Spotify or Hulu",
                         "сколько мне ещё нужно на отпуск", "how much debt do I have"] {
            #expect(Self.read(question) == nil, "\(question)")
        }
        #expect(LedgerQuestionReader.asksSafeToSpend("How much can I safely spend today?"))
        #expect(LedgerQuestionReader.asksSafeToSpend("сколько можно потратить сегодня"))
        #expect(!LedgerQuestionReader.asksSafeToSpend("can I spend 300 today"))
    }
}
