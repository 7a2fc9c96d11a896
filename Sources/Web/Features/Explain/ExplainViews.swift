import Engine
import Mustache

// The explanation page's view models (ExplainPage.swift fills them; explain.mustache reads them).

/// GET /explain/<figure>.
struct ExplainPageView: ViewModel {
    /// "Free per month".
    var title: String
    /// "95 128,96 ₽".
    var result: String
    /// "Free per month 95 128,96 ₽ = income 250 000,00 ₽ − fixed expenses 112 000,00 ₽ − …".
    var formula: String
    /// The rule in words.
    var rule: String
    /// The allocation line asked about, with its rationale ("" for none).
    var lineNote: String
    /// "Rounded half to even." and the like ("" when exact).
    var roundingNote: String
    var breakdowns: [ExplainBreakdownView]
    var conditions: [ExplainConditionView]
    var backHref: String
    var backLabel: String

    var hasBreakdowns: Bool { !breakdowns.isEmpty }
    var hasConditions: Bool { !conditions.isEmpty }

    init(_ e: Explanation, plan: Plan, display: Display) {
        let t = display.t
        title = t[runtime: "explain_title_\(e.figure.key)"]
        result = Self.value(e.result, role: "result_\(e.figure.key)", display: display)
        formula = Self.formula(e, plan: plan, display: display)
        rule = t[runtime: "explain_rule_\(e.figure.key)"]
        if case .allocation(let line) = e.figure, line > 0, line <= plan.allocations.count {
            let a = plan.allocations[line - 1]
            lineNote = "\(a.title(display.language)): \(display.money(a.amount)). \(a.text(display.language, display.currency))"
        } else {
            lineNote = ""
        }
        roundingNote = e.rounding.map { t[runtime: "explain_rounding_\($0)"] } ?? ""
        breakdowns = e.breakdowns.map { b in
            ExplainBreakdownView(title: t[runtime: "explain_term_\(b.role)"],
                                 items: b.items.map { LabeledValue(label: Self.label($0, display: display),
                                                                   value: Self.value($0.value, role: $0.role, display: display)) })
        }
        conditions = e.conditions.map {
            ExplainConditionView(label: t[runtime: "explain_condition_\($0.role)"], value: Self.value($0.value, role: $0.role, display: display),
                                 holds: $0.holds, state: $0.holds ? t["explain_holds"] : t["explain_does_not_hold"])
        }
        let page = e.figure.page
        backHref = switch page { case .budget: Route.budget(.page).path; case .plan: Route.plan(.page).path; case .forecast: Route.forecast(.page).path }
        backLabel = t[runtime: "explain_back_\(page.rawValue)"]
    }

    /// A term's words: its item's name, else its role's words.
    static func label(_ term: ExplainTerm, display: Display) -> String {
        if let name = term.name, term.role.hasSuffix("_item") { return name }
        let words = display.t[runtime: "explain_term_\(term.role)"]
        return term.name.map { "\(words) \(display.language.quote($0))" } ?? words
    }

    /// A value formatted for the page.
    static func value(_ v: ExplainValue, role: String, display: Display) -> String {
        switch v {
        case .money(let m): return display.money(m)
        case .count(let c):
            switch role {
            case "emergency_months", "payoff_months", "result_goal": return display.months(c)
            case "short_history": return display.t.format("explain_days", ["days": "\(c)"])
            default: return "\(c)"
            }
        case .month(let m): return display.month(m)
        case .day(let d): return display.day(d)
        case .permille(let p): return App.percent(permille: p, display.language)
        case .word(let w): return display.t[runtime: "explain_word_\(w)"]
        case .absent: return "—"
        }
    }

    /// The formula sentence: "<title> <result> = <term> <op> <term> …"; a × or ÷ after two or
    /// more terms puts those in parentheses.
    static func formula(_ e: Explanation, plan: Plan, display: Display) -> String {
        let t = display.t
        let lhs = "\(t[runtime: "explain_title_\(e.figure.key)"]) \(value(e.result, role: "result_\(e.figure.key)", display: display))"
        guard !e.terms.isEmpty else { return lhs }
        var text = ""
        var count = 0
        for term in e.terms {
            let part = "\(label(term, display: display)) \(value(term.value, role: term.role, display: display))"
            switch term.op {
            case .first: text = part
            case .plus: text += " + \(part)"
            case .minus: text += " − \(part)"
            case .times, .divided:
                if count > 1 { text = "(\(text))" }
                text += (term.op == .times ? " × " : " ÷ ") + part
            }
            count += 1
        }
        return "\(lhs) = \(text)"
    }
}

/// One breakdown: a term and the items it sums.
struct ExplainBreakdownView: ViewModel {
    var title: String
    var items: [LabeledValue]
}

/// One condition of a level figure (the risk), in the order they are checked.
struct ExplainConditionView: ViewModel {
    var label: String, value: String, holds: Bool, state: String
}
