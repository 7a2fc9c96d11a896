import Engine
import Foundation
import HTTPCore

/// A submitted form being validated: the values as typed (kept for a 422 re-render)
/// and a message per field that failed. Each reader returns nil and records a message
/// when the value is missing or outside the limits of docs/product-rules.md, "Ground limits".
struct FormState {
    /// The values as the user typed them, by field name.
    var values: [String: String]
    /// A message per field that failed validation.
    var errors: [String: String] = [:]
    let t: Translations
    /// The household currency, whose symbol or code may be typed with an amount (the
    /// language's default currency when not set).
    var currency: Currency?

    /// An empty form (nothing typed yet) with some initial values.
    init(_ t: Translations, values: [String: String] = [:]) {
        self.t = t
        self.values = values
    }

    /// The posted fields (tokens left out).
    init(_ t: Translations, fields: FormFields) {
        self.t = t
        var values: [String: String] = [:]
        for (name, value) in fields.pairs where !name.hasPrefix("_") && values[name] == nil {
            values[name] = value
        }
        self.values = values
    }

    var isValid: Bool { errors.isEmpty }

    /// The trimmed text of `field` ("" when absent).
    func text(_ field: String) -> String {
        (values[field] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    mutating func fail(_ field: String, _ key: String, _ values: [String: String] = [:]) {
        if errors[field] == nil { errors[field] = t.format(runtime: key, values) }
    }

    // MARK: - Readers

    /// A name: 1…80 characters (Unicode scalars, as the database counts them) after NFC
    /// normalisation, no control characters.
    mutating func name(_ field: String) -> String? {
        let value = text(field).precomposedStringWithCanonicalMapping
        if value.isEmpty { fail(field, "validation_required"); return nil }
        guard Limits.nameLength.contains(value.unicodeScalars.count) else { fail(field, "validation_name_length"); return nil }
        guard !Self.hasControlCharacters(value) else { fail(field, "validation_control"); return nil }
        return value
    }

    /// A note: up to 500 characters, NFC, no control characters but line breaks.
    mutating func note(_ field: String) -> String? {
        let value = text(field).replacingOccurrences(of: "\r\n", with: "\n").precomposedStringWithCanonicalMapping
        guard Limits.noteLength.contains(value.unicodeScalars.count) else { fail(field, "validation_note_length"); return nil }
        guard !Self.hasControlCharacters(value.replacingOccurrences(of: "\n", with: " ")) else {
            fail(field, "validation_control"); return nil
        }
        return value
    }

    /// An amount typed with `,` or `.` as decimal mark, within 0.01 … 10 000 000 000.00,
    /// as labels show amounts (`65 000 ₽`, `₽65,000`: see `Money.parse(_:household:language:)`).
    /// With `allowZero`, 0 is accepted too (saved so far); with `allowNegative`, a leading minus
    /// (`-` or `−`) makes it negative (an expense's refund: docs/engine-rules.md, "Refunds in a statement").
    mutating func money(_ field: String, required: Bool = true, allowZero: Bool = false, allowNegative: Bool = false) -> Money?? {
        var value = text(field)
        var negative = false
        if allowNegative, let first = value.first, first == "-" || first == "\u{2212}" {
            negative = true
            value = String(value.dropFirst()).trimmingCharacters(in: .whitespaces)
        }
        if value.isEmpty {
            if required { fail(field, "validation_required"); return nil }
            return .some(nil)
        }
        let household = currency ?? Currency.defaultFor(t.language)
        let money: Money
        switch Money.parse(value, household: household, language: t.language) {
        case .success(let parsed): money = parsed
        case .failure(.foreignCurrency(let symbol)):
            fail(field, "validation_amount_currency", ["symbol": symbol, "household": household.symbol]); return nil
        case .failure(.format):
            // Letters ("12abc", "five") are not a matter of decimals: say so.
            fail(field, value.unicodeScalars.contains { $0.properties.isAlphabetic } ? "validation_amount_letters" : "validation_amount_format")
            return nil
        }
        if allowZero && money == .zero { return .some(money) }
        guard Limits.amounts.contains(money) else { fail(field, "validation_amount_range"); return nil }
        return .some(negative ? Money(minorUnits: -money.minorUnits) : money)
    }

    /// A date YYYY-MM-DD within 1900-01-01 … 2199-12-31.
    mutating func day(_ field: String, required: Bool = true) -> Day?? {
        let value = text(field)
        if value.isEmpty {
            if required { fail(field, "validation_required"); return nil }
            return .some(nil)
        }
        guard let day = Day(iso: value) else { fail(field, "validation_date_format"); return nil }
        guard Limits.days.contains(day) else { fail(field, "validation_date_range"); return nil }
        return .some(day)
    }

    /// A whole number within `range`; with `percent`, a trailing `%` is allowed ("30 %", "30%"),
    /// as amounts and rates allow theirs.
    mutating func integer(_ field: String, _ range: ClosedRange<Int>, required: Bool = true, percent: Bool = false) -> Int?? {
        var value = text(field)
        if percent, value.hasSuffix("%") {
            value = String(value.dropLast()).trimmingCharacters(in: .whitespaces.union(["\u{00A0}", "\u{202F}"]))
        }
        if value.isEmpty {
            if required { fail(field, "validation_required"); return nil }
            return .some(nil)
        }
        guard value.count <= 6, let number = Int(value) else { fail(field, "validation_integer"); return nil }
        guard range.contains(number) else {
            fail(field, "validation_integer_range", ["min": "\(range.lowerBound)", "max": "\(range.upperBound)"])
            return nil
        }
        return .some(number)
    }

    /// An APR in percent with up to two decimals, 0 … 100; a trailing `%` is allowed.
    mutating func apr(_ field: String) -> APR? {
        let value = text(field)
        if value.isEmpty { fail(field, "validation_required"); return nil }
        guard let apr = APR.parse(typed: value) else { fail(field, "validation_apr_format"); return nil }
        guard Limits.aprHundredths.contains(apr.hundredths) else { fail(field, "validation_apr_range"); return nil }
        return apr
    }

    /// One of the allowed raw values.
    mutating func choice<T: RawRepresentable>(_ field: String, _ type: T.Type) -> T? where T.RawValue == String {
        guard let value = T(rawValue: text(field)) else { fail(field, "validation_choice"); return nil }
        return value
    }

    /// A checkbox: true when posted with any value.
    func flag(_ field: String) -> Bool { values[field] != nil }

    /// True when `text` breaks the one rule for stored text (`TextRule`): a control character,
    /// or a format character such as the bidirectional controls (U+202A–202E, U+2066–2069,
    /// U+200E/F), which could make a name display as something else, or a byte-order mark.
    static func hasControlCharacters(_ text: String) -> Bool {
        TextRule.breaks(text)
    }
}
