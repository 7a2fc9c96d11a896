import Engine
import Foundation

extension App {
    /// Today's civil date in the configured zone by the app's one clock (`clock`, which tests
    /// move), or the pinned `--today`.
    func today() -> Day {
        if let pinned = configuration.pinnedToday, let day = Day(iso: pinned) { return day }
        return Self.localDay(clock(), configuration.timeZone)
    }

    /// The civil day of `date` in `zone`.
    static func localDay(_ date: Date, _ zone: TimeZone) -> Day {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return Day(year: parts.year!, month: parts.month!, day: parts.day!) ?? Day(year: 1970, month: 1, day: 1)!
    }
}
