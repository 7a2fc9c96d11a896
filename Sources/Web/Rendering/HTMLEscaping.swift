import Mustache

/// The templates' HTML escaping, the same text as swift-mustache's own (each `<`, `>`, `&`, `"`
/// and `'` that is a character by itself becomes `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&#39;`), with
/// a fast path: a value with none of those bytes, most of a page's, is returned as it is instead
/// of being rebuilt character by character (that was about 30 % of the Budget page's render;
/// docs/PERFORMANCE.md).
/// A template opts in with `{{% CONTENT_TYPE: FinMindHTML }}` on its first line; `Renderer`
/// registers it before loading the templates.
struct HTMLEscaping: MustacheContentType {
    static let name = "FinMindHTML"

    func escapeText(_ text: String) -> String { text.htmlEscaped }
}

extension String {
    /// This text escaped for HTML as templates escape `{{value}}` (`HTMLEscaping`).
    var htmlEscaped: String {
        guard utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "&")
            || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }) else { return self }
        // By character, as swift-mustache does: an "&" followed by a combining mark is one
        // character, not "&", and stays as it is.
        var escaped = ""
        escaped.reserveCapacity(utf8.count + 16)
        for character in self {
            switch character {
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "&": escaped += "&amp;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
