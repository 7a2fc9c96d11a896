import Foundation

/// The daily backup: `tick` is called at start-up and on every request; the first call on a
/// day that has no daily backup yet starts one on a background queue (a reader connection,
/// so requests go on), then prunes the folder. Cheap on every other call: one lock, one
/// day comparison.
public final class DailyBackups: @unchecked Sendable {
    private let database: AppDatabase
    private let calendar: Calendar
    private let log: @Sendable (_ failed: Bool, _ message: String) -> Void
    private let queue = DispatchQueue(label: "finmind.daily-backup", qos: .utility)
    private let lock = NSLock()
    private var checkedDay: DateComponents?

    /// Daily backups of `database` (nil when it has no file), days in `calendar`'s time zone;
    /// `log` hears each backup made or failed.
    public init?(database: AppDatabase, calendar: Calendar,
                 log: @escaping @Sendable (_ failed: Bool, _ message: String) -> Void) {
        guard database.backupFolder != nil else { return nil }
        self.database = database
        self.calendar = calendar
        self.log = log
    }

    /// Starts the day's backup in the background when `now` is on a day not checked yet;
    /// returns true when it did. Never blocks on the backup itself.
    @discardableResult
    public func tick(now: Date) -> Bool {
        let day = calendar.dateComponents([.year, .month, .day], from: now)
        lock.lock()
        let isNewDay = checkedDay != day
        if isNewDay { checkedDay = day }
        lock.unlock()
        guard isNewDay else { return false }
        queue.async { [self] in backUpIfDue(day: day) }
        return true
    }

    /// Waits until the backup started by `tick` (if any) has finished (tests, shut-down).
    public func waitUntilIdle() { queue.sync {} }

    private func backUpIfDue(day: DateComponents) {
        guard let folder = database.backupFolder else { return }
        let hasOne = folder.list().contains { $0.reason == .daily && calendar.dateComponents([.year, .month, .day], from: $0.createdAt) == day }
        guard !hasOne else { return }
        do {
            let started = Date()
            let backup = try database.backUp(reason: .daily, calendar: calendar)
            log(false, "daily backup \(backup.name): \(backup.size) bytes in \(Int(Date().timeIntervalSince(started) * 1000)) ms")
        } catch {
            log(true, "daily backup failed: \(error)")
        }
    }
}
