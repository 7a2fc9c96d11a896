// "How is this computed?" for every figure of the Budget, Plan and Forecast pages
// (docs/engine-rules.md, "Explaining a figure"). Pure: the explanation is built from the
// very values the pages and the API show (`BudgetTotals`, `Plan`, `Forecast`), as
// structured terms; the web layer words and formats them.

// MARK: - Figures

/// A figure that can be explained, addressed by a stable slug (`/explain/<slug>`).
public enum ExplainFigure: Hashable, Sendable {
    case income, fixedExpenses, minimumDebtPayments, monthlyExpenses, annualIncome, annualExpenses
    case freeCashFlow, debtLoad, emergencyTarget, emergencyMissing
    /// The split of free cash flow; `line` (1-based) is the allocation line asked about, 0 for the whole split.
    /// Its result is free cash flow, its terms the lines.
    case allocation(line: Int)
    /// A goal's ETA, by goal id.
    case goalETA(id: ID<Goal>)
    case debtFree
    case safeToSpend, safePerDay, lowPoint, risk

    private static let simple: [String: ExplainFigure] = [
        "income": .income, "fixed-expenses": .fixedExpenses, "minimum-debt-payments": .minimumDebtPayments,
        "monthly-expenses": .monthlyExpenses, "annual-income": .annualIncome, "annual-expenses": .annualExpenses,
        "free-cash-flow": .freeCashFlow, "debt-load": .debtLoad, "emergency-target": .emergencyTarget,
        "emergency-missing": .emergencyMissing, "allocations": .allocation(line: 0), "debt-free": .debtFree,
        "safe-to-spend": .safeToSpend, "safe-per-day": .safePerDay, "low-point": .lowPoint, "risk": .risk,
    ]

    /// Every figure without a parameter, for tests and the docs.
    public static var fixed: [ExplainFigure] { simple.values.sorted { $0.slug < $1.slug } }

    /// Parses a slug ("free-cash-flow", "allocation-2", "goal-17"), or nil.
    public init?(slug: String) {
        if let figure = Self.simple[slug] { self = figure; return }
        func number(after prefix: String) -> Int64? {
            guard slug.hasPrefix(prefix) else { return nil }
            let digits = slug.dropFirst(prefix.count)
            guard (1...15).contains(digits.utf8.count), digits.utf8.allSatisfy({ (48...57).contains($0) }), !digits.hasPrefix("0")
            else { return nil }
            return Int64(digits)
        }
        if let line = number(after: "allocation-"), line <= 1000 { self = .allocation(line: Int(line)); return }
        if let id = number(after: "goal-") { self = .goalETA(id: ID(id)); return }
        return nil
    }

    /// The slug that addresses this figure.
    public var slug: String {
        switch self {
        case .allocation(let line): return line == 0 ? "allocations" : "allocation-\(line)"
        case .goalETA(let id): return "goal-\(id)"
        default: return Self.simple.first { $0.value == self }!.key
        }
    }

    /// The key of its title and rule in the string tables: the slug, "allocations" or "goal", dashes as underscores.
    public var key: String {
        switch self {
        case .allocation: return "allocations"
        case .goalETA: return "goal"
        default: return String(slug.map { $0 == "-" ? "_" : $0 })
        }
    }

    /// Which page shows the figure (for the "back" link).
    public var page: ExplainPage {
        switch self {
        case .income, .fixedExpenses, .minimumDebtPayments, .monthlyExpenses, .annualIncome, .annualExpenses: return .budget
        case .safeToSpend, .safePerDay, .lowPoint, .risk: return .forecast
        default: return .plan
        }
    }
}

/// The page a figure belongs to.
public enum ExplainPage: String, Sendable { case budget, plan, forecast }

// MARK: - Explanation

/// A value in an explanation.
public enum ExplainValue: Hashable, Sendable {
    case money(Money)
    case count(Int)
    case month(YearMonth)
    case day(Day)
    /// Thousandths (shown as a percentage with one decimal).
    case permille(Int)
    /// A stable word the web layer translates (`explain_word_<key>`), e.g. a risk level.
    case word(String)
    /// Absent ("—").
    case absent
}

/// How a term joins the ones before it.
public enum ExplainOperator: String, Sendable {
    /// The first term.
    case first
    case plus, minus
    /// Multiplies the running value by this term (a count).
    case times
    /// Divides the running value by this term (a count); the division is rounded as `rounding` says.
    case divided
}

/// One term of a formula: an operator, what it is (a stable `role` the web layer words, with
/// the household's own `name` where the term is one of its items) and its value.
public struct ExplainTerm: Hashable, Sendable {
    public var op: ExplainOperator
    public var role: String
    public var name: String?
    public var value: ExplainValue

    /// Creates a term.
    public init(_ op: ExplainOperator, _ role: String, _ value: ExplainValue, name: String? = nil) {
        self.op = op; self.role = role; self.value = value; self.name = name
    }
}

/// A term's breakdown: the items it is the sum of (e.g. each income).
public struct ExplainBreakdown: Hashable, Sendable {
    /// The role of the term it breaks down.
    public var role: String
    /// Items joined by plus (or minus) to that term's value.
    public var items: [ExplainTerm]
}

/// How a figure is computed: `result` = `terms` joined left to right, then `rounding`;
/// `breakdowns` expand terms into their items; `conditions` are the checks a level figure
/// (the risk) went through, in order, each with whether it held.
public struct Explanation: Hashable, Sendable {
    public var figure: ExplainFigure
    public var result: ExplainValue
    public var terms: [ExplainTerm]
    public var breakdowns: [ExplainBreakdown]
    /// The rounding of the last step: "half-even", "ceiling", "floor-at-zero" or nil (exact).
    public var rounding: String?
    public var conditions: [(role: String, holds: Bool, value: ExplainValue)]

    /// Creates an explanation.
    init(_ figure: ExplainFigure, _ result: ExplainValue, _ terms: [ExplainTerm], breakdowns: [ExplainBreakdown] = [],
         rounding: String? = nil, conditions: [(role: String, holds: Bool, value: ExplainValue)] = []) {
        self.figure = figure; self.result = result; self.terms = terms; self.breakdowns = breakdowns
        self.rounding = rounding; self.conditions = conditions
    }

    public static func == (a: Explanation, b: Explanation) -> Bool {
        a.figure == b.figure && a.result == b.result && a.terms == b.terms && a.breakdowns == b.breakdowns && a.rounding == b.rounding
            && a.conditions.map(\.role) == b.conditions.map(\.role) && a.conditions.map(\.holds) == b.conditions.map(\.holds)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(figure); hasher.combine(result) }

    /// For a money formula of plus and minus terms only (and a times/divided by a count):
    /// the exact value the terms give before rounding, as a fraction; nil when a term is not money or a count.
    public var exactValue: (numerator: Int128, denominator: Int128)? {
        var numerator: Int128 = 0, denominator: Int128 = 1
        for term in terms {
            switch (term.op, term.value) {
            case (.first, .money(let m)), (.plus, .money(let m)): numerator += Int128(m.minorUnits) * denominator
            case (.minus, .money(let m)): numerator -= Int128(m.minorUnits) * denominator
            case (.times, .count(let c)): numerator *= Int128(c)
            case (.divided, .count(let c)) where c != 0: denominator *= Int128(c)
            default: return nil
            }
        }
        return (numerator, denominator)
    }
}

// MARK: - Building explanations

/// The explanation of `figure` from the values the pages show: the household and its plan on
/// `today` (the plan's `totals` are the Budget page's) and, for the Forecast figures, the
/// 30-day forecast. Nil when the figure does not exist for this household (no such allocation
/// line or goal, no loan to pay off, a forecast figure without a forecast).
public func explain(_ figure: ExplainFigure, household h: Household, plan: Plan, forecast f: Forecast?, today: Day) -> Explanation? {
    let totals = plan.totals
    func items(_ list: [RecurringItem], role: String) -> [ExplainTerm] {
        list.filter { $0.isActive(on: today) }.enumerated().map { i, item in
            ExplainTerm(i == 0 ? .first : .plus, role, .money(totals.itemMonthlyAmounts[item.id] ?? .zero), name: item.name)
        }
    }
    let incomeItems = items(h.incomes, role: "income_item")
    let expenseItems = items(h.expenses, role: "expense_item")
    let debtItems = h.debts.compactMap { debt -> ExplainTerm? in
        guard let line = totals.debtMonthlyPayments[debt.id], line.minorUnits > 0 else { return nil }
        return ExplainTerm(.plus, "debt_item", .money(line), name: debt.name)
    }.enumerated().map { i, term in var t = term; if i == 0 { t.op = .first }; return t }
    let income = ExplainTerm(.first, "income", .money(totals.monthlyRecurringIncome))
    let fixed = ExplainTerm(.plus, "fixed_expenses", .money(totals.monthlyFixedExpense))
    let minimums = ExplainTerm(.plus, "minimum_debt_payments", .money(totals.minimumDebtPayments))
    let breakdowns = [ExplainBreakdown(role: "income", items: incomeItems), ExplainBreakdown(role: "fixed_expenses", items: expenseItems),
                      ExplainBreakdown(role: "minimum_debt_payments", items: debtItems)].filter { !$0.items.isEmpty }

    switch figure {
    case .income:
        return Explanation(figure, .money(totals.monthlyRecurringIncome), incomeItems)
    case .fixedExpenses:
        return Explanation(figure, .money(totals.monthlyFixedExpense), expenseItems)
    case .minimumDebtPayments:
        return Explanation(figure, .money(totals.minimumDebtPayments), debtItems)
    case .monthlyExpenses:
        var first = fixed; first.op = .first
        return Explanation(figure, .money(totals.monthlyExpense), [first, minimums], breakdowns: breakdowns.filter { $0.role != "income" })
    case .annualIncome:
        let entries = totals.annualIncome.minorUnits - 12 * totals.monthlyRecurringIncome.minorUnits
        return Explanation(figure, .money(totals.annualIncome),
                           [income, ExplainTerm(.times, "months_in_year", .count(12)),
                            ExplainTerm(.plus, "income_entries", .money(Money(minorUnits: entries)))])
    case .annualExpenses:
        let entries = totals.annualExpense.minorUnits - 12 * totals.monthlyExpense.minorUnits
        return Explanation(figure, .money(totals.annualExpense),
                           [ExplainTerm(.first, "monthly_expenses", .money(totals.monthlyExpense)), ExplainTerm(.times, "months_in_year", .count(12)),
                            ExplainTerm(.plus, "expense_entries", .money(Money(minorUnits: entries)))])
    case .freeCashFlow:
        var f = fixed, m = minimums
        f.op = .minus; m.op = .minus
        return Explanation(figure, .money(plan.freeCashFlow),
                           [income, f, m, ExplainTerm(.minus, "everyday_spending", .money(plan.everydaySpending))],
                           breakdowns: breakdowns)
    case .debtLoad:
        guard let permille = plan.debtLoadPermille else {
            return Explanation(figure, .absent, [income])
        }
        var m = minimums; m.op = .first
        return Explanation(figure, .permille(permille),
                           [m, ExplainTerm(.times, "thousand", .count(1000)), ExplainTerm(.divided, "income", .money(totals.monthlyRecurringIncome))],
                           rounding: "half-even")
    case .emergencyTarget:
        return Explanation(figure, .money(plan.emergencyTarget),
                           [ExplainTerm(.first, "monthly_expenses", .money(totals.monthlyExpense)),
                            ExplainTerm(.times, "emergency_months", .count(h.settings.emergencyMonths))])
    case .emergencyMissing:
        return Explanation(figure, .money(plan.emergencyMissing),
                           [ExplainTerm(.first, "emergency_target", .money(plan.emergencyTarget)),
                            ExplainTerm(.minus, "emergency_saved", .money(plan.emergencySaved))],
                           rounding: "floor-at-zero")
    case .allocation(let line):
        guard line <= plan.allocations.count else { return nil }
        let lines = plan.allocations.enumerated().map { i, a in
            ExplainTerm(i == 0 ? .first : .plus, "allocation_\(a.kind.rawValue)", .money(a.amount), name: a.name.isEmpty ? nil : a.name)
        }
        // Every line's explanation is the whole split (the lines sum to FCF); the page names the line.
        return Explanation(figure, .money(plan.freeCashFlow), lines)
    case .goalETA(let id):
        guard let goal = plan.goals.first(where: { $0.id == id }) else { return nil }
        let result: ExplainValue = goal.etaMonths.map { .count($0) } ?? .absent
        return Explanation(figure, result,
                           [ExplainTerm(.first, "goal_target", .money(goal.target), name: goal.name),
                            ExplainTerm(.minus, "goal_saved", .money(goal.saved)),
                            ExplainTerm(.divided, "goal_monthly", .money(goal.monthly))],
                           breakdowns: [ExplainBreakdown(role: "goal_missing", items: [ExplainTerm(.first, "goal_missing", .money(goal.missing))])],
                           rounding: "ceiling")
    case .debtFree:
        guard let payoff = plan.payoff else { return nil }
        let chosen = payoff.strategy == .avalanche ? payoff.avalanche : payoff.snowball
        let result: ExplainValue = chosen.debtFreeMonth.map { .month($0) } ?? .absent
        return Explanation(figure, result,
                           [ExplainTerm(.first, "this_month", .month(today.yearMonth)),
                            ExplainTerm(.plus, "payoff_months", chosen.months.map { .count($0) } ?? .absent)],
                           breakdowns: [ExplainBreakdown(role: "payoff_details", items: [
                               ExplainTerm(.first, "strategy", .word("strategy_\(payoff.strategy.rawValue)")),
                               ExplainTerm(.first, "debt_share", .money(plan.allocated(.debt))),
                               ExplainTerm(.first, "total_interest", chosen.totalInterest.map { .money($0) } ?? .absent)]),
                           ] + [ExplainBreakdown(role: "minimum_debt_payments", items: debtItems)].filter { !$0.items.isEmpty })
    case .safeToSpend:
        guard let f, !f.isNetChange else { return nil }
        return Explanation(figure, .money(f.safeToSpend),
                           [ExplainTerm(.first, "lowest_before_payday", .money(f.lowestBeforePayday)),
                            ExplainTerm(.minus, "emergency_buffer", .money(f.emergencyBuffer))],
                           breakdowns: [ExplainBreakdown(role: "payday", items: [
                               ExplainTerm(.first, "payday", f.payday.map { .day($0) } ?? .absent),
                               ExplainTerm(.first, "safe_days", .count(f.safeDays))])],
                           rounding: "floor-at-zero")
    case .safePerDay:
        guard let f, !f.isNetChange else { return nil }
        return Explanation(figure, .money(f.safePerDay),
                           [ExplainTerm(.first, "left_until_payday", .money(f.safeToSpend)),
                            ExplainTerm(.divided, "safe_days", .count(f.safeDays))],
                           rounding: "floor")
    case .lowPoint:
        guard let f else { return nil }
        var inflow = MoneySum(), bills = MoneySum(), everyday = MoneySum()
        for day in f.days where day.date <= f.lowPoint.date {
            inflow.add(day.income); bills.add(day.bills); everyday.add(day.everyday)
        }
        // Hidden money (docs/engine-rules.md, "Round-ups and hidden money") shows as its own term.
        let start = f.hidden.minorUnits > 0
            ? [ExplainTerm(.first, "start_balance", .money(f.start.saturatingAdding(f.hidden))), ExplainTerm(.minus, "hidden_money", .money(f.hidden))]
            : [ExplainTerm(.first, f.isNetChange ? "net_change_start" : "start_balance", .money(f.start))]
        return Explanation(figure, .money(f.lowPoint.amount),
                           start + [
                            ExplainTerm(.plus, "known_income", .money(inflow.money)),
                            ExplainTerm(.minus, "known_bills", .money(bills.money)),
                            ExplainTerm(.minus, "everyday_spending", .money(everyday.money))],
                           breakdowns: [ExplainBreakdown(role: "low_point_date", items: [ExplainTerm(.first, "low_point_date", .day(f.lowPoint.date))])])
    case .risk:
        guard let f else { return nil }
        let conditions: [(role: String, holds: Bool, value: ExplainValue)] = [
            ("short_history", f.historyDays < 14, .count(f.historyDays)),
            ("expected_below_zero", f.firstNegative != nil, f.firstNegative.map { .day($0.date) } ?? .absent),
            ("pessimistic_below_zero", f.reason == .pessimisticBelowZero || f.days.contains { $0.pessimistic.minorUnits < 0 },
             .money(f.days.map(\.pessimistic).min() ?? .zero)),
            ("low_point_below_bills", f.lowPoint.amount < f.billsAfterLowPoint, .money(f.billsAfterLowPoint)),
            ("limit_exceeded", f.reason == .limitExceeded, .absent),
        ]
        return Explanation(figure, .word("risk_\(f.risk.rawValue)"), [], conditions: conditions)
    }
}
