import Engine
import Storage

/// A deterministic household with five years of history: recurring incomes and expenses,
/// loans, goals, and daily actual entries across the categories, loaded through the
/// storage layer (every write validated by the schema's constraints).
struct HouseholdGenerator {
    var seed: UInt64
    let today: Day

    init(seed: UInt64, today: Day) {
        self.seed = seed
        self.today = today
    }

    /// SplitMix64: the same seed gives the same household.
    mutating func next() -> UInt64 {
        seed &+= 0x9E37_79B9_7F4A_7C15
        var z = seed
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func number(_ range: ClosedRange<Int64>) -> Int64 {
        range.lowerBound + Int64(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    private var tokenCounter = 0
    mutating func token() -> String {
        tokenCounter += 1
        return String(repeating: "0", count: 32 - String(tokenCounter, radix: 16).count) + String(tokenCounter, radix: 16)
    }

    /// Writes the household, with `entries` daily actual entries spread over five years.
    mutating func load(into database: AppDatabase, entries: Int) throws {
        let start = today.addingMonths(-60)
        let incomes: [(String, Int64, Periodicity)] = [("Salary", 185_000_00, .monthly), ("Side job", 6_000_00, .biweekly)]
        for (name, amount, periodicity) in incomes {
            _ = try database.addRecurring(NewRecurringItem(kind: .income, name: name, amount: Money(minorUnits: amount),
                                                           periodicity: periodicity, start: start), formToken: token())
        }
        let expenses: [(String, Int64, Periodicity, String)] = [
            ("Rent", 45_000_00, .monthly, "housing"), ("Electricity", 3_200_00, .monthly, "utilities"),
            ("Internet", 900_00, .monthly, "utilities"), ("Groceries", 6_500_00, .weekly, "food"),
            ("Transit pass", 2_900_00, .monthly, "transport"), ("Streaming", 799_00, .monthly, "subscriptions"),
            ("Insurance", 24_000_00, .yearly, "health"), ("Courses", 15_000_00, .quarterly, "education"),
        ]
        for (name, amount, periodicity, category) in expenses {
            _ = try database.addRecurring(NewRecurringItem(kind: .expense, name: name, amount: Money(minorUnits: amount),
                                                           periodicity: periodicity, start: start, category: category), formToken: token())
        }
        let loans: [(String, Int64, Int64, Int?)] = [("Car loan", 640_000_00, 1490, 48), ("Credit card", 85_000_00, 2990, nil),
                                                     ("Education", 210_000_00, 800, 60)]
        for (index, (name, balance, apr, term)) in loans.enumerated() {
            _ = try database.addDebt(NewDebt(name: name, paymentDay: 5 + index * 7, kind: .loan(Loan(
                balance: Money(minorUnits: balance), asOf: today.addingMonths(-2), apr: APR(hundredths: apr), termMonths: term,
                minimumPayment: term == nil ? Money(minorUnits: 4_000_00) : nil))), today: today, formToken: token())
        }
        _ = try database.addDebt(NewDebt(name: "Phone", paymentDay: 20, kind: .paymentOnly(monthlyPayment: Money(minorUnits: 1_500_00))),
                                 today: today, formToken: token())
        for (index, name) in ["Vacation", "Laptop", "Wedding", "Renovation", "Bike"].enumerated() {
            _ = try database.addGoal(NewGoal(name: name, target: Money(minorUnits: number(50_000_00...900_000_00)),
                                             saved: Money(minorUnits: number(0...40_000_00)),
                                             deadline: index % 2 == 0 ? today.addingMonths(6 + index * 5) : nil,
                                             priority: index % 3 + 1), formToken: token())
        }
        _ = try database.setEmergencySaved(Money(minorUnits: 120_000_00), formToken: token())
        let categories = ["food", "transport", "entertainment", "health", "clothing", "other", "utilities", "education"]
        let days = start.days(to: today) + 1
        for index in 0..<entries {
            let day = start.adding(days: index * days / max(entries, 1))
            let isIncome = next() % 40 == 0
            _ = try database.addEntry(NewEntry(
                date: day, kind: isIncome ? .income : .expense, name: isIncome ? "Gift" : "Purchase \(index % 97)",
                amount: Money(minorUnits: number(1_00...8_000_00)), category: isIncome ? nil : categories[Int(next() % 8)],
                isActual: true), origin: .calendar, formToken: token())
        }
    }
}
