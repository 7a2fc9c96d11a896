import Engine
import Foundation
import Testing
@testable import Storage
@testable import Web

// The local product events told as sentences (Sources/Web/Features/Settings/EventWording.swift).

@Suite("Event wording")
struct EventWordingTests {
    static func event(_ name: String, _ properties: String) -> StoredEvent {
        StoredEvent(id: 1, name: name, properties: properties, occurredAt: "2026-11-12T11:05:00Z")
    }

    @Test("an event reads as its sentence with its detail; an unknown one as “Other activity”, never its stored name")
    func sentences() {
        let display = Display(t: Translations(.en), currency: .usd)
        #expect(EventWording.sentence(Self.event("expense_added", #"{"type":"oneOff"}"#), display) == "Expense added (one-off)")
        #expect(EventWording.sentence(Self.event("settings_changed", #"{"key":"theme"}"#), display) == "Setting changed: Theme")
        #expect(EventWording.sentence(Self.event("feedback_submitted", #"{"hasLog":true}"#), display)
                == "Feedback sent (with the diagnostic log)")
        #expect(EventWording.sentence(Self.event("feedback_submitted", #"{"hasLog":false}"#), display) == "Feedback sent")
        #expect(EventWording.sentence(Self.event("something_new", "{}"), display) == "Other activity")
        for language in Language.allCases {
            let display = Display(t: Translations(language), currency: .usd)
            for name in EventName.allCases {
                let sentence = EventWording.sentence(Self.event(name.rawValue, "{}"), display)
                #expect(!sentence.contains("_") && sentence != display.t["event_other"], "\(language) \(name.rawValue): \(sentence)")
            }
        }
        let russian = Display(t: Translations(.ru), currency: .rub)
        #expect(EventWording.sentence(Self.event("expense_added", #"{"type":"oneOff"}"#), russian) == "Добавлен расход (разовый)")
    }

    @Test("setting keys are named as Settings names them; advisor keys and others by their group")
    func settingLabels() {
        let t = Translations(.en)
        #expect(EventWording.settingLabel("theme", t) == "Theme")
        #expect(EventWording.settingLabel("advisor.model", t) == t["settings_advisor"])
        #expect(EventWording.settingLabel("whatever", t) == t["event_setting_other"])
    }

    @Test("a stored UTC time reads in the server's zone and language; anything else is nil")
    func times() {
        let moscow = TimeZone(identifier: "Europe/Moscow")!
        #expect(EventWording.time("2026-11-12T11:05:00Z", .en, moscow) == "November 12, 2026, 14:05")
        #expect(EventWording.time("2026-11-12T22:05:00Z", .ru, moscow) == "13 ноября 2026 г., 01:05")
        #expect(EventWording.time("yesterday", .en, moscow) == nil)
    }
}
