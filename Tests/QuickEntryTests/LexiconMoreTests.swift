import Engine
import Testing
@testable import QuickEntry

// The broader built-in vocabulary (Sources/QuickEntry/LexiconMore.swift) and the rules added
// with it. The food…subscriptions rows, the income words and "last night" failed before that
// pass; the `other` rows, «кофэ» and "перевод маме" guard against the new words taking too much.
@Suite("Quick entry vocabulary")
struct LexiconMoreTests {
    @Test(arguments: [
        ("окей 1340", Language.ru, "food"), ("хинкали 900", .ru, "food"), ("маникюр 2000", .ru, "other"),
        ("вайлдберриз 700", .ru, "other"), ("осаго 9800", .ru, "transport"), ("пылесос 12000", .ru, "housing"),
        ("йога 800", .ru, "health"), ("skillbox 5000", .ru, "education"), ("аквапарк 3000", .ru, "entertainment"),
        ("пуховик 15000", .ru, "clothing"), ("кион 299", .ru, "subscriptions"), ("домофон 90", .ru, "utilities"),
        ("safeway 45", .en, "food"), ("walgreens 12", .en, "health"), ("xfinity 80", .en, "utilities"),
        ("wayfair 230", .en, "housing"), ("shein 35", .en, "clothing"), ("peacock 5.99", .en, "subscriptions"),
        ("exxon 40", .en, "transport"), ("ebay 18", .en, "other"), ("кофта 1500", .ru, "clothing"), ("кофэ 200", .ru, "food"),
    ])
    func broaderCategories(_ text: String, _ language: Language, _ category: String) throws {
        #expect(try #require(quickDraft(text, language)).category == category)
    }

    @Test(arguments: [
        ("скинул мне 500", Language.ru, FlowKind.income), ("zelle from anna 60", .en, .income), ("bob paid me 20", .en, .income),
        ("tax refund 300", .en, .income), ("компенсация 4000", .ru, .income), ("перевод маме 1000", .ru, .expense),
    ])
    func moreIncomeWords(_ text: String, _ language: Language, _ kind: FlowKind) throws {
        #expect(try #require(quickDraft(text, language)).kind == kind)
    }

    @Test func lastNightIsYesterday() throws {
        #expect(try #require(quickDraft("pizza 20 last night", .en)).date == quickToday.adding(days: -1))
        #expect(try #require(quickDraft("bar 30 last friday", .en)).date == Day(year: 2026, month: 11, day: 20)!)
    }
}
