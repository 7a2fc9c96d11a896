// The quick family's words in German: each key of `StringTables.quick` (QuickStrings.swift, English and Russian side
// by side) once, in the same order. A key missing here fails TranslationTests.
import Engine

extension StringTables {
    static let quickDE: TranslationTable = [
        "quick_title": "Schnelleingabe",
        "quick_box_label": "In einfachen Worten eintragen",
        "quick_box_placeholder": "Kaffee 4,50 gestern",
        "quick_box_mic_short": "Diktieren",
        "quick_box_submit": "Hinzufügen",
        "quick_box_mic": "Sprechen statt tippen",
        "quick_problem_empty": "Geben Sie ein, was Sie ausgegeben oder erhalten haben, zum Beispiel „Kaffee 4,50 gestern“.",
        "quick_problem_long": "Das ist zu lang: höchstens {max} Zeichen.",
        "quick_problem_amount": "Kein Betrag in „{text}“. Fügen Sie einen hinzu, zum Beispiel „Kaffee 4,50“.",
        "quick_field_kind": "Art",
        "quick_field_name": "Name",
        "quick_field_amount": "Betrag",
        "quick_field_date": "Datum",
        "quick_field_status": "Status",
        "quick_field_category": "Kategorie",
        "quick_field_account": "Konto",
        "quick_kind_income": "Einnahme",
        "quick_kind_expense": "Ausgabe",
        "quick_status_actual": "Passiert",
        "quick_status_planned": "Geplant",
        "quick_no_account": "Bargeld (außerhalb der Konten)",
        "quick_match": "Bestätigt Ihr geplantes „{name}“ vom {date} ({amount})",
        "quick_recurring": "Als regelmäßigen Posten ({periodicity}) statt als einmaligen Eintrag hinzufügen",
        "quick_draft_legend": "Eintrag {number}: {text}",
        "quick_confidence": "Wie sicher die Lesart ist: {percent} %. Felder unter 80 % sind hervorgehoben.",
        "quick_fix_fields": "Bitte korrigieren Sie die unten markierten Felder.",
        "quick_edit": "Im vollständigen Formular bearbeiten",
        "quick_save": "Speichern",
        "quick_stop": "Countdown anhalten",
        "quick_countdown": "Speichern in {seconds} s…",
        "quick_flash_saved": "Gespeichert: {items}.",
        "quick_flash_undone": "Rückgängig gemacht: Die Einträge wurden gelöscht.",
        "quick_undo": "Rückgängig",
        "settings_field_quickAutoSave": "Schnelleingabe: bei hoher Sicherheit nach 3 s automatisch speichern",
        "settings_hint_quickAutoSave": "Standardmäßig aus. Eingeschaltet speichert sich eine Karte, die mit 80 % Sicherheit oder mehr gelesen wurde, nach einem Countdown von selbst; Sie können ihn anhalten.",
    ]
}
