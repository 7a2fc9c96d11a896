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
