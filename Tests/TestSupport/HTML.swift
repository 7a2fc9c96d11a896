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

    /// What a browser posts for the form whose action is `action` as rendered (no field changed):
    /// every named input's value (a checkbox or radio only when checked), each select's selected
    /// option (else its first), each textarea's text, in document order. Only POST forms (a GET
    /// form may share the action, as the quick-entry box does).
    public static func fields(in html: String, action: String) -> [(String, String)] {
        var rest = Substring(html)
        while let open = rest.range(of: "<form") {
            let form = rest[open.lowerBound...]
            let end = form.range(of: "</form>")?.upperBound ?? form.endIndex
            let body = String(form[..<end])
            rest = form[end...]
            guard unescape(attribute("action", in: Substring(body)) ?? "").split(separator: "?").first.map(String.init) == action,
                  body.prefix { $0 != ">" }.contains(#"method="post""#) else { continue }
            var fields: [(String, String)] = []
            let tag = try! NSRegularExpression(pattern: #"<(input|select|textarea)\b([^>]*)>"#, options: [.caseInsensitive])
            for match in tag.matches(in: body, range: NSRange(body.startIndex..., in: body)) {
                let kind = String(body[Range(match.range(at: 1), in: body)!]).lowercased()
                let attributes = Substring(" " + body[Range(match.range(at: 2), in: body)!])
                guard let name = attribute("name", in: attributes).map(unescape) else { continue }
                let after = body[Range(match.range, in: body)!.upperBound...]
                switch kind {
                case "input":
                    let type = attribute("type", in: attributes) ?? "text"
                    if (type == "checkbox" || type == "radio") && !attributes.contains(" checked") { continue }
                    if type == "submit" || type == "button" { continue }
                    fields.append((name, unescape(attribute("value", in: attributes) ?? "")))
                case "select":
                    let options = String(after[..<(after.range(of: "</select>")?.lowerBound ?? after.endIndex)])
                    let chosen = options.components(separatedBy: "<option").dropFirst().first { $0.contains(" selected") }
                        ?? options.components(separatedBy: "<option").dropFirst().first
                    fields.append((name, unescape(chosen.flatMap { attribute("value", in: Substring($0)) } ?? "")))
                default:
                    fields.append((name, unescape(String(after[..<(after.range(of: "</textarea>")?.lowerBound ?? after.endIndex)]))))
                }
            }
            return fields
        }
        return []
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

