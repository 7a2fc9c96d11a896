// libFuzzer target: multipart/form-data bodies (HTTPCore). The input's first line is the
// Content-Type header, the rest the body. scripts/fuzz multipart SECONDS.
import FuzzSupport
import HTTPCore

@main enum FuzzMultipart {
    static func main() {
        runFuzzer { data, size in
            let bytes = fuzzBytes(data, size)
            let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            let contentType = String(decoding: bytes[..<newline], as: UTF8.self)
            let body = Array(bytes[min(newline + 1, bytes.endIndex)...])
            if let parts = try? Multipart.parse(body: body, contentType: contentType) {
                precondition(parts.count <= Multipart.maxParts, "never more parts than the limit")
                precondition(parts.reduce(0) { $0 + $1.body.count } <= body.count, "parts come from the body")
                _ = try? Multipart.fields(of: parts)
            }
            return 0
        }
    }
}
