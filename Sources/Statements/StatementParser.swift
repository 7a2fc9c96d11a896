// Reading a bank statement: refuse what is not one, decide the encoding and the format by
// content (never by the file's name), then hand the text to the CSV, OFX, QIF, MT940 or CAMT reader.
// docs/engine-rules.md, "Bank statements: reading the file".

/// The statement reader: bytes in, rows and row errors out. Pure and deterministic.
public enum StatementParser {
    /// Reads a whole statement file.
    /// Throws `.empty` (no bytes, or only blanks), `.zip` (a ZIP or .xlsx), `.binary` (an image,
    /// a PDF, NUL bytes or mostly control characters), `.tooManyRows` (more than
    /// `options.rowLimit` rows), `.otherCurrency` (an OFX, or a CSV whose one currency, is not
    /// `options.currency`) or `.unrecognised` (no header with a date and an amount, no
    /// transactions). A bad row never throws: it becomes a `RowError` and the rest is read.
    public static func parse(_ bytes: [UInt8], options: ParseOptions) throws(StatementError) -> ParsedStatement {
        let (text, encoding) = try checkedText(bytes, options: options)
        switch sniffFormat(text) {
        case .ofx: return try OFXReader.read(text, encoding: encoding, options: options)
        case .qif: return try QIFReader.read(text, encoding: encoding, options: options)
        case .mt940: return try MT940Reader.read(text, encoding: encoding, options: options)
        case .camt: return try CAMTReader.read(text, encoding: encoding, options: options)
        case .csv: return try CSVStatementReader.read(text, encoding: encoding, options: options)
        }
    }

    // MARK: - Sniffing

    /// The format by content: `OFXHEADER:` or an `<OFX>` tag → OFX; a first non-blank line
    /// starting `!Type:`, `!Account`, `!Option` or `!Clear` → QIF; a `<Document` (or `<x:Document`)
    /// naming `camt.053` → CAMT; a line starting `:20:` with one starting `:25:`, or a SWIFT envelope
    /// `{1:F01` → MT940; anything else → CSV.
    /// `text` is UTF-8 (see `decodedText`).
    public static func sniffFormat(_ text: [UInt8]) -> StatementFormat {
        let head = Array(text.prefix(16_384)).map(asciiLower)
        let start = head.firstIndex(where: { !isBlank($0) && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }) ?? 0
        if starts(head, at: start, with: "ofxheader") || contains(head, "<?ofx") || containsOFXTag(head) { return .ofx }
        if head[start...].first == UInt8(ascii: "!") {
            for word in ["!type", "!account", "!option", "!clear"] where starts(head, at: start, with: word) { return .qif }
        }
        if contains(head, "camt.053"), contains(head, "<document") || contains(head, ":document") { return .camt }
        if starts(head, at: start, with: "{1:f01") || (startsLine(head, ":20:") && startsLine(head, ":25:")) { return .mt940 }
        return .csv
    }

    /// The encoding a file is read in: `override` when given; else a byte-order mark; else an
    /// OFX header's CHARSET/ENCODING (or an XML declaration's encoding); else UTF-16 told by its
    /// zero bytes; else strict UTF-8; else cp1251 when the text reads as Cyrillic, else cp1252.
    public static func detectEncoding(_ bytes: [UInt8], override: TextEncoding? = nil) -> TextEncoding {
        if let override { return override }
        if let marked = TextDecoding.encodingFromBOM(bytes) { return marked }
        if let declared = ofxDeclaredEncoding(bytes) { return declared }
        if let wide = TextDecoding.bomlessUTF16(bytes) { return wide }
        return TextDecoding.guess(bytes)
    }

    /// The bytes as UTF-8 text in the encoding `detectEncoding` picks (or `encoding`).
    public static func decodedText(_ bytes: [UInt8], encoding: TextEncoding? = nil) -> (text: [UInt8], encoding: TextEncoding) {
        let chosen = detectEncoding(bytes, override: encoding)
        return (TextDecoding.decode(bytes, as: chosen), chosen)
    }

    // MARK: - Refusals

    /// The file as UTF-8 text with the encoding it was read in, once the refusals every reading
    /// shares have passed: not text at all (`refuseNonText`), control characters, only blanks (`.empty`).
    static func checkedText(_ bytes: [UInt8], options: ParseOptions) throws(StatementError) -> (text: [UInt8], encoding: TextEncoding) {
        try refuseNonText(bytes)
        let (text, encoding) = decodedText(bytes, encoding: options.encoding)
        try refuseControlCharacters(text)
        guard text.contains(where: { !isBlank($0) }) else { throw .empty }
        return (text, encoding)
    }

    /// Throws for files that are not text at all: empty, a ZIP, a known binary signature, or
    /// (when there is no UTF-16 mark) NUL bytes or more than 5 % control characters.
    static func refuseNonText(_ bytes: [UInt8]) throws(StatementError) {
        guard !bytes.isEmpty else { throw .empty }
        if TextDecoding.hasPrefix(bytes, [0x50, 0x4B, 0x03, 0x04]) || TextDecoding.hasPrefix(bytes, [0x50, 0x4B, 0x05, 0x06])
            || TextDecoding.hasPrefix(bytes, [0x50, 0x4B, 0x07, 0x08]) { throw .zip }
        let signatures: [[UInt8]] = [
            [0x89, 0x50, 0x4E, 0x47],              // PNG
            [0xFF, 0xD8, 0xFF],                    // JPEG
            Array("GIF8".utf8), Array("%PDF".utf8),
            [0x7F, 0x45, 0x4C, 0x46],              // ELF
            [0x4D, 0x5A],                          // MZ (Windows executables)
            [0xD0, 0xCF, 0x11, 0xE0],              // old .xls / .doc
            [0x1F, 0x8B],                          // gzip
            Array("Rar!".utf8), [0x37, 0x7A, 0xBC, 0xAF], // RAR, 7z
            Array("RIFF".utf8),                    // WebP and other RIFF media
        ]
        for signature in signatures where TextDecoding.hasPrefix(bytes, signature) { throw .binary }
        if TextDecoding.encodingFromBOM(bytes) == nil, TextDecoding.bomlessUTF16(bytes) == nil {
            try refuseControlCharacters(Array(bytes.prefix(8192)))
        }
    }

    /// Throws `.binary` when the sample holds a NUL byte or more than 5 % control characters
    /// (tab, line breaks, form feed and the DOS end-of-file mark are text).
    static func refuseControlCharacters(_ sample: [UInt8]) throws(StatementError) {
        var controls = 0
        for byte in sample.prefix(8192) {
            if byte == 0 { throw .binary }
            if (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D && byte != 0x0C && byte != 0x1A) || byte == 0x7F {
                controls += 1
            }
        }
        if controls * 20 > min(sample.count, 8192) { throw .binary }
    }

    // MARK: - Helpers

    /// An OFX 1.x header's `CHARSET:1251` / `CHARSET:1252` / `ENCODING:UTF-8`, or an XML
    /// declaration's `encoding="…"`, read from the ASCII head of the file.
    static func ofxDeclaredEncoding(_ bytes: [UInt8]) -> TextEncoding? {
        let head = Array(bytes.prefix(2048)).map(asciiLower)
        guard starts(head, at: head.firstIndex(where: { !isBlank($0) }) ?? 0, with: "ofxheader")
                || contains(head, "<?ofx") || containsOFXTag(head) else { return nil }
        func value(after key: String) -> String? {
            let needle = Array(key.utf8)
            guard needle.count <= head.count,
                  let start = (0...(head.count - needle.count)).first(where: { head[$0..<$0 + needle.count].elementsEqual(needle) })
            else { return nil }
            let rest = head[(start + needle.count)...].drop(while: { $0 == 0x20 || $0 == 0x3D || $0 == 0x22 || $0 == 0x27 || $0 == 0x3A })
            let word = rest.prefix(while: { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D || $0 == 0x5F })
            return String(decoding: word, as: UTF8.self)
        }
        if let encoding = value(after: "encoding"), encoding.contains("utf-8") || encoding == "utf8" {
            return TextDecoding.isValidUTF8(bytes) ? .utf8 : nil
        }
        if let encoding = value(after: "encoding") {
            if encoding.contains("1251") { return .cp1251 }
            if encoding.contains("1252") || encoding.contains("8859-1") || encoding.contains("latin") { return .cp1252 }
        }
        if let charset = value(after: "charset:") {
            if charset.contains("1251") { return .cp1251 }
            if charset.contains("1252") || charset.contains("8859-1") || charset.contains("latin") {
                // Banks copy the sample header: a "1252" file in UTF-8 or full of Cyrillic is read as what it is.
                if TextDecoding.isValidUTF8(bytes) { return bytes.allSatisfy({ $0 < 0x80 }) ? .cp1252 : .utf8 }
                return TextDecoding.looksCyrillic(bytes) ? .cp1251 : .cp1252
            }
        }
        return nil
    }

    static func asciiLower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte }

    static func asciiUpper(_ byte: UInt8) -> UInt8 { byte >= 0x61 && byte <= 0x7A ? byte - 32 : byte }

    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C }

    static func starts(_ bytes: [UInt8], at index: Int, with word: String) -> Bool {
        let needle = Array(word.utf8)
        return index + needle.count <= bytes.count && bytes[index..<index + needle.count].elementsEqual(needle)
    }

    static func contains(_ bytes: [UInt8], _ word: String) -> Bool {
        let needle = Array(word.utf8)
        guard needle.count <= bytes.count else { return false }
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    /// True when a line of `bytes` (the first, or one after a line feed) starts with `word`.
    static func startsLine(_ bytes: [UInt8], _ word: String) -> Bool {
        if starts(bytes, at: 0, with: word) { return true }
        var index = bytes.firstIndex(of: 0x0A)
        while let found = index {
            if starts(bytes, at: found + 1, with: word) { return true }
            index = bytes[(found + 1)...].firstIndex(of: 0x0A)
        }
        return false
    }

    /// `<ofx>` or `<ofx ` in lowercased bytes.
    static func containsOFXTag(_ head: [UInt8]) -> Bool {
        contains(head, "<ofx>") || contains(head, "<ofx ")
    }
}
