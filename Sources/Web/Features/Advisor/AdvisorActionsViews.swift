import Engine
import Mustache
import Storage

// The advisor actions' view models (AdvisorActionsPage.swift fills them; action-*.mustache read them).

/// GET /advisor/actions/preview: the card.
struct ActionPreviewView: ViewModel {
    var kind: String
    /// Why the action cannot be applied (422), nil when it can.
    var error: String?
    /// What will change, in words.
    var summary = ""
    var rows: [ActionFigureRow] = []
    /// The action's fields, posted again on confirmation.
    var hidden: [HiddenField] = []
    var canApply = false
    var applyAction = AdvisorActionsRoute.apply.path
    var cancelHref = AdvisorRoute.page.path

    init(kind: String) { self.kind = kind }

    /// Free cash flow, the debt-free month, goal ETAs (the new goal's, or each unfinished one's)
    /// and, for a limit, the category's monthly limit; before and after.
    static func rows(_ change: AdvisorChange, before: Plan, after: Plan, limits: [CategoryLimit], display: Display) -> [ActionFigureRow] {
        let t = display.t
        var rows = [ActionFigureRow(label: t["explain_title_free_cash_flow"], before: display.money(before.freeCashFlow),
                                    after: display.money(after.freeCashFlow))]
        func debtFree(_ plan: Plan) -> String {
            guard let payoff = plan.payoff else { return "—" }
            let summary = payoff.strategy == .avalanche ? payoff.avalanche : payoff.snowball
            return summary.debtFreeMonth.map(display.month) ?? t["action_never"]
        }
        if before.payoff != nil || after.payoff != nil {
            rows.append(ActionFigureRow(label: t["explain_title_debt_free"], before: debtFree(before), after: debtFree(after)))
        }
        func eta(_ goal: GoalProgress?) -> String {
            guard let goal else { return "—" }
            if goal.finished { return t["goal_done"] }
            return goal.etaMonths.map(display.months) ?? t["action_never"]
        }
        for goal in after.goals where !goal.finished {
            let old = before.goals.first { $0.id == goal.id }
            rows.append(ActionFigureRow(label: t.format("action_goal_eta", ["name": goal.name]), before: eta(old), after: eta(goal)))
            if rows.count >= 6 { break }
        }
        switch change {
        case .setMonthLimit(let category, let amount):
            let old = limits.first { $0.category == category && $0.period == .month }
            rows.append(ActionFigureRow(label: t["action_limit_row"], before: old.map { display.money($0.amount) } ?? t["action_no_limit"],
                                        after: display.money(amount)))
        case .setStrategy(let strategy):
            rows.append(ActionFigureRow(label: t["explain_term_strategy"],
                                        before: t[(before.payoff?.strategy ?? .avalanche).explainKey],
                                        after: t[strategy.explainKey]))
        case .markChecklistStep(let step, _, _, _):
            rows.append(checklistRow(step, before: before, after: after, display: display))
        default: break
        }
        return rows
    }
}

/// One figure before and after.
struct ActionFigureRow: ViewModel {
    var label: String, before: String, after: String
    var changed: Bool { before != after }
}

/// GET /advisor/actions.
struct ActionLogView: ViewModel {
    var rows: [ActionLogRow]
    var isEmpty: Bool { rows.isEmpty }
    var advisorHref = AdvisorRoute.page.path
}

/// One applied action.
struct ActionLogRow: ViewModel {
    var summary: String, when: String, undone: Bool, undoHref: String, state: String
}
