// MARK: - Periodicity

/// How often a recurring income or expense falls due.
public enum Periodicity: String, CaseIterable, Sendable, Codable {
    case weekly, biweekly, monthly, quarterly, yearly

    /// k (docs/engine-rules.md, "Recurring items") as numerator ÷ denominator: the occurrences per month on average.
    var monthlyFactor: (numerator: Int128, denominator: Int128) {
        switch self {
        case .weekly: return (52, 12)
        case .biweekly: return (26, 12)
        case .monthly: return (1, 1)
        case .quarterly: return (1, 3)
        case .yearly: return (1, 12)
        }
    }

    /// The amount per month: half-to-even(amount × k), k = 52/12, 26/12, 1, 1/3, 1/12
    /// (docs/engine-rules.md, "Recurring items"). Computed in 128 bits; at most 52/12 × 10^12
    /// within the input limits.
    public func monthlyAmount(_ amount: Money) -> Money {
        let k = monthlyFactor
        return .rounded(Int128(amount.minorUnits) * k.numerator, over: k.denominator)
    }

    /// How many days a real payment may be off an occurrence of this periodicity and still be
    /// that occurrence (SPEC §11): weekly ±1, biweekly ±2, monthly ±3, quarterly ±5, yearly ±7.
    public var matchToleranceDays: Int {
        switch self {
        case .weekly: 1
        case .biweekly: 2
        case .monthly: 3
        case .quarterly: 5
        case .yearly: 7
        }
    }

    /// Days between occurrences for the day-stepped periodicities, months for the others.
    var step: (days: Int, months: Int) {
        switch self {
        case .weekly: return (7, 0)
        case .biweekly: return (14, 0)
        case .monthly: return (0, 1)
        case .quarterly: return (0, 3)
        case .yearly: return (0, 12)
        }
    }
}

/// Whether money comes in or goes out.
public enum FlowKind: String, Sendable, Codable, CaseIterable {
    case income, expense
}
