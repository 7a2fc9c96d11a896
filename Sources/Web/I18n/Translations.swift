import Engine
import Mustache
import QuickEntry

extension Language {
    /// The string table of this language: every family's table merged once (`StringTables.all`
    /// for the side-by-side languages, `StringTables.translations` for the others).
    var table: [String: String] { Self.tables[self] ?? Self.tables[.en]! }

    private static let tables: [Language: [String: String]] = Dictionary(uniqueKeysWithValues: allCases.map { ($0, merge($0)) })

    /// Every family's words in `language` merged into one `[String: String]`: English and Russian
    /// from the side-by-side tables, a further language from its translation tables, with English
    /// for a key it lacks (`TranslationTests` fails on any).
    private static func merge(_ language: Language) -> [String: String] {
        var merged: [String: String] = [:]
        for table in StringTables.translations[language] ?? [] {
            for (key, text) in table where merged[key.name] == nil { merged[key.name] = text }
        }
        for table in StringTables.all {
            for (key, text) in table where merged[key.name] == nil { merged[key.name] = text.sideBySide(language) ?? text.en }
        }
        return merged
    }
}

extension StringTables {
    /// Every family's table, in merge order (`TranslationTests` checks no key is in two of them).
    static let all: [StringTable] = [
        core, auth, charts, advisor, settings, accounts, reconcile, transactions, `import`, limits, bills, forecast, feeds,
        quick, advisorTopics, explain, actions, insights, today, challenge, backups, provider, playfulSaving, wishlist, fxFeed,
        engine, quickEntry,
    ]

    /// Each further language's tables, one per family (`XStrings+de.swift` beside `XStrings.swift`).
    /// A new language is one file per family, listed here, plus its rules (Engine/LocaleRules.swift,
    /// `Language.pluralForm`) and quick entry's and the Advisor's word lists.
    static let translations: [Language: [TranslationTable]] = [
        .de: [
            coreDE, authDE, chartsDE, advisorDE, settingsDE, accountsDE, reconcileDE, transactionsDE, importDE, limitsDE,
            billsDE, forecastDE, feedsDE, quickDE, advisorTopicsDE, explainDE, actionsDE, insightsDE, todayDE, challengeDE,
            backupsDE, providerDE, playfulSavingDE, wishlistDE, fxFeedDE, engineDE, quickEntryDE,
        ],
    ]
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
    public subscript(_ key: StringKey) -> String { table[key.name] ?? key.name }

    /// A word of the table inside a sentence: lower-cased ("month", «месяц»), but German nouns keep
    /// their capital („Monat“).
    public func inSentence(_ key: StringKey) -> String { language == .de ? self[key] : self[key].lowercased() }

    /// A counted entry (`"{count} entry|{count} entries"`) for `count`, by the language's plural rule.
    public func counted(_ key: StringKey, _ count: Int) -> String { Engine.counted(self[key], count, language) }

    /// `key`'s string with each `{name}` replaced by its value.
    public func format(_ key: StringKey, _ values: [String: String]) -> String {
        fill(self[key], values)
    }

    /// The string for a key only known at run time (carried as a `String`, e.g. a form's
    /// message). Prefer a `StringKey`: these keys escape the test that every key exists.
    public subscript(runtime key: String) -> String { table[key] ?? key }

    /// A run-time key's string with each `{name}` replaced by its value.
    public func format(runtime key: String, _ values: [String: String]) -> String {
        fill(self[runtime: key], values)
    }

    /// A counted entry ("{count} transfer|{count} transfers"; Russian with three forms): the form
    /// the language's one plural rule picks for `count` (`Language.pluralForm`), `{count}` filled in.
    public func plural(_ key: StringKey, count: Int, _ values: [String: String] = [:]) -> String {
        let forms = self[key].split(separator: "|", omittingEmptySubsequences: false)
        return fill(String(forms[min(language.pluralForm(count), forms.count - 1)]), values.merging(["count": "\(count)"]) { a, _ in a })
    }

    private func fill(_ text: String, _ values: [String: String]) -> String { Engine.fill(text, values) }

    public func child(named name: String) -> Any? { table[name] }
}
