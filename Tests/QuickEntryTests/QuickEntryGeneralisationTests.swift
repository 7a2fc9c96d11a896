import Engine
import Testing
@testable import QuickEntry

// The generalisation rules (docs/engine-rules.md, "Quick entry in plain words"): Russian forms
// by stemming, names in the other alphabet, doubled letters with a typo, and income by meaning.
// Most rows failed before these rules; the rows under "Guards" and the expense rows keep the
// rules from taking too much.
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

    @Test func wrongKeyboard() throws {
        // A Russian phrase typed on the English layout, word by word.
        let groceries = try #require(quickDraft("ghjlerns 1200 dxthf", .ru))
        #expect(groceries.category == "food" && groceries.date == quickToday.adding(days: -1) && groceries.name == "Продукты")
        #expect(try #require(quickDraft("nfrcb 450", .ru)).category == "transport")
        #expect(try #require(quickDraft("pfhgkfnf 90000", .ru)).kind == .income)
        // Latin look-alike letters inside a Russian word.
        #expect(try #require(quickDraft("aптека 300", .ru)).category == "health")
        #expect(try #require(quickDraft("cок 120", .ru)).category == "food")
        // Guards: English words the parser knows stay English.
        #expect(try #require(quickDraft("coffee 5 yesterday", .en)).category == "food")
        #expect(try #require(quickDraft("taxi 10", .en)).category == "transport")
        #expect(try #require(quickDraft("bar 30", .en)).category == "entertainment")
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

    @Test func thousandsOfRoublesAndOrdinalDays() throws {
        #expect(try #require(quickDraft("продукты 15 т.р.", .ru)).amount.minorUnits == 1_500_000)
        #expect(try #require(quickDraft("аренда 30тр", .ru)).amount.minorUnits == 3_000_000)
        #expect(try #require(quickDraft("rent 1500 on the first", .en)).date == Day(year: 2026, month: 11, day: 1)!)
        #expect(try #require(quickDraft("аренда 30000 первого числа", .ru)).date == Day(year: 2026, month: 11, day: 1)!)
        let mortgage = try #require(quickDraft("ипотека 40000 двадцать пятого", .ru))
        #expect(mortgage.date == Day(year: 2026, month: 11, day: 25)! && mortgage.isPlanned)
        // Guard: an ordinal without "the" is not a date in English.
        let aid = try #require(quickDraft("first aid kit 20", .en))
        #expect(aid.date == quickToday && aid.category == "health")
    }

    @Test func formRulesOnTheirOwn() {
        #expect(WordForms.russianBase("хлебушек") == "хлеб")
        #expect(WordForms.russianBase("кофеек") == "кофе" || WordForms.russianBase("кофеек") == "коф")
        #expect(WordForms.sounds("netflix") == WordForms.sounds("нетфликс"))
        #expect(WordForms.sameName("убер", "uber"))
        #expect(WordForms.sameName("окко", "okko"))
        #expect(WordForms.sameName("starbucks", "старбакс"))
        #expect(!WordForms.sameName("бар", "bar"))
        #expect(!WordForms.sameName("benizn", "beanie"))
    }

    @Test(arguments: [
        ("проценты по вкладу 900", Language.ru, FlowKind.income), ("проценты по кредиту 900", .ru, .expense),
        ("interest 12.40", .en, .income), ("credit card interest 30", .en, .expense),
        ("мама перевела 3000", .ru, .income), ("перевел маме 3000", .ru, .expense), ("от бабушки 2000", .ru, .income),
        ("mom sent 50", .en, .income), ("sent mom 50", .en, .expense), ("клиент оплатил 15000", .ru, .income),
        ("жена оплатила продукты 3000", .ru, .expense), ("отпускные 42000", .ru, .income), ("получка 30000", .ru, .income),
        ("налоговый вычет 13000", .ru, .income), ("жилец заплатил 30000", .ru, .income), ("выиграл 1000", .ru, .income),
        ("won 50 at trivia", .en, .income), ("rental income 1200", .en, .income), ("купоны по облигациям 800", .ru, .income),
        ("брат вернул 2000", .ru, .income), ("gift from grandma 100", .en, .income), ("таблетки от кашля 300", .ru, .expense),
        ("от Саши 1500", .ru, .income), ("from Jake 20", .en, .income), ("папа подкинул 5000", .ru, .income),
        ("кофе от Starbucks 300", .ru, .expense),
        ("Оля скинула 800 за кафе", .ru, .income), ("Mike sent 200", .en, .income), ("сдал квартиру 30000", .ru, .income),
        ("Оле скинул 800", .ru, .expense), ("Перевел Диме 500", .ru, .expense), ("sent Mike 200", .en, .expense),
        ("jake venmo'd me 25", .en, .income), ("roommate paid rent share 700", .en, .income), ("ebay sale 45", .en, .income),
        ("birthday money 40", .en, .income), ("made 120 in tips", .en, .income), ("tips 5", .en, .expense),
    ])
    func incomeByMeaning(_ text: String, _ language: Language, _ kind: FlowKind) throws {
        #expect(try #require(quickDraft(text, language)).kind == kind)
    }
}

// Gaps the fifth blind set pointed at, as general rules and families (docs/engine-rules.md,
// "Quick entry: renting, tickets and near phrases"). Phrases written for these tests, not taken
// from any data set; each row under a rule failed on the parser before it, the guards did not.
extension QuickEntryGeneralisationTests {
    @Test(arguments: [
        // Renting says how, not what: what was rented decides; a home stays housing.
        ("аренда лыж 1500", Language.ru, "entertainment"), ("rent a bike 15", .en, "transport"),
        ("аренда корта 2500", .ru, "health"), ("rental skates 12", .en, "entertainment"), ("rent late fee 50", .en, "housing"),
        // Tickets say how, not to what.
        ("билеты аэрофлот 12000", .ru, "transport"), ("ticket ryanair 45", .en, "transport"),
        ("билет победа 4500", .ru, "transport"),
        // One typo in a word after the first of a several-word name.
        ("water bil 40", .en, "utilities"), ("blood tets 80", .en, "health"), ("gass bill 70", .en, "utilities"),
        // Families: airlines and flying, car sharing and rental, car brands, charging.
        ("победа 5600", .ru, "transport"), ("перелет в сочи 9000", .ru, "transport"), ("багаж 2500", .ru, "transport"),
        ("enterprise rental 180", .en, "transport"), ("getaround 42", .en, "transport"), ("turo 130", .en, "transport"), ("hertz 210", .en, "transport"),
        ("toyota service 180", .en, "transport"), ("supercharger 18", .en, "transport"),
        // Vitamins, supplements, lab tests, court sports.
        ("fish oil 15", .en, "health"), ("мелатонин 450", .ru, "health"), ("collagen 30", .en, "health"),
        ("cholesterol panel 40", .en, "health"), ("tennis 30", .en, "health"), ("скалодром 900", .ru, "health"),
        // Software, password managers, cloud and hosting.
        ("bitwarden 10", .en, "subscriptions"), ("zoom 15.99", .en, "subscriptions"), ("figma 12", .en, "subscriptions"),
        ("касперский 1990", .ru, "subscriptions"), ("хостинг 300", .ru, "subscriptions"), ("google drive 1.99", .en, "subscriptions"),
        // Gas as a utility company; "gas" alone is fuel.
        ("gas company 64", .en, "utilities"), ("socalgas 58", .en, "utilities"),
        // Household consumables are used up: other, like toiletries.
        ("бытовая химия 1200", .ru, "other"), ("порошок 450", .ru, "other"), ("toilet paper 12", .en, "other"),
        ("trash bags 9", .en, "other"), ("стиральный порошок 600", .ru, "other"), ("средство для мытья посуды 250", .ru, "other"),
        // Guards.
        ("rent 1400", .en, "housing"), ("аренда квартиры 45000", .ru, "housing"), ("rent and utilities 1600", .en, "housing"),
        ("билет в театр 3000", .ru, "entertainment"), ("tickets 60", .en, "entertainment"),
        ("gas 45", .en, "transport"), ("gas station 30", .en, "transport"), ("швабра 600", .ru, "housing"),
        ("пылесос 9000", .ru, "housing"), ("house cleaning 120", .en, "housing"), ("fish 9", .en, "food"),
    ])
    func gapsOfTheFifthSet(_ text: String, _ language: Language, _ category: String) throws {
        #expect(try #require(quickDraft(text, language)).category == category)
    }

    @Test(arguments: [
        // One typo in an income family word of six letters or more.
        ("процнеты по вкладу 800", Language.ru, FlowKind.income), ("intrest 4.10", .en, .income),
        ("капитлизация 350", .ru, .income),
        // Guards: a known word or a paying verb is not a typo of an income word.
        ("процедуры 3000", .ru, .expense), ("internet 30", .en, .expense), ("проценты по кредиту 900", .ru, .expense),
    ])
    func incomeWordsWithATypo(_ text: String, _ language: Language, _ kind: FlowKind) throws {
        #expect(try #require(quickDraft(text, language)).kind == kind)
    }

    @Test func airlineWithADigitInItsName() throws {
        let flight = try #require(quickDraft("s7 12400", .ru))
        #expect(flight.category == "transport" && flight.amount.minorUnits == 1_240_000)
        let office = try #require(quickDraft("microsoft 365 99", .en))
        #expect(office.category == "subscriptions" && office.amount.minorUnits == 9_900)
        let omega = try #require(quickDraft("омега-3 900", .ru))
        #expect(omega.category == "health" && omega.amount.minorUnits == 90_000)
    }
}
