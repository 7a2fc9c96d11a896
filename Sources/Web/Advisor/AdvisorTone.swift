import Engine
import Foundation

/// How the advisor speaks (a Settings choice, `advisor.tone`): the same figures in every
/// tone; "no mercy" roasts a questionable purchase in proportion to its size, never an
/// essential one, and no tone lets an affordability answer go below the safety buffer.
enum AdvisorTone: String, CaseIterable, Sendable {
    case gentle, straight, noMercy

    /// The keys every tone has, as `advisor_tone_<tone>_<key>` (a test checks both languages).
    static let keys = ["afford_small", "afford_medium", "afford_large", "afford_huge", "essential", "buffer",
                       "goal_delay", "goal_stop", "prompt"]

    func key(_ name: String) -> String { "advisor_tone_\(rawValue)_\(name)" }

    /// The size tier of a purchase: its share of the monthly income (of the free cash flow when
    /// there is no income), under 5 %, under 20 %, under 50 %, or more.
    static func tier(share percent: Int) -> String {
        switch percent {
        case ..<5: "afford_small"
        case ..<20: "afford_medium"
        case ..<50: "afford_large"
        default: "afford_huge"
        }
    }

    /// Word prefixes of the essential categories (housing, utilities and bills, health, debt,
    /// education, childcare) in both languages; a question naming one is never mocked.
    static let essentialStems = [
        "rent", "mortgage", "housing", "landlord", "utilit", "electric", "water bill", "gas bill", "heating", "bill", "medic",
        "doctor", "dentist", "pharmac", "prescription", "hospital", "therapy", "health", "insurance", "loan", "debt",
        "credit card payment", "tuition", "school", "childcare", "daycare", "nanny", "groceries",
        "аренд", "ипотек", "жиль", "квартплат", "коммунал", "электричеств", "свет ", "газ ", "вод", "отоплен", "счет", "лекарств",
        "медицин", "врач", "стоматолог", "зубн", "аптек", "лечени", "больниц", "здоров", "страхов", "кредит", "долг", "заем",
        "займ", "обучени", "учеб", "школ", "садик", "детский сад", "няня", "няню", "продукт",
    ]

    /// Category keys that count as essential.
    static let essentialCategories: Set<String> = ["housing", "utilities", "health", "debt", "education"]

    /// True when `question` names an essential expense: a stem above, or the name of an
    /// essential category (built-in or the household's own name for it).
    static func isEssential(_ question: String, categoryNames: [String: String] = [:], t: Translations? = nil) -> Bool {
        let text = AdvisorRouter.normalise(question)
        if essentialStems.contains(where: { text.contains(" " + $0) }) { return true }
        for key in essentialCategories {
            let names = [categoryNames[key], t?[runtime: "category_\(key)"]].compactMap { $0 }
            for name in names {
                let normal = AdvisorRouter.normalise(name).trimmingCharacters(in: .whitespaces)
                if normal.count >= 3, text.contains(" " + normal) { return true }
            }
        }
        return false
    }

    /// True when the amount is a monthly commitment ("300 a month", «в месяц»).
    static func isMonthly(_ question: String) -> Bool {
        let text = AdvisorRouter.normalise(question)
        return [" a month ", " per month ", " monthly ", " every month ", " mo ", " в месяц ", " ежемесячно ", " каждый месяц "]
            .contains { text.contains($0) }
    }
}

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
        if AdvisorTone.isEssential(question, categoryNames: facts.categoryNames, t: t) {
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
