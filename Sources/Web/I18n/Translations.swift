import Engine
import Mustache

extension Language {
    /// The string table of this language: the core table and each feature's, merged once.
    var table: [String: String] {
        switch self {
        case .ru: Self.russian
        case .en: Self.english
        }
    }

    /// Each feature's string table, in merge order (TranslationTests checks them pairwise).
    static let russianTables: [[String: String]] = [
        russianStrings,
        russianAdvisorStrings,
        russianSettingsStrings,
        russianAccountsStrings,
        russianReconcileStrings,
        russianTransactionsStrings,
        russianImportStrings,
        russianLimitsStrings,
        russianBillsStrings,
        russianForecastStrings,
        russianFeedsStrings,
        russianQuickStrings,
        russianAdvisorTopicsStrings,
        russianExplainStrings,
        russianActionStrings,
        russianInsightStrings,
        russianTodayStrings,
        russianChallengeStrings,
        russianBackupsStrings,
        russianProviderStrings,
        russianSavingStrings,
        russianWishlistStrings,
        russianFXFeedStrings,
    ]
    static let englishTables: [[String: String]] = [
        englishStrings,
        englishAdvisorStrings,
        englishSettingsStrings,
        englishAccountsStrings,
        englishReconcileStrings,
        englishTransactionsStrings,
        englishImportStrings,
        englishLimitsStrings,
        englishBillsStrings,
        englishForecastStrings,
        englishFeedsStrings,
        englishQuickStrings,
        englishAdvisorTopicsStrings,
        englishExplainStrings,
        englishActionStrings,
        englishInsightStrings,
        englishTodayStrings,
        englishChallengeStrings,
        englishBackupsStrings,
        englishProviderStrings,
        englishSavingStrings,
        englishWishlistStrings,
        englishFXFeedStrings,
    ]
    private static let russian = merge(russianTables)
    private static let english = merge(englishTables)

    private static func merge(_ tables: [[String: String]]) -> [String: String] {
        tables.reduce(into: [:]) { merged, table in merged.merge(table) { first, _ in first } }
    }
}

/// One language's strings, readable from templates as `{{t.key}}`.
public struct Translations: MustacheParent, Sendable {
    /// The language of every string here.
    public let language: Language
    private let table: [String: String]

    /// The translations of `language`.
    public init(_ language: Language) {
        self.language = language
        self.table = language.table
    }

    /// The string for `key`; the key itself when missing (a test keeps that from happening).
    public subscript(_ key: String) -> String { table[key] ?? key }

    /// `key`'s string with each `{name}` replaced by its value.
    public func format(_ key: String, _ values: [String: String]) -> String {
        var text = self[key]
        for (name, value) in values {
            text = text.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return text
    }

    public func child(named name: String) -> Any? { table[name] }
}
