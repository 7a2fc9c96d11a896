import Engine

// MARK: - What the budget forms write

/// A recurring income or expense as a form submits it.
public struct NewRecurringItem: Sendable, Equatable {
    public var kind: FlowKind
    public var name: String
    /// The amount of one occurrence.
    public var amount: Money
    public var periodicity: Periodicity
    public var start: Day
    /// Last day it counts (inclusive), nil for open-ended.
    public var end: Day?
    /// A category key for expenses, nil for incomes.
    public var category: String?
    /// An expense that plans its category rather than a bill; nil: its category's default
    /// (`RecurringItem.plannedCategories`).
    public var plansCategory: Bool?

    /// Creates the values of an item.
    public init(kind: FlowKind, name: String, amount: Money, periodicity: Periodicity, start: Day,
                end: Day? = nil, category: String? = nil, plansCategory: Bool? = nil) {
        self.kind = kind; self.name = name; self.amount = amount; self.periodicity = periodicity
        self.start = start; self.end = end; self.category = category; self.plansCategory = plansCategory
    }
}

/// A debt as a form submits it; its `createdOn` is `start`, or the day it is added.
public struct NewDebt: Sendable, Equatable {
    public var name: String
    /// 1…31.
    public var paymentDay: Int
    public var kind: DebtKind
    /// Mode A: the day payments start (nil: the day it is added; kept on edit).
    public var start: Day?
    /// Mode A: the last day a payment may fall on (nil: no end).
    public var end: Day?

    /// Creates the values of a debt.
    public init(name: String, paymentDay: Int, kind: DebtKind, start: Day? = nil, end: Day? = nil) {
        self.name = name; self.paymentDay = paymentDay; self.kind = kind; self.start = start; self.end = end
    }
}

/// A savings goal as a form submits it.
public struct NewGoal: Sendable, Equatable {
    public var name: String
    public var target: Money
    /// 0 or more.
    public var saved: Money
    public var deadline: Day?
    /// 1 (low) … 3 (high).
    public var priority: Int
    /// The account whose balance "saved so far" follows (nil: `saved` as typed).
    public var savedAccountID: ID<Account>?

    /// Creates the values of a goal.
    public init(name: String, target: Money, saved: Money = .zero, deadline: Day? = nil, priority: Int = 2,
                savedAccountID: ID<Account>? = nil) {
        self.name = name; self.target = target; self.saved = saved; self.deadline = deadline; self.priority = priority
        self.savedAccountID = savedAccountID
    }
}

/// A one-off income or expense, planned or actual, as a form submits it.
public struct NewEntry: Sendable, Equatable {
    public var date: Day
    public var kind: FlowKind
    public var name: String
    public var amount: Money
    /// A category key for expenses, nil for incomes.
    public var category: String?
    public var isActual: Bool
    /// At most 500 characters; "" for none.
    public var note: String
    /// The planned occurrence this entry confirms (then `isActual` must be true).
    public var confirms: OccurrenceKey?
    /// The amount it was entered with as planned (kept when confirmed in place); nil for
    /// an entry typed as actual.
    public var plannedAmount: Money?
    /// Its account and cleared flag; nil keeps what is stored (no account for a new entry).
    public var account: EntryAccount?

    /// Creates the values of an entry. A planned entry is planned at `amount` unless
    /// `plannedAmount` is given; an actual entry has a planned amount only when given
    /// (a planned entry confirmed in place).
    public init(date: Day, kind: FlowKind, name: String, amount: Money, category: String? = nil,
                isActual: Bool, note: String = "", confirms: OccurrenceKey? = nil, plannedAmount: Money? = nil) {
        self.date = date; self.kind = kind; self.name = name; self.amount = amount; self.category = category
        self.isActual = isActual; self.note = note; self.confirms = confirms
        self.plannedAmount = plannedAmount ?? (isActual ? nil : amount)
    }
}

// MARK: - What the budget reads return

/// An expense category: a built-in (name nil, translated from its key) or the user's own.
public struct CategoryRecord: Sendable, Equatable {
    public var key: String
    /// nil for a built-in.
    public var name: String?
    /// Used by some recurring item or entry (deleted ones included); always true for
    /// "other", which can never be removed.
    public var inUse: Bool

    /// Creates a record.
    public init(key: String, name: String?, inUse: Bool) { self.key = key; self.name = name; self.inUse = inUse }
}

/// An entry with its note (the engine's `Entry` has none). `entry.confirms` is nil when
/// the occurrence's source has been deleted.
public struct StoredEntry: Sendable, Equatable {
    public var entry: Entry
    public var note: String

    /// Creates a stored entry.
    public init(entry: Entry, note: String) { self.entry = entry; self.note = note }
}

/// Where an entry was typed, which decides its event: the Budget page records
/// income_added / expense_added, the Calendar daily_entry_added {kind}.
public enum EntryOrigin: Sendable {
    case dataPage, calendar
}

/// A soft-deletable row.
public enum DeletedThing: Sendable, Equatable {
    case recurring(ID<RecurringItem>), debt(ID<Debt>), goal(ID<Goal>), entry(ID<Entry>)

    /// The table and the id.
    var row: (table: String, id: Int64) {
        switch self {
        case .recurring(let id): ("recurringItem", id.rawValue)
        case .debt(let id): ("debt", id.rawValue)
        case .goal(let id): ("goal", id.rawValue)
        case .entry(let id): ("entry", id.rawValue)
        }
    }
}
