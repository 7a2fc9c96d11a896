// Reading a daily FX feed for the game's approximate FX table (docs/engine-rules.md, "Refreshing
// the game's FX table from a feed"). Two formats: the Central Bank of Russia's XML_daily.asp
// (windows-1251, rubles per `Nominal` units with a decimal comma) and the ECB's
// eurofxref-daily.xml (units per 1 euro). Pure: bytes in, rates out; the web layer fetches.

/// Which feed a document was.
public enum FXFeedSource: String, Sendable, Equatable {
    /// The Central Bank of Russia daily rates (base RUB).
    case cbr
    /// The European Central Bank reference rates (base EUR).
    case ecb
}

/// Why a feed was refused (nothing is changed).
public enum FXFeedError: Error, Equatable, Sendable {
    /// The XML declares an encoding other than UTF-8, US-ASCII or windows-1251.
    case unsupportedEncoding(String)
    /// The bytes are not valid in the declared encoding.
    case badEncoding
    /// Not well-formed XML (unbalanced tags, a broken tag, no root).
    case malformed
    /// Well-formed, but neither a CBR ValCurs nor an ECB envelope.
    case unknownFormat
    /// The feed's date is missing or not a date.
    case missingDate
    /// A currency the table needs is not in the feed.
    case missingCurrency(String)
    /// A currency's value or nominal is not a positive number in range.
    case badRate(String)
}

/// A parsed feed: its source, its date, and the table's directed pairs "FROM>TO" in units of TO
/// per 1 000 000 units of FROM.
public struct FXFeed: Sendable, Equatable {
    public var source: FXFeedSource
    public var date: Day
    public var ratesPerMillion: [String: Int64]
}

/// The currencies of the game's table.
public let fxFeedCurrencies = ["USD", "EUR", "RUB"]

/// Parses a CBR or ECB daily XML document (`bytes` as served) into the table's six pairs.
/// CBR needs USD, and EUR when it is listed (seed 001: for ru "USD → RUB" is required, "EUR →
/// RUB" only in addition; without EUR only USD↔RUB come back and the EUR pairs are left as they
/// were); ECB needs USD, and RUB when it is listed (the ECB has published no RUB rate since March
/// 2022: without it only USD↔EUR come back and the RUB pairs are left as they were). Rates: value(A) ÷ value(B) × 1 000 000, where value(C) is one unit of C in the
/// feed's base currency as an exact fraction; rounded half to even; each must be ≥ 1.
public func parseFXFeed(_ bytes: [UInt8]) throws(FXFeedError) -> FXFeed {
    let text = try decodeFeedText(bytes)
    let root = try XMLLite.parse(text)
    switch root.localName {
    case "ValCurs":
        guard let date = parseDottedDate(root.attributes["Date"] ?? "") else { throw .missingDate }
        var values: [String: Fraction] = ["RUB": Fraction(num: 1, den: 1)]
        for valute in root.children where valute.localName == "Valute" {
            let code = valute.child("CharCode")?.text.trimmed ?? ""
            guard ["USD", "EUR"].contains(code) else { continue }
            guard let nominal = Int128(valute.child("Nominal")?.text.trimmed ?? ""), (1...1_000_000).contains(nominal),
                  let value = parseDecimal(valute.child("Value")?.text.trimmed ?? ""), value.num > 0
            else { throw .badRate(code) }
            values[code] = Fraction(num: value.num, den: value.den * nominal)
        }
        guard values["USD"] != nil else { throw .missingCurrency("USD") }
        return FXFeed(source: .cbr, date: date, ratesPerMillion: try fxPairs(values))
    case "Envelope":
        var values: [String: Fraction] = ["EUR": Fraction(num: 1, den: 1)]
        var date: Day?
        for cube in root.descendants(named: "Cube") {
            if let time = cube.attributes["time"] { date = Day(iso: time.trimmed) }
            guard let code = cube.attributes["currency"]?.trimmed, ["USD", "RUB"].contains(code) else { continue }
            // rate = units of the currency per 1 EUR, so one unit is 1/rate EUR.
            guard let rate = parseDecimal(cube.attributes["rate"]?.trimmed ?? "", comma: false), rate.num > 0 else { throw .badRate(code) }
            values[code] = Fraction(num: rate.den, den: rate.num)
        }
        guard let date else { throw .missingDate }
        guard values["USD"] != nil else { throw .missingCurrency("USD") }
        return FXFeed(source: .ecb, date: date, ratesPerMillion: try fxPairs(values))
    default:
        throw .unknownFormat
    }
}

/// value(A) ÷ value(B) × 1 000 000 for every ordered pair of distinct known currencies.
private func fxPairs(_ values: [String: Fraction]) throws(FXFeedError) -> [String: Int64] {
    var out: [String: Int64] = [:]
    for a in fxFeedCurrencies {
        for b in fxFeedCurrencies where a != b {
            guard let va = values[a], let vb = values[b] else { continue }
            let rate = roundHalfEven(numerator: va.num * vb.den * 1_000_000, denominator: va.den * vb.num)
            guard rate >= 1, rate <= Int128(Int64.max) else { throw .badRate(a == "RUB" ? b : a) }
            out[FXTable.key(a, b)] = Int64(rate)
        }
    }
    return out
}

/// An exact positive fraction.
private struct Fraction { var num: Int128; var den: Int128 }

/// "92,5000" (or with `comma: false`, "1.0850") → 925000/10000; at most 9 whole and 8 decimal digits.
private func parseDecimal(_ text: String, comma: Bool = true) -> Fraction? {
    let mark: Character = comma ? "," : "."
    let parts = text.split(separator: mark, omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let whole = parts.first, (1...9).contains(whole.count),
          whole.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    let fraction = parts.count == 2 ? parts[1] : ""
    guard fraction.count <= 8, fraction.allSatisfy({ $0.isASCII && $0.isNumber }), parts.count == 1 || !fraction.isEmpty else { return nil }
    guard let num = Int128(String(whole) + String(fraction)) else { return nil }
    var den: Int128 = 1
    for _ in 0..<fraction.count { den *= 10 }
    return Fraction(num: num, den: den)
}

/// "21.11.2026" → 2026-11-21.
private func parseDottedDate(_ text: String) -> Day? {
    let parts = text.trimmed.split(separator: ".")
    guard parts.count == 3, parts[0].count == 2, parts[1].count == 2, parts[2].count == 4 else { return nil }
    return Day(iso: "\(parts[2])-\(parts[1])-\(parts[0])")
}

// MARK: - Encoding

/// The document as text: the XML declaration's encoding (UTF-8 when none) decides how the bytes
/// are read; windows-1251 is decoded by its table, other encodings are refused.
func decodeFeedText(_ bytes: [UInt8]) throws(FXFeedError) -> String {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    let encoding = declaredEncoding(body)?.lowercased() ?? "utf-8"
    switch encoding {
    case "utf-8", "utf8", "us-ascii", "ascii":
        guard let text = String(validating: body, as: UTF8.self) else { throw .badEncoding }
        if encoding.contains("ascii"), body.contains(where: { $0 >= 0x80 }) { throw .badEncoding }
        return text
    case "windows-1251", "cp1251", "cp-1251", "x-cp1251":
        var scalars = String.UnicodeScalarView()
        for byte in body {
            guard let scalar = windows1251(byte) else { throw .badEncoding }
            scalars.append(scalar)
        }
        return String(scalars)
    default:
        throw .unsupportedEncoding(encoding)
    }
}

/// The `encoding="…"` of a leading `<?xml … ?>`, or nil.
private func declaredEncoding(_ body: ArraySlice<UInt8>) -> String? {
    guard body.starts(with: Array("<?xml".utf8)), let end = body.firstIndex(of: UInt8(ascii: ">")) else { return nil }
    let declaration = String(decoding: body[body.startIndex..<end], as: UTF8.self)
    guard let range = declaration.range(of: "encoding") else { return nil }
    var rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" }
    guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
    rest = rest.dropFirst()
    return String(rest.prefix { $0 != quote })
}

/// One windows-1251 byte as Unicode (nil for 0x98, the one unassigned byte).
private func windows1251(_ byte: UInt8) -> Unicode.Scalar? {
    switch byte {
    case 0x00..<0x80: return Unicode.Scalar(byte)
    case 0xC0...0xFF: return Unicode.Scalar(UInt32(byte) - 0xC0 + 0x410)
    case 0x98: return nil
    default:
        let high: [UInt32] = [0x0402, 0x0403, 0x201A, 0x0453, 0x201E, 0x2026, 0x2020, 0x2021, 0x20AC, 0x2030, 0x0409, 0x2039, 0x040A, 0x040C, 0x040B, 0x040F,
                              0x0452, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x0000, 0x2122, 0x0459, 0x203A, 0x045A, 0x045C, 0x045B, 0x045F,
                              0x00A0, 0x040E, 0x045E, 0x0408, 0x00A4, 0x0490, 0x00A6, 0x00A7, 0x0401, 0x00A9, 0x0404, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x0407,
                              0x00B0, 0x00B1, 0x0406, 0x0456, 0x0491, 0x00B5, 0x00B6, 0x00B7, 0x0451, 0x2116, 0x0454, 0x00BB, 0x0458, 0x0405, 0x0455, 0x0457]
        return Unicode.Scalar(high[Int(byte) - 0x80])
    }
}

// MARK: - A small XML reader

/// Just enough XML for the two feeds: elements, attributes, text; comments, processing
/// instructions, a DOCTYPE and CDATA are skipped or kept as text. Tags must balance.
enum XMLLite {
    final class Element {
        let name: String
        var attributes: [String: String] = [:]
        var children: [Element] = []
        var text = ""
        init(name: String) { self.name = name }

        /// The name without a namespace prefix.
        var localName: String { name.split(separator: ":").last.map(String.init) ?? name }
        func child(_ local: String) -> Element? { children.first { $0.localName == local } }
        func descendants(named local: String) -> [Element] {
            var out: [Element] = []
            for c in children {
                if c.localName == local { out.append(c) }
                out += c.descendants(named: local)
            }
            return out
        }
    }

    /// The root element; throws `.malformed` for anything not well-formed enough.
    static func parse(_ text: String) throws(FXFeedError) -> Element {
        let s = Array(text.unicodeScalars)
        var i = 0
        var stack: [Element] = []
        var root: Element?
        func starts(_ p: String) -> Bool {
            let ps = Array(p.unicodeScalars)
            return i + ps.count <= s.count && Array(s[i..<(i + ps.count)]) == ps
        }
        func skip(past p: String) throws(FXFeedError) {
            let ps = Array(p.unicodeScalars)
            while i + ps.count <= s.count {
                if Array(s[i..<(i + ps.count)]) == ps { i += ps.count; return }
                i += 1
            }
            throw .malformed
        }
        while i < s.count {
            if s[i] != "<" {
                var chunk = String.UnicodeScalarView()
                while i < s.count, s[i] != "<" { chunk.append(s[i]); i += 1 }
                let piece = String(chunk)
                if let top = stack.last { top.text += unescape(piece) } else if !piece.trimmed.isEmpty { throw .malformed }
                continue
            }
            if starts("<?") { try skip(past: "?>"); continue }
            if starts("<!--") { try skip(past: "-->"); continue }
            if starts("<![CDATA[") {
                let from = i + 9
                try skip(past: "]]>")
                guard let top = stack.last else { throw .malformed }
                top.text += String(String.UnicodeScalarView(s[from..<(i - 3)]))
                continue
            }
            if starts("<!") { try skip(past: ">"); continue }
            // A tag: read to its '>' outside quotes.
            i += 1
            var body = String.UnicodeScalarView()
            var quote: Unicode.Scalar?
            while i < s.count {
                let c = s[i]
                if let q = quote { if c == q { quote = nil } } else if c == "\"" || c == "'" { quote = c } else if c == ">" { break } else if c == "<" { throw .malformed }
                body.append(c); i += 1
            }
            guard i < s.count else { throw .malformed }
            i += 1
            var tag = String(body)
            if tag.hasPrefix("/") {
                let name = String(tag.dropFirst()).trimmed
                guard let top = stack.popLast(), top.name == name else { throw .malformed }
                continue
            }
            let selfClosing = tag.hasSuffix("/")
            if selfClosing { tag.removeLast() }
            let element = try element(from: tag)
            if let top = stack.last { top.children.append(element) } else {
                guard root == nil else { throw .malformed }
                root = element
            }
            if !selfClosing { stack.append(element) }
        }
        guard stack.isEmpty, let root else { throw .malformed }
        return root
    }

    /// `name a="1" b='2'` → an element with its attributes.
    private static func element(from tag: String) throws(FXFeedError) -> Element {
        let s = Array(tag.unicodeScalars)
        var i = 0
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\n" || c == "\t" || c == "\r" }
        var name = String.UnicodeScalarView()
        while i < s.count, !isSpace(s[i]) { name.append(s[i]); i += 1 }
        guard !name.isEmpty, !name.contains("=") else { throw .malformed }
        let element = Element(name: String(name))
        while true {
            while i < s.count, isSpace(s[i]) { i += 1 }
            if i >= s.count { break }
            var key = String.UnicodeScalarView()
            while i < s.count, s[i] != "=", !isSpace(s[i]) { key.append(s[i]); i += 1 }
            while i < s.count, isSpace(s[i]) { i += 1 }
            guard i < s.count, s[i] == "=" else { throw .malformed }
            i += 1
            while i < s.count, isSpace(s[i]) { i += 1 }
            guard i < s.count, s[i] == "\"" || s[i] == "'" else { throw .malformed }
            let q = s[i]; i += 1
            var value = String.UnicodeScalarView()
            while i < s.count, s[i] != q { value.append(s[i]); i += 1 }
            guard i < s.count, !key.isEmpty else { throw .malformed }
            i += 1
            element.attributes[String(key)] = unescape(String(value))
        }
        return element
    }

    /// The five predefined entities (numeric references are left as they are: the feeds' figures have none).
    private static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingAll("&lt;", "<").replacingAll("&gt;", ">").replacingAll("&quot;", "\"")
            .replacingAll("&apos;", "'").replacingAll("&amp;", "&")
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    fileprivate var trimmed: String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }

    /// Every `target` replaced by `replacement` (Foundation-free).
    fileprivate func replacingAll(_ target: String, _ replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = self[...]
        while let r = rest.firstRange(of: target) {
            out += rest[rest.startIndex..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
