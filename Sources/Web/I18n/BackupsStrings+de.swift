// The backups family's words in German: each key of `StringTables.backups` (BackupsStrings.swift, English and Russian side
// by side) once, in the same order. A key missing here fails TranslationTests.
import Engine

extension StringTables {
    static let backupsDE: TranslationTable = [
        "backup_title": "Sicherungen",
        "backup_text": "FinMind sichert jeden Tag die ganze Datenbank sowie vor jedem Import, jeder Wiederherstellung und jedem Löschen. Es behält 7 tägliche, 4 wöchentliche und 12 monatliche Kopien im Sicherungsordner neben der Datenbank.",
        "backup_empty": "Noch keine Sicherungen: Die erste wird heute erstellt.",
        "backup_unavailable": "Diese Datenbank hat keine Datei, daher gibt es nichts zu sichern.",
        "backup_download": "Herunterladen",
        "backup_reason_daily": "täglich",
        "backup_reason_manual": "von Hand",
        "backup_reason_import": "vor einem Import",
        "backup_reason_statement_import": "vor einem Kontoauszugsimport",
        "backup_reason_restore": "vor einer Wiederherstellung",
        "backup_reason_delete_all": "vor dem Löschen aller Daten",
        "backup_reason_migration": "vor einem Update",
        "backup_size": "{value}\u{00A0}{unit}",
        "backup_unit_b": "B",
        "backup_unit_kb": "KB",
        "backup_unit_mb": "MB",
        "backup_restore_title": "Sicherung wiederherstellen",
        "backup_restore_text": "Alles wird durch die Daten der Sicherung ersetzt. Der aktuelle Stand wird zuerst gesichert, sodass Sie zu ihm zurückkehren können.",
        "backup_field_choice": "Sicherung",
        "backup_field_confirm": "Geben Sie WIEDERHERSTELLEN zur Bestätigung ein",
        "backup_hint_confirm": "Jedes Gerät sieht die wiederhergestellten Daten sofort.",
        "backup_restore_button": "Wiederherstellen",
        "backup_restore_refused": "Diese Sicherung hat die Prüfungen nicht bestanden (beschädigt oder von einem neueren FinMind); es wurde nichts geändert.",
        "backup_flash_restored": "Die Sicherung wurde wiederhergestellt. Der vorherige Stand bleibt als Sicherung erhalten.",
        "backup_field_passcode": "Zugangscode des Haushalts",
        "backup_hint_passcode": "Eine Sicherung enthält alle Ihre Daten, daher gibt es sie nur nach dem Zugangscode.",
        "backup_download_text": "Eine heruntergeladene Sicherung enthält alle Tabellen außer den Geheimnissen: keinen Zugangscode, keinen Schlüssel oder Token des Beraters, keine Sitzungen. Beim Wiederherstellen bleiben die dieses Servers.",
        "backup_flash_passcode": "Geben Sie den Zugangscode des Haushalts ein, um eine Sicherung herunterzuladen.",
    ]
}
