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

    /// Checks `bytes`: PNG, JPEG or WebP by signature and structure (see `isWellFormed`),
    /// at most 2 MB. Throws `Problem`.
    init(_ bytes: [UInt8]) throws(Problem) {
        try self.init(signature: bytes)
        guard Self.isWellFormed(kind, self.bytes) else { throw .notAnImage }
    }

    /// The first check: the signature only.
    private init(signature bytes: [UInt8]) throws(Problem) {
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

    // MARK: - Structure

    /// Largest width or height accepted.
    static let maxDimension = 16_384

    /// True when the container is a whole, consistent image of its kind: PNG chunks with
    /// their CRCs, a valid header, image data and the end chunk last; JPEG segments with a
    /// frame header of real dimensions, a scan and the end marker; WebP's RIFF size and a
    /// VP8/VP8L/VP8X header with real dimensions. The pixels themselves are not decoded.
    static func isWellFormed(_ kind: Kind, _ bytes: [UInt8]) -> Bool {
        switch kind {
        case .png: return isWellFormedPNG(bytes)
        case .jpeg: return isWellFormedJPEG(bytes)
        case .webp: return isWellFormedWebP(bytes)
        }
    }

    private static func be32(_ b: [UInt8], _ at: Int) -> Int {
        Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
    }

    private static func le(_ b: [UInt8], _ at: Int, _ count: Int) -> Int {
        (0..<count).reduce(0) { $0 | Int(b[at + $1]) << (8 * $1) }
    }

    static func isWellFormedPNG(_ b: [UInt8]) -> Bool {
        var position = 8, index = 0, sawData = false
        while position + 12 <= b.count {
            let length = be32(b, position)
            guard length <= b.count - position - 12 else { return false }
            let type = Array(b[position + 4..<position + 8])
            guard type.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else { return false }
            let crc = UInt32(be32(b, position + 8 + length))
            guard CRC32.checksum(Array(b[position + 4..<position + 8 + length])) == crc else { return false }
            let name = String(decoding: type, as: UTF8.self)
            if index == 0 {
                guard name == "IHDR", length == 13 else { return false }
                let width = be32(b, position + 8), height = be32(b, position + 12)
                let depth = b[position + 16], color = b[position + 17]
                let depths: [UInt8: Set<UInt8>] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
                guard (1...maxDimension).contains(width), (1...maxDimension).contains(height),
                      depths[color]?.contains(depth) == true, b[position + 18] == 0, b[position + 19] == 0, b[position + 20] <= 1
                else { return false }
            }
            if name == "IDAT" { sawData = true }
            position += 12 + length
            index += 1
            if name == "IEND" { return length == 0 && sawData && position == b.count }
        }
        return false
    }

    static func isWellFormedJPEG(_ b: [UInt8]) -> Bool {
        guard b.count >= 4, b[b.count - 2] == 0xFF, b[b.count - 1] == 0xD9 else { return false }
        var position = 2, sawFrame = false
        while position + 4 <= b.count {
            guard b[position] == 0xFF else { return false }
            let marker = b[position + 1]
            if marker == 0xFF { position += 1; continue }
            let length = Int(b[position + 2]) << 8 | Int(b[position + 3])
            guard length >= 2, position + 2 + length <= b.count else { return false }
            if [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF].contains(marker) {
                guard length >= 8 else { return false }
                let precision = b[position + 4]
                let height = Int(b[position + 5]) << 8 | Int(b[position + 6])
                let width = Int(b[position + 7]) << 8 | Int(b[position + 8])
                let components = Int(b[position + 9])
                guard [8, 12].contains(precision), height >= 1, width >= 1, (1...4).contains(components),
                      length == 8 + 3 * components else { return false }
                sawFrame = true
            }
            if marker == 0xDA {
                guard length >= 6 else { return false }
                return sawFrame && position + 2 + length < b.count - 2
            }
            position += 2 + length
        }
        return false
    }

    static func isWellFormedWebP(_ b: [UInt8]) -> Bool {
        guard b.count >= 20, le(b, 4, 4) + 8 == b.count else { return false }
        var position = 12, sawImage = false, first = true
        while position + 8 <= b.count {
            let fourCC = String(decoding: b[position..<position + 4], as: UTF8.self)
            let size = le(b, position + 4, 4)
            guard size <= b.count - position - 8 else { return false }
            let data = position + 8
            switch fourCC {
            case "VP8 ":
                guard size >= 10, b[data] & 1 == 0, b[data + 3] == 0x9D, b[data + 4] == 0x01, b[data + 5] == 0x2A,
                      le(b, data + 6, 2) & 0x3FFF >= 1, le(b, data + 8, 2) & 0x3FFF >= 1 else { return false }
                sawImage = true
            case "VP8L":
                guard size >= 5, b[data] == 0x2F, le(b, data + 1, 4) >> 29 == 0 else { return false }
                sawImage = true
            case "VP8X":
                guard first, size == 10, le(b, data + 4, 3) + 1 <= maxDimension, le(b, data + 7, 3) + 1 <= maxDimension
                else { return false }
            case "ANIM", "ANMF", "ALPH", "ICCP", "EXIF", "XMP ": break
            default: if first { return false }
            }
            first = false
            position = data + size + (size & 1)
        }
        return sawImage && position == b.count
    }
}
