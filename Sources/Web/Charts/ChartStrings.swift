// The charts' strings (titles, descriptions, axis and number words): each key with its English and Russian text
// side by side.
import Engine

extension StringTables {
    static let charts: StringTable = [
        "chart_actual_expense": .init(en: "Actual expense", ru: "Фактический расход"),
        "chart_actual_fcf": .init(en: "Actual free cash flow", ru: "Фактический свободный поток"),
        "chart_actual_income": .init(en: "Actual income", ru: "Фактический доход"),
        "chart_bucket": .init(en: "Period", ru: "Период"),
        "chart_cashflow_actual_title": .init(en: "Actual income, expense and free cash flow", ru: "Фактические доходы, расходы и свободный денежный поток"),
        "chart_cashflow_desc": .init(en: "Bars show income and expense, the line free cash flow, {interval} by {interval}, {period}.", ru: "Столбцы — доходы и расходы, линия — свободный денежный поток, интервал: {interval}, {period}."),
        "chart_cashflow_planned_title": .init(en: "Planned income, expense and free cash flow", ru: "Плановые доходы, расходы и свободный денежный поток"),
        "chart_cashflow_table": .init(en: "Income, expense and free cash flow per period", ru: "Доходы, расходы и свободный поток по периодам"),
        "chart_categories": .init(en: "Expenses by category", ru: "Расходы по категориям"),
        "chart_categories_actual_title": .init(en: "Actual expenses by category", ru: "Фактические расходы по категориям"),
        "chart_categories_desc": .init(en: "Shares of {total} spent by category, {period}.", ru: "Доли категорий в расходах {total}, {period}."),
        "chart_categories_planned_title": .init(en: "Planned expenses by category", ru: "Плановые расходы по категориям"),
        "chart_categories_table": .init(en: "Expenses by category", ru: "Расходы по категориям"),
        "chart_data_table": .init(en: "Show the data as a table", ru: "Показать данные таблицей"),
        "chart_expense": .init(en: "Expense", ru: "Расход"),
        "chart_fcf": .init(en: "Free cash flow", ru: "Свободный поток"),
        "chart_from": .init(en: "From", ru: "С"),
        "chart_income": .init(en: "Income", ru: "Доход"),
        "chart_interval": .init(en: "Interval", ru: "Интервал"),
        "chart_no_expenses": .init(en: "No expenses in this period.", ru: "Расходов за этот период нет."),
        "chart_period": .init(en: "from {from} to {to}", ru: "с {from} по {to}"),
        "chart_planned_expense": .init(en: "Planned expense", ru: "Плановый расход"),
        "chart_planned_fcf": .init(en: "Planned free cash flow", ru: "Плановый свободный поток"),
        "chart_planned_income": .init(en: "Planned income", ru: "Плановый доход"),
        "chart_share": .init(en: "{percent}%", ru: "{percent} %"),
        "chart_share_header": .init(en: "Share", ru: "Доля"),
        "chart_show": .init(en: "Income and expense", ru: "Доходы и расходы"),
        "chart_to": .init(en: "To", ru: "По"),
        "chart_too_many_buckets": .init(en: "That period has more than {max} intervals: choose a longer interval or a shorter period.", ru: "В этом периоде больше {max} интервалов: выберите интервал длиннее или период короче."),
        "chart_total": .init(en: "Total", ru: "Итого"),
        "chart_subtitle": .init(en: "{from} – {to} · amounts in {currency}", ru: "{from} – {to} · суммы в {currency}"),
        "chart_grouped_note": .init(en: "On this narrow screen each bar adds up several periods, from its date to the next bar's; the table has every period.", ru: "На узком экране каждый столбец — сумма нескольких периодов, от его даты до даты следующего; в таблице — каждый период."),
        "number_thousands_suffix": .init(en: "k", ru: "к"),
        "number_millions_suffix": .init(en: "M", ru: "М"),
        "chart_week_of": .init(en: "week of {date}", ru: "неделя с {date}"),
        "chart_quarter": .init(en: "Q{quarter} {year}", ru: "{quarter} кв. {year}"),
    ]
}
