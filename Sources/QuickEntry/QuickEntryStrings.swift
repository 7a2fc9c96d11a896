// Quick entry's "why" lines (how a text was read): each key with its English and Russian text
// side by side. The web layer merges this family into its tables (`StringTables.all`).
import Engine

extension StringTables {
    /// The "why" lines of a reading.
    public static let quickEntry: StringTable = [
        "quick_why_no_date": .init(en: "no date → today, {day}", ru: "дата не указана → сегодня, {day}"),
        "quick_why_planned": .init(en: "a future date → planned", ru: "дата в будущем → запланировано"),
        "quick_why_actual": .init(en: "not a future date → actual", ru: "дата не в будущем → факт"),
        "quick_why_once": .init(en: "one-off", ru: "не повторяется"),
        "quick_why_no_account": .init(en: "no account named", ru: "счёт не назван"),
        "quick_why_income_no_category": .init(en: "incomes have no category", ru: "у дохода нет категории"),
        "quick_why_learned": .init(en: "you filed {name} under {category} before", ru: "{name} вы раньше относили к {category}"),
        "quick_why_no_category": .init(en: "no word matched → {category}", ru: "ни одно слово не подошло → {category}"),
        "quick_why_name_from_category": .init(en: "no name typed → the category's", ru: "названия нет → по категории"),
        "quick_why_name_from_text": .init(en: "the words left over", ru: "оставшиеся слова"),
        "quick_why_income_title": .init(en: "Income", ru: "Доход"),
        "quick_why_income": .init(en: "income", ru: "доход"),
        "quick_why_expense": .init(en: "expense", ru: "расход"),
        "quick_why_no_income_word": .init(en: "no “+” or income word → expense", ru: "нет «+» и слов дохода → расход"),
        "quick_why_other_numbers": .init(en: "(there are other numbers too)", ru: "(в тексте есть и другие числа)"),
        "quick_why_foreign": .init(en: "(typed in {code}, not the household currency — check the amount)",
                                   ru: "(указано {code}, а валюта хозяйства другая — проверьте сумму)"),
        "quick_why_weekly": .init(en: "weekly", ru: "еженедельно"),
        "quick_why_biweekly": .init(en: "every two weeks", ru: "раз в две недели"),
        "quick_why_monthly": .init(en: "monthly", ru: "ежемесячно"),
        "quick_why_quarterly": .init(en: "quarterly", ru: "ежеквартально"),
        "quick_why_yearly": .init(en: "yearly", ru: "ежегодно"),
    ]

    /// `quickEntry` by key, built once.
    static let quickEntryIndex = index(quickEntry)

    /// Quick entry's words in each further language (`QuickEntryStrings+de.swift`), by key.
    static let quickEntryTranslations: [Language: [StringKey: String]] = [.de: index(quickEntryDE)]
}
