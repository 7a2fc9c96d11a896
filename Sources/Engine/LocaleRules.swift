// How each language writes numbers, dates and quotations: the formatting rules, in one place.
// Words are not here: they are in the string tables (`StringTables`).

extension Language {
    /// The decimal mark: "12,5" (ru) / "12.5" (en).
    public var decimalSeparator: String {
        switch self {
        case .ru: ","
        case .en: "."
        }
    }

    /// What follows a percentage: "12,5 %" with a no-break space (ru) / "12.5%" (en).
    public var percentSuffix: String {
        switch self {
        case .ru: "\u{00A0}%"
        case .en: "%"
        }
    }

    /// Whether the week starts on Monday (ru) rather than Sunday (en).
    public var weekStartsMonday: Bool { self == .ru }

    /// Whether a short date puts the day first: "21.11", "3 мар" (ru) / "11/21", "Mar 3" (en).
    public var prefersDayFirst: Bool { self == .ru }

    /// A name in the language's quotation marks: «Машина» (ru) / “Car” (en).
    public func quote(_ name: String) -> String {
        switch self {
        case .ru: "«\(name)»"
        case .en: "“\(name)”"
        }
    }
}
