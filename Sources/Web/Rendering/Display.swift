import Engine

/// Formats figures for one page in its language and the household currency.
struct Display {
    let t: Translations
    let currency: Currency
    var language: Language { t.language }

    /// "₽1,234.50" / "1 234,50 ₽".
    func money(_ money: Money) -> String { MoneyFormat.format(money, currency, language) }

    /// An entry's amount with its direction: "+$10.00" in, "−$10.00" out; a refund (a negative
    /// expense) is money back: "+$25.99" (docs/engine-rules.md, "Refunds in a statement").
    func flow(_ kind: FlowKind, _ amount: Money) -> String {
        let inflow = kind == .income || amount.minorUnits < 0
        return (inflow ? "+" : "\u{2212}") + money(amount.minorUnits < 0 ? Money(minorUnits: 0 &- amount.minorUnits) : amount)
    }

    /// The amount as typed back into a form: "1234.50" / "1234,50".
    func plain(_ money: Money) -> String { MoneyFormat.formatPlain(money, language) }

    /// "21 November 2026" / "21 ноября 2026".
    func day(_ day: Day) -> String { DateFormat.long(day, language) }

    /// "November 2026" / "ноябрь 2026".
    func month(_ month: YearMonth) -> String { DateFormat.month(month, language) }

    /// "14.99%" / "14,99 %".
    func apr(_ apr: APR) -> String { apr.formatted(language) }

    /// "3 months" / "3 месяца".
    func months(_ count: Int) -> String { monthsPhrase(count, language) }

    /// The label of a category key: built-ins translated, user categories by their name.
    func category(_ key: String, names: [String: String]) -> String {
        if let name = names[key] { return name }
        let translated = t[runtime: "category_" + key]
        return translated == "category_" + key ? key : translated
    }

    /// "split: Food ₽30.00, Household ₽12.50": a split entry's parts in their order.
    func split(_ parts: [EntryPart], names: [String: String]) -> String {
        t.format("split_summary", ["parts": parts.map { category($0.category, names: names) + " " + money($0.amount) }.joined(separator: ", ")])
    }

    /// "monthly", "every 2 weeks"…
    func periodicity(_ periodicity: Periodicity) -> String { t[periodicity.stringKey] }
}
