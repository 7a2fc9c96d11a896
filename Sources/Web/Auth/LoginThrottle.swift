import Foundation

/// Brute-force protection for the passcode (SPEC §8): after 5 failures from one client
/// address, each within 15 minutes of the previous one, that address is locked out for
/// 1 minute, doubling with each further failure up to 1 hour. A success clears it.
/// Kept in memory: a restart forgets it, and at most `capacity` addresses are tracked.
final class LoginThrottle: @unchecked Sendable {
    static let freeFailures = 5
    static let window: TimeInterval = 15 * 60
    static let firstLock: TimeInterval = 60
    static let longestLock: TimeInterval = 60 * 60

    private struct Record {
        var failures = 0
        var lastFailure = Date.distantPast
        var lockedUntil = Date.distantPast
    }

    private let lock = NSLock()
    private var records: [String: Record] = [:]
    private let capacity: Int
    /// The clock (tests move it).
    let now: @Sendable () -> Date

    init(capacity: Int = 10_000, now: @escaping @Sendable () -> Date = { Date() }) {
        self.capacity = capacity
        self.now = now
    }

    /// The seconds `address` must still wait before trying again, or nil when it may try now.
    func wait(for address: String) -> TimeInterval? {
        lock.lock(); defer { lock.unlock() }
        guard let record = records[address] else { return nil }
        let remaining = record.lockedUntil.timeIntervalSince(now())
        return remaining > 0 ? remaining : nil
    }

    /// Records a failure from `address`; returns the lock-out it starts (nil when none).
    @discardableResult
    func recordFailure(from address: String) -> TimeInterval? {
        lock.lock(); defer { lock.unlock() }
        let now = now()
        if records.count >= capacity { prune(now) }
        var record = records[address] ?? Record()
        if now.timeIntervalSince(max(record.lastFailure, record.lockedUntil)) > Self.window { record.failures = 0 }
        record.failures += 1
        record.lastFailure = now
        var lockOut: TimeInterval?
        if record.failures >= Self.freeFailures {
            let doublings = min(record.failures - Self.freeFailures, 12)
            lockOut = min(Self.firstLock * Double(1 << doublings), Self.longestLock)
            record.lockedUntil = now.addingTimeInterval(lockOut!)
        }
        records[address] = record
        return lockOut
    }

    /// Forgets `address`'s failures (after a successful sign-in).
    func recordSuccess(from address: String) {
        lock.lock(); defer { lock.unlock() }
        records[address] = nil
    }

    /// Drops records whose window and lock have both passed; when every record is live
    /// (a flood of addresses), drops the oldest half.
    private func prune(_ now: Date) {
        records = records.filter { now.timeIntervalSince(max($0.value.lastFailure, $0.value.lockedUntil)) <= Self.window }
        if records.count >= capacity {
            let oldest = records.sorted { $0.value.lastFailure < $1.value.lastFailure }.prefix(capacity / 2).map(\.key)
            for key in oldest { records[key] = nil }
        }
    }
}
