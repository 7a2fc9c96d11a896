// libFuzzer target: URL-encoded form bodies, query strings and request paths (HTTPCore).
// scripts/fuzz form SECONDS (docs/FUZZING.md).
import FuzzSupport
import HTTPCore

@main enum FuzzForm {
    static func main() {
        runFuzzer { data, size in
            let bytes = fuzzBytes(data, size)
            let text = String(decoding: bytes, as: UTF8.self)
            if let fields = try? FormDecoding.urlEncoded(bytes) {
                precondition((try? FormDecoding.urlEncoded(bytes)) == fields, "decoding is deterministic")
                for (name, value) in fields.pairs {
                    precondition(!name.unicodeScalars.contains("\u{FFFD}") || text.unicodeScalars.contains("\u{FFFD}")
                                 || bytes.contains(UInt8(ascii: "%")), "no invented replacement characters")
                    _ = value
                }
            }
            _ = try? FormDecoding.query(text)
            if let path = try? FormDecoding.percentDecodePath(text) {
                precondition(!path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }),
                             "a decoded path never holds control characters")
            }
            return 0
        }
    }
}
