import Foundation

/// Brute-force protection for the passcode (docs/product-rules.md, "Signing in").
///
/// Per address: after 5 failures from one client address (IPv6 grouped by /64), each
/// within 15 minutes of the previous one, that address is locked out for 1 minute,
/// doubling with each further failure up to 1 hour. A success clears it.
///
/// Across all addresses: once 20 failures lie within the last 15 minutes, every sign-in
/// (from anywhere) waits its turn: one try per 5 seconds, 5 more per failure beyond 20,
/// up to one per minute, until the quarter of an hour has fewer than 20 failures again.
/// The next successful sign-in is told how many failures there were.
///
/// Known devices are never slowed by the others' failures: an address that signed in (or made
/// a signed-in request) within the last 90 days tries at once whatever the all-address count
/// (its own 5 free failures and lock-out still apply). A device never seen before cannot be
/// told from a guesser's fresh address: it waits its turn.
///
/// A try is counted as a failure when it is admitted, before its passcode is hashed, so
/// concurrent guesses cannot outrun the count; a success takes its count back.
/// Kept in memory: a restart forgets it, and at most `capacity` addresses are tracked.
final class LoginThrottle: @unchecked Sendable {
    static let freeFailures = 5
    static let window: TimeInterval = 15 * 60
    static let firstLock: TimeInterval = 60
    static let longestLock: TimeInterval = 60 * 60
    /// Failures from all addresses within `window` before every sign-in is slowed.
    static let globalBudget = 20
    static let globalStep: TimeInterval = 5
    static let globalLongestSpacing: TimeInterval = 60
    /// How long an address that signed in stays a known device.
    static let knownDeviceLifetime: TimeInterval = 90 * 86_400

    private struct Record {
        var failures = 0
        var lastFailure = Date.distantPast
        var lockedUntil = Date.distantPast
    }

    /// What `admit` decided about one try.
    enum Admission: Equatable {
        /// Locked out: try again after this many seconds.
        case wait(TimeInterval)
        /// Go ahead; the try is already counted as a failure, and a wrong passcode starts
        /// this lock-out (nil: none). Call `recordSuccess` when the passcode was right.
        case proceed(lockIfWrong: TimeInterval?)
    }

    private let lock = NSLock()
    private var records: [String: Record] = [:]
    /// Addresses (throttle keys) that signed in, and when they last did.
    private var knownDevices: [String: Date] = [:]
    /// Times of failures from any address within the last `window`, oldest first.
    private var globalFailures: [Date] = []
    private var lastGlobalTry = Date.distantPast
    private var failuresSinceSuccess = 0
    private var budgetTrippedSinceSuccess = false
    private let capacity: Int
    /// The clock (tests move it).
    let now: @Sendable () -> Date

    init(capacity: Int = 10_000, now: @escaping @Sendable () -> Date = { Date() }) {
        self.capacity = capacity
        self.now = now
    }

    /// The key `address` is throttled under: IPv4 as is (also when IPv4-mapped), IPv6 by its
    /// /64 prefix (one device or home network can use every address of its /64).
    static func key(for address: String) -> String {
        var bare = address
        if let percent = bare.firstIndex(of: "%") { bare = String(bare[..<percent]) }
        var v6 = in6_addr()
        guard bare.contains(":"), inet_pton(AF_INET6, bare, &v6) == 1 else { return bare }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }

    /// The seconds `address` must still wait before trying again, or nil when it may try now.
    func wait(for address: String) -> TimeInterval? {
        lock.lock(); defer { lock.unlock() }
        let now = now()
        return wait(key: Self.key(for: address), now: now)
    }

    /// Decides whether `address` may try a passcode now, and if so counts the try as a
    /// failure before any hashing (see `Admission`).
    func admit(_ address: String) -> Admission {
        lock.lock(); defer { lock.unlock() }
        let now = now()
        let key = Self.key(for: address)
        if let wait = wait(key: key, now: now) { return .wait(wait) }
        return .proceed(lockIfWrong: fail(key: key, now: now))
    }

    /// Records a failure from `address` (a try that was not admitted first, such as a wrong
    /// setup code); returns the lock-out it starts (nil when none).
    @discardableResult
    func recordFailure(from address: String) -> TimeInterval? {
        lock.lock(); defer { lock.unlock() }
        return fail(key: Self.key(for: address), now: now())
    }

    /// Remembers `address` as a known device (a signed-in request came from it).
    func recordSignedIn(from address: String) {
        lock.lock(); defer { lock.unlock() }
        remember(Self.key(for: address), now: now())
    }

    /// Forgets `address`'s failures after a successful sign-in; with `admitted`, also takes
    /// back the failure its admitted try counted. Returns how many failures there were since
    /// the last success when the all-address budget was exceeded meanwhile (the owner is
    /// told), else nil.
    @discardableResult
    func recordSuccess(from address: String, admitted: Bool = false) -> Int? {
        lock.lock(); defer { lock.unlock() }
        let key = Self.key(for: address)
        remember(key, now: now())
        if admitted {
            if !globalFailures.isEmpty { globalFailures.removeLast() }
            failuresSinceSuccess = max(0, failuresSinceSuccess - 1)
        }
        records[key] = nil
        defer { failuresSinceSuccess = 0; budgetTrippedSinceSuccess = false }
        return budgetTrippedSinceSuccess ? failuresSinceSuccess : nil
    }

    /// True while every sign-in is slowed by the all-address budget.
    var isSlowingEveryone: Bool {
        lock.lock(); defer { lock.unlock() }
        pruneGlobal(now())
        return globalFailures.count >= Self.globalBudget
    }

    // MARK: - Under the lock

    private func wait(key: String, now: Date) -> TimeInterval? {
        var longest: TimeInterval = 0
        if let record = records[key] { longest = record.lockedUntil.timeIntervalSince(now) }
        pruneGlobal(now)
        let over = globalFailures.count - Self.globalBudget
        if over >= 0, !isKnownDevice(key, now: now) {
            let spacing = min(Self.globalStep * Double(over + 1), Self.globalLongestSpacing)
            longest = max(longest, lastGlobalTry.addingTimeInterval(spacing).timeIntervalSince(now))
        }
        return longest > 0 ? longest : nil
    }

    /// True for an address that signed in within `knownDeviceLifetime`.
    private func isKnownDevice(_ key: String, now: Date) -> Bool {
        knownDevices[key].map { now.timeIntervalSince($0) <= Self.knownDeviceLifetime } ?? false
    }

    private func remember(_ key: String, now: Date) {
        if knownDevices[key] == nil, knownDevices.count >= capacity {
            knownDevices = knownDevices.filter { now.timeIntervalSince($0.value) <= Self.knownDeviceLifetime }
            if knownDevices.count >= capacity, let oldest = knownDevices.min(by: { $0.value < $1.value })?.key { knownDevices[oldest] = nil }
        }
        knownDevices[key] = now
    }

    private func fail(key: String, now: Date) -> TimeInterval? {
        if records.count >= capacity { prune(now) }
        var record = records[key] ?? Record()
        if now.timeIntervalSince(max(record.lastFailure, record.lockedUntil)) > Self.window { record.failures = 0 }
        record.failures += 1
        record.lastFailure = now
        var lockOut: TimeInterval?
        if record.failures >= Self.freeFailures {
            let doublings = min(record.failures - Self.freeFailures, 12)
            lockOut = min(Self.firstLock * Double(1 << doublings), Self.longestLock)
            record.lockedUntil = now.addingTimeInterval(lockOut!)
        }
        records[key] = record
        pruneGlobal(now)
        globalFailures.append(now)
        failuresSinceSuccess += 1
        if globalFailures.count >= Self.globalBudget {
            lastGlobalTry = now
            budgetTrippedSinceSuccess = true
        }
        return lockOut
    }

    private func pruneGlobal(_ now: Date) {
        let cut = globalFailures.firstIndex { now.timeIntervalSince($0) <= Self.window } ?? globalFailures.endIndex
        if cut > 0 { globalFailures.removeFirst(cut) }
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
