import Engine
import Testing
@testable import QuickEntry

struct QuickAmountCase: Sendable, CustomStringConvertible {
    var text: String, language: Language, minor: Int64
    var description: String { text }
}

// Reading a phrase's amount: groups, decimals, thousands and currencies (Sources/QuickEntry/ReadingAmount.swift).
@Suite("Quick entry amounts")
struct ReadingAmountTests {
    @Test(arguments: [
        QuickAmountCase(text: "кофе 250", language: .ru, minor: 250_00),
        QuickAmountCase(text: "продукты 1 230,50", language: .ru, minor: 1230_50),
        QuickAmountCase(text: "продукты 1\u{00A0}230,50", language: .ru, minor: 1230_50),
        QuickAmountCase(text: "продукты 1\u{202F}230", language: .ru, minor: 1230_00),
        QuickAmountCase(text: "аренда 45 000 ₽", language: .ru, minor: 45_000_00),
        QuickAmountCase(text: "lunch 12.50", language: .en, minor: 12_50),
        QuickAmountCase(text: "rent 1,450.00", language: .en, minor: 1450_00),
        QuickAmountCase(text: "зарплата 185к", language: .ru, minor: 185_000_00),
        QuickAmountCase(text: "bonus 1.5k", language: .en, minor: 1500_00),
        QuickAmountCase(text: "премия 2,5 тыс", language: .ru, minor: 2500_00),
        QuickAmountCase(text: "зарплата 120 тысяч", language: .ru, minor: 120_000_00),
        QuickAmountCase(text: "кофе 250р", language: .ru, minor: 250_00),
        QuickAmountCase(text: "кофе 250 руб.", language: .ru, minor: 250_00),
        QuickAmountCase(text: "кофе250", language: .ru, minor: 250_00),
        QuickAmountCase(text: "$5 coffee", language: .en, minor: 5_00),
        QuickAmountCase(text: "coffee 4.5 usd", language: .en, minor: 4_50),
        QuickAmountCase(text: "ticket 20 €", language: .en, minor: 20_00),
        QuickAmountCase(text: "2 кофе 300", language: .ru, minor: 300_00),
        QuickAmountCase(text: "кофе 250 21.11", language: .ru, minor: 250_00),
        QuickAmountCase(text: "такси 780 3 дня назад", language: .ru, minor: 780_00),
    ])
    func amount(_ c: QuickAmountCase) throws {
        let draft = try #require(quickDraft(c.text, c.language))
        #expect(draft.amount.minorUnits == c.minor)
    }
}
