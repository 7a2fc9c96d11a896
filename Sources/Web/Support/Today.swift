import Engine
import Foundation

extension App {
    /// Today's civil date in the configured zone by the app's one clock (`clock`, which tests
    /// move), or the pinned `--today`.
    func today() -> Day {
        if let pinned = configuration.pinnedToday, let day = Day(iso: pinned) { return day }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = configuration.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: clock())
        return Day(year: parts.year!, month: parts.month!, day: parts.day!)!
    }
}
