import Engine
import Testing
@testable import Advisor

/// The words ledger questions are read with (Sources/Advisor/LedgerWords.swift): typos of cue
/// words, terse questions, short category typos, synonym groups for a household's own categories.
@Suite("Ledger question words")
struct LedgerWordsTests {
    static func read(_ question: String, language: Language = .en) -> LedgerQuestion? {
        LedgerQuestionReader.read(question, today: LedgerQuestionTests.today, language: language, vocabulary: LedgerQuestionTests.withAccounts)
    }

    @Test("a misspelt cue word is put right; a merchant's word, a cue's inflection and a month are kept")
    func corrected() {
        #expect(LedgerQuestionReader.corrected(["spnd", "yesterdy", "mnth", "tims", "avrage", "bigest"])
            == ["spend", "yesterday", "month", "times", "average", "biggest"])
        #expect(LedgerQuestionReader.corrected(["charged", "прошлым", "самый", "octobr", "hulu"], keep: ["hulu"])
            == ["charged", "прошлым", "самый", "octobr", "hulu"])
    }

    @Test("«сколько» typed any way is «сколько»; words that only look like it are kept")
    func howMuch() throws {
        for word in ["сколько", "скоко", "скока", "скок", "сколко", "скокло", "скольки", "склько", "скилько"] {
            #expect(LedgerQuestionReader.isHowMuch(word), "\(word)")
        }
        for word in ["скука", "скала", "скол", "склад", "скидка", "скакал", "скилл", "столик", "ско"] {
            #expect(!LedgerQuestionReader.isHowMuch(word), "\(word)")
        }
        let income = try #require(Self.read("скоко заработал в октябре", language: .ru))
        #expect(income.income && income.period.name == .month(YearMonth(year: 2026, month: 10)!))
        let cost = try #require(Self.read("скокло стоили продукты в октябре", language: .ru))
        #expect(cost.category == "food" && cost.measure == .sum)
        #expect(try #require(Self.read("скока раз я был в пятерочке", language: .ru)).measure == .count)
        #expect(Self.read("скока еще нужно на отпуск", language: .ru) == nil)
    }

    @Test("typos: “how much did i spen on fod this month”, “how much did i spnd on transport last mnth”")
    func typos() throws {
        let fod = try #require(Self.read("how much did i spen on fod this month"))
        #expect(fod.category == "food" && fod.period.name == .thisMonth && fod.measure == .sum)
        let mnth = try #require(Self.read("how much did i spnd on transport last mnth"))
        #expect(mnth.category == "transport" && mnth.period.name == .lastMonth)
        #expect(try #require(Self.read("how many tims did i go to starbucks")).measure == .count)
        // "tax" is a money word, never "taxi"; "und" is not "Hund".
        #expect(Self.read("how much tax did i pay in october")?.category == nil)
    }

    @Test("terse questions: a category or merchant and a period with filler words only is a sum; anything else is not read")
    func terse() throws {
        let food = try #require(Self.read("food oct?"))
        #expect(food.category == "food" && food.period.name == .month(YearMonth(year: 2026, month: 10)!) && food.measure == .sum)
        let uber = try #require(Self.read("uber last month"))
        #expect(uber.merchant == "Uber" && uber.period.name == .lastMonth)
        let ru = try #require(Self.read("еда октябрь?", language: .ru))
        #expect(ru.category == "food")
        for question in ["what bills are due next week", "food limit", "how big should my emergency fund be", "last month?"] {
            #expect(Self.read(question) == nil, "\(question)")
        }
        #expect(LedgerQuestionReader.mayBeLedger("food oct?"))
    }

    @Test("a category of the household's own goes by its synonym group's words: coffee → «Кафе», «кота» → Pets")
    func synonyms() throws {
        var words = LedgerQuestionTests.withAccounts
        words.categories.append((key: "custom-2", names: ["Pets"]))
        let coffee = try #require(LedgerQuestionReader.read("how much did i spend on coffee last month", today: LedgerQuestionTests.today,
                                                            language: .en, vocabulary: words))
        #expect(coffee.category == "custom-1")
        let cat = try #require(LedgerQuestionReader.read("сколько потратила на кота в сентябре", today: LedgerQuestionTests.today,
                                                         language: .ru, vocabulary: words))
        #expect(cat.category == "custom-2")
        #expect(LedgerQuestionReader.categoryStems(key: "custom-9", names: ["Кафе"]).contains("coffee"))
        #expect(!LedgerQuestionReader.categoryStems(key: "custom-9", names: ["Books"]).contains("coffee"))
    }
}
