import Foundation
import HTTPCore

// MARK: - Headers every response carries (docs/product-rules.md, "Running safely")

enum SecurityHeaders {
    static let contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// Adds the CSP, nosniff and Referrer-Policy headers to `response`.
    static func apply(to response: inout Response) {
        response.headers.set("Content-Security-Policy", contentSecurityPolicy)
        response.headers.set("X-Content-Type-Options", "nosniff")
        response.headers.set("Referrer-Policy", "same-origin")
    }
}

// MARK: - Host check (DNS rebinding)

/// The host names this server answers to.
public struct AllowedHosts: Sendable {
    private let names: Set<String>

    /// localhost, 127.0.0.1 and [::1] always; plus `extra` (bound and LAN addresses,
    /// `--allowed-host` values).
    public init(_ extra: [String] = []) {
        var names: Set<String> = ["localhost", "127.0.0.1", "::1"]
        for name in extra { names.insert(Self.normalise(name)) }
        self.names = names
    }

    /// True when the Host header (with or without a port) names this server.
    public func permits(hostHeader: String?) -> Bool {
        guard let hostHeader, !hostHeader.isEmpty, let host = Self.hostPart(hostHeader) else { return false }
        return names.contains(host)
    }

    /// The host of a Host header without its port and IPv6 brackets, lower-cased; nil when malformed.
    static func hostPart(_ header: String) -> String? {
        let text = header.lowercased()
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isNumber)) else { return nil }
            return String(text[text.index(after: text.startIndex)..<close])
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, let name = parts.first, !name.isEmpty else { return nil }
        if parts.count == 2 && (parts[1].isEmpty || !parts[1].allSatisfy(\.isNumber)) { return nil }
        return String(name)
    }

    private static func normalise(_ name: String) -> String {
        hostPart(name) ?? name.lowercased()
    }
}

// MARK: - Tokens

enum Tokens {
    /// A new random token: `bytes` bytes from the system's secure generator, as hex.
    static func random(bytes: Int = 32) -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef".utf8)
        var hex = [UInt8]()
        hex.reserveCapacity(bytes * 2)
        var word: UInt64 = 0
        for index in 0..<bytes {
            if index % 8 == 0 { word = generator.next() }
            let byte = UInt8(truncatingIfNeeded: word >> (8 * UInt64(index % 8)))
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 15)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// Compares two tokens in time that does not depend on where they differ.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count, !x.isEmpty else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }

    /// True for a token this app could have issued (hex, 32 to 64 characters).
    static func wellFormed(_ token: String) -> Bool {
        (32...64).contains(token.utf8.count) && token.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}

// MARK: - Sessions and the setup code

/// Session tokens as stored and as bound to forms.
enum SessionTokens {
    /// A session ends after 30 days without a request.
    static let idleLifetime: TimeInterval = 30 * 86_400
    /// How often a session's "last seen" is written (not on every request).
    static let touchInterval: TimeInterval = 3_600

    /// The SHA-256 of `token`, as 64 hex digits: what the `session` table keeps.
    static func hash(_ token: String) -> String {
        hex(Sodium.sha256(Array(token.utf8)))
    }

    /// The CSRF token of forms in a signed-in browser: a hash of its session token, so a
    /// token read from one session's page is worthless in another.
    static func csrfToken(for session: String) -> String {
        hex(Sodium.sha256(Array(("fm-csrf:" + session).utf8)))
    }

    private static func hex(_ digest: [UInt8]) -> String {
        digest.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

/// The one-time code `finmind` prints at start so a browser on the network may set the
/// first passcode.
public enum SetupCode {
    private static let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")

    /// A new code of 10 characters from an alphabet without look-alikes, as `XXXXX-XXXXX`
    /// (about 49 bits; guesses are throttled like passcodes).
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let characters = (0..<10).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] }
        return String(characters[0..<5]) + "-" + String(characters[5...])
    }

    /// True when `typed` is `code`, ignoring case, spaces and dashes.
    static func matches(_ typed: String, _ code: String) -> Bool {
        func normal(_ text: String) -> String { text.uppercased().filter { $0 != "-" && $0 != " " } }
        return Tokens.equal(normal(typed), normal(code))
    }
}

// MARK: - Cookies under TLS

extension SecurityHeaders {
    /// Adds `Secure` to every Set-Cookie of `response` that lacks it (served over TLS, no
    /// cookie — CSRF, language, flash, undo or session — may ever travel over plain HTTP).
    static func markCookiesSecure(in response: inout Response) {
        let cookies = response.headers.values("Set-Cookie")
        guard cookies.contains(where: { !isSecure($0) }) else { return }
        response.headers.remove("Set-Cookie")
        for cookie in cookies { response.headers.add("Set-Cookie", isSecure(cookie) ? cookie : cookie + "; Secure") }
    }

    private static func isSecure(_ cookie: String) -> Bool {
        cookie.split(separator: ";").dropFirst().contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "secure" }
    }
}
