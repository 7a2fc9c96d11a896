// The plan's sentences: one plain sentence per allocation and per note, quoting real figures
// formatted with `MoneyFormat`. The words are in `EngineStrings.swift`; this file picks them.

// MARK: - Allocations

extension Allocation {
    /// The line's title: the loan's or goal's name, or "Emergency fund" / "Unallocated".
    public func title(_ l: Language) -> String {
        switch kind {
        case .emergency: return words("plan_line_emergency_title", l)
        case .unallocated: return words("plan_line_unallocated_title", l)
        case .debt, .goal: return name
        }
    }

    /// The one-sentence rationale of this line.
    public func text(_ l: Language, _ c: Currency) -> String {
        let money = { (m: Money) in MoneyFormat.format(m, c, l) }
        let amount = money(self.amount)
        let quoted = l.quote(name)
        switch rationale {
        case let .emergency(missing, target, months):
            return words("plan_line_emergency", l, ["amount": amount, "missing": money(missing), "target": money(target),
                                                    "months": monthsPhrase(months, l)])
        case let .debt(strategy, rank, apr, balance):
            let reason = switch (rank > 1, strategy) {
            case (true, .avalanche): words("plan_line_debt_next_avalanche", l)
            case (true, .snowball): words("plan_line_debt_next_snowball", l)
            case (false, .avalanche): words("plan_line_debt_first_avalanche", l, ["apr": apr.formatted(l)])
            case (false, .snowball): words("plan_line_debt_first_snowball", l, ["balance": money(balance)])
            }
            return words("plan_line_debt", l, ["amount": amount, "name": quoted, "reason": reason])
        case let .goal(missing, eta, _):
            let when = eta.map { words("plan_line_goal_when", l, ["months": monthsPhrase($0, l)]) } ?? ""
            return words("plan_line_goal", l, ["amount": amount, "name": quoted, "missing": money(missing), "when": when])
        case .unallocated:
            return words("plan_line_unallocated", l, ["amount": amount])
        }
    }
}

// MARK: - Notes

extension PlanNote {
    /// The note as one sentence.
    public func text(_ l: Language, _ c: Currency) -> String {
        let money = { (m: Money) in MoneyFormat.format(m, c, l) }
        switch self {
        case let .deficit(amount) where amount == .zero:
            return words("plan_note_balanced", l)
        case let .deficit(amount):
            return words("plan_note_deficit", l, ["amount": money(amount)])
        case let .fundComplete(saved, target):
            return words("plan_note_fund_complete", l, ["saved": money(saved), "target": money(target)])
        case let .goalUnreachable(name, eta?, months):
            return words("plan_note_goal_late", l, ["name": l.quote(name), "eta": monthsPhrase(eta, l), "months": monthsPhrase(months, l)])
        case let .goalUnreachable(name, nil, _):
            return words("plan_note_goal_unfunded", l, ["name": l.quote(name)])
        case let .deadlinePassed(name, deadline):
            return words("plan_note_deadline_passed", l, ["name": l.quote(name), "date": DateFormat.long(deadline, l)])
        case let .minimumBelowInterest(loans):
            let which = loans.isEmpty ? ""
                : words("plan_note_below_interest_loans", l, ["names": loans.map { l.quote($0) }.joined(separator: ", ")])
            return words("plan_note_below_interest", l, ["loans": which])
        case let .unallocated(amount):
            return words("plan_note_unallocated", l, ["amount": money(amount)])
        }
    }
}

// MARK: - Words

/// "3 months" / "3 месяца" with the right plural form (`Language.pluralForm`).
public func monthsPhrase(_ count: Int, _ l: Language) -> String {
    counted(words("count_months", l), count, l)
}

/// Dates and months in words (the language's rules: `Language.longDate`, `monthNames`).
public enum DateFormat {
    /// "March 5, 2027" / "5 марта 2027 г." / "5. März 2027".
    public static func long(_ day: Day, _ l: Language) -> String { l.longDate(day) }

    /// "March 2027" / "март 2027" / "März 2027".
    public static func month(_ month: YearMonth, _ l: Language) -> String { l.monthNames[month.month - 1] + " \(month.year)" }
}
