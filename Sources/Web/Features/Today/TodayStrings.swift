// The Today page's and the month's checklist's strings: each key with its English and Russian text
// side by side.
import Engine

extension StringTables {
    static let today: StringTable = [
        "nav_today": .init(en: "Today", ru: "Сегодня"),
        "today_title": .init(en: "Today", ru: "Сегодня"),
        "today_quick_title": .init(en: "Add a purchase or income", ru: "Добавить покупку или доход"),
        "today_planned_title": .init(en: "Planned for today", ru: "Запланировано на сегодня"),
        "today_planned_none": .init(en: "Nothing planned for today, nothing overdue.", ru: "На сегодня ничего не запланировано, просроченного нет."),
        "today_overdue": .init(en: "overdue", ru: "просрочено"),
        "today_calendar_link": .init(en: "Calendar", ru: "Календарь"),
        "today_bills_title": .init(en: "Bills in the next 7 days", ru: "Платежи на ближайшие 7 дней"),
        "today_bills_none": .init(en: "No bills due in the next 7 days.", ru: "В ближайшие 7 дней счетов нет."),
        "today_bills_link": .init(en: "All bills", ru: "Все платежи"),
        "today_limits_title": .init(en: "Limits near or over", ru: "Лимиты на исходе или превышены"),
        "today_limits_link": .init(en: "All limits", ru: "Все лимиты"),
        "today_recent_title": .init(en: "Latest entries", ru: "Последние записи"),
        "today_recent_none": .init(en: "No entries yet.", ru: "Записей пока нет."),
        "today_recent_link": .init(en: "All transactions", ru: "Все операции"),
        "today_progress_title": .init(en: "Goals and the emergency fund", ru: "Цели и подушка безопасности"),
        "today_plan_link": .init(en: "The plan", ru: "План"),
        "checklist_title": .init(en: "Checklist for {month}", ru: "Чек-лист на {month}"),
        "checklist_due": .init(en: "by {date}", ru: "до {date}"),
        "checklist_done": .init(en: "done", ru: "сделано"),
        "checklist_mark_done": .init(en: "Done", ru: "Сделано"),
        "checklist_undo": .init(en: "Undo", ru: "Отменить"),
        "checklist_hint": .init(en: "“Done” moves the amount from your account to the fund or the goal (a transfer, not spending), or pays it towards the loan, whose balance falls. Undo puts everything back.", ru: "«Сделано» переводит сумму со счёта в подушку или цель (это перевод, не трата) или гасит ею кредит: его остаток уменьшается. «Отменить» возвращает всё как было."),
        "checklist_empty": .init(en: "Nothing to move this month: the plan has no money for the fund, extra debt payments or goals.", ru: "В этом месяце переводить нечего: в плане нет денег на подушку, досрочные платежи или цели."),
        "checklist_step_emergency": .init(en: "Move {amount} to the emergency fund", ru: "Отложить {amount} в подушку безопасности"),
        "checklist_step_goal": .init(en: "Put {amount} toward “{name}”", ru: "Отложить {amount} на «{name}»"),
        "checklist_step_debt": .init(en: "Pay {total} on “{name}” ({extra} above the minimum)", ru: "Заплатить {total} по «{name}» ({extra} сверх минимального платежа)"),
        "checklist_step_debt_extra": .init(en: "Pay an extra {amount} on “{name}”", ru: "Внести досрочно {amount} по «{name}»"),
        "checklist_flash_done": .init(en: "Done: {step}.", ru: "Сделано: {step}."),
        "checklist_flash_from": .init(en: "Moved {amount} from {account}: a transfer, not spending.", ru: "Переведено {amount} со счёта «{account}»: это перевод, а не трата."),
        "checklist_before_start": .init(en: "before you started", ru: "до того, как вы начали"),
        "checklist_flash_undone": .init(en: "Undone: back as it was.", ru: "Отменено: всё как было."),
        "plan_goal_why_less": .init(en: "“{name}” gets less than “{other}” although its priority is higher: goals share by priority ÷ months to the deadline, and its deadline is further away ({months} against {otherMonths}).", ru: "«{name}» получает меньше, чем «{other}», хотя приоритет выше: цели делят деньги по весу «приоритет ÷ месяцев до срока», а до её срока дальше ({months} против {otherMonths})."),
        "plan_goal_needs": .init(en: "To reach it by {deadline}: {amount} a month.", ru: "Чтобы успеть к {deadline}: {amount} в месяц."),
        "plan_goal_pace": .init(en: "At the current pace it is reached in {month}.", ru: "В нынешнем темпе цель будет достигнута: {month}."),
        "plan_goal_never": .init(en: "At the current pace it gets nothing and is never reached.", ru: "В нынешнем темпе на цель ничего не идёт, и она не будет достигнута."),
    ]
}
