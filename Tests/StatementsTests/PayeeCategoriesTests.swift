import Testing
@testable import Statements

// Category suggestions from payees: learned first, then the bank's word, then the built-in lists (Sources/Statements/PayeeCategories.swift).
@Suite("Payee categories")
struct PayeeCategoriesTests {
    @Test("categories: learned first, then keywords, else none")
    func categories() {
        #expect(PayeeCategories.payeeKey("PYATEROCHKA 1234 MOSCOW") == PayeeCategories.payeeKey("Pyaterochka, 77 moscow"))
        #expect(PayeeCategories.keyword("ПЯТЁРОЧКА 1234") == "food")
        #expect(PayeeCategories.keyword("Yandex Go ride") == "transport")
        #expect(PayeeCategories.keyword("Аптека Ригла") == "health")
        #expect(PayeeCategories.keyword("NETFLIX.COM") == "subscriptions")
        #expect(PayeeCategories.keyword("Оплата ЖКХ") == "utilities")
        #expect(PayeeCategories.keyword("Parent teacher") == nil)
        #expect(PayeeCategories.learned(newestFirst: ["food", "health", "health", "health", "food", "food"]) == "health")
        #expect(PayeeCategories.learned(newestFirst: ["food", "health"]) == "food")
        #expect(PayeeCategories.learned(newestFirst: []) == nil)
        let all = Set(["food", "health", "other"])
        #expect(PayeeCategories.suggest(payee: "Magnit 5", memo: "", learned: ["magnit": "health"], allowed: all) == ("health", .learned))
        #expect(PayeeCategories.suggest(payee: "Magnit 5", memo: "", learned: [:], allowed: all) == ("food", .keyword))
        #expect(PayeeCategories.suggest(payee: "ACME", memo: "", learned: [:], allowed: all) == (nil, .none))
    }

    @Test("the bank's word ranks below the household's history and above the keywords: learned, MCC, bank category, keyword")
    func bankRanks() {
        let all = Set(["food", "health", "transport", "utilities", "other"])
        // TANUKI with MCC 5812: no keyword knows it, the MCC does.
        #expect(PayeeCategories.suggest(payee: "TANUKI", memo: "", mcc: 5812, learned: [:], allowed: all) == ("food", .mcc))
        #expect(PayeeCategories.suggest(payee: "TANUKI", memo: "", mcc: 5812, learned: ["tanuki": "health"], allowed: all) == ("health", .learned))
        #expect(PayeeCategories.suggest(payee: "KOFE KHAUS", memo: "", bankCategory: "Фастфуд", learned: [:], allowed: all) == ("food", .bank))
        #expect(PayeeCategories.suggest(payee: "Аптека 1", memo: "", mcc: 4121, bankCategory: "Супермаркеты", learned: [:], allowed: all) == ("transport", .mcc))
        // A transfer's MCC says nothing, so the keyword list still may.
        #expect(PayeeCategories.suggest(payee: "Аптека 1", memo: "", mcc: 4829, learned: [:], allowed: all) == ("health", .keyword))
        // A category the household deleted is never suggested.
        #expect(PayeeCategories.suggest(payee: "X", memo: "", mcc: 5651, learned: [:], allowed: all) == (nil, .none))
    }

    @Test("the built-in lists come last: learned and the bank's word first, then the directory, then the generic words")
    func builtInListsRankLast() {
        let all = CategorisationQuality.categories
        #expect(PayeeCategories.suggest(payee: "STARBUCKS 0042", memo: "", learned: [:], allowed: all) == ("food", .keyword))
        #expect(PayeeCategories.suggest(payee: "STARBUCKS 0042", memo: "", learned: ["starbucks": "entertainment"], allowed: all)
            == ("entertainment", .learned))
        #expect(PayeeCategories.suggest(payee: "STARBUCKS 0042", memo: "", mcc: 5912, learned: [:], allowed: all) == ("health", .mcc))
        // The directory's chain beats the generic word in the same text; the generic word alone still counts.
        #expect(PayeeCategories.suggest(payee: "WAITROSE PHARMACY", memo: "", learned: [:], allowed: all) == ("food", .keyword))
        #expect(PayeeCategories.suggest(payee: "KAFE U MORYA", memo: "", learned: [:], allowed: all) == ("food", .keyword))
        // A deleted category is never suggested, whichever list found it.
        #expect(PayeeCategories.suggest(payee: "KAFE U MORYA", memo: "", learned: [:], allowed: ["health"]) == (nil, .none))
    }

    @Test("a payee rule: the longest text the payee contains wins, compared as the keys are")
    func rules() {
        let rules = [PayeeRuleMatch(contains: "yandex", category: "transport"),
                     PayeeRuleMatch(contains: "YANDEX*PLUS", name: "Яндекс Плюс", category: "subscriptions")]
        #expect(PayeeCategories.rule(payee: "YANDEX*PLUS MOSCOW", memo: "", rules: rules)?.name == "Яндекс Плюс")
        #expect(PayeeCategories.rule(payee: "Yandex  Go", memo: "", rules: rules)?.category == "transport")
        #expect(PayeeCategories.rule(payee: "Магнит", memo: "", rules: rules) == nil)
        #expect(PayeeCategories.rule(payee: "x", memo: "", rules: []) == nil)
    }
}
