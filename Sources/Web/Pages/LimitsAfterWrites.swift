import Engine
import Storage

// Limit feedback after writes that touch many expenses at once: a statement
// import, a bulk recategorisation, a confirmation on the Calendar. Like the single-entry
// feedback (LimitsPage.swift) it records each limit's level once per period (events
// `limit_warning` / `limit_exceeded`) and adds "Food: 84 % of 20 000 ₽ this month" to the flash.

extension App {
    /// `flash` followed by one "Food: 84 % of …" per limit at warning or exceeded today whose
    /// category is in `categories` (nil: every category); records the levels reached.
    func withLimitLevels(_ flash: String, categories: Set<String>?, _ context: RequestContext) throws -> String {
        let statuses = try currentLimitStatuses(today: today())
        guard !statuses.isEmpty else { return flash }
        try noteLimitLevels(statuses)
        let t = context.t
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        let names = try categoryNames()
        let notes = statuses.filter { $0.state != .ok && (categories?.contains($0.limit.category) ?? true) }.map { status in
            t.format("limit_flash", ["category": display.category(status.limit.category, names: names),
                                     "percent": String(status.percent), "amount": display.money(status.limit.amount),
                                     "period": t[status.limit.period.thisKey]])
        }
        return ([flash] + notes).joined(separator: " ")
    }
}
