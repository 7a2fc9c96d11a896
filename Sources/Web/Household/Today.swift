import Engine
import Foundation

extension Handler {
    /// Today's civil date in the configured zone by the app's one clock (`clock`, which tests
    /// move), or the pinned `--today`.
    func today() -> Day {
        if let pinned = configuration.pinnedToday, let day = Day(iso: pinned) { return day }
        return Self.localDay(clock(), configuration.timeZone)
    }

    /// The day the household started with FinMind (its first run, in the configured zone): dates
    /// before it are never overdue (SPEC §11). Nil when unknown, or when it would be after today
    /// (a pinned `--today` in the past).
    func firstUseDay() -> Day? {
        guard let text = try? database.firstRunTimestamp(), let date = ISO8601DateFormatter().date(from: text) else { return nil }
        let day = Self.localDay(date, configuration.timeZone)
        return day <= today() ? day : nil
    }

    /// Whether a planned item dated `date` and still unconfirmed is overdue on `today`: before
    /// today and not before the household's first day.
    func isOverdue(_ date: Day, today: Day, started: Day?) -> Bool {
        date < today && started.map { date >= $0 } ?? true
    }

    /// The civil day of `date` in `zone`.
    static func localDay(_ date: Date, _ zone: TimeZone) -> Day {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return Day(year: parts.year!, month: parts.month!, day: parts.day!) ?? Day(year: 1970, month: 1, day: 1)!
    }
}
