import Testing
import HTTPCore

// Client-controlled text made safe for a log line (Sources/HTTPCore/LogSafe.swift).
@Suite("Log-safe values")
struct LogSafeTests {
    @Test("a logged value is cut to about 100 bytes and its control characters are escaped")
    func clipAndEscape() {
        #expect(LogSafe.clip("localhost:8080") == "localhost:8080")
        let clipped = LogSafe.clip(String(repeating: "é", count: 30_000))
        #expect(clipped.utf8.count < 130 && clipped.hasSuffix("…(60000 bytes)"))
        let escaped = LogSafe.clip("\u{1B}[2Jevil\r\nfake line\u{7F}\u{202E}")
        #expect(!escaped.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x202E })
        #expect(escaped.hasPrefix("\\u{1b}[2Jevil\\u{d}\\u{a}fake line"))
    }

    @Test("escaping leaves plain text alone and writes controls and bidi marks as \\u{…}")
    func escaping() {
        #expect(LogSafe.escaped("Привет, host:8080") == "Привет, host:8080")
        #expect(LogSafe.escaped("a\tb\u{202E}c\u{200F}") == "a\\u{9}b\\u{202e}c\\u{200f}")
        #expect(LogSafe.isBidiControl("\u{2066}") && LogSafe.isBidiControl("\u{200E}"))
        #expect(!LogSafe.isBidiControl("\u{2065}") && !LogSafe.isBidiControl("a"))
        #expect(LogSafe.clip("abcdef", limit: 3) == "abc…(6 bytes)")
    }
}
