// The string tables' types (docs/ARCHITECTURE.md, "Words"): a typed key, each key's English and
// Russian text side by side (`Localized`, one `XStrings.swift` per family), and the family's words
// in each further language (`TranslationTable`, one `XStrings+de.swift` per family and language).
// The web layer's tables (`Sources/Web/I18n/`) are made of these.

/// A string table's key. Only a literal makes one: a key built at run time (`"x_\(y)"`) does
/// not compile, so every key in use can be found in the sources and checked against the tables.
public struct StringKey: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The key as written in the tables and in templates (`{{t.name}}`).
    public let name: String

    public init(stringLiteral name: StaticString) { self.name = name.description }

    public var description: String { name }
}

/// One key's text in English and in Russian, the two languages written side by side.
public struct Localized: Sendable {
    /// The English text.
    public let en: String
    /// The Russian text.
    public let ru: String

    public init(en: String, ru: String) {
        self.en = en
        self.ru = ru
    }

    /// The text in `language` when it is written here (en, ru); nil for a language that has its
    /// own table per family (`TranslationTable`).
    public func sideBySide(_ language: Language) -> String? {
        switch language {
        case .en: en
        case .ru: ru
        default: nil
        }
    }
}

/// A family's words in one further language (German, …): each key of the family's side-by-side
/// table once, with its text, in source order (kept as pairs so a key written twice is caught by
/// a test, and `TranslationTests` fails on a key missing here).
public typealias TranslationTable = KeyValuePairs<StringKey, String>

/// A family's table in source order; kept as pairs (not a dictionary) so a key written twice
/// is caught by a test rather than trapping at start-up.
public typealias StringTable = KeyValuePairs<StringKey, Localized>

/// The namespace of every family's table (`StringTables.bills`, …).
public enum StringTables {
    /// `table` by key, for a target that reads its own family (the first of a key written twice wins).
    public static func index(_ table: StringTable) -> [StringKey: Localized] {
        Dictionary(table.map { ($0.key, $0.value) }) { first, _ in first }
    }

    /// A translation table by key (the first of a key written twice wins).
    public static func index(_ table: TranslationTable) -> [StringKey: String] {
        Dictionary(table.map { ($0.key, $0.value) }) { first, _ in first }
    }

    /// `key`'s text in `language` for a target that reads its own family: from the side-by-side
    /// `index` (en, ru), else from `translations[language]`; English when that language lacks it
    /// (a test keeps that from happening); nil for an unknown key.
    public static func text(_ key: StringKey, _ language: Language, in index: [StringKey: Localized],
                            translations: [Language: [StringKey: String]]) -> String? {
        guard let sideBySide = index[key] else { return nil }
        return sideBySide.sideBySide(language) ?? translations[language]?[key] ?? sideBySide.en
    }
}

// MARK: - Counted words and placeholders

extension Language {
    /// The plural form `count` takes, as an index into a counted entry's forms (`"…|…"`), the one
    /// plural rule of the app (CLDR's cardinal rules for whole numbers): English and German
    /// 0 one (1), 1 other; Russian 0 one (1, 21, 101…), 1 few (2–4, 22–24…), 2 many (0, 5–20,
    /// 11–14, 25…).
    public func pluralForm(_ count: Int) -> Int {
        switch self {
        case .en, .de: return count == 1 ? 0 : 1
        case .ru:
            let lastTwo = abs(count) % 100, last = abs(count) % 10
            if (11...14).contains(lastTwo) { return 2 }
            return last == 1 ? 0 : (2...4).contains(last) ? 1 : 2
        }
    }
}

/// A counted entry's text in `language` (`"{count} month|{count} months"`, Russian with three
/// forms, German with two) for `count`: the form `Language.pluralForm` picks, with `{count}` filled in.
public func counted(_ forms: String, _ count: Int, _ language: Language) -> String {
    let forms = forms.split(separator: "|", omittingEmptySubsequences: false)
    return fill(String(forms[min(language.pluralForm(count), forms.count - 1)]), ["count": "\(count)"])
}

/// `text` with each `{name}` that has a value replaced by it, in one pass: a value is not
/// searched again, a `{…}` without a value stays as written, and a value ending in a full stop
/// is not followed by a second one ("на 26 ноября 2026 г.", never "г..").
public func fill(_ text: String, _ values: [String: String]) -> String {
    var result = "", rest = text[...]
    while let open = rest.firstIndex(of: "{") {
        result += rest[..<open]
        guard let close = rest[open...].firstIndex(of: "}"), let value = values[String(rest[rest.index(after: open)..<close])] else {
            result.append("{")
            rest = rest[rest.index(after: open)...]
            continue
        }
        result += value
        rest = rest[rest.index(after: close)...]
        // A value that ends a sentence's abbreviation ("26 ноября 2026 г.") takes the text's full stop.
        if value.hasSuffix("."), rest.first == "." { rest = rest.dropFirst() }
    }
    return result + rest
}
