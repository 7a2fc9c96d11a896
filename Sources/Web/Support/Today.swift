import Foundation

extension App {
    /// Today's civil date in the configured zone, or the pinned `--today`.
    func today() -> CivilDay {
        if let pinned = configuration.pinnedToday, let (year, month, day) = CivilDateText.day(pinned) {
            return CivilDay(year: year, month: month, day: day)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = configuration.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        return CivilDay(year: parts.year!, month: parts.month!, day: parts.day!)
    }
}

/// A civil date (stand-in until the engine's `Day` lands).
struct CivilDay {
    var year: Int
    var month: Int
    var day: Int
    var iso: String { CivilDateText.format(year, month, day) }
}
