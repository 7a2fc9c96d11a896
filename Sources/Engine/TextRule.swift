// The one rule for the text a household's data takes in (docs/product-rules.md,
// "Ground limits"): forms, quick entry and the Advisor's actions refuse text that breaks it (the
// person sees why); bank statements and imported documents are cleaned by it (a bank's payee
// cannot be retyped), so everything stored keeps it and an export always imports again.

/// Which characters stored text may hold.
public enum TextRule {
    /// True for a character no stored text keeps: a control character (line breaks too, unless
    /// the caller keeps them) or a format character (the bidirectional embeddings, overrides,
    /// isolates and marks U+202A–202E, U+2066–2069, U+200E/F and U+061C, zero-width spaces, the
    /// byte-order mark, the soft hyphen, invisible operators, tags), except the zero-width
    /// non-joiner and joiner (U+200C/D), which emoji sequences and several scripts need.
    public static func isUnwanted(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control: true
        case .format: scalar.value != 0x200C && scalar.value != 0x200D
        default: false
        }
    }

    /// True when `text` holds an unwanted character (`\n` allowed with `lineBreaks`).
    public static func breaks(_ text: String, lineBreaks: Bool = false) -> Bool {
        text.unicodeScalars.contains { isUnwanted($0) && !(lineBreaks && $0 == "\n") }
    }

    /// `text` with control characters as spaces (`\n` kept with `lineBreaks`), unwanted format
    /// characters dropped, and spaces and line breaks trimmed at both ends. (Callers normalise
    /// to NFC first: this target has no Foundation.)
    public static func cleaned(_ text: String, lineBreaks: Bool = false) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if lineBreaks && scalar == "\n" { scalars.append(scalar); continue }
            switch scalar.properties.generalCategory {
            case .control: scalars.append(" ")
            case .format where isUnwanted(scalar): continue
            default: scalars.append(scalar)
            }
        }
        let kept = String(scalars)
        let isBlank: (Character) -> Bool = { $0.isWhitespace }
        guard let first = kept.firstIndex(where: { !isBlank($0) }), let last = kept.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(kept[first...last])
    }
}
