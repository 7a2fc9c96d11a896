// The category limits' strings: each key with its English and Russian text side by side.
import Engine

extension StringTables {
    static let limits: StringTable = [
        // MARK: Navigation and list
        "nav_limits": .init(en: "Limits", ru: "Лимиты"),
        "limits_title": .init(en: "Limits", ru: "Лимиты"),
        "limits_add": .init(en: "Add limit", ru: "Добавить лимит"),
        "limits_empty": .init(en: "No limits yet. Set one for a category to see how much of it is used and get a warning in time.", ru: "Лимитов пока нет. Задайте лимит для категории, чтобы видеть, сколько из него потрачено, и вовремя получить предупреждение."),
        "limits_hint": .init(en: "Actual expenses count; planned ones are shown beside them. A warning comes at the threshold, \"exceeded\" only above 100 %.", ru: "Считаются фактические расходы; запланированные показаны рядом. Предупреждение — с порога, «превышен» — только свыше 100 %."),
        "limit_title_day": .init(en: "daily limit {amount}", ru: "лимит на день {amount}"),
        "limit_title_week": .init(en: "weekly limit {amount}", ru: "лимит на неделю {amount}"),
        "limit_title_month": .init(en: "monthly limit {amount}", ru: "лимит на месяц {amount}"),
        "limit_spent_of": .init(en: "{spent} spent of {amount}", ru: "потрачено {spent} из {amount}"),
        "limit_planned_beside": .init(en: "+ {amount} planned", ru: "+ {amount} запланировано"),
        "limit_projected": .init(en: "At this pace you will exceed it on {date}", ru: "В таком темпе лимит будет превышен {date}"),
        "limit_state_ok": .init(en: "ok", ru: "в норме"),
        "limit_state_warning": .init(en: "warning", ru: "предупреждение"),
        "limit_state_exceeded": .init(en: "exceeded", ru: "превышен"),
        "limit_name": .init(en: "{category}, {period}", ru: "{category}, {period}"),
        // MARK: Form
        "limit_new_title": .init(en: "New limit", ru: "Новый лимит"),
        "limit_edit_title": .init(en: "Edit limit", ru: "Изменить лимит"),
        "limit_intro": .init(en: "A spending limit for one category per day, week (Monday to Sunday) or calendar month.", ru: "Лимит расходов по одной категории на день, неделю (с понедельника по воскресенье) или календарный месяц."),
        "limit_field_category": .init(en: "Category", ru: "Категория"),
        "limit_field_period": .init(en: "Period", ru: "Период"),
        "limit_field_amount": .init(en: "Amount", ru: "Сумма"),
        "limit_field_threshold": .init(en: "Warn at, %", ru: "Предупредить при, %"),
        "limit_hint_threshold": .init(en: "50 to 100; 80 by default.", ru: "От 50 до 100; по умолчанию 80."),
        "limit_period_day": .init(en: "Day", ru: "День"),
        "limit_period_week": .init(en: "Week", ru: "Неделя"),
        "limit_period_month": .init(en: "Month", ru: "Месяц"),
        "limit_duplicate": .init(en: "This category already has a limit for this period.", ru: "У этой категории уже есть лимит на этот период."),
        "limit_delete_text": .init(en: "The limit is removed; entries stay as they are.", ru: "Лимит будет удалён; записи останутся как есть."),
        // MARK: Feedback
        "limit_this_day": .init(en: "today", ru: "за сегодня"),
        "limit_this_week": .init(en: "this week", ru: "на этой неделе"),
        "limit_this_month": .init(en: "this month", ru: "в этом месяце"),
        "limit_flash": .init(en: "{category}: {percent} % of {amount} {period}.", ru: "{category}: {percent} % от {amount} {period}."),
        "limit_banner_warning": .init(en: "{category}: {percent} % of the {amount} limit used {period}.", ru: "{category}: использовано {percent} % лимита {amount} {period}."),
        "limit_banner_exceeded": .init(en: "{category}: the {amount} limit is exceeded {period} ({percent} %).", ru: "{category}: лимит {amount} превышен {period} ({percent} %)."),
        "limit_dismiss": .init(en: "Dismiss", ru: "Скрыть"),
        "limit_banner_dismissed": .init(en: "Hidden until the next level or period.", ru: "Скрыто до следующего уровня или периода."),
        // MARK: Budget page block
        "limits_block_title": .init(en: "{month} by category", ru: "{month} по категориям"),
        "limits_block_category": .init(en: "Category", ru: "Категория"),
        "limits_block_planned": .init(en: "Planned", ru: "План"),
        "limits_block_actual": .init(en: "Actual", ru: "Факт"),
        "limits_block_left": .init(en: "Left", ru: "Осталось"),
        "limits_block_is_limit": .init(en: "limit", ru: "лимит"),
        "limits_block_empty": .init(en: "No expenses planned or made this month yet.", ru: "В этом месяце расходов пока нет — ни запланированных, ни фактических."),
        "limits_block_link": .init(en: "Category limits", ru: "Лимиты по категориям"),
    ]
}
