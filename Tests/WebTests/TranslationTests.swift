import Engine
import Foundation
import Testing
@testable import Web

@Suite("Translations")
struct TranslationTests {
    @Test("Russian and English have identical keys (written side by side)")
    func identicalKeys() {
        // Each entry holds both languages, so the two tables have the same keys by construction;
        // what can still go wrong is a key written twice (in one family or in two).
        let keys = StringTables.all.flatMap { $0.map(\.key.name) }
        let twice = Dictionary(grouping: keys, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(twice == [], "no key defined twice")
        let ru = Set(Language.ru.table.keys), en = Set(Language.en.table.keys)
        #expect(ru == en)
        #expect(ru.count == keys.count)
    }

    @Test("every further language (German) has every key of every family, once, and no key the families lack")
    func everyLanguageComplete() {
        let keys = Set(StringTables.all.flatMap { $0.map(\.key.name) })
        #expect(Set(StringTables.translations.keys) == Set(Language.allCases.filter { Localized(en: "", ru: "").sideBySide($0) == nil }),
                "each language not written side by side has its tables")
        for (language, tables) in StringTables.translations {
            let names = tables.flatMap { $0.map(\.key.name) }
            let twice = Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
            #expect(twice == [], "\(language): no key written twice")
            #expect(keys.subtracting(names).sorted() == [], "\(language): keys missing")
            #expect(Set(names).subtracting(keys).sorted() == [], "\(language): keys no family has")
            #expect(Set(language.table.keys) == keys)
        }
    }

    @Test("English and Russian use the same {placeholders}")
    func samePlaceholders() throws {
        let regex = try NSRegularExpression(pattern: #"\{[A-Za-z0-9_]+\}"#)
        func placeholders(_ text: String) -> [String] {
            regex.matches(in: text, range: NSRange(text.startIndex..., in: text))
                .map { String(text[Range($0.range, in: text)!]) }.sorted()
        }
        let differing = StringTables.all.flatMap { table in
            table.filter { Set(placeholders($0.value.en)) != Set(placeholders($0.value.ru)) }.map(\.key.name)
        }
        #expect(differing == [])
        // Every further language too: its text has the English text's placeholders.
        for language in StringTables.translations.keys {
            let table = language.table
            let differing = StringTables.all.flatMap { family in
                family.filter { Set(placeholders($0.value.en)) != Set(placeholders(table[$0.key.name] ?? "")) }.map(\.key.name)
            }
            #expect(differing == [], "\(language)")
        }
    }

    @Test("a counted entry (count_…) has two English forms and three Russian ones")
    func countedForms() {
        let counted = StringTables.all.flatMap { $0.filter { $0.key.name.hasPrefix("count_") } }
        #expect(!counted.isEmpty)
        for (key, text) in counted {
            #expect(text.en.split(separator: "|", omittingEmptySubsequences: false).count == 2, "\(key)")
            #expect(text.ru.split(separator: "|", omittingEmptySubsequences: false).count == 3, "\(key)")
            // German (CLDR: one, other): two forms, as many as its plural rule gives.
            let german = Language.de.table[key.name] ?? ""
            #expect(german.split(separator: "|", omittingEmptySubsequences: false).count == 2, "\(key)")
            #expect(Set((0...200).map(Language.de.pluralForm)) == [0, 1])
        }
    }

    @Test("the quick box's voice button never reads as the header's language switch (German „Sprache“ is both)")
    func voiceIsNotLanguage() {
        for language in [Language.en, .ru, .de] {
            let voice = language.table["quick_box_mic_short"] ?? ""
            #expect(!voice.isEmpty && voice != language.table["language_label"] && voice != language.table["field_language"], "\(language): \(voice)")
        }
    }

    @Test("no string is empty")
    func nonEmpty() {
        #expect(Language.ru.table.filter { $0.value.isEmpty }.keys.sorted() == [])
        #expect(Language.en.table.filter { $0.value.isEmpty }.keys.sorted() == [])
        #expect(Language.de.table.filter { $0.value.isEmpty }.keys.sorted() == [])
    }

    @Test("every {{t.key}} a template uses exists")
    func templatesUseKnownKeys() throws {
        let folder = repositoryRoot + "/Templates"
        var missing: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasSuffix(".mustache") {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            let regex = try NSRegularExpression(pattern: #"\{\{\s*t\.([A-Za-z0-9_]+)\s*\}\}"#)
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let key = String(text[Range(match.range(at: 1), in: text)!])
                if Language.en.table[key] == nil { missing.append("\(file): \(key)") }
            }
        }
        #expect(missing == [])
    }

    @Test("counts agree with their words: one entry, one day, one row in English; день/дня/дней in Russian")
    func countsAgree() {
        let en = Translations(.en), ru = Translations(.ru), de = Translations(.de)
        #expect(en.plural("tx_flash_recategorised", count: 1) == "Category changed for 1 entry.")
        #expect(en.plural("challenge_streak", count: 1, ["best": "3"]) == "Game streak: 1 day (best 3).")
        #expect(en.plural("challenge_streak", count: 2, ["best": "3"]) == "Game streak: 2 days (best 3).")
        #expect(ru.plural("challenge_streak", count: 21, ["best": "30"]) == "Серия игры: 21 день (рекорд 30).")
        #expect(ru.plural("achievements_streak", count: 22, ["best": "30"]) == "Серия записей: 22 дня (рекорд 30).")
        #expect(ru.plural("tx_footer", count: 25) == "25 записей")
        #expect(de.plural("import_commit", count: 1) == "1 Zeile importieren")
        // No English text a count can fill reads "1 entries", "1 days", "1 rows" or "1 items".
        let plural = /\b1 (entries|days|rows|items|bills)\b/
        let keys: [StringKey] = ["tx_flash_recategorised", "tx_flash_skipped_income", "tx_flash_assigned", "tx_flash_skipped_transfers",
                                 "tx_flash_deleted", "tx_flash_restored", "tx_undo_name", "tx_footer", "accounts_unassigned",
                                 "import_commit", "import_before_opening", "achievements_streak"]
        for key in keys {
            #expect(en.plural(key, count: 1, ["best": "1", "date": "1 Nov 2026"]).firstMatch(of: plural) == nil, "\(key)")
        }
    }
}
