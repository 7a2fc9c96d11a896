// Display of amounts and rates in the UI languages (docs/engine-rules.md, "Typed amounts and rates");
// each language's marks are in LocaleRules.swift.

// MARK: - Language and currency

/// The UI languages (SPEC §11: ru, en and de).
public enum Language: String, Sendable, CaseIterable, Codable {
    case ru, en, de
}

/// A household currency: ISO code and the symbol shown next to amounts.
public struct Currency: Hashable, Sendable {
    /// ISO 4217 code, e.g. "RUB".
    public let code: String
    /// The symbol, e.g. "₽".
    public let symbol: String

    /// Russian rouble, ₽.
    public static let rub = Currency(code: "RUB", symbol: "₽")
    /// US dollar, $.
    public static let usd = Currency(code: "USD", symbol: "$")
    /// Euro, €.
    public static let eur = Currency(code: "EUR", symbol: "€")
    /// Every currency the app offers, in Settings order.
    public static let all: [Currency] = [.rub, .usd, .eur]

    /// The currency with this ISO code (case-insensitive), or nil when not offered.
    public static func named(_ code: String) -> Currency? {
        all.first { $0.code == code.uppercased() }
    }

    /// The emergency buffer safe to spend keeps back until the household sets its own (SPEC §11,
    /// seed 003's $500): 500.00 USD, 460.00 EUR, 50 000.00 RUB.
    public var defaultEmergencyBuffer: Money {
        switch code {
        case "RUB": Money(minorUnits: 5_000_000)
        case "EUR": Money(minorUnits: 46_000)
        default: Money(minorUnits: 50_000)
        }
    }

    /// The default currency for a language (seed 001): RUB for ru, USD for en, EUR for de.
    public static func defaultFor(_ language: Language) -> Currency {
        switch language {
        case .ru: .rub
        case .en: .usd
        case .de: .eur
        }
    }
}

// MARK: - Money

/// Formats amounts: ru `1 234,50 ₽` (U+00A0 between groups and before the symbol),
/// en `₽1,234.50`, de `1.234,50 €` (U+00A0 before the symbol); always two decimals; negatives
/// with U+2212 `−`.
public enum MoneyFormat {
    private static let noBreakSpace = "\u{00A0}"
    private static let minusSign = "\u{2212}"

    /// The amount with grouping and the currency symbol, in the language's style.
    public static func format(_ money: Money, _ currency: Currency, _ language: Language) -> String {
        let sign = money.minorUnits < 0 ? minusSign : ""
        let number = digits(money, group: language.groupSeparator, decimal: language.decimalSeparator)
        return language.symbolBeforeAmount ? sign + currency.symbol + number : sign + number + noBreakSpace + currency.symbol
    }

    /// The amount as a form field value: no grouping, no symbol, two decimals with the
    /// language's decimal mark ("1234,50" ru and de, "1234.50" en); negatives with ASCII "-".
    public static func formatPlain(_ money: Money, _ language: Language) -> String {
        (money.minorUnits < 0 ? "-" : "") + digits(money, group: "", decimal: language.decimalSeparator)
    }

    /// The unsigned magnitude as "major<decimal>minor" with `group` every three digits.
    private static func digits(_ money: Money, group: String, decimal: String) -> String {
        let magnitude = money.minorUnits.magnitude
        let major = String(magnitude / 100)
        let minor = magnitude % 100
        var grouped = ""
        for (index, character) in major.enumerated() {
            if index > 0, (major.count - index) % 3 == 0 { grouped += group }
            grouped.append(character)
        }
        return grouped + decimal + (minor < 10 ? "0" : "") + String(minor)
    }
}

// MARK: - Rates

extension APR {
    /// The rate as shown to people: ru and de "14,99 %" (U+00A0 before %), en "14.99%";
    /// whole rates without decimals ("15 %", "15%").
    public func formatted(_ language: Language) -> String {
        let whole = String(hundredths / 100)
        let cents = hundredths % 100
        let decimals = cents == 0 ? "" : language.decimalSeparator + (cents < 10 ? "0" : "") + String(cents)
        return whole + decimals + language.percentSuffix
    }
}
