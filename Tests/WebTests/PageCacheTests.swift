import Testing
@testable import Web

// Rendered pages kept until the data changes (Sources/Web/Caches/PageCache.swift).

@Suite("Page cache")
struct PageCacheTests {
    @Test("a page is served at its stamp only; a new stamp drops the older pages")
    func stamps() {
        let cache = PageCache()
        cache.store([1, 2], key: "/plan", stamp: "v1")
        cache.store([3], key: "/calendar", stamp: "v1")
        #expect(cache.page("/plan", stamp: "v1") == [1, 2])
        #expect(cache.page("/plan", stamp: "v2") == nil)
        cache.store([4], key: "/plan", stamp: "v2")
        #expect(cache.page("/plan", stamp: "v2") == [4])
        #expect(cache.page("/calendar", stamp: "v2") == nil)
        #expect(cache.page("/calendar", stamp: "v1") == nil)
    }

    @Test("personalising puts the browser's CSRF token and a fresh form token at each marker, other bytes as they were")
    func personalise() {
        let cache = PageCache()
        let page = "<i>\(cache.csrfMarker)</i><b>\(cache.formMarker)</b><b>\(cache.formMarker)</b>\u{1}x"
        let text = String(decoding: cache.personalise(Array(page.utf8), csrfToken: "CSRF"), as: UTF8.self)
        #expect(text.hasPrefix("<i>CSRF</i><b>") && text.hasSuffix("</b>\u{1}x"))
        let forms = text.split(separator: "<b>").dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(forms.count == 2 && forms[0] != forms[1] && forms.allSatisfy { $0.count >= 16 })
        #expect(!text.contains(cache.formMarker) && !text.contains(cache.csrfMarker))
    }
}
