import Foundation
import Mustache
import Storage

// The "Your data" page's view models (YourDataPage.swift fills them).

struct YourDataView: ViewModel {
    var importFields: [FieldView]
    var deleteFields: [FieldView]
    var events: [EventRow]
    var errors: [ErrorLink]
    /// The backups list and the restore form (SettingsBackups.swift).
    var backups = BackupsView(backups: [], available: false, backUpNowAction: "")

    var fileField: FieldView { importFields[0] }
    var confirmField: FieldView { importFields[1] }
    var hasEvents: Bool { !events.isEmpty }
    var hasErrors: Bool { !errors.isEmpty }
}

/// One local event as a sentence in the household's words, with its local time
/// ("12 Nov 2026, 14:05 — Expense added (one-off)"); the event's name stays in an attribute.
struct EventRow: ViewModel {
    var name: String
    var sentence: String
    /// The moment as ISO 8601 (UTC), for <time datetime>.
    var datetime: String
    /// The moment in the server's zone, in words.
    var time: String

    init(_ event: StoredEvent, _ display: Display, timeZone: TimeZone) {
        name = event.name
        datetime = event.occurredAt
        time = EventWording.time(event.occurredAt, display.language, timeZone) ?? event.occurredAt
        sentence = EventWording.sentence(event, display)
    }
}
