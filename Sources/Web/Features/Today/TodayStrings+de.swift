// The today family's words in German: each key of `StringTables.today` (TodayStrings.swift, English and Russian side
// by side) once, in the same order. A key missing here fails TranslationTests.
import Engine

extension StringTables {
    static let todayDE: TranslationTable = [
        "nav_today": "Heute",
        "today_title": "Heute",
        "today_quick_title": "Einkauf oder Einnahme hinzufügen",
        "today_planned_title": "Für heute geplant",
        "today_planned_none": "Für heute ist nichts geplant, nichts ist überfällig.",
        "today_overdue": "überfällig",
        "today_calendar_link": "Kalender",
        "today_bills_title": "Rechnungen der nächsten 7 Tage",
        "today_bills_none": "In den nächsten 7 Tagen sind keine Rechnungen fällig.",
        "today_bills_link": "Alle Rechnungen",
        "today_limits_title": "Limits nahe an oder über der Grenze",
        "today_limits_link": "Alle Limits",
        "today_recent_title": "Neueste Einträge",
        "today_recent_none": "Noch keine Einträge.",
        "today_recent_link": "Alle Buchungen",
        "today_progress_title": "Ziele und Notgroschen",
        "today_plan_link": "Der Plan",
        "checklist_title": "Checkliste für {month}",
        "checklist_due": "bis {date}",
        "checklist_done": "erledigt",
        "checklist_mark_done": "Erledigt",
        "checklist_undo": "Rückgängig",
        "checklist_hint": "„Erledigt“ bucht den Betrag von Ihrem Konto auf den Notgroschen oder das Ziel um (eine Umbuchung, keine Ausgabe) oder tilgt damit den Kredit, dessen Restbetrag sinkt. „Rückgängig“ stellt alles wieder her.",
        "checklist_empty": "Diesen Monat gibt es nichts zu verschieben: Der Plan hat kein Geld für Notgroschen, Sondertilgungen oder Ziele.",
        "checklist_step_emergency": "{amount} in den Notgroschen legen",
        "checklist_step_goal": "{amount} für „{name}“ zurücklegen",
        "checklist_step_debt": "{total} auf „{name}“ zahlen ({extra} über der Mindestrate)",
        "checklist_step_debt_extra": "Zusätzlich {amount} auf „{name}“ zahlen",
        "checklist_flash_done": "Erledigt: {step}.",
        "checklist_flash_from": "{amount} von {account} verschoben: eine Umbuchung, keine Ausgabe.",
        "checklist_flash_undone": "Rückgängig gemacht: wieder wie vorher.",
        "plan_goal_why_less": "„{name}“ bekommt weniger als „{other}“, obwohl seine Priorität höher ist: Ziele teilen nach Priorität ÷ Monaten bis zur Frist, und seine Frist ist weiter entfernt ({months} gegenüber {otherMonths}).",
        "plan_goal_needs": "Um es bis zum {deadline} zu erreichen: {amount} pro Monat.",
        "plan_goal_pace": "Beim aktuellen Tempo wird es im {month} erreicht.",
        "plan_goal_never": "Beim aktuellen Tempo bekommt es nichts und wird nie erreicht.",
        "checklist_before_start": "bevor Sie angefangen haben",
    ]
}
