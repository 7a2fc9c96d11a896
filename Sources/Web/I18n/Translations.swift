import Engine
import Mustache
import QuickEntry

extension Language {
    /// The string table of this language: every family's table (`StringTables.all`), merged once.
    var table: [String: String] {
        switch self {
        case .ru: Self.russian
        case .en: Self.english
        }
    }

    private static let russian = merge(.ru)
    private static let english = merge(.en)

    /// Every family's table merged into one `[String: String]` for this language, once.
    private static func merge(_ language: Language) -> [String: String] {
        var merged: [String: String] = [:]
        for table in StringTables.all {
            for (key, text) in table where merged[key.name] == nil { merged[key.name] = text.text(language) }
        }
        return merged
    }
}

extension StringTables {
    /// Every family's table, in merge order (`TranslationTests` checks no key is in two of them).
    static let all: [StringTable] = [
        core, advisor, settings, accounts, reconcile, transactions, `import`, limits, bills, forecast, feeds, quick,
        advisorTopics, explain, actions, insights, today, challenge, backups, provider, playfulSaving, wishlist, fxFeed,
        engine, quickEntry,
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

    private func fill(_ text: String, _ values: [String: String]) -> String {
        var text = text
        for (name, value) in values {
            text = text.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return text
    }

    public func child(named name: String) -> Any? { table[name] }
}
