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

    static let withAccounts: LedgerVocabulary = {
        var words = vocabulary
        words.accounts = [(id: 2, name: "Visa"), (id: 3, name: "Тинькофф")]
        words.lastPayday = Day(iso: "2026-11-12")!
        return words
    }()

    static func readAll(_ question: String, language: Language = .en) -> LedgerQuestion? {
        LedgerQuestionReader.read(question, today: today, language: language, vocabulary: withAccounts)
    }

    @Test("comparisons: vs last month, “how did it change”, two named months, last week; vs the limit or plan")
    func comparisons() throws {
        let vs = try #require(Self.readAll("how much did i spend on food this month vs last month"))
        #expect(vs.category == "food" && [vs.period.from, vs.period.through] == Self.days("2026-11-01", "2026-11-21"))
        #expect(vs.comparison == .period(LedgerQuestion.Period(name: .lastMonth, from: Day(iso: "2026-10-01")!, through: Day(iso: "2026-10-31")!)))
        let ru = try #require(Self.readAll("потратил ли я больше на еду чем в прошлом месяце", language: .ru))
        #expect(ru.period.name == .thisMonth && ru.category == "food")
        guard case .period(let before)? = ru.comparison else { Issue.record("no comparison"); return }
        #expect([before.from, before.through] == Self.days("2026-10-01", "2026-10-31"))
        let change = try #require(Self.readAll("как изменились мои траты на транспорт", language: .ru))
        guard case .period(let earlier)? = change.comparison else { Issue.record("no comparison"); return }
        #expect(change.category == "transport" && earlier.from == Day(iso: "2026-10-01")!)
        let months = try #require(Self.readAll("how much did i spend in october vs september"))
        guard case .period(let september)? = months.comparison else { Issue.record("no comparison"); return }
        #expect(months.period.from == Day(iso: "2026-10-01")! && [september.from, september.through] == Self.days("2026-09-01", "2026-09-30"))
        let week = try #require(Self.readAll("сколько потратил на этой неделе по сравнению с прошлой", language: .ru))
        guard case .period(let lastWeek)? = week.comparison else { Issue.record("no comparison"); return }
        #expect([lastWeek.from, lastWeek.through] == Self.days("2026-11-09", "2026-11-15"))
        #expect(try #require(Self.readAll("how much did i spend on food compared to my limit")).comparison == .plan)
        #expect(try #require(Self.readAll("траты на еду по сравнению с планом", language: .ru)).comparison == .plan)
        // "More than" an amount is no comparison with a period; a budget word alone is no ledger question.
        #expect(try #require(Self.readAll("how many times did i spend more than 20 at starbucks")).comparison == nil)
        #expect(Self.readAll("как распределить бюджет", language: .ru) == nil)
    }

    @Test("since payday: from the last income's date; date ranges in three languages")
    func paydayAndRanges() throws {
        let payday = try #require(Self.readAll("how much have i spent since payday"))
        #expect(payday.period.name == .sincePayday && [payday.period.from, payday.period.through] == Self.days("2026-11-12", "2026-11-21"))
        #expect(try #require(Self.readAll("сколько ушло с последней зарплаты", language: .ru)).period.from == Day(iso: "2026-11-12")!)
        #expect(try #require(Self.readAll("wie viel habe ich seit dem zahltag ausgegeben", language: .de)).period.name == .sincePayday)
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
            let read = try #require(Self.readAll(question, language: language), "\(question)")
            #expect(read.period.name == .range && [read.period.from, read.period.through] == Self.days(from, through), "\(question)")
        }
    }

    @Test("accounts by name, in either alphabet; incomes instead of expenses")
    func accountsAndIncomes() throws {
        let visa = try #require(Self.readAll("how much did i spend from the Visa card last month"))
        #expect(visa.account == 2 && visa.merchant == nil && visa.period.name == .lastMonth)
        #expect(try #require(Self.readAll("сколько я потратил с визы в этом месяце", language: .ru)).account == 2)
        #expect(try #require(Self.readAll("сколько ушло с карты Тинькофф в октябре", language: .ru)).account == 3)
        let earned = try #require(Self.readAll("how much did i earn in october"))
        #expect(earned.income && earned.category == nil && earned.period.from == Day(iso: "2026-10-01")!)
        #expect(try #require(Self.readAll("сколько я заработал в прошлом месяце", language: .ru)).income)
        #expect(try #require(Self.readAll("wie viel habe ich im oktober verdient", language: .de)).income)
        // "Had to pay" is spending, though it starts like "came in" («пришло»).
        #expect(try #require(Self.readAll("сколько пришлось заплатить за такси в октябре", language: .ru)).income == false)
    }
}
