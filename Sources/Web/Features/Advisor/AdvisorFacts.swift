import Engine
import Storage

/// What the advisor knows about the household: the cached engine plan (the same one the
/// Plan page and `/api/v1/plan` show) and a formatter in the answer's language.
struct AdvisorFacts {
    let household: Household
    let plan: Plan
    let display: Display
    let today: Day
    /// User categories' names by key (built-ins are translated).
    let categoryNames: [String: String]
    /// Bills, limits, the forecast or the last import, loaded for the topic that needs them.
    var extras = AdvisorExtras()
    /// The 30-day forecast and the limits, nil when not read.
    var outlook: AdvisorOutlook? = nil

    var t: Translations { display.t }
    var language: Language { display.language }
    var totals: BudgetTotals { plan.totals }

    /// True before any income, expense, debt or goal was entered.
    var isEmpty: Bool {
        household.incomes.isEmpty && household.expenses.isEmpty && household.debts.isEmpty && household.goals.isEmpty
    }

    /// "₽1,234.50" / "1 234,50 ₽".
    func money(_ amount: Money) -> String { display.money(amount) }

    /// The debt load as the Plan page shows it ("12.5%"), "—" at zero income.
    var debtLoad: String { plan.debtLoadPermille.map { App.percent(permille: $0, language) } ?? "—" }

    /// The plan's monthly allocation of one kind.
    func allocated(_ kind: AllocationKind) -> Money { plan.allocated(kind) }

    /// The biggest expense category this month by the monthly amounts of active recurring
    /// expenses (the engine's `itemMonthlyAmounts`): its label, amount and share of them.
    var biggestCategory: (label: String, amount: Money, percent: Int)? {
        var sums: [String: Int128] = [:]   // 128 bits: thousands of items at 10^12 pass Int64
        for item in household.expenses where item.isActive(on: today) {
            sums[item.category, default: 0] += Int128(totals.itemMonthlyAmounts[item.id]?.minorUnits ?? 0)
        }
        let total = sums.values.reduce(Int128(0), +)
        guard total > 0, let top = sums.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }) else { return nil }
        return (display.category(top.key, names: categoryNames), Money(clamping: top.value), Int(top.value * 100 / total))
    }

    /// `amount` × `percent` ÷ 100, half to even (a small calculation shown as a range end).
    static func percent(_ percent: Int, of amount: Money) -> Money {
        Money(clamping: roundHalfEven(numerator: Int128(amount.minorUnits) * Int128(percent), denominator: 100))
    }

    /// ceil(amount ÷ monthly) months, nil when monthly is 0.
    static func months(_ amount: Money, at monthly: Money) -> Int? {
        guard monthly.minorUnits > 0 else { return nil }
        return Int(ceilDivide(Int128(amount.minorUnits), Int128(monthly.minorUnits)))
    }
}

extension AdvisorFeature {
    /// The advisor's facts with texts in `language` and amounts in the household currency
    /// as the pages of `context` show them.
    func advisorFacts(_ language: Language, _ context: RequestContext) throws -> AdvisorFacts {
        let settings = try householdSettings()
        let (household, plan) = try currentPlan()
        let currency = settings.currency(for: context.language)
        return AdvisorFacts(household: household, plan: plan,
                            display: Display(t: Translations(language), currency: currency),
                            today: today(), categoryNames: try categoryNames(), outlook: advisorOutlook(currency: currency))
    }
}
