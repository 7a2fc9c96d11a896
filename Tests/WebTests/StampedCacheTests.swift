import Testing
@testable import Web

/// Tests Sources/Web/Caches/StampedCache.swift: a value is found only under the stamp it was stored with.
@Suite("Stamped cache")
struct StampedCacheTests {
    @Test("found under its stamp, not under another; replaced by a newer store; gone after clear")
    func stamps() {
        let cache = StampedCache<[Int]>()
        #expect(cache.value(stamp: "") == nil, "nothing kept at first, not even under the empty stamp")
        cache.store([1], stamp: "7 2026-11-21")
        #expect(cache.value(stamp: "7 2026-11-21") == [1])
        #expect(cache.value(stamp: "8 2026-11-21") == nil, "a write made it stale")
        cache.store([2], stamp: "8 2026-11-21")
        #expect(cache.value(stamp: "7 2026-11-21") == nil && cache.value(stamp: "8 2026-11-21") == [2])
        cache.clear()
        #expect(cache.value(stamp: "8 2026-11-21") == nil && cache.value(stamp: "") == nil)
    }
}
