import Engine
import Testing
@testable import Advisor

/// Merchants in ledger questions (docs/engine-rules.md, "Advisor: questions over the ledger").
@Suite("Ledger question merchants")
struct LedgerMerchantsTests {
    @Test("merchants as the ledger spells them, in any case and inflection; counts and the largest")
    func merchants() throws {
        let uber = try #require(LedgerQuestionTests.read("How many times did I order Uber in November?"))
        #expect(uber.measure == .count && uber.merchant == "Uber" && uber.period.name == .thisMonth)
        let five = try #require(LedgerQuestionTests.read("сколько раз я был в пятёрочке", language: .ru))
        #expect(five.measure == .count && five.merchant == "Пятёрочка" && !five.periodGiven)
        let starbucks = try #require(LedgerQuestionTests.read("What did I spend at starbuks last month?"))
        #expect(starbucks.merchant == "Starbucks" && starbucks.period.name == .lastMonth)
        let largest = try #require(LedgerQuestionTests.read("самая крупная покупка в кафе на этой неделе", language: .ru))
        #expect(largest.measure == .largest && largest.category == "custom-1" && largest.period.name == .thisWeek)
        #expect([largest.period.from, largest.period.through] == LedgerQuestionTests.days("2026-11-16", "2026-11-21"))
        let average = try #require(LedgerQuestionTests.read("average spend on transport last week"))
        #expect(average.measure == .average && average.category == "transport")
        // English weeks start on Sunday.
        #expect([average.period.from, average.period.through] == LedgerQuestionTests.days("2026-11-08", "2026-11-14"))
    }

    @Test("two words of one name read as that name (“uber eats” is not every Uber); Cyrillic names typed in Latin; Latin names inflected in Cyrillic")
    func namesAcrossWordsAndAlphabets() throws {
        let eats = try #require(LedgerQuestionTests.readAll("how much did i spend on uber eats in october"))
        #expect(eats.merchant == "Uber Eats")
        #expect(try #require(LedgerQuestionTests.readAll("how much did i spend on uber in october")).merchant == "Uber")
        let latin = try #require(LedgerQuestionTests.readAll("how much did i spend at pyaterochka in october"))
        #expect(latin.merchant == "Пятёрочка")
        let tinkoff = try #require(LedgerQuestionTests.readAll("how much did i spend with the tinkoff card last month"))
        #expect(tinkoff.account == 3)
        let visa = try #require(LedgerQuestionTests.readAll("сколько я потратил по карте визой в октябре", language: .ru))
        #expect(visa.account == 2)
        let starbucks = try #require(LedgerQuestionTests.readAll("сколько я оставил в старбаксом в сентябре", language: .ru))
        #expect(starbucks.merchant == "Starbucks")
        #expect(LedgerQuestionReader.russianStem("визой") == "виз" && LedgerQuestionReader.russianStem("кот") == "кот")
    }

    @Test("a merchant's two-word name is read before the categories: “whole foods” is the merchant, not Food at “Whole”")
    func twoWordNameBeforeCategories() throws {
        let vocabulary = LedgerVocabulary(categories: [(key: "food", names: ["Food", "Еда", "Lebensmittel"])],
                                      merchants: ["Whole Foods", "WHOLEFDS MKT 10234", "Uber"])
        let whole = try #require(LedgerQuestionReader.read("what did i spend at whole foods in october", today: LedgerQuestionTests.today,
                                                          language: .en, vocabulary: vocabulary))
        #expect(whole.merchant == "Whole Foods" && whole.category == nil)
        let both = try #require(LedgerQuestionReader.read("food at whole foods last month", today: LedgerQuestionTests.today,
                                                         language: .en, vocabulary: vocabulary))
        #expect(both.merchant == "Whole Foods" && both.category == "food")
        let food = try #require(LedgerQuestionReader.read("how much on food in october", today: LedgerQuestionTests.today,
                                                         language: .en, vocabulary: vocabulary))
        #expect(food.merchant == nil && food.category == "food")
    }

    @Test("a Cyrillic name as German spells it (Schokoladniza, Pjatjorotschka) beats a category's typo; a Latin c before e, i as s («фриланс» → Freelance)")
    func germanSpellingAndSoftC() throws {
        let vocabulary = LedgerVocabulary(categories: [(key: "education", names: ["Education", "Образование", "Bildung"])],
                                          merchants: ["Шоколадница", "Пятёрочка", "Freelance"])
        func read(_ question: String, _ language: Language) -> LedgerQuestion? {
            LedgerQuestionReader.read(question, today: LedgerQuestionTests.today, language: language, vocabulary: vocabulary)
        }
        let cafe = try #require(read("wie viel hab ich bei Schokoladniza ausgegeben", .de))
        #expect(cafe.merchant == "Шоколадница" && cafe.category == nil)
        #expect(try #require(read("wie oft war ich bei Pjatjorotschka im Oktober", .de)).merchant == "Пятёрочка")
        #expect(try #require(read("сколько пришло с фриланса в октябре", .ru)).merchant == "Freelance")
        #expect(LedgerQuestionReader.transliterated("шоколадница", as: .german) == "schokoladniza")
        #expect(LedgerQuestionReader.transliterated("хулу", as: .heard) == "hulu" && LedgerQuestionReader.transliterated("хулу") == "khulu")
        #expect(LedgerQuestionReader.skeleton("freelance") == "frlns" && LedgerQuestionReader.skeleton("petco") == "ptk")
    }

    @Test("a thing the household has no word for is searched for as typed; generic things, money words and needs are not")
    func unknownThings() throws {
        #expect(LedgerQuestionTests.read("how much did i spend on netflix in october")?.merchant == "netflix")
        #expect(LedgerQuestionTests.read("how much did i spend on lattes this week")?.merchant == "latte")
        #expect(LedgerQuestionTests.read("сколько я потратил на обеды в октябре", language: .ru)?.merchant == "обед")
        #expect(LedgerQuestionTests.read("wie viel habe ich im oktober für lieferando ausgegeben", language: .de)?.merchant == "lieferando")
        #expect(LedgerQuestionTests.read("how much did i spend on stuff in october")?.merchant == nil)
        #expect(LedgerQuestionTests.read("расходы за период с 15 сентября по 15 октября", language: .ru)?.merchant == nil)
        #expect(LedgerQuestionTests.read("is it worth paying extra on my loan") == nil)
    }
}
