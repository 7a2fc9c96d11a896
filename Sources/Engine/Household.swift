// The household's data as the engine receives it: plain values, no storage.

// MARK: - Recurring items and entries

/// A recurring income (category "") or expense. Creation order is id order.
public struct RecurringItem: Sendable, Hashable {
    public var id: ID<RecurringItem>
    public var kind: FlowKind
    public var name: String
    /// The amount of one occurrence.
    public var amount: Money
    public var periodicity: Periodicity
    /// First day it counts and first occurrence.
    public var start: Day
    /// Last day it counts (inclusive), nil for open-ended.
    public var end: Day?
    public var category: String
    /// An expense that is its category's plan (SPEC §11 "Variable spending is planned once": a
    /// budget for groceries, fuel…), not a bill: the category's actual entries consume it, the
    /// forecast never counts it beside the measured pace, and it is never confirmed by one entry.
    /// False for incomes and bills (one payee, about the same amount each time).
    public var plansCategory: Bool

    /// The categories whose recurring expense is a plan for the category unless the household says
    /// otherwise: what is bought in them varies from shop to shop (groceries, transport, fun,
    /// clothes). Rent, utilities, subscriptions, education, health, other and the household's own
    /// categories hold bills (one payee: the landlord, the gym, the insurer) unless marked.
    public static let plannedCategories: Set<String> = ["food", "transport", "entertainment", "clothing"]

    /// Creates an item; `category` is "" for incomes. `plansCategory` nil: the default of its
    /// category (`plannedCategories`).
    public init(id: ID<RecurringItem>, kind: FlowKind, name: String, amount: Money, periodicity: Periodicity,
                start: Day, end: Day? = nil, category: String = "", plansCategory: Bool? = nil) {
        self.id = id; self.kind = kind; self.name = name; self.amount = amount
        self.periodicity = periodicity; self.start = start; self.end = end; self.category = category
        self.plansCategory = kind == .expense && (plansCategory ?? Self.plannedCategories.contains(category))
    }

    /// Whether the item counts on `day`: start ≤ day ≤ end (docs/engine-rules.md, "Recurring items").
    public func isActive(on day: Day) -> Bool {
        start <= day && (end.map { day <= $0 } ?? true)
    }
}

/// What a planned occurrence comes from: a recurring item or a debt's payment.
public enum OccurrenceSource: Hashable, Sendable {
    case recurring(ID<RecurringItem>)
    case debt(ID<Debt>)
}

/// Identifies one planned occurrence, so that an entry can confirm it.
public struct OccurrenceKey: Hashable, Sendable {
    public var source: OccurrenceSource
    public var date: Day

    /// Creates a key.
    public init(source: OccurrenceSource, date: Day) { self.source = source; self.date = date }
}

/// A one-off income or expense, planned or actual (docs/engine-rules.md, "Entries: planned, actual, pending").
public struct Entry: Sendable, Hashable {
    public var id: ID<Entry>
    public var date: Day
    public var kind: FlowKind
    public var name: String
    public var amount: Money
    public var category: String
    /// True once it happened (typed as actual, or a planned entry confirmed in place).
    public var isActual: Bool
    /// The occurrence this entry confirmed ("linked"), nil for a free-standing entry.
    public var confirms: OccurrenceKey?
    /// The amount it was entered with as *planned*, kept when it is confirmed in place
    /// (then `amount` is what actually happened); nil for an entry typed as actual.
    public var plannedAmount: Money?

    /// Creates an entry. A planned entry (`isActual` false) is planned at `amount` unless
    /// `plannedAmount` says otherwise; an actual one is planned only when `plannedAmount`
    /// is given (a planned entry confirmed in place).
    public init(id: ID<Entry>, date: Day, kind: FlowKind, name: String, amount: Money, category: String = "",
                isActual: Bool, confirms: OccurrenceKey? = nil, plannedAmount: Money? = nil) {
        self.id = id; self.date = date; self.kind = kind; self.name = name; self.amount = amount
        self.category = category; self.isActual = isActual; self.confirms = confirms
        self.plannedAmount = plannedAmount ?? (isActual ? nil : amount)
    }

    /// The parts of a split expense (docs/engine-rules.md, "Splits"): each in its own category,
    /// summing to `amount`; empty for an entry that is not split.
    public var parts: [EntryPart] = []

    /// Entered as planned (still pending, or confirmed in place since).
    public var wasPlanned: Bool { plannedAmount != nil }

    /// Calls `body` with each (category, amount) the entry counts in a category figure: its parts
    /// when it is split, else its whole amount in its category. `total` is the amount being
    /// counted: a planned amount other than `amount` (a plan confirmed in place at another
    /// amount) stays whole in the entry's category. Every figure that groups spending by
    /// category reads an entry through this.
    public func forEachCategoryAmount(of total: Money? = nil, _ body: (String, Money) -> Void) {
        let total = total ?? amount
        if parts.isEmpty || total != amount {
            body(category, total)
        } else {
            for part in parts { body(part.category, part.amount) }
        }
    }
}

/// One part of a split expense: an amount in a category (docs/engine-rules.md, "Splits").
public struct EntryPart: Sendable, Hashable {
    public var category: String
    public var amount: Money

    /// Creates a part.
    public init(category: String, amount: Money) { self.category = category; self.amount = amount }
}

// MARK: - Debts

/// A debt in mode A (payment only) or mode B (loan). Creation order is id order.
public struct Debt: Sendable, Hashable {
    public var id: ID<Debt>
    public var name: String
    /// Day of the month it is paid, 1…31, clamped to the month's last day.
    public var paymentDay: Int
    /// Mode A: the day its payments start (the first payment day on or after it counts);
    /// the day it was added unless the form named another.
    public var createdOn: Day
    public var kind: DebtKind
    /// Mode A: the last day a payment may fall on (nil: no end).
    public var endsOn: Day?

    /// Creates a debt.
    public init(id: ID<Debt>, name: String, paymentDay: Int, createdOn: Day, kind: DebtKind, endsOn: Day? = nil) {
        self.id = id; self.name = name; self.paymentDay = paymentDay; self.createdOn = createdOn; self.kind = kind
        self.endsOn = endsOn
    }

    /// Mode A: whether its payment counts in the monthly figures on `day`, as a recurring
    /// item does: start ≤ day ≤ end. Mode B: always (its minimum counts while it owes).
    public func isActive(on day: Day) -> Bool {
        guard case .paymentOnly = kind else { return true }
        return createdOn <= day && (endsOn.map { day <= $0 } ?? true)
    }

    /// The loan of a mode-B debt, nil for mode A.
    public var loan: Loan? {
        if case .loan(let loan) = kind { return loan }
        return nil
    }
}

/// Mode A (only a monthly payment) or mode B (a loan with a balance).
public enum DebtKind: Sendable, Hashable {
    case paymentOnly(monthlyPayment: Money)
    case loan(Loan)
}

/// A mode-B loan as entered (docs/engine-rules.md, "Debts").
public struct Loan: Sendable, Hashable {
    /// The balance after any payment already made on `asOf`.
    public var balance: Money
    /// The day the balance is true on (never in the future).
    public var asOf: Day
    public var apr: APR
    /// Remaining term in months from `asOf`, optional.
    public var termMonths: Int?
    /// Interest-free months counted from the as-of month (0 = none).
    public var graceMonths: Int
    /// The minimum monthly payment, optional.
    public var minimumPayment: Money?

    /// Creates a loan.
    public init(balance: Money, asOf: Day, apr: APR, termMonths: Int? = nil, graceMonths: Int = 0,
                minimumPayment: Money? = nil) {
        self.balance = balance; self.asOf = asOf; self.apr = apr; self.termMonths = termMonths
        self.graceMonths = graceMonths; self.minimumPayment = minimumPayment
    }

    /// The minimum paid each month: the stated minimum, else the annuity of `balance`
    /// over `termMonths` at `apr`; nil when neither is given (the form requires one;
    /// the schedule then treats the minimum as zero).
    public var effectiveMinimum: Money? {
        if let minimumPayment { return minimumPayment }
        guard let termMonths else { return nil }
        return annuityPayment(principal: balance, apr: apr, months: termMonths)
    }
}

// MARK: - Goals and settings

/// A savings goal (docs/engine-rules.md, "Goals"). Creation order is id order.
public struct Goal: Sendable, Hashable {
    public var id: ID<Goal>
    public var name: String
    public var target: Money
    public var saved: Money
    public var deadline: Day?
    /// 1 (low) … 3 (high).
    public var priority: Int

    /// Creates a goal.
    public init(id: ID<Goal>, name: String, target: Money, saved: Money = .zero, deadline: Day? = nil, priority: Int = 2) {
        self.id = id; self.name = name; self.target = target; self.saved = saved
        self.deadline = deadline; self.priority = priority
    }

    /// saved ≥ target.
    public var isFinished: Bool { saved >= target }
}

/// The order in which extra money pays loans.
public enum PayoffStrategy: String, Sendable, CaseIterable, Codable {
    /// Highest APR first.
    case avalanche
    /// Smallest balance first.
    case snowball
}

/// The plan settings (docs/engine-rules.md, "The split"): whole-percent shares summing to 100, fund months,
/// horizon and payoff strategy.
public struct PlanSettings: Sendable, Hashable {
    public var emergencyShare: Int = 40
    public var debtShare: Int = 40
    public var goalShare: Int = 20
    public var emergencyMonths: Int = 3
    public var horizonMonths: Int = 24
    public var strategy: PayoffStrategy = .avalanche

    /// Creates settings; every parameter defaults to the product's default.
    public init(emergencyShare: Int = 40, debtShare: Int = 40, goalShare: Int = 20, emergencyMonths: Int = 3,
                horizonMonths: Int = 24, strategy: PayoffStrategy = .avalanche) {
        self.emergencyShare = emergencyShare; self.debtShare = debtShare; self.goalShare = goalShare
        self.emergencyMonths = emergencyMonths; self.horizonMonths = horizonMonths; self.strategy = strategy
    }
}

/// Everything the engine needs about one household.
///
/// `entries` may be pre-filtered by the caller to the period a function reads (each
/// function says which); `earliestActualEntry` is the date of the earliest actual entry
/// ever, passed separately for the 3-month history rule (when nil, the earliest actual
/// entry in `entries` is used).
public struct Household: Sendable {
    public var incomes: [RecurringItem]
    public var expenses: [RecurringItem]
    public var debts: [Debt]
    public var goals: [Goal]
    public var emergencySaved: Money
    public var settings: PlanSettings
    public var entries: [Entry]
    public var earliestActualEntry: Day?
    /// Expected everyday spending a month (`expectedEverydaySpending`), which the plan's free cash
    /// flow keeps back (SPEC §11); measured by the caller from the last 90 days, 0 when unknown.
    public var everydaySpending: Money = .zero

    /// Creates a household; everything defaults to empty.
    public init(incomes: [RecurringItem] = [], expenses: [RecurringItem] = [], debts: [Debt] = [],
                goals: [Goal] = [], emergencySaved: Money = .zero, settings: PlanSettings = PlanSettings(),
                entries: [Entry] = [], earliestActualEntry: Day? = nil) {
        self.incomes = incomes; self.expenses = expenses; self.debts = debts; self.goals = goals
        self.emergencySaved = emergencySaved; self.settings = settings; self.entries = entries
        self.earliestActualEntry = earliestActualEntry
    }
}
