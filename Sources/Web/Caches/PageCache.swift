import Foundation

/// Rendered pages kept until the data changes. A page is rendered once per data
/// version, language and address with placeholders where per-browser tokens go;
/// serving it again only swaps the placeholders for this browser's CSRF token and
/// fresh single-use form tokens.
final class PageCache: @unchecked Sendable {
    /// Stands where the browser's CSRF token goes: a control byte no page text can hold
    /// (names and notes refuse control characters) and a random part.
    let csrfMarker = "\u{1}C" + Tokens.random(bytes: 8)
    /// Stands where each single-use form token goes.
    let formMarker = "\u{1}F" + Tokens.random(bytes: 8)

    private let lock = NSLock()
    private var pages: [String: [UInt8]] = [:]
    private var stamp = ""
    private let capacity = 512

    /// The cached page for `key` if it was rendered at `stamp` (data version and today).
    func page(_ key: String, stamp: String) -> [UInt8]? {
        lock.lock(); defer { lock.unlock() }
        return self.stamp == stamp ? pages[key] : nil
    }

    /// Keeps `body` for `key` at `stamp`; a new stamp drops everything older.
    func store(_ body: [UInt8], key: String, stamp: String) {
        lock.lock(); defer { lock.unlock() }
        if self.stamp != stamp || pages.count >= capacity {
            pages.removeAll(keepingCapacity: true)
            self.stamp = stamp
        }
        pages[key] = body
    }

    /// `body` with the CSRF marker replaced by `csrfToken` and each form marker by a new token.
    func personalise(_ body: [UInt8], csrfToken: String) -> [UInt8] {
        let csrf = Array(csrfMarker.utf8), form = Array(formMarker.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(body.count + 64)
        var start = 0
        while let found = body[start...].firstIndex(of: 1) {
            out.append(contentsOf: body[start..<found])
            let end = min(found + csrf.count, body.count)
            if body[found..<end].elementsEqual(csrf) {
                out.append(contentsOf: csrfToken.utf8)
            } else if body[found..<end].elementsEqual(form) {
                out.append(contentsOf: Tokens.random(bytes: 16).utf8)
            } else {
                out.append(1)
                start = found + 1
                continue
            }
            start = end
        }
        out.append(contentsOf: body[start...])
        return out
    }
}
