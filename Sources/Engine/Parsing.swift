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

// MARK: - Amounts as labels show them

/// Why a typed amount was refused.
public enum TypedAmountError: Error, Equatable, Sendable {
    /// Not a number with at most two decimals.
    case format
    /// A currency symbol or code other than the household's, as typed (e.g. "$").
    case foreignCurrency(String)
}

extension Money {
    /// Parses an amount typed the way FinMind shows amounts: `65 000 ₽`, `₽65,000`,
    /// `1 234,50`, `1,234.50`, `RUB 100`. The household currency's symbol or code may
    /// stand before or after the number; another currency's symbol or code is refused
    /// as `.foreignCurrency`. No sign.
    ///
    /// Marks (the rule for `,` and `.`):
    /// - both `,` and `.` present: the rightmost is the decimal mark, the other separates
    ///   thousands (`1,234.50` and `1.234,50` are 1234.50);
    /// - one mark repeated: it separates thousands (`1,234,567`);
    /// - one mark once, followed by one or two digits: the decimal mark (`65,5` is 65.50,
    ///   `29.9` is 29.90, in either language);
    /// - one mark once, followed by exactly three digits: the thousands separator when it
    ///   is the language's (`,` in English, `.` in Russian and German: `₽65,000` in English
    ///   and `65.000` in Russian or German are 65000.00); the language's own decimal mark followed by three
    ///   digits is refused (three decimals).
    /// Thousands groups after a mark have exactly three digits and the first group 1–3
    /// digits without a leading zero; spaces group digits as `Money.parse` allows.
    /// The 1…10^12 range check is the caller's.
    public static func parse(_ text: String, household: Currency, language: Language) -> Result<Money, TypedAmountError> {
        var rest = Substring(text.trimmingWhitespace())
        if let stripped = Self.strippingCurrency(rest, household) { rest = stripped }
        if let foreign = Self.foreignCurrency(in: rest) {
            return .failure(foreign == household.symbol || foreign == household.code ? .format : .foreignCurrency(foreign))
        }
        guard let normalized = Self.normalizedMarks(String(rest), language: language),
              let money = Money.parse(normalized) else { return .failure(.format) }
        return .success(money)
    }

    /// `text` without the household currency's symbol or code (or a Russian short name
    /// of the rouble) at its start or end, trimmed; nil when none was there.
    private static func strippingCurrency(_ text: Substring, _ currency: Currency) -> Substring? {
        var names = [currency.symbol, currency.code]
        if currency.code == "RUB" { names += ["руб.", "руб", "р.", "р"] }
        for name in names {
            if text.count > name.count, text.lowercased().hasPrefix(name.lowercased()) {
                return Substring(String(text.dropFirst(name.count)).trimmingWhitespace())
            }
            if text.count > name.count, text.lowercased().hasSuffix(name.lowercased()) {
                return Substring(String(text.dropLast(name.count)).trimmingWhitespace())
            }
        }
        return nil
    }

    /// The first currency symbol (Unicode category Sc) or known currency code left in `text`.
    private static func foreignCurrency(in text: Substring) -> String? {
        if let symbol = text.unicodeScalars.first(where: { $0.properties.generalCategory == .currencySymbol }) {
            return String(symbol)
        }
        let upper = text.uppercased()
        let codes = Currency.all.map(\.code) + ["РУБ"]
        return codes.first { upper.hasPrefix($0) || upper.hasSuffix($0) }.map { $0 == "РУБ" ? "руб" : $0 }
    }

    /// The number with thousands marks removed and the decimal mark as `.`, by the rule
    /// above; nil when the marks break it.
    private static func normalizedMarks(_ text: String, language: Language) -> String? {
        let marks = text.filter { $0 == "," || $0 == "." }
        guard let lastMark = marks.last else { return text }
        // A lone mark before exactly three digits is a thousands mark when it is not the language's decimal mark.
        let languageThousands: Character = language.decimalSeparator == "," ? "." : ","
        var thousands: Character?, decimal: Character?
        if Set(marks).count == 2 {
            decimal = lastMark
            thousands = lastMark == "," ? "." : ","
            guard marks.filter({ $0 == lastMark }).count == 1 else { return nil }
        } else if marks.count > 1 {
            thousands = lastMark
        } else {
            let after = text[text.index(after: text.lastIndex(of: lastMark)!)...]
            if after.count == 3, after.allSatisfy(\.isASCIIDigit), lastMark == languageThousands {
                thousands = lastMark
            } else {
                decimal = lastMark
            }
        }
        var integerPart = Substring(text), fraction: Substring?
        if let decimal, let index = text.lastIndex(of: decimal) {
            integerPart = text[..<index]
            fraction = text[text.index(after: index)...]
        }
        guard let thousands else { return String(integerPart) + (fraction.map { "." + $0 } ?? "") }
        // Thousands by marks: 1–3 digits first (no leading zero), then groups of three.
        let groups = integerPart.split(separator: thousands, omittingEmptySubsequences: false)
        guard let first = groups.first, (1...3).contains(first.count), first.allSatisfy(\.isASCIIDigit), first.first != "0",
              groups.dropFirst().allSatisfy({ $0.count == 3 && $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        return groups.joined() + (fraction.map { "." + $0 } ?? "")
    }
}

extension APR {
    /// Parses a rate as the Plan shows it: `29.9%`, `29,9 %`, `14.99`. A trailing `%`
    /// (spaces allowed before it) is dropped; the rest follows `APR.parse(_:)`.
    public static func parse(typed text: String) -> APR? {
        var rest = text.trimmingWhitespace()
        if rest.hasSuffix("%") { rest = String(rest.dropLast()).trimmingWhitespace() }
        return rest.isEmpty ? nil : APR.parse(rest)
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

private extension StringProtocol {
    /// Without leading and trailing white space (any Unicode white space).
    func trimmingWhitespace() -> String {
        String(String.UnicodeScalarView(unicodeScalars.drop(while: \.properties.isWhitespace)
            .reversed().drop(while: \.properties.isWhitespace).reversed()))
    }
}
