import Foundation

/// One computed value kept for one stamp (the data version, and the day where it matters):
/// the plan and the bills figures, shared by a page, its API and the pages that show a part
/// of them. A lookup under another stamp finds nothing, so a write makes it stale at once.
final class StampedCache<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stamp = ""
    private var cached: Value?

    /// The kept value when `stamp` is the one it was stored under, else nil.
    func value(stamp: String) -> Value? {
        lock.lock(); defer { lock.unlock() }
        return self.stamp == stamp ? cached : nil
    }

    /// Keeps `value` for `stamp`, replacing what was kept.
    func store(_ value: Value, stamp: String) {
        lock.lock(); defer { lock.unlock() }
        self.stamp = stamp
        cached = value
    }

    /// Forgets the kept value.
    func clear() {
        lock.lock(); defer { lock.unlock() }
        stamp = ""
        cached = nil
    }
}
