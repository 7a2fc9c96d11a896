import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The HTTP client of the game's FX feed (ChallengeFXFeed.swift): one GET with a hard timeout
// and a size cap, to public addresses only (a household's feed address must not reach its router or this
// machine); the page decides what the
// bytes mean.

/// Why a fetch gave no document. The user is told one thing for all of them: which failure it
/// was would tell a closed port on the home network from an open one.
enum FXFetchError: Error, Equatable {
    case timeout
    case tooLarge
    case status(Int)
    case network
    /// The address, or an address it redirects to, resolves to this computer, the home network,
    /// a link-local or multicast address.
    case refusedAddress
}

/// Fetches a small document over http(s) with a hard timeout and size cap, from public
/// addresses only: the host is resolved first and every address it has must be public; a
/// plain-http request then goes to the checked address (so a second DNS answer cannot point
/// elsewhere); redirects are followed by hand, at most 5, each checked the same way.
enum FXFetcher {
    static let timeoutSeconds = 5.0
    static let byteCap = 512 * 1024
    static let redirectLimit = 5

    /// The body of a 2xx answer from `url`, or why there is none. `allowLocal` lets tests reach
    /// a stand-in feed on loopback.
    static func fetch(_ url: URL, timeout: Double = timeoutSeconds, cap: Int = byteCap, allowLocal: Bool = false) -> Result<[UInt8], FXFetchError> {
        let deadline = Date().addingTimeInterval(timeout)
        var current = url
        for _ in 0...redirectLimit {
            guard ["http", "https"].contains(current.scheme?.lowercased() ?? ""), let host = current.host, !host.isEmpty,
                  let address = PublicAddress.resolve(host, allowLocal: allowLocal) else { return .failure(.refusedAddress) }
            var target = current
            if current.scheme?.lowercased() == "http", var parts = URLComponents(url: current, resolvingAgainstBaseURL: false) {
                parts.host = address.contains(":") ? "[\(address)]" : address
                target = parts.url ?? current
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return .failure(.timeout) }
            switch fetchOnce(target, host: current.scheme?.lowercased() == "http" ? hostHeader(current) : nil, timeout: left, cap: cap) {
            case .redirect(let location):
                guard let next = URL(string: location, relativeTo: current)?.absoluteURL else { return .failure(.network) }
                current = next
            case .done(let result):
                return result
            }
        }
        return .failure(.network)
    }

    /// "host" or "host:port", as a Host header names `url`'s server.
    private static func hostHeader(_ url: URL) -> String {
        let host = url.host ?? ""
        return url.port.map { "\(host):\($0)" } ?? host
    }

    private enum Hop { case redirect(String), done(Result<[UInt8], FXFetchError>) }

    /// One request, redirects not followed.
    private static func fetchOnce(_ url: URL, host: String?, timeout: Double, cap: Int) -> Hop {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = "GET"
        request.setValue("application/xml, text/xml", forHTTPHeaderField: "Accept")
        if let host { request.setValue(host, forHTTPHeaderField: "Host") }
        let box = FetchBox(cap: cap)
        let session = URLSession.ephemeral(timeout: timeout, delegate: box)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: request)
        task.resume()
        guard box.wait(seconds: timeout + 0.5) else {
            task.cancel()
            return .done(.failure(box.tooLarge ? .tooLarge : .timeout))
        }
        if let location = box.redirect { return .redirect(location) }
        return .done(box.result)
    }
}

/// Telling public addresses from the others.
enum PublicAddress {
    /// The first address `host` resolves to when every one is public (nil when one is not, or
    /// none resolves); with `allowLocal`, any address.
    static func resolve(_ host: String, allowLocal: Bool) -> String? {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(bare, nil, &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(list) }
        var addresses: [(text: String, isPublic: Bool)] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let sa = current.pointee.ai_addr, let found = describe(sa) { addresses.append(found) }
            entry = current.pointee.ai_next
        }
        guard !addresses.isEmpty, allowLocal || addresses.allSatisfy(\.isPublic) else { return nil }
        return addresses[0].text
    }

    /// The numeric text of `sa` and whether it is public.
    private static func describe(_ sa: UnsafeMutablePointer<sockaddr>) -> (String, Bool)? {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        func text() -> String { String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        switch Int32(sa.pointee.sa_family) {
        case AF_INET:
            var v4 = sa.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            inet_ntop(AF_INET, &v4, &buffer, socklen_t(buffer.count))
            let bytes = withUnsafeBytes(of: v4.s_addr) { Array($0) }
            return (text(), isPublic(v4: bytes))
        case AF_INET6:
            var v6 = sa.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            inet_ntop(AF_INET6, &v6, &buffer, socklen_t(buffer.count))
            let bytes = withUnsafeBytes(of: v6) { Array($0) }
            return (text(), isPublic(v6: bytes))
        default:
            return nil
        }
    }

    /// False for 0/8, 10/8, 100.64/10, 127/8, 169.254/16, 172.16/12, 192.0.0/24, 192.168/16,
    /// 198.18/15, 224/4 and above.
    static func isPublic(v4 b: [UInt8]) -> Bool {
        !(b[0] == 0 || b[0] == 10 || b[0] == 127 || (b[0] == 100 && (64...127).contains(b[1])) || (b[0] == 169 && b[1] == 254)
          || (b[0] == 172 && (16...31).contains(b[1])) || (b[0] == 192 && b[1] == 0 && b[2] == 0) || (b[0] == 192 && b[1] == 168)
          || (b[0] == 198 && (18...19).contains(b[1])) || b[0] >= 224)
    }

    /// False for ::, ::1, IPv4-mapped non-public addresses, fc00::/7, fe80::/10 and ff00::/8.
    static func isPublic(v6 b: [UInt8]) -> Bool {
        if b[0..<15].allSatisfy({ $0 == 0 }) { return false }                     // :: and ::1
        if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xFF && b[11] == 0xFF { return isPublic(v4: Array(b[12...])) }
        return !((b[0] & 0xFE) == 0xFC || (b[0] == 0xFE && (b[1] & 0xC0) == 0x80) || b[0] == 0xFF)
    }
}

/// Collects the body, stopping at the cap.
private final class FetchBox: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private let cap: Int
    private var data: [UInt8] = []
    private var status = 0
    private var finished = false
    private var over = false
    private var failure: FXFetchError?
    private var location: String?

    init(cap: Int) { self.cap = cap }

    /// Where the answer redirects to (a 3xx with a Location), if it does.
    var redirect: String? { lock.lock(); defer { lock.unlock() }; return (300..<400).contains(status) ? location : nil }

    /// Redirects are not followed here: `FXFetcher` checks where they lead first.
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        lock.lock(); location = response.value(forHTTPHeaderField: "Location"); status = response.statusCode; lock.unlock()
        completionHandler(nil)
    }

    var tooLarge: Bool { lock.lock(); defer { lock.unlock() }; return over }

    var result: Result<[UInt8], FXFetchError> {
        lock.lock(); defer { lock.unlock() }
        if over { return .failure(.tooLarge) }
        if let failure { return .failure(failure) }
        guard (200..<300).contains(status) else { return .failure(.status(status)) }
        return .success(data)
    }

    func wait(seconds: Double) -> Bool { done.wait(timeout: .now() + seconds) == .success }

    private func finish(_ error: FXFetchError?) {
        lock.lock()
        guard !finished else { lock.unlock(); return }
        finished = true
        if failure == nil { failure = error }
        lock.unlock()
        done.signal()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let http = response as? HTTPURLResponse
        lock.lock(); status = http?.statusCode ?? 0; if location == nil { location = http?.value(forHTTPHeaderField: "Location") }; lock.unlock()
        if response.expectedContentLength > Int64(cap) {
            lock.lock(); over = true; lock.unlock()
            completionHandler(.cancel)
            finish(.tooLarge)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive chunk: Data) {
        lock.lock()
        if data.count + chunk.count > cap {
            over = true
            lock.unlock()
            dataTask.cancel()
            finish(.tooLarge)
            return
        }
        data.append(contentsOf: chunk)
        lock.unlock()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let error else { finish(nil); return }
        let code = (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code)
        finish(code == .timedOut ? .timeout : .network)
    }
}
