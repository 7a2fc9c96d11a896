import Advisor
import Engine

// The built-in advisor's answers in the chosen tone (the tones themselves: Sources/Advisor/AdvisorTone.swift).

extension BuiltInAdvisor {
    /// The affordability answer in the chosen tone: the verdict from the plan, the safety
    /// buffer check against the forecast (which overrides any "yes"), the tone's line in
    /// proportion to the purchase (respectful for essentials) and the goal it delays.
    func tonedAffordability(_ question: String) -> [String] {
        let amount = BankAmount.amount(in: question)
        var lines = affordabilityWithForecast(amount, planLines: affordability(amount))
        guard let amount else { return lines }
        let monthly = AdvisorTone.isMonthly(question)
        // The forecast outlook's answer (AdvisorForecast.swift) already refuses going below the
        // buffer with the low point and the risk; the tone's own refusal is for when it is absent.
        if let forecast = facts.extras.forecast, !forecast.isNetChange, facts.outlook == nil {
            if amount > forecast.safeToSpend {
                let buffer = t.format(runtime: tone.key("buffer"), [
                    "amount": facts.money(amount), "left": facts.money(forecast.safeToSpend),
                    "leftLabel": SafeToSpendView.leftLabel(forecast, display: facts.display),
                    "over": facts.money(amount.saturatingSubtracting(forecast.safeToSpend)),
                    "buffer": facts.money(forecast.emergencyBuffer)])
                lines = [buffer]
                if let goal = goalDelay(amount, monthly: monthly) { lines.append(goal) }
                return lines
            }
        }
        var extra: [String] = []
        if AdvisorTone.isEssential(question, categoryNames: facts.categoryNames, builtInName: { t[runtime: "category_\($0)"] }) {
            extra.append(t.format(runtime: tone.key("essential"), ["amount": facts.money(amount)]))
        } else {
            let base = facts.totals.monthlyRecurringIncome.minorUnits > 0 ? facts.totals.monthlyRecurringIncome : plan.freeCashFlow
            let share = base.minorUnits > 0
                ? Int(min(Int128(100_000), Int128(amount.minorUnits) * 100 / Int128(base.minorUnits))) : 100
            extra.append(t.format(runtime: tone.key(AdvisorTone.tier(share: share)), [
                "amount": facts.money(amount), "share": "\(share)", "income": facts.money(base),
                "year": facts.money(monthly ? amount.saturatingMultiplied(by: 12) : amount)]))
        }
        if let goal = goalDelay(amount, monthly: monthly) { extra.append(goal) }
        lines.insert(contentsOf: extra, at: min(1, lines.count))
        return lines
    }

    /// "It delays “Car” by 3 months": the first unfinished goal with a monthly contribution.
    func goalDelay(_ amount: Money, monthly: Bool) -> String? {
        guard let goal = plan.goals.first(where: { !$0.finished && $0.monthly.minorUnits > 0 }) else { return nil }
        if monthly {
            if amount >= goal.monthly {
                return t.format(runtime: tone.key("goal_stop"), ["goal": goal.name, "monthly": facts.money(goal.monthly), "amount": facts.money(amount)])
            }
            let before = AdvisorFacts.months(goal.missing, at: goal.monthly) ?? 0
            let after = AdvisorFacts.months(goal.missing, at: goal.monthly.saturatingSubtracting(amount)) ?? before
            guard after > before else { return nil }
            return t.format(runtime: tone.key("goal_delay"), ["goal": goal.name, "months": facts.display.months(after - before),
                                                     "monthly": facts.money(goal.monthly)])
        }
        guard let months = AdvisorFacts.months(amount, at: goal.monthly), months > 0 else { return nil }
        return t.format(runtime: tone.key("goal_delay"), ["goal": goal.name, "months": facts.display.months(months), "monthly": facts.money(goal.monthly)])
    }
}
