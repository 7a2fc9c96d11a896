// The actions family's words in German: each key of `StringTables.actions` (ActionsStrings.swift, English and Russian side
// by side) once, in the same order. A key missing here fails TranslationTests.
import Engine

extension StringTables {
    static let actionsDE: TranslationTable = [
        "action_preview_title": "Vorschau der Änderung",
        "action_cannot_apply": "Das kann nicht ausgeführt werden",
        "action_what_changes": "Was sich ändert",
        "action_figures_caption": "Die Zahlen vorher und nachher",
        "action_figure": "Kennzahl",
        "action_before": "Vorher",
        "action_after": "Nachher",
        "action_nothing_written": "Nichts wird gespeichert, bis Sie bestätigen. Sie können es später im Aktionsprotokoll rückgängig machen.",
        "action_confirm": "Bestätigen und ausführen",
        "action_back": "Zurück zum Berater",
        "action_never": "bei diesem Tempo nie",
        "action_goal_eta": "Ziel „{name}“: Zeit bis zum Erreichen",
        "action_limit_row": "Monatslimit",
        "action_no_limit": "keins",
        "action_error_field": "Die Aktion enthält ein Feld, das sie nicht enthalten darf: {field}.",
        "action_error_kind": "Das kann der Berater nicht tun.",
        "action_flash_applied": "Erledigt: {summary}. Sie können es unten rückgängig machen.",
        "action_flash_undone": "Rückgängig gemacht: Alles ist wie vorher.",
        "action_log_title": "Aktionen des Beraters",
        "action_log_intro": "Jede Änderung, die der Berater nach Ihrer Bestätigung vorgenommen hat. „Rückgängig“ stellt genau den vorherigen Zustand wieder her.",
        "action_log_empty": "Noch keine Aktionen. Fragen Sie den Berater, z. B. „Ziel Urlaub 100000 bis Juni hinzufügen“.",
        "action_log_link": "Aktionen des Beraters",
        "action_state_applied": "ausgeführt",
        "action_state_undone": "rückgängig gemacht",
        "action_undo": "Rückgängig",
        "action_summary_goal": "das Ziel „{name}“ hinzufügen: {amount}",
        "action_summary_goal_deadline": "das Ziel „{name}“ hinzufügen: {amount} bis {date}",
        "action_summary_income": "die Einnahme „{name}“ hinzufügen: {amount}, {periodicity}",
        "action_summary_expense": "die Ausgabe „{name}“ hinzufügen: {amount}, {periodicity}",
        "action_summary_entry_expense": "die Ausgabe „{name}“ eintragen: {amount} am {date}",
        "action_summary_entry_income": "die Einnahme „{name}“ eintragen: {amount} am {date}",
        "action_summary_limit": "das Monatslimit für {category} festlegen: {amount}",
        "action_summary_strategy": "die Tilgungsstrategie auf {strategy} umstellen",
        "action_flash_undo_imported": "Nicht rückgängig gemacht: Ein Kontoauszug-Import hat diesem Eintrag inzwischen eine Bankbuchung zugeordnet, daher bleibt er. Machen Sie zuerst diesen Import rückgängig oder löschen Sie den Eintrag im Journal.",
    ]
}
