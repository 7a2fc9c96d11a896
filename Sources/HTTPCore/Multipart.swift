// Strict `multipart/form-data` parsing (RFC 7578 over RFC 2046), for avatar and CSV
// uploads. Part bodies are kept byte-exact; delimiters are found with memchr/memcmp.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Part

/// One part of a `multipart/form-data` body.
public struct MultipartPart: Sendable, Equatable {
    /// The form field's name (Content-Disposition `name`).
    public var name: String
    /// The uploaded file's name, or nil for a plain field. Browsers send "" for an
    /// empty file input.
    public var filename: String?
    /// The part's Content-Type, or nil when the part has none.
    public var contentType: String?
    /// The part's body, byte for byte.
    public var body: [UInt8]

    /// Creates a part.
    public init(name: String, filename: String? = nil, contentType: String? = nil, body: [UInt8]) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.body = body
    }
}

// MARK: - Parsing

/// The `multipart/form-data` parser.
public enum Multipart {
    /// The most parts one body may hold.
    public static let maxParts = 200
    /// The most bytes one part's header block may hold.
    public static let maxHeaderBytes = 8 * 1024

    /// Parses a `multipart/form-data` body sent with the given Content-Type header.
    ///
    /// Returns the parts in order (a preamble and an epilogue are ignored).
    /// Throws `.missingBoundary` when the Content-Type has no `boundary`,
    /// `.tooManyParts` past `maxParts`, `.invalidUTF8` for a header block that is not
    /// UTF-8, and `.malformedMultipart` for anything else: another media type, a bad
    /// boundary, a missing closing delimiter, a part without a name, headers over
    /// `maxHeaderBytes`.
    public static func parse(body: [UInt8], contentType: String) throws(RequestDecodingError) -> [MultipartPart] {
        let boundary = try boundary(fromContentType: contentType)
        let dashBoundary = Array("--".utf8) + boundary
        let delimiter = Array("\r\n".utf8) + dashBoundary

        // The first delimiter may open the body; otherwise it follows a preamble.
        var position: Int
        if body.starts(with: dashBoundary) {
            position = dashBoundary.count
        } else if let found = firstIndex(of: delimiter, in: body, from: 0) {
            position = found + delimiter.count
        } else {
            throw .malformedMultipart("no opening delimiter")
        }

        var parts: [MultipartPart] = []
        while true {
            // After a delimiter: "--" closes the body; otherwise padding then CRLF.
            if body[position...].starts(with: [ASCII.dash, ASCII.dash]) { return parts }
            while position < body.count, body[position] == ASCII.space || body[position] == ASCII.tab {
                position += 1
            }
            guard body[position...].starts(with: [ASCII.cr, ASCII.lf]) else {
                throw .malformedMultipart(position == body.count ? "missing closing delimiter" : "malformed delimiter line")
            }
            let partStart = position + 2
            guard let partEnd = firstIndex(of: delimiter, in: body, from: partStart) else {
                throw .malformedMultipart("missing closing delimiter")
            }
            guard parts.count < maxParts else { throw .tooManyParts }
            parts.append(try part(body[partStart..<partEnd]))
            position = partEnd + delimiter.count
        }
    }

    /// The fields of the parts that are not files, in order.
    /// Throws `.invalidUTF8` when a field's value is not UTF-8.
    public static func fields(of parts: [MultipartPart]) throws(RequestDecodingError) -> FormFields {
        var fields = FormFields()
        for part in parts where part.filename == nil {
            fields.pairs.append((name: part.name, value: try FormDecoding.utf8String(part.body)))
        }
        return fields
    }

    // MARK: - Content-Type

    /// The boundary bytes from a `multipart/form-data` Content-Type.
    static func boundary(fromContentType contentType: String) throws(RequestDecodingError) -> [UInt8] {
        let header = try HeaderValue.parse(contentType)
        guard header.value.lowercased() == "multipart/form-data" else {
            throw .malformedMultipart("not multipart/form-data")
        }
        guard let boundary = header.parameters["boundary"], !boundary.isEmpty else { throw .missingBoundary }
        let bytes = Array(boundary.utf8)
        // RFC 2046 bchars: 1–70 of DIGIT / ALPHA / '()+_,-./:=? and space, not last.
        let allowed = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ".utf8)
        guard bytes.count <= 70, bytes.allSatisfy(allowed.contains), bytes.last != ASCII.space else {
            throw .malformedMultipart("invalid boundary")
        }
        return bytes
    }

    // MARK: - One part

    /// Parses one part: header lines, a blank line, then the body.
    private static func part(_ bytes: ArraySlice<UInt8>) throws(RequestDecodingError) -> MultipartPart {
        let headerBytes: ArraySlice<UInt8>
        let bodyStart: Int
        if bytes.starts(with: [ASCII.cr, ASCII.lf]) {
            headerBytes = []
            bodyStart = bytes.startIndex + 2
        } else {
            let searchEnd = min(bytes.endIndex, bytes.startIndex + maxHeaderBytes + 4)
            guard let end = firstIndex(of: [ASCII.cr, ASCII.lf, ASCII.cr, ASCII.lf], in: bytes[..<searchEnd]) else {
                throw .malformedMultipart(searchEnd < bytes.endIndex ? "part headers too large" : "part headers not terminated")
            }
            guard end - bytes.startIndex <= maxHeaderBytes else { throw .malformedMultipart("part headers too large") }
            headerBytes = bytes[..<end]
            bodyStart = end + 4
        }

        var disposition: HeaderValue?
        var contentType: String?
        let headerText = try FormDecoding.utf8String(headerBytes)
        for line in headerText.split(separator: "\r\n", omittingEmptySubsequences: false) where !headerBytes.isEmpty {
            guard let colon = line.firstIndex(of: ":"), colon > line.startIndex,
                  !line.first!.isWhitespace, !line.contains("\r"), !line.contains("\n")
            else { throw .malformedMultipart("malformed part header") }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces
            switch name {
            case "content-disposition":
                guard disposition == nil else { throw .malformedMultipart("repeated Content-Disposition") }
                disposition = try HeaderValue.parse(value)
            case "content-type":
                guard contentType == nil else { throw .malformedMultipart("repeated Content-Type") }
                contentType = value
            default:
                continue  // Other part headers (Content-Transfer-Encoding, …) are ignored.
            }
        }

        guard let disposition, disposition.value.lowercased() == "form-data" else {
            throw .malformedMultipart("missing Content-Disposition: form-data")
        }
        guard let name = disposition.parameters["name"], !name.isEmpty else {
            throw .malformedMultipart("part without name")
        }
        let filename = disposition.parameters["filename"]
        if name.unicodeScalars.contains(where: FormDecoding.isControl)
            || filename?.unicodeScalars.contains(where: FormDecoding.isControl) == true {
            throw .malformedMultipart("control character in name")
        }
        return MultipartPart(name: name, filename: filename, contentType: contentType,
                             body: Array(bytes[bodyStart...]))
    }

    // MARK: - Byte search

    /// The index where `needle` first occurs in `haystack` at or after `from`, or nil.
    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        firstIndex(of: needle, in: haystack[from...])
    }

    /// The index (in `haystack`'s own indices) where `needle` first occurs, or nil.
    /// A first-byte scan with memchr, confirmed with memcmp (glibc's memmem needs
    /// _GNU_SOURCE, which Swift's Glibc module does not set).
    private static func firstIndex(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        return haystack.withUnsafeBytes { hay -> Int? in
            needle.withUnsafeBytes { pin -> Int? in
                let base = hay.baseAddress!
                let lastStart = hay.count - pin.count
                var offset = 0
                while offset <= lastStart {
                    guard let hit = memchr(base + offset, Int32(pin[0]), lastStart - offset + 1) else { return nil }
                    let hitOffset = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + hitOffset, pin.baseAddress!, pin.count) == 0 {
                        return haystack.startIndex + hitOffset
                    }
                    offset = hitOffset + 1
                }
                return nil
            }
        }
    }
}

// MARK: - Header values with parameters

/// A header value like `form-data; name="a"; filename="b.png"`: the leading value and
/// its parameters (names lower-cased; quoted strings unescaped).
struct HeaderValue {
    var value: String
    var parameters: [String: String]

    /// Parses `value *( ";" name "=" ( token / quoted-string ) )`.
    /// Throws `.malformedMultipart` on broken syntax or a repeated parameter.
    static func parse(_ text: some StringProtocol) throws(RequestDecodingError) -> HeaderValue {
        let scalars = Array(text.unicodeScalars)
        var i = 0
        func skipSpaces() { while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" { i += 1 } }
        func readToken() -> String {
            var token = String.UnicodeScalarView()
            while i < scalars.count, !";=\" \t".unicodeScalars.contains(scalars[i]), !FormDecoding.isControl(scalars[i]) {
                token.append(scalars[i]); i += 1
            }
            return String(token)
        }

        skipSpaces()
        let value = readToken()
        guard !value.isEmpty else { throw .malformedMultipart("empty header value") }
        var parameters: [String: String] = [:]
        skipSpaces()
        while i < scalars.count {
            guard scalars[i] == ";" else { throw .malformedMultipart("malformed header parameters") }
            i += 1
            skipSpaces()
            if i == scalars.count { break }  // A trailing ";" is tolerated.
            let name = readToken().lowercased()
            guard !name.isEmpty, i < scalars.count, scalars[i] == "=" else {
                throw .malformedMultipart("malformed header parameter")
            }
            i += 1
            var parameterValue = String.UnicodeScalarView()
            if i < scalars.count, scalars[i] == "\"" {
                i += 1
                var closed = false
                while i < scalars.count {
                    let scalar = scalars[i]
                    i += 1
                    if scalar == "\"" { closed = true; break }
                    if scalar == "\\" {
                        guard i < scalars.count else { break }
                        parameterValue.append(scalars[i]); i += 1
                    } else {
                        parameterValue.append(scalar)
                    }
                }
                guard closed else { throw .malformedMultipart("unterminated quoted string") }
            } else {
                parameterValue = readToken().unicodeScalars
            }
            guard parameters[name] == nil else { throw .malformedMultipart("repeated parameter \(name)") }
            parameters[name] = String(parameterValue)
            skipSpaces()
        }
        return HeaderValue(value: value, parameters: parameters)
    }
}
