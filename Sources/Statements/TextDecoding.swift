// Turning a statement's bytes into UTF-8 text: byte-order marks, UTF-16, the two Windows
// code pages Russian and Western banks still write (1251, 1252), and the guess between them.
// docs/engine-rules.md, "Bank statements: reading the file".

// MARK: - Decoding

enum TextDecoding {
    /// The bytes as UTF-8 text in `encoding`, without a byte-order mark. Invalid UTF-8 and
    /// unpaired UTF-16 surrogates become U+FFFD; the code pages never fail.
    static func decode(_ bytes: [UInt8], as encoding: TextEncoding) -> [UInt8] {
        switch encoding {
        case .utf8:
            let body = hasPrefix(bytes, utf8BOM) ? Array(bytes.dropFirst(3)) : bytes
            return isValidUTF8(body) ? body : Array(String(decoding: body, as: UTF8.self).utf8)
        case .utf16le, .utf16be:
            var start = 0
            if bytes.count >= 2, (encoding == .utf16le && bytes[0] == 0xFF && bytes[1] == 0xFE)
                || (encoding == .utf16be && bytes[0] == 0xFE && bytes[1] == 0xFF) { start = 2 }
            return utf16(bytes, from: start, littleEndian: encoding == .utf16le)
        case .cp1251: return codePage(bytes, table: cp1251)
        case .cp1252: return codePage(bytes, table: cp1252)
        }
    }

    /// The encoding a byte-order mark names, if the bytes start with one.
    static func encodingFromBOM(_ bytes: [UInt8]) -> TextEncoding? {
        if hasPrefix(bytes, utf8BOM) { return .utf8 }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE { return .utf16le }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF { return .utf16be }
        return nil
    }

    /// UTF-16 without a mark, told by its zero bytes: plain-Latin text in UTF-16 has a zero in
    /// every other byte (odd positions for little-endian). Nil when the pattern is not there.
    static func bomlessUTF16(_ bytes: [UInt8]) -> TextEncoding? {
        let sample = bytes.prefix(2048)
        guard sample.count >= 8 else { return nil }
        var zeroEven = 0, zeroOdd = 0
        for (index, byte) in sample.enumerated() where byte == 0 {
            if index % 2 == 0 { zeroEven += 1 } else { zeroOdd += 1 }
        }
        let half = sample.count / 2
        if zeroOdd * 10 >= half * 3, zeroEven == 0 { return .utf16le }
        if zeroEven * 10 >= half * 3, zeroOdd == 0 { return .utf16be }
        return nil
    }

    /// Without a mark or a header: UTF-8 when the bytes are valid UTF-8, else cp1251 when the
    /// text reads as Cyrillic (`looksCyrillic`), else cp1252.
    static func guess(_ bytes: [UInt8]) -> TextEncoding {
        if isValidUTF8(bytes) { return .utf8 }
        return looksCyrillic(bytes) ? .cp1251 : .cp1252
    }

    /// True when, read as cp1251, more than half the letters are Cyrillic, or most words with a
    /// non-ASCII letter are whole words of three or more such letters ("Оплата" in a file full
    /// of Latin merchant names). A Western file's "é" and "ü" sit inside Latin words.
    static func looksCyrillic(_ bytes: [UInt8]) -> Bool {
        var latin = 0, cyrillic = 0
        var wordsWithHigh = 0, cyrillicWords = 0
        var wordLength = 0, wordHigh = 0
        func endWord() {
            if wordHigh > 0 {
                wordsWithHigh += 1
                if wordHigh == wordLength, wordLength >= 3 { cyrillicWords += 1 }
            }
            wordLength = 0; wordHigh = 0
        }
        for byte in bytes {
            if (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) {
                latin += 1; wordLength += 1
            } else if byte >= 0x80, (0x0400...0x04FF).contains(cp1251[Int(byte - 0x80)]) {
                cyrillic += 1; wordLength += 1; wordHigh += 1
            } else {
                endWord()
            }
        }
        endWord()
        if cyrillic * 2 > latin + cyrillic { return true }
        return wordsWithHigh > 0 && cyrillicWords * 2 > wordsWithHigh
    }

    // MARK: UTF-8

    static let utf8BOM: [UInt8] = [0xEF, 0xBB, 0xBF]

    static func hasPrefix(_ bytes: [UInt8], _ prefix: [UInt8]) -> Bool {
        bytes.count >= prefix.count && bytes[0..<prefix.count].elementsEqual(prefix)
    }

    /// Strict UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF.
    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            let count = buffer.count
            while index < count {
                let lead = buffer[index]
                if lead < 0x80 { index += 1; continue }
                let length: Int
                var low: UInt8 = 0x80, high: UInt8 = 0xBF
                switch lead {
                case 0xC2...0xDF: length = 2
                case 0xE0: length = 3; low = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: length = 3
                case 0xED: length = 3; high = 0x9F
                case 0xF0: length = 4; low = 0x90
                case 0xF1...0xF3: length = 4
                case 0xF4: length = 4; high = 0x8F
                default: return false
                }
                guard index + length <= count else { return false }
                let second = buffer[index + 1]
                guard second >= low, second <= high else { return false }
                var next = index + 2
                while next < index + length {
                    guard buffer[next] & 0xC0 == 0x80 else { return false }
                    next += 1
                }
                index += length
            }
            return true
        }
    }

    static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80: out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6)); out.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12)); out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18)); out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F)); out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    // MARK: UTF-16

    static func utf16(_ bytes: [UInt8], from start: Int, littleEndian: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = start
        func unit(_ at: Int) -> UInt32 {
            littleEndian ? UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 : UInt32(bytes[at]) << 8 | UInt32(bytes[at + 1])
        }
        while index + 1 < bytes.count {
            let first = unit(index)
            index += 2
            if (0xD800...0xDBFF).contains(first) {
                if index + 1 < bytes.count, case let second = unit(index), (0xDC00...0xDFFF).contains(second) {
                    index += 2
                    appendUTF8(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00), to: &out)
                } else {
                    appendUTF8(0xFFFD, to: &out)
                }
            } else if (0xDC00...0xDFFF).contains(first) {
                appendUTF8(0xFFFD, to: &out)
            } else {
                appendUTF8(first, to: &out)
            }
        }
        return out
    }

    // MARK: Code pages

    static func codePage(_ bytes: [UInt8], table: [UInt32]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 2)
        for byte in bytes {
            if byte < 0x80 { out.append(byte) } else { appendUTF8(table[Int(byte - 0x80)], to: &out) }
        }
        return out
    }

    /// Windows-1251, bytes 0x80…0xFF (0x98 is unassigned and kept as U+0098).
    static let cp1251: [UInt32] = [
        0x0402, 0x0403, 0x201A, 0x0453, 0x201E, 0x2026, 0x2020, 0x2021,
        0x20AC, 0x2030, 0x0409, 0x2039, 0x040A, 0x040C, 0x040B, 0x040F,
        0x0452, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x0098, 0x2122, 0x0459, 0x203A, 0x045A, 0x045C, 0x045B, 0x045F,
        0x00A0, 0x040E, 0x045E, 0x0408, 0x00A4, 0x0490, 0x00A6, 0x00A7,
        0x0401, 0x00A9, 0x0404, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x0407,
        0x00B0, 0x00B1, 0x0406, 0x0456, 0x0491, 0x00B5, 0x00B6, 0x00B7,
        0x0451, 0x2116, 0x0454, 0x00BB, 0x0458, 0x0405, 0x0455, 0x0457,
        0x0410, 0x0411, 0x0412, 0x0413, 0x0414, 0x0415, 0x0416, 0x0417,
        0x0418, 0x0419, 0x041A, 0x041B, 0x041C, 0x041D, 0x041E, 0x041F,
        0x0420, 0x0421, 0x0422, 0x0423, 0x0424, 0x0425, 0x0426, 0x0427,
        0x0428, 0x0429, 0x042A, 0x042B, 0x042C, 0x042D, 0x042E, 0x042F,
        0x0430, 0x0431, 0x0432, 0x0433, 0x0434, 0x0435, 0x0436, 0x0437,
        0x0438, 0x0439, 0x043A, 0x043B, 0x043C, 0x043D, 0x043E, 0x043F,
        0x0440, 0x0441, 0x0442, 0x0443, 0x0444, 0x0445, 0x0446, 0x0447,
        0x0448, 0x0449, 0x044A, 0x044B, 0x044C, 0x044D, 0x044E, 0x044F,
    ]

    /// Windows-1252, bytes 0x80…0xFF (0x81, 0x8D, 0x8F, 0x90, 0x9D are unassigned and kept).
    static let cp1252: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
        0x00A0, 0x00A1, 0x00A2, 0x00A3, 0x00A4, 0x00A5, 0x00A6, 0x00A7,
        0x00A8, 0x00A9, 0x00AA, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x00AF,
        0x00B0, 0x00B1, 0x00B2, 0x00B3, 0x00B4, 0x00B5, 0x00B6, 0x00B7,
        0x00B8, 0x00B9, 0x00BA, 0x00BB, 0x00BC, 0x00BD, 0x00BE, 0x00BF,
        0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C6, 0x00C7,
        0x00C8, 0x00C9, 0x00CA, 0x00CB, 0x00CC, 0x00CD, 0x00CE, 0x00CF,
        0x00D0, 0x00D1, 0x00D2, 0x00D3, 0x00D4, 0x00D5, 0x00D6, 0x00D7,
        0x00D8, 0x00D9, 0x00DA, 0x00DB, 0x00DC, 0x00DD, 0x00DE, 0x00DF,
        0x00E0, 0x00E1, 0x00E2, 0x00E3, 0x00E4, 0x00E5, 0x00E6, 0x00E7,
        0x00E8, 0x00E9, 0x00EA, 0x00EB, 0x00EC, 0x00ED, 0x00EE, 0x00EF,
        0x00F0, 0x00F1, 0x00F2, 0x00F3, 0x00F4, 0x00F5, 0x00F6, 0x00F7,
        0x00F8, 0x00F9, 0x00FA, 0x00FB, 0x00FC, 0x00FD, 0x00FE, 0x00FF,
    ]
}
