import Engine
import Foundation
@testable import Storage
import Testing

// The achievements' aggregated entry read (Storage/AchievementReads.swift) gives the same
// achievements as the whole household read it replaced: transfers, deleted, planned, future and
// too old entries, incomes, confirmed occurrences and ended subscriptions included.

@Suite("Achievements' aggregated entry read")
struct AchievementReadsTests {
    private let today = day("2026-11-21")

    @Test("logged days, monthly sums and the entries after ended items give the achievements the household read gave")
    func sameAsHouseholdRead() throws {
        let database = try budgetDatabase()
        func add(_ date: String, _ kind: FlowKind = .expense, name: String = "Shop", amount: Int64 = 10_00,
                 category: String? = "food", actual: Bool = true, confirms: OccurrenceKey? = nil) throws -> ID<Entry> {
            try database.addEntry(NewEntry(date: day(date), kind: kind, name: name, amount: Money(minorUnits: amount),
                                           category: kind == .income ? nil : category, isActual: actual, confirms: confirms),
                                  origin: .calendar, formToken: token()).value()
        }
        // Two ended subscriptions (one slain, one still charged after its end), one open item.
        _ = try database.addRecurring(NewRecurringItem(kind: .expense, name: "Netflix", amount: Money(minorUnits: 799_00), periodicity: .monthly,
                                                       start: day("2025-01-05"), end: day("2026-06-05"), category: "subscriptions"), formToken: token())
        _ = try database.addRecurring(NewRecurringItem(kind: .expense, name: "Gym", amount: Money(minorUnits: 2_000_00), periodicity: .monthly,
                                                       start: day("2025-01-10"), end: day("2026-08-10"), category: "health"), formToken: token())
        let rent = try database.addRecurring(NewRecurringItem(kind: .expense, name: "Rent", amount: Money(minorUnits: 45_000_00), periodicity: .monthly,
                                                              start: day("2025-01-01"), category: "housing"), formToken: token()).value()
        _ = try database.saveCategoryLimit(month: "food", amount: 100_00)
        // Months under and over the food limit; entries of every kind.
        for month in 1...10 {
            let m = month < 10 ? "0\(month)" : "\(month)"
            _ = try add("2026-\(m)-03", amount: month == 4 ? 150_00 : 40_00)
            _ = try add("2026-\(m)-17", amount: 30_00)
            _ = try add("2026-\(m)-01", name: "Rent", amount: 45_000_00, category: "housing",
                        confirms: OccurrenceKey(source: .recurring(rent), date: day("2026-\(m)-01")))
        }
        _ = try add("2026-07-05", .income, name: "Salary", amount: 185_000_00)
        _ = try add("2026-11-19", amount: 5_00, actual: false)          // planned: not logged
        _ = try add("2026-11-25", amount: 5_00)                         // after today: not read
        _ = try add("2016-01-02", amount: 5_00)                         // before the walk limit
        _ = try add("2026-09-01", name: "gym", amount: 2_000_00, category: "health")   // charged after Gym ended
        let deleted = try add("2026-10-09", amount: 999_00)
        _ = try database.delete(.entry(deleted), formToken: token())
        let card = try database.addAccount(NewAccount(name: "Card", type: .checking, openingBalance: Money(minorUnits: 100_00),
                                                      openedOn: day("2026-01-10"), spendable: true, currency: "USD"), formToken: token()).value()
        let savings = try database.addAccount(NewAccount(name: "Savings", type: .savings, openingBalance: .zero,
                                                         openedOn: day("2026-01-10"), spendable: false, currency: "USD"), formToken: token()).value()
        _ = try database.addTransfer(NewTransfer(from: card, to: savings, amount: Money(minorUnits: 500_00), date: day("2026-11-12"),
                                                 name: "Transfer"), formToken: token())

        let from = today.adding(days: -challengeWalkLimit)
        let household = try database.household(settings: PlanSettings(), entriesFrom: from, through: today, today: today)
        let facts = try database.achievementEntryFacts(from: from, through: today, today: today,
                                                       endedItems: household.expenses.filter { $0.end != nil })

        // What the page computed before, from every entry.
        let confirmed = household.entries.filter { $0.confirms != nil && $0.isActual }.map(\.date)
        let logged = loggedDays(entries: household.entries, confirmedOn: confirmed, checkIns: [])
        #expect(facts.loggedDates == logged)
        #expect(!facts.loggedDates.contains(day("2026-11-19")) && !facts.loggedDates.contains(day("2026-11-12")))
        let expenses = household.entries.filter { $0.kind == .expense && $0.isActual }
        let limits = try database.categoryLimits()
        #expect(budgetMasterMonths(limits: limits, spent: facts.expenseSums, today: today)
            == budgetMasterMonths(limits: limits, expenses: expenses, today: today))
        #expect(budgetMasterMonths(limits: limits, spent: facts.expenseSums, today: today) == 6)
        #expect(slainSubscriptions(household.expenses, expenses: facts.expensesAfterEnds, today: today).map(\.name) == ["Netflix"])
        #expect(slainSubscriptions(household.expenses, expenses: expenses, today: today).map(\.name) == ["Netflix"])

        var before = AchievementFacts()
        before.logged = logged
        before.monthlyLimits = limits
        before.expenses = expenses
        before.recurringExpenses = household.expenses
        var after = before
        after.expenses = facts.expensesAfterEnds
        after.expenseSums = facts.expenseSums
        #expect(achievements(after, today: today) == achievements(before, today: today))
    }
}

extension AppDatabase {
    /// A monthly limit on `category` (test helper).
    fileprivate func saveCategoryLimit(month category: String, amount: Int64) throws -> ID<CategoryLimit> {
        try addCategoryLimit(CategoryLimit(category: category, period: .month, amount: Money(minorUnits: amount)), formToken: token()).value()
    }
}

@Suite("Logged days are the household's own")
struct LoggedDaysTests {
    @Test("imported bank rows are not logged days (streaks), yet their expenses still count in the sums")
    func importedRowsAreNotLoggedDays() throws {
        let database = try budgetDatabase()
        _ = try database.addEntry(NewEntry(date: day("2026-11-20"), kind: .expense, name: "Coffee", amount: Money(minorUnits: 3_00),
                                           category: "food", isActual: true), origin: .calendar, formToken: token())
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO account (name, type, currency, openingBalance, openedOn, spendable, createdAt)
                VALUES ('Card', 'card', 'USD', 0, '2026-01-01', 1, '2026-01-01T00:00:00Z')
                """)
            let account = db.lastInsertedRowID
            try db.execute(sql: """
                INSERT INTO importBatch (accountID, status, fileName, fileHash, format, encoding, createdAt, committedAt)
                VALUES (?, 'committed', 'x.csv', ?, 'csv', 'utf-8', '2026-11-21T00:00:00Z', '2026-11-21T00:00:00Z')
                """, arguments: [account, String(repeating: "a", count: 64)])
            let batch = db.lastInsertedRowID
            for d in ["2026-11-15", "2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19"] {
                try db.execute(sql: """
                    INSERT INTO entry (date, kind, name, amount, category, isActual, note, createdAt, accountID, importBatchID)
                    VALUES (?, 'expense', 'SHOP', 1000, 'food', 1, '', '2026-11-21T00:00:00Z', ?, ?)
                    """, arguments: [d, account, batch])
            }
        }
        let facts = try database.achievementEntryFacts(from: day("2026-11-01"), through: day("2026-11-21"), today: day("2026-11-21"), endedItems: [])
        #expect(facts.loggedDates == [day("2026-11-20")])
        #expect(facts.expenseSums[YearMonth(year: 2026, month: 11)!]?["food"] == Int128(5_300))
        #expect(try database.loggedDays(from: day("2026-11-01"), through: day("2026-11-21")) == [day("2026-11-20")])
    }
}
