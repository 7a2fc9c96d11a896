import Testing
@testable import Engine

// The string tables' types, the one plural rule, counted words, and filling placeholders (Sources/Engine/Strings.swift).
@Suite("Strings")
struct StringsTests {
    @Test("the plural form: English and German one/other, Russian one/few/many", arguments: [
        (Language.en, 1, 0), (.en, 0, 1), (.en, 2, 1), (.en, 11, 1), (.en, 21, 1),
        (.de, 1, 0), (.de, 0, 1), (.de, 2, 1), (.de, 21, 1), (.de, 101, 1),
        (.ru, 1, 0), (.ru, 21, 0), (.ru, 101, 0), (.ru, 2, 1), (.ru, 4, 1), (.ru, 22, 1), (.ru, 0, 2), (.ru, 5, 2),
        (.ru, 11, 2), (.ru, 12, 2), (.ru, 14, 2), (.ru, 111, 2), (.ru, 25, 2), (.ru, -1, 0),
    ])
    func pluralForm(language: Language, count: Int, form: Int) {
        #expect(language.pluralForm(count) == form)
    }

    @Test("the plural rule at 0, 1, 2, 5, 11, 21, 22, 25 and 101 in every language", arguments: Language.allCases)
    func pluralRuleAtTheCountsThatDiffer(language: Language) {
        let counts = [0, 1, 2, 5, 11, 21, 22, 25, 101]
        let expected: [Int] = switch language {
        case .en, .de: [1, 0, 1, 1, 1, 1, 1, 1, 1]
        case .ru: [2, 0, 1, 2, 2, 0, 1, 2, 0]
        }
        #expect(counts.map(language.pluralForm) == expected)
    }

    @Test("counted words agree with their number: day, день, Tag")
    func countedWordsAgree() {
        let counts = [0, 1, 2, 5, 11, 21, 22, 25, 101]
        #expect(counts.map { counted("{count} day|{count} days", $0, .en) }
            == ["0 days", "1 day", "2 days", "5 days", "11 days", "21 days", "22 days", "25 days", "101 days"])
        #expect(counts.map { counted("{count} день|{count} дня|{count} дней", $0, .ru) }
            == ["0 дней", "1 день", "2 дня", "5 дней", "11 дней", "21 день", "22 дня", "25 дней", "101 день"])
        #expect(counts.map { counted("{count} Tag|{count} Tage", $0, .de) }
            == ["0 Tage", "1 Tag", "2 Tage", "5 Tage", "11 Tage", "21 Tage", "22 Tage", "25 Tage", "101 Tage"])
    }

    @Test("placeholders are filled in one pass; unknown ones stay")
    func fillOnce() {
        #expect(fill("{a} and {b}", ["a": "{b}", "b": "x"]) == "{b} and x")
        #expect(fill("{missing} {", [:]) == "{missing} {")
        #expect(fill("no placeholders", ["a": "1"]) == "no placeholders")
    }

    @Test("a value ending in a full stop takes the sentence's: no “г..”")
    func noDoubledFullStop() {
        #expect(fill("Остаток на {date}.", ["date": "26 ноября 2026 г."]) == "Остаток на 26 ноября 2026 г.")
        #expect(fill("Balance on {date}.", ["date": "November 26, 2026"]) == "Balance on November 26, 2026.")
        #expect(fill("{date}, {clock}", ["date": "26 ноября 2026 г.", "clock": "14:05"]) == "26 ноября 2026 г., 14:05")
    }

    @Test func localizedPicksTheLanguageWrittenSideBySide() {
        let text = Localized(en: "Bills", ru: "Счета")
        #expect(text.sideBySide(.en) == "Bills")
        #expect(text.sideBySide(.ru) == "Счета")
        #expect(text.sideBySide(.de) == nil)
    }

    @Test("a target's own family: en and ru side by side, German from its translation table, English when it lacks a key")
    func textOfAFamily() {
        let index = StringTables.index(["a": .init(en: "Bills", ru: "Счета"), "b": .init(en: "Plan", ru: "План")] as StringTable)
        let german: [Language: [StringKey: String]] = [.de: StringTables.index(["a": "Rechnungen"] as TranslationTable)]
        #expect(StringTables.text("a", .de, in: index, translations: german) == "Rechnungen")
        #expect(StringTables.text("a", .ru, in: index, translations: german) == "Счета")
        #expect(StringTables.text("b", .de, in: index, translations: german) == "Plan")
        #expect(StringTables.text("c", .de, in: index, translations: german) == nil)
    }

    @Test("counted words by the language's rule", arguments: [
        (Language.de, 1, "1 Monat"), (.de, 3, "3 Monate"), (.en, 1, "1 month"), (.ru, 3, "3 месяца"), (.ru, 5, "5 месяцев"),
    ])
    func countedMonths(language: Language, count: Int, text: String) {
        #expect(monthsPhrase(count, language) == text)
    }

    @Test func aKeyIsItsLiteral() {
        let key: StringKey = "bills_title"
        #expect(key.name == "bills_title")
        #expect(key.description == "bills_title")
    }

    @Test func aTableKeepsAKeyWrittenTwiceSoATestCanFindIt() {
        let table: StringTable = ["a": .init(en: "A", ru: "А"), "a": .init(en: "B", ru: "Б")]
        #expect(table.count == 2)
        #expect(Set(table.map(\.key)).count == 1)
    }
}
