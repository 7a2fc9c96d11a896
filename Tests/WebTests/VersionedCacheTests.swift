import Testing
@testable import Web

@Suite("Values derived once per data version")
struct VersionedCacheTests {
    @Test("a value is computed once per stamp and key; a new stamp drops the old values; clear forgets")
    func computesOncePerStamp() {
        let cache = VersionedCache<Int>()
        var calls = 0
        func value(_ key: String, _ stamp: String) -> Int { cache.value(key, stamp: stamp) { calls += 1; return calls } }
        #expect(value("30", "v1") == 1)
        #expect(value("30", "v1") == 1)
        #expect(value("60", "v1") == 2)
        #expect(value("30", "v2") == 3)
        #expect(value("60", "v2") == 4)
        #expect(value("30", "v2") == 3)
        cache.clear()
        #expect(value("30", "v2") == 5)
    }
}
