// Parsing of amounts and rates typed by people into forms (docs/engine-rules.md, "Typed amounts and rates").

// MARK: - Decimal numbers

/// A non-negative decimal number typed by a person, split into its digits.
private struct TypedDecimal {
    var integerDigits: [UInt8] = []
    var fractionDigits: [UInt8] = []

    /// Reads `text` (surrounding whitespace ignored): digits, optionally one decimal
    /// mark (`,` or `.`) followed by one or two digits. When `allowsGrouping`, single
    /// spaces (U+0020, U+00A0, U+202F) may separate digits of the integer part.
    /// Returns nil on anything else (signs, letters, a mark without digits after it).
    init?(_ text: String, allowsGrouping: Bool) {
        let scalars = Array(text.unicodeScalars.drop(while: \.properties.isWhitespace)
            .reversed().drop(while: \.properties.isWhitespace).reversed())
        guard !scalars.isEmpty else { return nil }
        var seenMark = false
        var previousWasSeparator = false
        for scalar in scalars {
            switch scalar {
            case "0"..."9":
                let digit = UInt8(scalar.value - 48)
                if seenMark { fractionDigits.append(digit) } else { integerDigits.append(digit) }
                previousWasSeparator = false
            case ",", ".":
                guard !seenMark, !integerDigits.isEmpty, !previousWasSeparator else { return nil }
                seenMark = true
            case " ", "\u{00A0}", "\u{202F}":
                guard allowsGrouping, !seenMark, !integerDigits.isEmpty, !previousWasSeparator else { return nil }
                previousWasSeparator = true
            default:
                return nil
            }
        }
        guard !integerDigits.isEmpty, !previousWasSeparator else { return nil }
        if seenMark { guard (1...2).contains(fractionDigits.count) else { return nil } }
    }

    /// The number in hundredths (two implied decimals), or nil when it overflows `Int64`.
    var hundredths: Int64? {
        var value: Int64 = 0
        for digit in integerDigits + fractionDigits + Array(repeating: 0, count: 2 - fractionDigits.count) {
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = times10.addingReportingOverflow(Int64(digit))
            if o1 || o2 { return nil }
            value = next
        }
        return value
    }
}

// MARK: - Money

extension Money {
    /// Parses an amount as people type it: `1 234,50`, `1234.5`, `1 234`, `0,5`.
    /// Group separators are single spaces (U+0020, U+00A0 or U+202F) between digits of
    /// the integer part (any group length is accepted); the decimal mark is `,` or `.`
    /// with one or two digits after it. No sign, no currency symbol.
    /// Returns nil on anything else or when the value does not fit; the 1…10^12 range
    /// check is the caller's.
    public static func parse(_ text: String) -> Money? {
        guard let number = TypedDecimal(text, allowsGrouping: true), let units = number.hundredths else { return nil }
        return Money(minorUnits: units)
    }
}

// MARK: - APR

extension APR {
    /// Parses a yearly rate in percent as people type it: `14.99`, `14,99`, `15`.
    /// At most two decimals, no sign, no `%`, no group separators. Returns nil on
    /// anything else; the 0…100 % range check is the caller's.
    public static func parse(_ text: String) -> APR? {
        guard let number = TypedDecimal(text, allowsGrouping: false), let value = number.hundredths else { return nil }
        return APR(hundredths: value)
    }
}
