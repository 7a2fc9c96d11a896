import Foundation

/// Small readers of rendered HTML, shared by the page tests and the end-to-end tests.
public enum HTML {
    /// The form whose action is `action` (ignoring its query), or the first with a `_form`
    /// token: its full action, its token and its other hidden fields.
    public static func form(in html: String, action: String? = nil) -> (action: String, token: String, hidden: [(String, String)])? {
        var rest = Substring(html)
        while let open = rest.range(of: "<form") {
            let form = rest[open.lowerBound...]
            let end = form.range(of: "</form>")?.upperBound ?? form.endIndex
            let body = form[..<end]
            rest = form[end...]
            let found = unescape(attribute("action", in: body) ?? "")
            if let action, found.split(separator: "?").first.map(String.init) != action { continue }
            guard let marker = body.range(of: #"name="_form" value=""#) else { continue }
            var hidden: [(String, String)] = []
            for input in body.components(separatedBy: #"<input type="hidden" name=""#).dropFirst() {
                let name = String(input.prefix { $0 != "\"" })
                guard !name.hasPrefix("_"), let value = input.range(of: #"value=""#) else { continue }
                hidden.append((name, unescape(String(input[value.upperBound...].prefix { $0 != "\"" }))))
            }
            return (found, String(body[marker.upperBound...].prefix { $0 != "\"" }), hidden)
        }
        return nil
    }

    /// The `_form` token of the form whose action is `action`, or of the first form with one.
    public static func formToken(in html: String, action: String? = nil) -> String? {
        form(in: html, action: action)?.token
    }

    /// The value of the first `name="…"` attribute in `html`.
    public static func attribute(_ name: String, in html: Substring) -> String? {
        guard let start = html.range(of: " \(name)=\"") else { return nil }
        return String(html[start.upperBound...].prefix { $0 != "\"" })
    }

    /// Undoes the template engine's HTML escaping.
    public static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&#61;", with: "=").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The text between the first `from` and the next `to` after it ("" when absent).
    public static func between(_ html: String, _ from: String, _ to: String) -> String {
        guard let start = html.range(of: from) else { return "" }
        let rest = html[start.upperBound...]
        return String(rest[..<(rest.range(of: to)?.lowerBound ?? rest.endIndex)])
    }

    /// The figure shown in `<dt>label</dt><dd class="num">figure</dd>`.
    public static func figure(_ label: String, in html: String) -> String? {
        guard let dt = html.range(of: "<dt>\(label)</dt><dd class=\"num\">") else { return nil }
        return String(html[dt.upperBound...].prefix { $0 != "<" })
    }
}

