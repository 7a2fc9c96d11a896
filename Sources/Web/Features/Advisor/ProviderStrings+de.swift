// The provider family's words in German: each key of `StringTables.provider` (ProviderStrings.swift, English and Russian side
// by side) once, in the same order. A key missing here fails TranslationTests.
import Engine

extension StringTables {
    static let providerDE: TranslationTable = [
        "advisor_prompt_actions": "Wenn der Nutzer ausdrücklich bittet, etwas zu ändern, antworte nicht mit Worten: Antworte mit genau einem JSON-Objekt und sonst nichts, zum Beispiel {\"action\":\"goal\",\"payload\":{\"name\":\"Urlaub\",\"target\":\"100000\",\"deadline\":\"2027-06-30\"},\"confidence\":0.9,\"needsConfirmation\":true}. \"action\" ist eines von: goal (name, target, deadline JJJJ-MM-TT, priority 1–3, saved), income (name, amount, periodicity weekly|biweekly|monthly|quarterly|yearly, start JJJJ-MM-TT), expense (dasselbe und category), limit (category, amount: das Monatslimit), strategy (strategy: avalanche|snowball), entry (kind expense|income, name, amount, category, date JJJJ-MM-TT, status actual|planned), checklist (step: emergency oder der Name des Ziels oder Kredits). Jeder Wert in payload ist eine Zeichenkette von höchstens 100 Zeichen ohne Auszeichnung; Beträge sind reine Ziffern; \"confidence\" liegt zwischen 0 und 1; \"needsConfirmation\" ist immer true. Der Nutzer sieht eine Vorschau und bestätigt sie; sonst ändert sich nichts. Antworte auf alles andere in einfachem Text.",
        "action_summary_checklist": "den Checklistenschritt als erledigt markieren: {step}",
        "action_checklist_fund_row": "Notgroschen gespart",
        "action_checklist_goal_row": "Ziel „{name}“: gespart",
        "action_checklist_debt_row": "Sondertilgung auf „{name}“, senkt den Restbetrag",
        "action_error_step_unknown": "Die Checkliste dieses Monats hat keinen solchen Schritt. Nennen Sie das Ziel, den Kredit oder den Notgroschen.",
        "action_error_step_ambiguous": "Mehrere Checklistenschritte passen; nennen Sie das Ziel oder den Kredit genau.",
        "action_error_step_done": "Dieser Checklistenschritt ist diesen Monat schon erledigt.",
        "provider_test_title": "Verbindung testen",
        "provider_test_intro": "Fragt den gespeicherten Endpunkt mit dem gespeicherten Token und Schlüssel nach seiner Modellliste (oder einer Antwort aus einem Token). Speichern Sie Änderungen vorher. Der Schlüssel wird nie angezeigt.",
        "provider_test_button": "Verbindung testen",
        "provider_test_no_url": "Verbindung nicht getestet: Legen Sie zuerst die Basis-URL fest und speichern Sie sie.",
        "provider_test_ok": "Verbindung OK: {host} hat in {ms} ms geantwortet.",
        "provider_test_ok_listed": "Verbindung OK: {host} hat in {ms} ms geantwortet und listet {models} Modelle, darunter „{model}“.",
        "provider_test_ok_unlisted": "Verbindung OK: {host} hat in {ms} ms geantwortet, aber „{model}“ ist nicht unter seinen {models} Modellen – prüfen Sie den Modellnamen.",
        "provider_test_refused": "Verbindung fehlgeschlagen: {host} hat die Anfrage abgelehnt (HTTP {status}): {message}. Prüfen Sie das Client-Token und den Schlüssel.",
        "provider_test_timeout": "Verbindung fehlgeschlagen: keine Antwort von {host} innerhalb von {seconds} s.",
        "provider_test_no_connection": "Verbindung fehlgeschlagen: {host} ist nicht erreichbar. Prüfen Sie die Adresse und das Netz.",
        "provider_test_failed": "Verbindung fehlgeschlagen: {host}: {reason}.",
        "provider_usage_title": "Nutzung",
        "provider_usage_empty": "Noch keine externen Antworten.",
        "provider_usage_by_day": "Nach Tag (die letzten 14 Tage mit Aufrufen)",
        "provider_usage_by_month": "Nach Monat",
        "provider_usage_day": "Tag",
        "provider_usage_month": "Monat",
        "provider_usage_provider": "Anbieter",
        "provider_usage_model": "Modell",
        "provider_usage_calls": "Aufrufe",
        "provider_usage_in": "Tokens ein",
        "provider_usage_out": "Tokens aus",
    ]
}
