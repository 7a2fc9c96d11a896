import Engine
import Testing
@testable import QuickEntry

// The generalisation rules (docs/engine-rules.md, "Quick entry in plain words"): Russian forms
// by stemming, names in the other alphabet, doubled letters with a typo, and income by meaning.
// Most rows failed before these rules; the rows under "Guards" and the expense rows keep the
// rules from taking too much. Each rule's own tests are in its source's mirror (KeyboardTests, WordFormsTests,
// OrdinalsTests, IncomeByMeaningTests, LexiconGapsTests).
@Suite("Quick entry generalisation")
struct QuickEntryGeneralisationTests {
    @Test(arguments: [
        // Diminutives and endings reduce to the list word's base.
        ("супчик 250", Language.ru, "food"), ("сырок 60", .ru, "food"), ("пивко 200", .ru, "entertainment"),
        ("винишко 700", .ru, "entertainment"), ("носочки 300", .ru, "clothing"), ("штанишки 900", .ru, "clothing"),
        // A name in the other alphabet: derived, not listed.
        ("окко 399", .ru, "subscriptions"), ("хулу 799", .ru, "subscriptions"), ("дропбокс 990", .ru, "subscriptions"),
        ("vkusvill 800", .ru, "food"), ("lukoil 2000", .ru, "transport"), ("pyaterochka 1200", .ru, "food"),
        // Doubled letters and a typo together.
        ("вкуссвиилл 500", .ru, "food"), ("gass 40", .en, "transport"), ("taxxi 20", .en, "transport"),
        // Unstressed vowels written as they sound (two letters off).
        ("стамотолог 5000", .ru, "health"),
        // Guards: short words stay exact; an unrelated word is not a name.
        ("кофэ 200", .ru, "food"), ("бенизн 2500", .ru, "transport"), ("водочка 400", .ru, "entertainment"),
        // The longest stem a word starts with wins.
        ("ubereats 27", .en, "food"),
        // A marketplace says where; the thing bought says what.
        ("вб платье 2300", .ru, "clothing"), ("target shoes 40", .en, "clothing"), ("озон 2140", .ru, "other"),
        ("amazon headphones 30", .en, "other"),
    ])
    func categoryByForm(_ text: String, _ language: Language, _ category: String) throws {
        #expect(try #require(quickDraft(text, language)).category == category)
    }

    @Test func namesAsTyped() throws {
        // A "+" written onto a name is part of it (a subscription), not the sign of an income.
        let disney = try #require(quickDraft("disney+ 13.99", .en))
        #expect(disney.kind == .expense && disney.category == "subscriptions")
        #expect(try #require(quickDraft("walmart+ 12.95", .en)).category == "subscriptions")
        #expect(try #require(quickDraft("+5000 подарок", .ru)).kind == .income)
        #expect(try #require(quickDraft("бонус +3000", .ru)).kind == .income)
        // Apostrophes dropped or curly, hyphens as spaces, a dot inside a name.
        #expect(try #require(quickDraft("sams club 140", .en)).category == "food")
        #expect(try #require(quickDraft("trader joe’s 40", .en)).category == "food")
        #expect(try #require(quickDraft("in n out 12", .en)).category == "food")
        #expect(try #require(quickDraft("дом.ру 650", .ru)).category == "utilities")
        // Guard: the plain name is not a subscription.
        #expect(try #require(quickDraft("walmart 87.13", .en)).category == "food")
    }
}
