// The quickEntry family's words in German: each key of `StringTables.quickEntry` (QuickEntryStrings.swift, English and Russian side
// by side) once, in the same order. A key missing here fails TranslationTests.
import Engine

extension StringTables {
    public static let quickEntryDE: TranslationTable = [
        "quick_why_no_date": "kein Datum → heute, {day}",
        "quick_why_planned": "ein Datum in der Zukunft → geplant",
        "quick_why_actual": "kein Datum in der Zukunft → tatsächlich",
        "quick_why_once": "einmalig",
        "quick_why_no_account": "kein Konto genannt",
        "quick_why_income_no_category": "Einnahmen haben keine Kategorie",
        "quick_why_learned": "Sie haben {name} früher unter {category} abgelegt",
        "quick_why_no_category": "kein Wort hat gepasst → {category}",
        "quick_why_name_from_category": "kein Name eingegeben → der der Kategorie",
        "quick_why_name_from_text": "die übrigen Wörter",
        "quick_why_income_title": "Einnahme",
        "quick_why_income": "Einnahme",
        "quick_why_expense": "Ausgabe",
        "quick_why_no_income_word": "kein „+“ und kein Einnahmewort → Ausgabe",
        "quick_why_other_numbers": "(es gibt auch andere Zahlen)",
        "quick_why_foreign": "(in {code} eingegeben, nicht in der Haushaltswährung – prüfen Sie den Betrag)",
        "quick_why_weekly": "wöchentlich",
        "quick_why_biweekly": "alle zwei Wochen",
        "quick_why_monthly": "monatlich",
        "quick_why_quarterly": "vierteljährlich",
        "quick_why_yearly": "jährlich",
    ]
}
