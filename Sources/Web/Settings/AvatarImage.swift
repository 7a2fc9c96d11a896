/// An uploaded picture checked by its bytes (never its name or declared type).
struct AvatarImage: Equatable {
    enum Kind: String {
        case png = "image/png"
        case jpeg = "image/jpeg"
        case webp = "image/webp"
    }

    /// Why a file was refused.
    enum Problem: Error, Equatable {
        case empty, tooLarge, notAnImage
    }

    var kind: Kind
    /// The bytes to store: JPEG with its APPn and COM segments removed (but JFIF and
    /// Adobe, which decoding needs); PNG and WebP as uploaded.
    var bytes: [UInt8]

    static let maxBytes = BodyLimit.avatar

    /// Checks `bytes`: PNG, JPEG or WebP by signature and structure, at most 2 MB.
    /// Throws `Problem`.
    init(_ bytes: [UInt8]) throws(Problem) {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= Self.maxBytes else { throw .tooLarge }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), bytes.count > 33,
           Array(bytes[12..<16]) == Array("IHDR".utf8) {
            kind = .png
            self.bytes = bytes
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            guard let stripped = Self.strippedJPEG(bytes) else { throw .notAnImage }
            kind = .jpeg
            self.bytes = stripped
        } else if bytes.count > 16, Array(bytes[0..<4]) == Array("RIFF".utf8), Array(bytes[8..<12]) == Array("WEBP".utf8),
                  ["VP8 ", "VP8L", "VP8X"].contains(String(decoding: bytes[12..<16], as: UTF8.self)) {
            kind = .webp
            self.bytes = bytes
        } else {
            throw .notAnImage
        }
    }

    /// The JPEG without metadata segments (EXIF, XMP, ICC, comments…), or nil when its
    /// segment structure is broken before the image data.
    static func strippedJPEG(_ bytes: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = [0xFF, 0xD8]
        var position = 2
        while position + 4 <= bytes.count {
            guard bytes[position] == 0xFF else { return nil }
            let marker = bytes[position + 1]
            if marker == 0xFF { position += 1; continue }  // fill byte
            let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            guard length >= 2, position + 2 + length <= bytes.count else { return nil }
            let segment = bytes[position..<position + 2 + length]
            let payload = bytes[position + 4..<position + 2 + length]
            let keep: Bool
            switch marker {
            case 0xE0: keep = payload.starts(with: Array("JFIF\0".utf8))
            case 0xEE: keep = payload.starts(with: Array("Adobe".utf8))
            case 0xE1...0xEF, 0xFE: keep = false
            default: keep = true
            }
            if keep { out += segment }
            position += 2 + length
            if marker == 0xDA {  // start of scan: the rest is image data
                out += bytes[position...]
                return out
            }
        }
        return nil
    }
}
