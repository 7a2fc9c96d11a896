// Making client-controlled text safe to write into a log line.

/// Escaping and clipping for values a client controls (Host headers, paths, remote error
/// texts) before they are logged.
public enum LogSafe {
    /// The longest client value kept in a log line, in UTF-8 bytes.
    public static let valueLimit = 100

    /// `text` with control characters escaped (see `escaped`) and cut to `limit` UTF-8
    /// bytes on a Unicode scalar boundary, with `…(N bytes)` saying how long it was. Looks at no
    /// more of `text` than it keeps, so a 60 KB header costs no more than a short one.
    public static func clip(_ text: String, limit: Int = valueLimit) -> String {
        var kept = String.UnicodeScalarView()
        var bytes = 0
        var complete = true
        for scalar in text.unicodeScalars {
            let piece = needsEscape(scalar) ? Array("\\u{\(String(scalar.value, radix: 16))}".unicodeScalars) : [scalar]
            let size = piece.reduce(0) { $0 + UTF8.width($1) }
            if bytes + size > limit {
                complete = false
                break
            }
            kept.append(contentsOf: piece)
            bytes += size
        }
        return complete ? String(kept) : String(kept) + "…(\(text.utf8.count) bytes)"
    }

    /// `text` with every control or bidirectional-formatting character (ESC, CR, LF, DEL,
    /// C1 controls, U+202A–202E, U+2066–2069, U+200E/F) written as `\u{…}`, so a log line
    /// stays one line and cannot move the cursor or reorder what a terminal shows.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || isBidiControl(scalar)
    }

    /// True for the bidirectional formatting characters (embeddings, overrides, isolates,
    /// and the left-to-right / right-to-left marks).
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            || scalar.value == 0x200E || scalar.value == 0x200F
    }
}
