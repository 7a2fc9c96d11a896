// The string tables' types (docs/ARCHITECTURE.md, "Words"): a typed key and each key's text in
// both languages side by side. The web layer's tables (`Sources/Web/I18n/`) are made of these.

/// A string table's key. Only a literal makes one: a key built at run time (`"x_\(y)"`) does
/// not compile, so every key in use can be found in the sources and checked against the tables.
public struct StringKey: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The key as written in the tables and in templates (`{{t.name}}`).
    public let name: String

    public init(stringLiteral name: StaticString) { self.name = name.description }

    public var description: String { name }
}

/// One key's text in English and in Russian.
public struct Localized: Sendable {
    /// The English text.
    public let en: String
    /// The Russian text.
    public let ru: String

    public init(en: String, ru: String) {
        self.en = en
        self.ru = ru
    }

    /// The text in `language`.
    public func text(_ language: Language) -> String {
        switch language {
        case .en: en
        case .ru: ru
        }
    }
}

/// A family's table in source order; kept as pairs (not a dictionary) so a key written twice
/// is caught by a test rather than trapping at start-up.
public typealias StringTable = KeyValuePairs<StringKey, Localized>

/// The namespace of every family's table (`StringTables.bills`, …).
public enum StringTables {}
