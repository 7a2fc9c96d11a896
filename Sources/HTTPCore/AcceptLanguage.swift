// Choosing the interface language from the Accept-Language header (RFC 9110 §12.5.4).

// MARK: - Accept-Language

/// Language negotiation from `Accept-Language`.
public enum AcceptLanguage {
    /// The supported language the client prefers most, or `fallback`.
    ///
    /// Ranges are tried by descending q-value (ties keep header order); a range
    /// matches a supported tag exactly (any case) or by primary subtag (`en-US` picks
    /// `en`), and `*` matches any. Tags with `q=0` are never chosen. Returns `fallback`
    /// for a nil, empty or malformed header, or when nothing matches.
    public static func preferred(_ header: String?, supported: [String], fallback: String) -> String {
        guard let header, let ranges = parse(header) else { return fallback }
        let refused = ranges.filter { $0.quality == 0 }.map(\.tag)
        let acceptable = supported.filter { tag in !refused.contains { refuses(range: $0, tag: tag) } }
        let wanted = ranges.enumerated()
            .filter { $0.element.quality > 0 }
            .sorted { ($0.element.quality, -$0.offset) > ($1.element.quality, -$1.offset) }
            .map(\.element.tag)
        for range in wanted {
            if range == "*", let any = acceptable.first { return any }
            if let exact = acceptable.first(where: { $0.lowercased() == range }) { return exact }
            if let similar = acceptable.first(where: { matches(range: range, tag: $0) }) { return similar }
        }
        return fallback
    }

    // MARK: - Parsing

    /// One language range: its lower-cased tag and its q-value in thousandths.
    private struct LanguageRange {
        var tag: String
        var quality: Int
    }

    /// The ranges of the header, or nil when any element is malformed.
    private static func parse(_ header: String) -> [LanguageRange]? {
        var ranges: [LanguageRange] = []
        for element in header.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = element.split(separator: ";", omittingEmptySubsequences: false).map(\.trimmingSpaces)
            if parts.count == 1, parts[0].isEmpty { continue }  // Empty list elements are allowed.
            let tag = parts[0].lowercased()
            guard isLanguageRange(tag), parts.count <= 2 else { return nil }
            var quality = 1000
            if parts.count == 2 {
                guard parts[1].lowercased().hasPrefix("q="), let q = qValue(parts[1].dropFirst(2)) else { return nil }
                quality = q
            }
            ranges.append(LanguageRange(tag: tag, quality: quality))
        }
        return ranges.isEmpty ? nil : ranges
    }

    /// `*` or `1*8ALPHA *("-" 1*8alphanum)`.
    private static func isLanguageRange(_ tag: String) -> Bool {
        if tag == "*" { return true }
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let primary = subtags.first, primary.allSatisfy({ $0 >= "a" && $0 <= "z" }) else { return false }
        return subtags.allSatisfy { subtag in
            (1...8).contains(subtag.count) && subtag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// A q-value (`0`, `0.5`, `0.123`, `1`, `1.000`) in thousandths, or nil.
    private static func qValue(_ text: Substring) -> Int? {
        let pieces = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = pieces.first, whole == "0" || whole == "1" else { return nil }
        var thousandths = whole == "1" ? 1000 : 0
        if pieces.count == 2 {
            let fraction = pieces[1]
            guard fraction.count <= 3, fraction.allSatisfy({ $0 >= "0" && $0 <= "9" }) else { return nil }
            let value = Int(fraction.padding(toLength: 3)) ?? 0
            guard whole == "0" || value == 0 else { return nil }
            thousandths += value
        }
        return thousandths
    }

    /// True when `range` and `tag` are equal or share the primary subtag.
    private static func matches(range: String, tag: String) -> Bool {
        primarySubtag(range) == primarySubtag(tag.lowercased())
    }

    /// True when a `q=0` range rules `tag` out: the same tag, or a bare primary subtag
    /// (`en;q=0` rules out `en-GB`, `en-US;q=0` does not rule out `en`).
    private static func refuses(range: String, tag: String) -> Bool {
        let tag = tag.lowercased()
        return range == tag || (!range.contains("-") && range == primarySubtag(tag))
    }

    private static func primarySubtag(_ tag: String) -> Substring {
        tag.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)[0]
    }
}

private extension Substring {
    /// The text right-padded with "0" to `length` characters.
    func padding(toLength length: Int) -> String {
        String(self) + String(repeating: "0", count: Swift.max(0, length - count))
    }
}
