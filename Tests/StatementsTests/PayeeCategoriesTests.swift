import Testing
@testable import Statements

// Category suggestions from payees: learned first, then keywords (Sources/Statements/PayeeCategories.swift).
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
}
