// Strict decoding of form bodies, query strings and request paths.
// Anything malformed is an error (the server answers 400), never a guess.

// MARK: - Errors

/// Why a request's path, query or body could not be decoded.
public enum RequestDecodingError: Error, Equatable, Sendable {
    /// A `%` not followed by two hexadecimal digits.
    case malformedPercentEncoding
    /// The decoded bytes are not valid UTF-8 (including overlong forms and surrogates).
    case invalidUTF8
    /// A decoded path holds NUL or another control character.
    case controlCharacter
    /// A multipart body breaks the format; the text says where.
    case malformedMultipart(String)
    /// A multipart Content-Type without a usable `boundary` parameter.
    case missingBoundary
    /// A multipart body with more parts than we accept.
    case tooManyParts
    /// A query string with more parameters than any page reads.
    case tooManyParameters
}

// MARK: - Form fields

/// Decoded form fields: name/value pairs in the order they were sent.
public struct FormFields: Sendable, Equatable {
    /// Every pair, in order; a name may repeat (checkboxes, multi-selects).
    public var pairs: [(name: String, value: String)]

    /// Creates fields from name/value pairs, in order.
    public init(_ pairs: [(String, String)] = []) {
        self.pairs = pairs.map { (name: $0.0, value: $0.1) }
    }

    /// The first value sent under `name`, or nil when there is none.
    public subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Every value sent under `name`, in order; empty when there is none.
    public func values(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    /// True when both hold the same pairs in the same order.
    public static func == (lhs: FormFields, rhs: FormFields) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value }
    }
}

// MARK: - Decoding

/// Decoders for `application/x-www-form-urlencoded` bodies, query strings and paths.
public enum FormDecoding {
    /// Decodes an `application/x-www-form-urlencoded` body.
    ///
    /// `+` is a space, `%XX` a byte; empty pairs (`a=1&&b=2`) are skipped and a name
    /// without `=` gets the value "". Returns the fields in order.
    /// Throws `.malformedPercentEncoding` for a bad or truncated `%XX` and
    /// `.invalidUTF8` when a decoded name or value is not UTF-8.
    public static func urlEncoded(_ bytes: some Collection<UInt8>) throws(RequestDecodingError) -> FormFields {
        let bytes = Array(bytes)
        var fields = FormFields()
        for piece in bytes.split(separator: ASCII.ampersand, omittingEmptySubsequences: true) {
            let name: ArraySlice<UInt8>
            let value: ArraySlice<UInt8>
            if let equals = piece.firstIndex(of: ASCII.equals) {
                name = piece[piece.startIndex..<equals]
                value = piece[(equals + 1)...]
            } else {
                name = piece
                value = []
            }
            fields.pairs.append((name: try decodeText(name, plusIsSpace: true),
                                 value: try decodeText(value, plusIsSpace: true)))
        }
        return fields
    }

    /// Decodes a raw query string (the part after `?`) with the same rules as `urlEncoded`.
    /// Throws `.malformedPercentEncoding` or `.invalidUTF8`.
    public static func query(_ raw: String) throws(RequestDecodingError) -> FormFields {
        try urlEncoded(raw.utf8)
    }

    /// Percent-decodes a request path (`+` stays `+`; `%2F` becomes `/`).
    ///
    /// Returns the decoded path. Throws `.malformedPercentEncoding` for a bad `%XX`,
    /// `.invalidUTF8` when the result is not UTF-8 and `.controlCharacter` when it
    /// holds NUL or another control character (U+0000–001F, U+007F–009F).
    public static func percentDecodePath(_ raw: String) throws(RequestDecodingError) -> String {
        let path = try decodeText(ArraySlice(raw.utf8), plusIsSpace: false)
        if path.unicodeScalars.contains(where: isControl) { throw .controlCharacter }
        return path
    }

    // MARK: - Helpers shared inside HTTPCore

    /// Percent-decodes `bytes` and returns them as UTF-8 text.
    static func decodeText(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) throws(RequestDecodingError) -> String {
        try utf8String(percentDecoded(bytes, plusIsSpace: plusIsSpace))
    }

    /// Percent-decodes `bytes`; throws `.malformedPercentEncoding` on a bad `%XX`.
    static func percentDecoded(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) throws(RequestDecodingError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let byte = bytes[i]
            if byte == ASCII.percent {
                guard i + 2 < bytes.endIndex,
                      let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2])
                else { throw .malformedPercentEncoding }
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(plusIsSpace && byte == ASCII.plus ? ASCII.space : byte)
                i += 1
            }
        }
        return out
    }

    /// Returns `bytes` as a String, or throws `.invalidUTF8` when they are not strict UTF-8.
    static func utf8String(_ bytes: some Collection<UInt8>) throws(RequestDecodingError) -> String {
        // Decoding replaces every invalid sequence with U+FFFD, so the bytes round-trip
        // exactly when, and only when, the input was valid. (`String(validating:)` would
        // need macOS 15.)
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else { throw .invalidUTF8 }
        return text
    }

    /// True for the Unicode control characters (general category Cc).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

// MARK: - ASCII bytes

/// The ASCII bytes the decoders look for.
enum ASCII {
    static let ampersand = UInt8(ascii: "&")
    static let equals = UInt8(ascii: "=")
    static let percent = UInt8(ascii: "%")
    static let plus = UInt8(ascii: "+")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")
    static let dash = UInt8(ascii: "-")
}

// MARK: - Text helpers

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
