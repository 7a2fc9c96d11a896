// The charts family's words in German: each key of `StringTables.charts` (ChartStrings.swift, English and Russian
// side by side) once, in the same order. A key missing here fails TranslationTests.
import Engine

extension StringTables {
    static let chartsDE: TranslationTable = [
        "chart_actual_expense": "Tatsächliche Ausgaben",
        "chart_actual_fcf": "Tatsächlicher freier Cashflow",
        "chart_actual_income": "Tatsächliche Einnahmen",
        "chart_bucket": "Zeitraum",
        "chart_cashflow_actual_title": "Tatsächliche Einnahmen, Ausgaben und freier Cashflow",
        "chart_cashflow_desc": "Balken zeigen Einnahmen und Ausgaben, die Linie den freien Cashflow, je {interval}, {period}.",
        "chart_cashflow_planned_title": "Geplante Einnahmen, Ausgaben und freier Cashflow",
        "chart_cashflow_table": "Einnahmen, Ausgaben und freier Cashflow je Zeitraum",
        "chart_categories": "Ausgaben nach Kategorie",
        "chart_categories_actual_title": "Tatsächliche Ausgaben nach Kategorie",
        "chart_categories_desc": "Anteile an {total} Ausgaben nach Kategorie, {period}.",
        "chart_categories_planned_title": "Geplante Ausgaben nach Kategorie",
        "chart_categories_table": "Ausgaben nach Kategorie",
        "chart_data_table": "Daten als Tabelle zeigen",
        "chart_expense": "Ausgaben",
        "chart_fcf": "Freier Cashflow",
        "chart_from": "Von",
        "chart_income": "Einnahmen",
        "chart_interval": "Intervall",
        "chart_no_expenses": "Keine Ausgaben in diesem Zeitraum.",
        "chart_period": "vom {from} bis {to}",
        "chart_planned_expense": "Geplante Ausgaben",
        "chart_planned_fcf": "Geplanter freier Cashflow",
        "chart_planned_income": "Geplante Einnahmen",
        "chart_share": "{percent}\u{00A0}%",
        "chart_share_header": "Anteil",
        "chart_show": "Einnahmen und Ausgaben",
        "chart_to": "Bis",
        "chart_too_many_buckets": "Dieser Zeitraum hat mehr als {max} Intervalle: Wählen Sie ein längeres Intervall oder einen kürzeren Zeitraum.",
        "chart_total": "Gesamt",
        "chart_subtitle": "{from} – {to} · Beträge in {currency}",
        "chart_grouped_note": "Auf diesem schmalen Bildschirm fasst jeder Balken mehrere Zeiträume zusammen, von seinem Datum bis zu dem des nächsten Balkens; die Tabelle enthält jeden Zeitraum.",
        "number_thousands_suffix": "\u{00A0}Tsd.",
        "number_millions_suffix": "\u{00A0}Mio.",
        "chart_week_of": "Woche ab {date}",
        "chart_quarter": "Q{quarter} {year}",
    ]
}
