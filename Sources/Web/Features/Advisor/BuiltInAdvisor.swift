import Advisor
import Engine
import Foundation

/// The built-in advisor: offline rules over the engine's plan. Every figure it quotes is
/// one of the plan's (formatted as the Plan page formats it) or a small range derived
/// from them; texts come from the string tables in the question's language.
struct BuiltInAdvisor {
    let facts: AdvisorFacts
    /// The Settings' tone (AdvisorTone.swift).
    var tone: AdvisorTone = .straight
    var t: Translations { facts.t }
    var plan: Plan { facts.plan }

    // MARK: - Answers

    /// The answer to a question routed to `intent`, at most `limit` characters.
    func answer(_ intent: AdvisorIntent, question: String, limit: Int) -> String {
        let lines: [String]
        switch intent {
        case .whoAreYou: lines = [t["advisor_answer_who"]]
        case .offTopic: lines = [t.format("advisor_answer_offtopic", ["example": exampleQuestion])]
        case .checkup: return checkup(limit: min(limit, AdvisorSettings.checkupLimit))
        case _ where facts.isEmpty && ![.taxes, .insurance, .investing, .imports, .challenge].contains(intent): lines = [t["advisor_answer_no_data"]]
        case .budget: lines = budget()
        case .emergencyFund: lines = emergencyFund()
        case .debts: lines = debts()
        case .affordability: lines = tonedAffordability(question)
        case .goals:
            if let missing = goalMissing(question) { return missing.text(limit: limit) }
            lines = goals(question)
        case .cutExpenses: lines = cutExpenses()
        case .investing: lines = investing()
        case .taxes: lines = [t["advisor_answer_taxes"], t.format("advisor_answer_taxes_income", ["annual": facts.money(facts.totals.annualIncome)])]
        case .insurance: lines = insurance()
        case .bills: lines = billsAnswer()
        case .limits: lines = limitsAnswer()
        case .forecast: lines = forecastAnswer()
        case .imports: lines = importsAnswer()
        case .challenge: lines = challengeAnswer()
        }
        return AdvisorText.clip(lines, limit: limit)
    }

    /// The structured check-up: diagnosis, 3–5 priority steps, risks; at most `limit` characters.
    func checkup(limit: Int = AdvisorSettings.checkupLimit) -> String {
        if facts.isEmpty { return AdvisorText.clip([t["advisor_answer_no_data"]], limit: limit) }
        let diagnosis = t.format("advisor_checkup_diagnosis", [
            "fcf": facts.money(plan.freeCashFlow), "load": facts.debtLoad,
            "minimums": facts.money(facts.totals.minimumDebtPayments), "income": facts.money(facts.totals.monthlyRecurringIncome),
            "saved": facts.money(plan.emergencySaved), "target": facts.money(plan.emergencyTarget)])
        var steps = prioritySteps()
        var risks = withForecastRisks(self.risks())
        func render() -> String {
            ([t["advisor_checkup_title"], diagnosis] + [forecastSummaryLine()].compactMap { $0 } + [t["advisor_checkup_steps"]]
                + steps.enumerated().map { "\($0.offset + 1). \($0.element)" }
                + [t["advisor_checkup_risks"]] + risks.map { "• " + $0 }).joined(separator: "\n")
        }
        while render().count > limit, steps.count > 3 || risks.count > 1 {
            if risks.count > 1 { risks.removeLast() } else { steps.removeLast() }
        }
        return AdvisorText.clip([render()], limit: limit)
    }

    /// 3–5 steps in priority order: deficit, fund, debts, goals, the unallocated rest.
    private func prioritySteps() -> [String] {
        var steps: [String] = []
        if plan.freeCashFlow.minorUnits < 0 {
            let deficit = plan.freeCashFlow.saturatingNegated
            if let top = facts.biggestCategory {
                steps.append(t.format("advisor_step_deficit", [
                    "deficit": facts.money(deficit), "category": top.label,
                    "low": facts.money(AdvisorFacts.percent(5, of: top.amount)), "high": facts.money(AdvisorFacts.percent(10, of: top.amount))]))
            } else {
                steps.append(t.format("advisor_step_deficit_income", ["deficit": facts.money(deficit)]))
            }
        }
        if plan.emergencyMissing.minorUnits > 0 { steps.append(fundLine()) }
        if let debt = debtOrderLine() { steps.append(debt) }
        for goal in plan.goals where !goal.finished && goal.monthly.minorUnits > 0 {
            steps.append(goalLine(goal))
            if steps.count >= 4 { break }
        }
        if plan.emergencyMissing == .zero, plan.emergencyTarget.minorUnits > 0 {
            steps.append(t.format("advisor_step_fund_complete", ["saved": facts.money(plan.emergencySaved)]))
        }
        let unallocated = facts.allocated(.unallocated)
        if unallocated.minorUnits > 0 { steps.append(t.format("advisor_step_unallocated", ["amount": facts.money(unallocated)])) }
        for filler in ["advisor_step_track", "advisor_step_review"] where steps.count < 3 { steps.append(t[runtime: filler]) }
        return Array(steps.prefix(5))
    }

    /// The risks the plan shows: deficit, heavy debt load, a thin fund, loans not covering
    /// interest, goals late or unreachable.
    private func risks() -> [String] {
        var risks: [String] = []
        if plan.freeCashFlow.minorUnits < 0 {
            risks.append(t.format("advisor_risk_deficit", ["deficit": facts.money(plan.freeCashFlow.saturatingNegated)]))
        }
        if let load = plan.debtLoadPermille, load >= 300 { risks.append(t.format("advisor_risk_debt_load", ["load": facts.debtLoad])) }
        if facts.totals.monthlyExpense.minorUnits > 0, plan.emergencySaved < facts.totals.monthlyExpense {
            risks.append(t["advisor_risk_thin_fund"])
        }
        for note in plan.notes {
            switch note {
            case .minimumBelowInterest, .goalUnreachable, .deadlinePassed: risks.append(note.text(facts.language, facts.display.currency))
            default: break
            }
        }
        if facts.totals.monthlyRecurringIncome == .zero { risks.append(t["advisor_risk_no_income"]) }
        if risks.isEmpty { risks.append(t["advisor_risk_none"]) }
        return risks
    }

    /// "Putting A–B a month aside fills the fund in m–n months" from the plan's fund line and FCF.
    private func fundLine() -> String {
        let missing = plan.emergencyMissing
        guard plan.freeCashFlow.minorUnits > 0 else {
            return t.format("advisor_step_fund_later", ["target": facts.money(plan.emergencyTarget)])
        }
        let high = plan.freeCashFlow
        var low = facts.allocated(.emergency)
        if low.minorUnits == 0 || low == high { low = AdvisorFacts.percent(50, of: high) }
        let fast = AdvisorFacts.months(missing, at: high) ?? 0, slow = AdvisorFacts.months(missing, at: low) ?? fast
        return t.format("advisor_step_fund", [
            "missing": facts.money(missing), "low": facts.money(low), "high": facts.money(high),
            "range": fast == slow ? facts.display.months(fast) : "\(fast)–" + facts.display.months(slow)])
    }

    /// "Pay loans in avalanche order, X first…" from the chosen schedule, or nil without loans.
    private func debtOrderLine() -> String? {
        guard let payoff = plan.payoff, let first = payoff.schedule.loans.first else { return nil }
        let chosen = payoff.strategy == .avalanche ? payoff.avalanche : payoff.snowball
        guard let months = chosen.months, let interest = chosen.totalInterest else {
            return t.format("advisor_step_debt_stuck", ["name": first.name])
        }
        return t.format("advisor_step_debt", [
            "strategy": t[payoff.strategy.advisorKey], "name": first.name, "apr": facts.display.apr(first.apr),
            "months": facts.display.months(months), "date": chosen.debtFreeMonth.map(facts.display.month) ?? "—",
            "interest": facts.money(interest)])
    }

    private func goalLine(_ goal: GoalProgress) -> String {
        t.format("advisor_step_goal", ["name": goal.name, "monthly": facts.money(goal.monthly),
                                       "eta": goal.etaMonths.map(facts.display.months) ?? "—"])
    }

    /// An on-topic question to suggest after a refusal.
    private var exampleQuestion: String {
        if plan.payoff != nil { return t["advisor_chip_debts"] }
        if let goal = plan.goals.first(where: { !$0.finished }) { return t.format("advisor_chip_goal", ["name": goal.name]) }
        return t["advisor_chip_fund"]
    }

    // MARK: - Topics

    private func budget() -> [String] {
        var lines = [t.format("advisor_answer_budget", [
            "income": facts.money(facts.totals.monthlyRecurringIncome), "expense": facts.money(facts.totals.monthlyExpense),
            "fixed": facts.money(facts.totals.monthlyFixedExpense), "minimums": facts.money(facts.totals.minimumDebtPayments),
            "fcf": facts.money(plan.freeCashFlow)])]
        if plan.freeCashFlow.minorUnits > 0 {
            let parts = plan.allocations.map { "\($0.title(facts.language)) \(facts.money($0.amount))" }
            lines.append(t.format("advisor_answer_budget_split", ["split": parts.joined(separator: ", ")]))
        } else {
            lines.append(t.format("advisor_risk_deficit", ["deficit": facts.money(plan.freeCashFlow.saturatingNegated)]))
        }
        lines.append(t.format("advisor_answer_budget_rule", ["twenty": facts.money(AdvisorFacts.percent(20, of: facts.totals.monthlyRecurringIncome))]))
        return lines
    }

    private func emergencyFund() -> [String] {
        let months = facts.household.settings.emergencyMonths
        var lines = [t.format("advisor_answer_fund", [
            "months": facts.display.months(months), "expense": facts.money(facts.totals.monthlyExpense),
            "target": facts.money(plan.emergencyTarget), "saved": facts.money(plan.emergencySaved),
            "missing": facts.money(plan.emergencyMissing)])]
        if plan.emergencyMissing.minorUnits > 0 { lines.append(fundLine()) }
        else if plan.emergencyTarget.minorUnits > 0 { lines.append(t.format("advisor_step_fund_complete", ["saved": facts.money(plan.emergencySaved)])) }
        lines.append(t["advisor_answer_fund_where"])
        return lines
    }

    private func debts() -> [String] {
        guard let payoff = plan.payoff, let first = payoff.schedule.loans.first else {
            if facts.totals.minimumDebtPayments.minorUnits > 0 {
                return [t.format("advisor_answer_debts_payments", ["minimums": facts.money(facts.totals.minimumDebtPayments)])]
            }
            return [t["advisor_answer_debts_none"]]
        }
        func summary(_ s: PayoffSummary) -> String {
            guard let months = s.months, let interest = s.totalInterest else { return t["advisor_answer_debts_never"] }
            return t.format("advisor_answer_debts_summary", ["months": facts.display.months(months), "interest": facts.money(interest)])
        }
        var lines = [t.format("advisor_answer_debts_first", [
            "name": first.name, "apr": facts.display.apr(first.apr), "balance": facts.money(first.startBalance),
            "strategy": t[payoff.strategy.advisorKey]])]
        lines.append(t.format("advisor_answer_debts_compare", ["avalanche": summary(payoff.avalanche), "snowball": summary(payoff.snowball)]))
        if let recommended = plan.recommendedStrategy {
            lines.append(t.format("advisor_answer_debts_recommended", ["strategy": t[recommended.advisorKey]]))
        }
        let extra = facts.allocated(.debt)
        if extra.minorUnits > 0 { lines.append(t.format("advisor_answer_debts_extra", ["extra": facts.money(extra), "name": first.name])) }
        lines.append(t.format("advisor_answer_debts_load", ["load": facts.debtLoad]))
        return lines
    }

    func affordability(_ amount: Money?) -> [String] {
        let fcf = plan.freeCashFlow
        guard let amount else { return [t.format("advisor_answer_afford_no_amount", ["fcf": facts.money(fcf)])] }
        var lines: [String]
        let unallocated = facts.allocated(.unallocated)
        if fcf.minorUnits <= 0 {
            lines = [t.format("advisor_answer_afford_deficit", ["amount": facts.money(amount), "deficit": facts.money(fcf.saturatingNegated)])]
        } else if amount <= unallocated {
            lines = [t.format("advisor_answer_afford_yes", ["amount": facts.money(amount), "unallocated": facts.money(unallocated)])]
        } else if amount <= fcf {
            let share = Int(roundHalfEven(numerator: Int128(amount.minorUnits) * 100, denominator: Int128(fcf.minorUnits)))
            lines = [t.format("advisor_answer_afford_tight", [
                "amount": facts.money(amount), "fcf": facts.money(fcf), "share": "\(share)",
                "rest": facts.money(fcf.saturatingSubtracting(amount))])]
        } else {
            lines = [t.format("advisor_answer_afford_no", ["amount": facts.money(amount), "fcf": facts.money(fcf),
                                                           "over": facts.money(amount.saturatingSubtracting(fcf))])]
        }
        if plan.emergencyMissing.minorUnits > 0 {
            lines.append(t.format("advisor_answer_afford_fund", ["missing": facts.money(plan.emergencyMissing)]))
        }
        return lines
    }

    private func goals(_ question: String) -> [String] {
        guard !plan.goals.isEmpty else { return [t["advisor_answer_goals_none"]] }
        let named = namedGoals(question)
        return (named.isEmpty ? Array(plan.goals.prefix(3)) : named).map { goal in
            if goal.finished { return t.format("advisor_answer_goal_done", ["name": goal.name, "target": facts.money(goal.target)]) }
            var line = t.format("advisor_answer_goal", [
                "name": goal.name, "saved": facts.money(goal.saved), "target": facts.money(goal.target),
                "monthly": facts.money(goal.monthly),
                "eta": goal.etaMonths.map(facts.display.months) ?? t["advisor_answer_goal_no_eta"]])
            if goal.deadlinePassed { line += " " + t["advisor_answer_goal_passed"] }
            else if goal.unreachable { line += " " + t["advisor_answer_goal_unreachable"] }
            return line
        }
    }

    /// The goals `question` names (a name's first letters, its last two dropped, at least four).
    func namedGoals(_ question: String) -> [GoalProgress] {
        let text = AdvisorRouter.normalise(question)
        // The question read in Latin letters too: «на поездку в италию» names "Italy trip" by its word "Italy".
        let latin = LedgerQuestionReader.transliterated(text)
        return plan.goals.filter { goal in
            let name = AdvisorRouter.normalise(goal.name).trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return false }
            if text.contains(" " + String(name.prefix(max(4, name.count - 2)))) { return true }
            // Or by one of its words (4+ letters, the last two dropped, at least four), in either alphabet and
            // inflected or in a compound: "Italy" as "Italien", "Italienreise", "italy fund", «италию».
            return name.split(separator: " ").contains { word in word.count >= 4 && [text, latin].contains { $0.contains(" " + word.prefix(max(4, word.count - 2))) } }
        }
    }

    private func cutExpenses() -> [String] {
        guard let top = facts.biggestCategory else { return [t["advisor_answer_cut_none"]] }
        let low = AdvisorFacts.percent(5, of: top.amount), high = AdvisorFacts.percent(10, of: top.amount)
        return [t.format("advisor_answer_cut", [
            "category": top.label, "amount": facts.money(top.amount), "share": "\(top.percent)",
            "low": facts.money(low), "high": facts.money(high),
            "lowYear": facts.money(low.saturatingMultiplied(by: 12)), "highYear": facts.money(high.saturatingMultiplied(by: 12))]),
                t["advisor_answer_cut_tips"]]
    }

    private func investing() -> [String] {
        var lines = [t["advisor_answer_invest"]]
        if plan.emergencyMissing.minorUnits > 0 {
            lines.append(t.format("advisor_answer_invest_fund_first", ["missing": facts.money(plan.emergencyMissing)]))
        } else if facts.allocated(.unallocated).minorUnits > 0 {
            lines.append(t.format("advisor_step_unallocated", ["amount": facts.money(facts.allocated(.unallocated))]))
        }
        return lines
    }

    private func insurance() -> [String] {
        let annual = facts.totals.annualIncome
        return [t["advisor_answer_insurance"],
                t.format("advisor_answer_insurance_cover", [
                    "low": facts.money(annual.saturatingMultiplied(by: 5)),
                    "high": facts.money(annual.saturatingMultiplied(by: 10)),
                    "fcf": facts.money(plan.freeCashFlow)])]
    }
}

/// Answer-length rules shared by the providers.
enum AdvisorText {
    /// `lines` joined by line breaks, dropping trailing lines (and cutting the first at a
    /// word, with "…") so the result has at most `limit` characters.
    static func clip(_ lines: [String], limit: Int) -> String {
        var kept: [String] = []
        for line in lines where !line.isEmpty {
            let candidate = (kept + [line]).joined(separator: "\n")
            if candidate.count <= limit { kept.append(line) } else if kept.isEmpty { return cut(line, limit) } else { break }
        }
        return kept.joined(separator: "\n")
    }

    /// `text` cut at the last space before `limit` − 1 characters, with "…".
    static func cut(_ text: String, _ limit: Int) -> String {
        guard text.count > limit else { return text }
        let prefix = text.prefix(limit - 1)
        let end = prefix.lastIndex(where: { $0 == " " || $0 == "\n" }) ?? prefix.endIndex
        return prefix[..<end].trimmingCharacters(in: .whitespacesAndNewlines) + "…"
    }
}
