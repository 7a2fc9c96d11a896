// The engine's own words: the plan's sentences and the calendar feed's event texts, each key with
// its English and Russian text side by side. The web layer merges this family into its tables
// (`StringTables.all`), so the same tests check it; the engine reads it through `words(_:_:_:)`.

extension StringTables {
    /// The plan's sentences, the calendar feed's event texts, and counted words.
    public static let engine: StringTable = [
        // Counted words: the forms for `Language.pluralForm` — English one|other, Russian one|few|many.
        "count_months": .init(en: "{count} month|{count} months", ru: "{count} месяц|{count} месяца|{count} месяцев"),

        // The plan's allocations
        "plan_line_emergency_title": .init(en: "Emergency fund", ru: "Резервный фонд"),
        "plan_line_unallocated_title": .init(en: "Unallocated", ru: "Не распределено"),
        "plan_line_emergency": .init(
            en: "Puts {amount} a month into the emergency fund, which is {missing} short of its target of {target} ({months} of expenses).",
            ru: "{amount} в месяц идёт в резервный фонд: до цели {target} ({months} расходов) не хватает {missing}."),
        "plan_line_debt": .init(en: "Adds {amount} a month on top of the minimum payment to {name}, because {reason}.",
                                ru: "{amount} в месяц сверх минимального платежа идёт на {name}: {reason}."),
        "plan_line_debt_next_avalanche": .init(en: "it is next in line under the avalanche method",
                                               ru: "он следующий в очереди по методу лавины"),
        "plan_line_debt_next_snowball": .init(en: "it is next in line under the snowball method",
                                              ru: "он следующий в очереди по методу снежного кома"),
        "plan_line_debt_first_avalanche": .init(
            en: "it has the highest rate ({apr}) and is paid first under the avalanche method",
            ru: "у него самая высокая ставка ({apr}), и по методу лавины он гасится первым"),
        "plan_line_debt_first_snowball": .init(
            en: "it has the smallest balance ({balance}) and is paid first under the snowball method",
            ru: "у него самый маленький остаток ({balance}), и по методу снежного кома он гасится первым"),
        "plan_line_goal": .init(en: "Saves {amount} a month for {name}, which still needs {missing}{when}.",
                                ru: "{amount} в месяц откладывается на {name}: не хватает {missing}{when}."),
        "plan_line_goal_when": .init(en: ", so it is reached in {months}", ru: ", цель будет достигнута через {months}"),
        "plan_line_unallocated": .init(
            en: "{amount} a month is left over because the emergency fund, the debts and the goals already get all they need.",
            ru: "{amount} в месяц остаются свободными: резервный фонд, долги и цели уже получают всё, что им нужно."),

        // The plan's notes
        "plan_note_balanced": .init(en: "Income exactly covers expenses: nothing is left for the fund, debts or goals.",
                                    ru: "Доход ровно покрывает расходы: на резервный фонд, долги и цели ничего не остаётся."),
        "plan_note_deficit": .init(
            en: "Your monthly expenses exceed your recurring income by {amount}, so there is nothing to split.",
            ru: "Ежемесячные расходы превышают регулярный доход на {amount}, поэтому распределять нечего."),
        "plan_note_fund_complete": .init(en: "The emergency fund is complete: {saved} saved against a target of {target}.",
                                         ru: "Резервный фонд собран: накоплено {saved} при цели {target}."),
        "plan_note_goal_late": .init(
            en: "{name} will not be reached by its deadline at this pace: it needs {eta}, but only {months} remain.",
            ru: "Цель {name} не будет достигнута к сроку при таком темпе: нужно {eta}, а осталось {months}."),
        "plan_note_goal_unfunded": .init(
            en: "{name} will not be reached by its deadline: nothing is set aside for it at the moment.",
            ru: "Цель {name} не будет достигнута к сроку: сейчас на неё ничего не откладывается."),
        "plan_note_deadline_passed": .init(en: "The deadline of {name} ({date}) has passed; set a new one.",
                                           ru: "Срок цели {name} ({date}) прошёл; назначьте новый."),
        "plan_note_below_interest": .init(
            en: "The payments do not cover the interest, so the debts would not be paid off within 100 years{loans}.",
            ru: "Платежи не покрывают проценты, и долги не будут погашены за 100 лет{loans}."),
        "plan_note_below_interest_loans": .init(en: ": raise the minimum payment of {names}",
                                                ru: ": увеличьте минимальный платёж по {names}"),
        "plan_note_unallocated": .init(
            en: "{amount} a month is left unallocated; you could raise a goal or add a new one.",
            ru: "{amount} в месяц остаются нераспределёнными: можно увеличить цель или добавить новую."),

        // The calendar feed's events
        "feed_event_confirmed": .init(en: "confirmed", ru: "подтверждено"),
        "feed_event_planned": .init(en: "planned", ru: "запланировано"),
        "feed_event_recurring_income": .init(en: "Recurring income", ru: "Регулярный доход"),
        "feed_event_recurring_expense": .init(en: "Recurring expense", ru: "Регулярный расход"),
        "feed_event_debt_payment": .init(en: "Debt payment", ru: "Платёж по долгу"),
        "feed_event_planned_income": .init(en: "Planned income", ru: "Запланированный доход"),
        "feed_event_planned_expense": .init(en: "Planned expense", ru: "Запланированный расход"),
        "feed_event_goal_saved": .init(en: "saved {saved} of {target}", ru: "накоплено {saved} из {target}"),
        "feed_event_goal_deadline": .init(en: "Goal deadline: {name}", ru: "Срок цели {name}"),
        "feed_event_goal": .init(en: "Goal", ru: "Цель"),
        "feed_event_daily": .init(en: "Log today's spending", ru: "Записать траты за сегодня"),
        "feed_event_daily_description": .init(en: "FinMind daily reminder", ru: "Ежедневное напоминание FinMind"),
    ]

    /// `engine` by key, built once.
    static let engineIndex = index(engine)

    /// The engine's words in each further language (`EngineStrings+de.swift`), by key.
    static let engineTranslations: [Language: [StringKey: String]] = [.de: index(engineDE)]
}

/// The engine's text for `key` in `language`, each `{name}` replaced by its value in one pass
/// (a value is never read again for placeholders, so a goal called "{amount}" stays as typed).
func words(_ key: StringKey, _ language: Language, _ values: [String: String] = [:]) -> String {
    fill(StringTables.text(key, language, in: StringTables.engineIndex, translations: StringTables.engineTranslations) ?? key.name, values)
}
