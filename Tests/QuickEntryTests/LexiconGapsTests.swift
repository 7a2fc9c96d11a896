import Engine
import Testing
@testable import QuickEntry

// Gaps the fifth blind set pointed at, as general rules and families (docs/engine-rules.md,
// "Quick entry: renting, tickets and near phrases"). Phrases written for these tests, not taken
// from any data set; each row under a rule failed on the parser before it, the guards did not.
// (Sources/QuickEntry/LexiconGaps.swift)
@Suite("Quick entry: the fifth set's gaps")
struct LexiconGapsTests {
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
