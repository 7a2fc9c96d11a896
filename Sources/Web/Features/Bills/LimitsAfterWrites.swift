import Engine
import Storage

// Limit feedback after writes that touch many expenses at once: a statement
// import, a bulk recategorisation, a confirmation on the Calendar. Like the single-entry
// feedback (LimitsPage.swift) it records each limit's level once per period (events
// `limit_warning` / `limit_exceeded`) and adds "Food: 84 % of 20 000 ₽ this month" to the flash.

extension Handler {
    /// `flash` followed by one "Food: 84 % of …" per limit at warning or exceeded today whose
    /// category is in `categories` (nil: every category); records the levels reached.
    func withLimitLevels(_ flash: String, categories: Set<String>?, _ context: RequestContext) throws -> String {
        try withLimitNotes(flash, context) { $0.state != .ok && (categories?.contains($0.limit.category) ?? true) }
    }
}
