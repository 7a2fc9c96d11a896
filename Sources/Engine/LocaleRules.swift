// How each language writes numbers, amounts, dates and quotations: the formatting rules, in one
// place (a new language adds its case to each switch here). Words are not here: they are in the
// string tables (`StringTables`); the one plural rule is `Language.pluralForm` (Strings.swift).

extension Language {
    // MARK: - Numbers and amounts

    /// The decimal mark: "12,5" (ru, de) / "12.5" (en).
    public var decimalSeparator: String {
        switch self {
        case .ru, .de: ","
        case .en: "."
        }
    }

    /// What separates groups of three digits in an amount: a no-break space (ru: "1 234,50"),
    /// a point (de: "1.234,50"), a comma (en: "1,234.50").
    public var groupSeparator: String {
        switch self {
        case .ru: "\u{00A0}"
        case .de: "."
        case .en: ","
        }
    }

    /// Whether the currency symbol goes before the amount ("$1,234.50", en) rather than after it,
    /// with a no-break space ("1 234,50 ₽", ru; "1.234,50 €", de).
    public var symbolBeforeAmount: Bool { self == .en }

    /// What follows a percentage: "12,5 %" with a no-break space (ru, de) / "12.5%" (en).
    public var percentSuffix: String {
        switch self {
        case .ru, .de: "\u{00A0}%"
        case .en: "%"
        }
    }

    // MARK: - Calendars and dates

    /// Whether the week starts on Monday (ru, de) rather than Sunday (en).
    public var weekStartsMonday: Bool { self != .en }

    /// Whether a short date puts the day first: "21.11", "3 мар", "3. Mär" (ru, de) / "11/21", "Mar 3" (en).
    public var prefersDayFirst: Bool { self != .en }

    /// The months' names standing alone, January first: "March 2027" / "март 2027" / "März 2027".
    public var monthNames: [String] {
        switch self {
        case .en: ["January", "February", "March", "April", "May", "June", "July",
                   "August", "September", "October", "November", "December"]
        case .ru: ["январь", "февраль", "март", "апрель", "май", "июнь", "июль",
                   "август", "сентябрь", "октябрь", "ноябрь", "декабрь"]
        case .de: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli",
                   "August", "September", "Oktober", "November", "Dezember"]
        }
    }

    /// The months' names as a date writes them: "5 марта" (Russian's genitive); the standing
    /// names elsewhere.
    public var monthNamesInDates: [String] {
        switch self {
        case .ru: ["января", "февраля", "марта", "апреля", "мая", "июня", "июля",
                   "августа", "сентября", "октября", "ноября", "декабря"]
        case .en, .de: monthNames
        }
    }

    /// The months' abbreviations (axis labels, event times): "Mar" / "мар" / "Mär".
    public var shortMonthNames: [String] {
        switch self {
        case .en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        case .ru: ["янв", "фев", "мар", "апр", "май", "июн", "июл", "авг", "сен", "окт", "ноя", "дек"]
        case .de: ["Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"]
        }
    }

    /// A date in words: "March 5, 2027" / "5 марта 2027 г." / "5. März 2027".
    public func longDate(_ day: Day) -> String {
        let month = monthNamesInDates[day.month - 1]
        switch self {
        case .en: return "\(month) \(day.day), \(day.year)"
        case .ru: return "\(day.day) \(month) \(day.year) г."
        case .de: return "\(day.day). \(month) \(day.year)"
        }
    }

    /// A day and a month, short (axis labels): "Mar 3" / "3 мар" / "3. Mär".
    public func shortDayMonth(day: Int, month: Int) -> String {
        let name = shortMonthNames[month - 1]
        switch self {
        case .en: return "\(name) \(day)"
        case .ru: return "\(day) \(name)"
        case .de: return "\(day). \(name)"
        }
    }

    /// A date with a time of day (the stored events, backups): the language's one date form and the
    /// clock: "November 12, 2026, 14:05" / "12 ноября 2026 г., 14:05" / "12. November 2026, 14:05".
    public func dateAndTime(_ day: Day, clock: String) -> String {
        "\(longDate(day)), \(clock)"
    }

    /// A date in digits where the language has an unambiguous short form: "21.11.2026" (ru, de);
    /// English has none, so its date in words.
    public func compactDate(_ day: Day) -> String {
        guard prefersDayFirst else { return longDate(day) }
        return "\(day.day < 10 ? "0" : "")\(day.day).\(day.month < 10 ? "0" : "")\(day.month).\(day.year)"
    }

    // MARK: - Quotations

    /// A name in the language's quotation marks: «Машина» (ru) / “Car” (en) / „Auto“ (de).
    public func quote(_ name: String) -> String {
        switch self {
        case .ru: "«\(name)»"
        case .en: "“\(name)”"
        case .de: "„\(name)“"
        }
    }
}
