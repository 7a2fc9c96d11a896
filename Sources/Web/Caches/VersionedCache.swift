import Foundation

/// Values derived from the household's data, computed once per data version and day and shared
/// by every page and API that shows them — the plan, the forecast with safe to spend, the bills
/// figures. Reading them from one place is what keeps the figures equal across pages. A new
/// stamp (the data changed, or the day did) drops every value of the old one.
final class VersionedCache<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stamp = ""
    private var values: [String: Value] = [:]

    /// The value for `key` at `stamp`, computed by `compute` (outside the lock) when absent.
    func value(_ key: String = "", stamp: String, compute: () throws -> Value) rethrows -> Value {
        lock.lock()
        if self.stamp == stamp, let value = values[key] { lock.unlock(); return value }
        lock.unlock()
        let value = try compute()
        lock.lock(); defer { lock.unlock() }
        if self.stamp != stamp { values.removeAll(); self.stamp = stamp }
        values[key] = value
        return value
    }

    /// Forgets every value (a restore or a delete-all can bring an old data version back).
    func clear() {
        lock.lock(); defer { lock.unlock() }
        stamp = ""
        values.removeAll()
    }
}
