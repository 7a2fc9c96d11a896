@testable import Engine

// MARK: - Shorthands

/// A date from `YYYY-MM-DD` (tests only use valid literals).
func day(_ iso: String) -> Day { Day(iso: iso)! }

/// An amount in minor units: `money(1_234_50)` is 1,234.50.
func money(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits) }

/// A monthly income starting long ago.
func income(_ id: ID<RecurringItem>, _ amount: Int64, _ periodicity: Periodicity = .monthly, start: String = "2020-01-01", end: String? = nil) -> RecurringItem {
    RecurringItem(id: id, kind: .income, name: "Income \(id)", amount: money(amount), periodicity: periodicity,
                  start: day(start), end: end.map(day))
}

/// A recurring expense starting long ago.
func expense(_ id: ID<RecurringItem>, _ amount: Int64, _ periodicity: Periodicity = .monthly, start: String = "2020-01-01",
             end: String? = nil, category: String = "housing") -> RecurringItem {
    RecurringItem(id: id, kind: .expense, name: "Expense \(id)", amount: money(amount), periodicity: periodicity,
                  start: day(start), end: end.map(day), category: category)
}

/// A mode-B debt.
func loanDebt(_ id: ID<Debt>, balance: Int64, apr: Int64, minimum: Int64?, asOf: String, term: Int? = nil,
              grace: Int = 0, paymentDay: Int = 20, name: String? = nil) -> Debt {
    Debt(id: id, name: name ?? "Loan \(id)", paymentDay: paymentDay, createdOn: day(asOf),
         kind: .loan(Loan(balance: money(balance), asOf: day(asOf), apr: APR(hundredths: apr), termMonths: term,
                          graceMonths: grace, minimumPayment: minimum.map(money))))
}

// MARK: - Deterministic random numbers

/// SplitMix64: a tiny seeded generator, so every random test reproduces from its seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
