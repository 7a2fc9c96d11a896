import Advisor
import Engine

/// The system prompt sent to the remote provider: the scope rules and a compact summary
/// of the household's numbers, all from the engine's plan. The consent page shows it
/// verbatim.
enum AdvisorPrompt {
    /// The system prompt in the facts' language, asking for at most `limit` characters.
    static func system(_ facts: AdvisorFacts, limit: Int, tone: AdvisorTone = .straight) -> String {
        let t = facts.t, plan = facts.plan, totals = facts.totals
        var lines = [t.format("advisor_prompt_rules", ["limit": "\(limit)"]), t[runtime: tone.key("prompt")]]
        lines.append(t.format("advisor_prompt_figures", [
            "currency": facts.display.currency.code,
            "income": facts.money(totals.monthlyRecurringIncome), "expense": facts.money(totals.monthlyExpense),
            "fixed": facts.money(totals.monthlyFixedExpense), "minimums": facts.money(totals.minimumDebtPayments),
            "fcf": facts.money(plan.freeCashFlow), "load": facts.debtLoad,
            "saved": facts.money(plan.emergencySaved), "target": facts.money(plan.emergencyTarget)]))
        if !plan.allocations.isEmpty {
            let split = plan.allocations.map { "\($0.title(facts.language)) \(facts.money($0.amount))" }.joined(separator: "; ")
            lines.append(t.format("advisor_prompt_split", ["split": split]))
        }
        if let payoff = plan.payoff {
            let loans = payoff.schedule.loans.map { "\($0.name) \(facts.money($0.startBalance)) \(facts.display.apr($0.apr))" }
            lines.append(t.format("advisor_prompt_loans", ["strategy": t[payoff.strategy.advisorKey],
                                                           "loans": loans.joined(separator: "; ")]))
        }
        if !plan.goals.isEmpty {
            let goals = plan.goals.map { goal in
                "\(goal.name): \(facts.money(goal.missing)), \(facts.money(goal.monthly)), "
                    + (goal.etaMonths.map(facts.display.months) ?? "—")
            }
            lines.append(t.format("advisor_prompt_goals", ["goals": goals.joined(separator: "; ")]))
        }
        // The action contract (AdvisorActionContract): how to propose a change instead of answering.
        lines.append(t["advisor_prompt_actions"])
        return lines.joined(separator: "\n")
    }
}
