import Engine
import Foundation
import Storage

/// The local product events (docs/product-rules.md, "Product events") told as sentences for "Your data", with their
/// time in the server's zone: "November 12, 2026, 14:05" / "12 ноября 2026 г., 14:05".
enum EventWording {
    /// `event` as a sentence in `display`'s language: "Expense added (one-off)".
    static func sentence(_ event: StoredEvent, _ display: Display) -> String {
        let t = display.t
        let properties = (try? JSONSerialization.jsonObject(with: Data(event.properties.utf8))) as? [String: Any] ?? [:]
        let key = "event_" + event.name
        // An event this version has no words for (a newer version's, read from a backup) is told
        // plainly, never by its stored name.
        var text = t[runtime: key] == key ? t["event_other"] : t[runtime: key]
        var detail: String?
        switch event.name {
        case "income_added", "expense_added":
            if let type = properties["type"] as? String, ["recurring", "oneOff"].contains(type) { detail = t[runtime: "event_type_" + type] }
        case "daily_entry_added":
            if let kind = properties["kind"] as? String, ["income", "expense"].contains(kind) { detail = t[runtime: "event_kind_" + kind] }
        case "plan_recalculated":
            if let amount = integer(properties["freeCashFlow"]) {
                text = t.format("event_plan_recalculated_amount", ["amount": display.money(Money(minorUnits: amount))])
            }
        case "advisor_request":
            if let length = integer(properties["length"]) {
                detail = t.format("event_characters", ["count": String(length)])
            }
        case "advisor_reply":
            if flag(properties["ok"]) == false { text = t["event_advisor_reply_failed"] }
            if let provider = properties["provider"] as? String, ["builtin", "remote"].contains(provider) {
                detail = t[runtime: "event_provider_" + provider]
            }
        case "settings_changed":
            if let setting = properties["key"] as? String {
                text = t.format("event_settings_changed_what", ["what": settingLabel(setting, t)])
            }
        case "feedback_submitted":
            if flag(properties["hasLog"]) == true { detail = t["event_with_log"] }
        default:
            break
        }
        return detail.map { "\(text) (\($0))" } ?? text
    }

    private static func integer(_ value: Any?) -> Int64? {
        if let number = value as? Int { return Int64(number) }
        if let number = value as? Int64 { return number }
        return (value as? NSNumber)?.int64Value
    }

    private static func flag(_ value: Any?) -> Bool? {
        if let flag = value as? Bool { return flag }
        return (value as? NSNumber)?.boolValue
    }

    /// What a setting key is called on the Settings pages.
    static func settingLabel(_ key: String, _ t: Translations) -> String {
        typealias Key = HouseholdSettings.Key
        let labels: [String: String] = [
            Key.theme: "settings_field_theme", Key.accent: "settings_field_accent", Key.newYear: "settings_field_newYear",
            Key.currency: "settings_field_currency", Key.emergencyShare: "settings_field_emergencyShare",
            Key.debtShare: "settings_field_debtShare", Key.goalShare: "settings_field_goalShare",
            Key.emergencyMonths: "settings_field_emergencyMonths", Key.horizonMonths: "settings_field_horizonMonths",
            Key.strategy: "settings_field_strategy", Key.hidden: "settings_visibility", Key.nickname: "settings_field_nickname",
            "avatar": "settings_field_avatar", Key.feedbackURL: "feedback_field_url", Key.onboarding: "event_setting_onboarding",
            Key.homeNetwork: "settings_share",
            Key.quickAutoSave: "settings_field_quickAutoSave",
        ]
        if let label = labels[key] { return t[runtime: label] }
        if key.hasPrefix("advisor.") { return t["settings_advisor"] }
        return t["event_setting_other"]
    }

    /// The stored UTC time ("2026-11-12T11:05:00Z") in `zone`: "12 Nov 2026, 14:05" /
    /// "12 ноября 2026, 14:05" ("14:05:09" with `seconds`); nil when it is not such a time.
    static func time(_ stored: String, _ language: Language, _ zone: TimeZone, seconds: Bool = false) -> String? {
        guard let date = try? Date(stored, strategy: .iso8601) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        guard let year = parts.year, let month = parts.month, let day = parts.day, let hour = parts.hour,
              let minute = parts.minute, let second = parts.second else { return nil }
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let clock = "\(twoDigits(hour)):\(twoDigits(minute))" + (seconds ? ":\(twoDigits(second))" : "")
        guard let date = Day(year: year, month: month, day: day) else { return nil }
        return language.dateAndTime(date, clock: clock)
    }
}
