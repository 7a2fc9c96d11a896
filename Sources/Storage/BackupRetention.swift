import Foundation

// MARK: - Retention

/// Which backups to keep: of the daily backups, the newest of each of the 7 most recent
/// days, of each of the 4 most recent ISO weeks and of each of the 12 most recent months that
/// hold one (days, weeks and months in `calendar`'s time zone); of the others (made before an
/// import, restore, delete-all or migration, or by hand), the 10 newest — so a busy day of
/// imports never pushes a daily out, and the state before a bad import stays reachable.
public enum BackupRetention {
    public static let days = 7, weeks = 4, months = 12, beforeChanges = 10

    /// The names of `backups` to keep; every other one may be deleted.
    public static func kept(_ backups: [BackupFile], calendar: Calendar) -> Set<String> {
        let newestFirst = backups.sorted { ($0.createdAt, $0.name) > ($1.createdAt, $1.name) }
        let dailies = newestFirst.filter { $0.reason == .daily }
        var kept: Set<String> = []
        func keepNewest(per key: (Date) -> [Int], count: Int) {
            var seen: [[Int]] = []
            for backup in dailies {
                let bucket = key(backup.createdAt)
                if seen.contains(bucket) { continue }
                guard seen.count < count else { break }
                seen.append(bucket)
                kept.insert(backup.name)
            }
        }
        keepNewest(per: { let c = calendar.dateComponents([.year, .month, .day], from: $0); return [c.year!, c.month!, c.day!] },
                   count: days)
        var weekly = Calendar(identifier: .iso8601)
        weekly.timeZone = calendar.timeZone
        keepNewest(per: { let c = weekly.dateComponents([.yearForWeekOfYear, .weekOfYear], from: $0)
            return [c.yearForWeekOfYear!, c.weekOfYear!] }, count: weeks)
        keepNewest(per: { let c = calendar.dateComponents([.year, .month], from: $0); return [c.year!, c.month!] },
                   count: months)
        for backup in newestFirst.filter({ $0.reason != .daily }).prefix(beforeChanges) { kept.insert(backup.name) }
        return kept
    }
}
