import HTTPCore

/// A JSON value with ordered object keys, serialised exactly (integers stay integers,
/// null stays null), for the read-only API and the export.
enum JSON: Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])
    /// A number written as given (a fixed-point decimal such as "0.75"; the caller makes it valid).
    case number(String)

    static func == (lhs: JSON, rhs: JSON) -> Bool { lhs.text == rhs.text }

    /// A string, or null for nil.
    static func optional(_ text: String?) -> JSON { text.map(JSON.string) ?? .null }
    /// An integer, or null for nil.
    static func optional(_ number: Int64?) -> JSON { number.map(JSON.integer) ?? .null }

    /// The compact serialisation.
    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .integer(let number): out += String(number)
        case .number(let text): out += text
        case .string(let text): Self.quote(text, into: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                Self.quote(member.0, into: &out)
                out += ":"
                member.1.write(to: &out)
            }
            out += "}"
        }
    }

    private static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// A 200 response carrying this value.
    func response() -> Response {
        var response = Response(status: .ok, contentType: "application/json; charset=utf-8", text: text)
        response.headers.add("Cache-Control", "no-store")
        return response
    }
}
