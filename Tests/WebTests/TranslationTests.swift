import Engine
import Foundation
import Testing
@testable import Web

@Suite("Translations")
struct TranslationTests {
    @Test("Russian and English have identical keys")
    func identicalKeys() {
        let ru = Set(Language.ru.table.keys), en = Set(Language.en.table.keys)
        #expect(Set(russianAdvisorStrings.keys) == Set(englishAdvisorStrings.keys))
        #expect(Set(russianSettingsStrings.keys) == Set(englishSettingsStrings.keys))
        #expect(Set(russianAccountsStrings.keys) == Set(englishAccountsStrings.keys))
        #expect(Set(russianReconcileStrings.keys) == Set(englishReconcileStrings.keys))
        #expect(Set(russianTransactionsStrings.keys) == Set(englishTransactionsStrings.keys))
        #expect(Set(russianImportStrings.keys) == Set(englishImportStrings.keys))
        #expect(Set(russianLimitsStrings.keys) == Set(englishLimitsStrings.keys))
        #expect(Set(russianBillsStrings.keys) == Set(englishBillsStrings.keys))
        #expect(Set(russianForecastStrings.keys) == Set(englishForecastStrings.keys))
        #expect(Set(russianFeedsStrings.keys) == Set(englishFeedsStrings.keys))
        #expect(Set(russianQuickStrings.keys) == Set(englishQuickStrings.keys))
        #expect(Set(russianAdvisorTopicsStrings.keys) == Set(englishAdvisorTopicsStrings.keys))
        #expect(Set(russianExplainStrings.keys) == Set(englishExplainStrings.keys))
        #expect(Set(russianActionStrings.keys) == Set(englishActionStrings.keys))
        #expect(Set(russianInsightStrings.keys) == Set(englishInsightStrings.keys))
        #expect(Set(russianTodayStrings.keys) == Set(englishTodayStrings.keys))
        #expect(Set(russianChallengeStrings.keys) == Set(englishChallengeStrings.keys))
        #expect(Set(russianBackupsStrings.keys) == Set(englishBackupsStrings.keys))
        let tables: [[String: String]] = [
            russianStrings, russianAdvisorStrings, russianSettingsStrings, russianAccountsStrings,
            russianReconcileStrings, russianTransactionsStrings, russianImportStrings,
            russianLimitsStrings, russianBillsStrings, russianForecastStrings,
            russianFeedsStrings,
            russianQuickStrings,
            russianAdvisorTopicsStrings,
            russianExplainStrings,
            russianActionStrings,
            russianInsightStrings,
            russianTodayStrings,
            russianChallengeStrings,
            russianBackupsStrings,
        ]
        let total: Int = tables.reduce(0) { $0 + $1.count }
        #expect(total == ru.count, "no key defined twice")
        #expect(ru.subtracting(en).sorted() == [])
        #expect(en.subtracting(ru).sorted() == [])
    }

    @Test("no string is empty")
    func nonEmpty() {
        #expect(Language.ru.table.filter { $0.value.isEmpty }.keys.sorted() == [])
        #expect(Language.en.table.filter { $0.value.isEmpty }.keys.sorted() == [])
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
}
