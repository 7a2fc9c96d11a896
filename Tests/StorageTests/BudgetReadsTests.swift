import Engine
import Foundation
import GRDB
import Testing
@testable import Storage

@Suite("Budget reads")
struct BudgetReadsTests {
    @Test("household() returns every field of every type as written")
    func roundTrip() throws {
        // Given one of everything, with every optional field set somewhere
        let database = try budgetDatabase()
        let salaryID = try database.addRecurring(salary, formToken: token()).value()
        let bonus = NewRecurringItem(kind: .income, name: "Bonus", amount: Money(minorUnits: 1_000_000_000_000),
                                     periodicity: .yearly, start: day("1900-01-01"), end: day("2199-12-31"))
        let bonusID = try database.addRecurring(bonus, formToken: token()).value()
        let rentID = try database.addRecurring(rent, formToken: token()).value()
        let phoneID = try database.addDebt(phone, today: day("2026-03-01"), formToken: token()).value()
        let mortgageID = try database.addDebt(mortgage, today: day("2026-03-02"), formToken: token()).value()
        let carID = try database.addGoal(car, formToken: token()).value()
        let rainyID = try database.addGoal(NewGoal(name: "Rainy day", target: Money(minorUnits: 1)), formToken: token()).value()
        try database.setEmergencySaved(Money(minorUnits: 1_000_000_000_000), formToken: token()).value()
        let occurrence = OccurrenceKey(source: .recurring(salaryID), date: day("2026-03-31"))
        let payment = OccurrenceKey(source: .debt(mortgageID), date: day("2026-03-31"))
        let confirmed = try database.addEntry(NewEntry(
            date: day("2026-04-01"), kind: .income, name: "Salary (late)", amount: Money(minorUnits: 149_999_99),
            isActual: true, note: "paid a day late", confirms: occurrence), origin: .calendar, formToken: token()).value()
        let paid = try database.addEntry(NewEntry(
            date: day("2026-03-31"), kind: .expense, name: "Mortgage", amount: Money(minorUnits: 40_000_00),
            category: "other", isActual: true, confirms: payment), origin: .calendar, formToken: token()).value()
        let plannedID = try database.addEntry(NewEntry(
            date: day("2026-03-20"), kind: .expense, name: "Dentist", amount: Money(minorUnits: 5_000_00),
            category: "health", isActual: false), origin: .dataPage, formToken: token()).value()
        let earliestID = try database.addEntry(NewEntry(
            date: day("2020-01-01"), kind: .expense, name: "Old", amount: Money(minorUnits: 1), category: "food",
            isActual: true), origin: .dataPage, formToken: token()).value()
        _ = try database.addEntry(NewEntry(date: day("2019-06-01"), kind: .expense, name: "Planned long ago",
                                           amount: Money(minorUnits: 1), category: "food", isActual: false),
                                  origin: .dataPage, formToken: token())
        let settings = PlanSettings(emergencyShare: 50, debtShare: 30, goalShare: 20, emergencyMonths: 6,
                                    horizonMonths: 36, strategy: .snowball)

        // When the household is read for March and April 2026
        let household = try database.household(settings: settings, entriesFrom: day("2026-03-01"), through: day("2026-04-30"))

        // Then every field is as written, entries by date, the earliest actual entry from all time
        #expect(household.incomes == [
            RecurringItem(id: salaryID, kind: .income, name: "Salary", amount: salary.amount, periodicity: .monthly,
                          start: day("2026-01-31")),
            RecurringItem(id: bonusID, kind: .income, name: "Bonus", amount: bonus.amount, periodicity: .yearly,
                          start: day("1900-01-01"), end: day("2199-12-31")),
        ])
        #expect(household.expenses == [
            RecurringItem(id: rentID, kind: .expense, name: "Rent", amount: rent.amount, periodicity: .monthly,
                          start: day("2026-01-05"), end: day("2026-12-05"), category: "housing"),
        ])
        #expect(household.debts == [
            Debt(id: phoneID, name: "Phone", paymentDay: 10, createdOn: day("2026-03-01"), kind: phone.kind),
            Debt(id: mortgageID, name: "Mortgage", paymentDay: 31, createdOn: day("2026-03-02"), kind: mortgage.kind),
        ])
        #expect(household.goals == [
            Goal(id: carID, name: "Car", target: car.target, saved: car.saved, deadline: day("2028-06-30"), priority: 3),
            Goal(id: rainyID, name: "Rainy day", target: Money(minorUnits: 1), saved: .zero, deadline: nil, priority: 2),
        ])
        #expect(household.emergencySaved == Money(minorUnits: 1_000_000_000_000))
        #expect(household.settings == settings)
        #expect(household.entries == [
            Entry(id: plannedID, date: day("2026-03-20"), kind: .expense, name: "Dentist", amount: Money(minorUnits: 5_000_00),
                  category: "health", isActual: false),
            Entry(id: paid, date: day("2026-03-31"), kind: .expense, name: "Mortgage", amount: Money(minorUnits: 40_000_00),
                  category: "other", isActual: true, confirms: payment),
            Entry(id: confirmed, date: day("2026-04-01"), kind: .income, name: "Salary (late)",
                  amount: Money(minorUnits: 149_999_99), isActual: true, confirms: occurrence),
        ])
        #expect(household.earliestActualEntry == day("2020-01-01"))
        #expect(try database.storedEntry(id: confirmed)?.note == "paid a day late")

        // When the earliest actual entry is deleted, then the next one counts
        try database.delete(.entry(earliestID), formToken: token()).value()
        #expect(try database.wholeHousehold().earliestActualEntry == day("2026-03-31"))
    }

    @Test("entries are paged by date, then id, and counted")
    func paging() throws {
        // Given five entries on three days, added out of order
        let database = try budgetDatabase()
        var ids: [String: ID<Entry>] = [:]
        for (name, date) in [("c", "2026-03-03"), ("a", "2026-03-01"), ("b1", "2026-03-02"), ("b2", "2026-03-02"),
                             ("z", "2026-04-01")] {
            var entry = groceries
            entry.name = name; entry.date = day(date)
            ids[name] = try database.addEntry(entry, origin: .dataPage, formToken: token()).value()
        }
        // When March is read two at a time
        let march = (day("2026-03-01"), day("2026-03-31"))
        let first = try database.entries(from: march.0, through: march.1, limit: 2, offset: 0)
        let second = try database.entries(from: march.0, through: march.1, limit: 2, offset: 2)
        // Then the pages follow date then id, with notes, and the count is March's
        #expect(first.map(\.entry.name) == ["a", "b1"])
        #expect(second.map(\.entry.name) == ["b2", "c"])
        #expect(second.map(\.entry.id) == [ids["b2"]!, ids["c"]!])
        #expect(first.allSatisfy { $0.note == "market" })
        #expect(try database.entryCount(from: march.0, through: march.1) == 4)
    }

    @Test("reading a household with 20,000 entries in range (timing printed)")
    func timing() throws {
        // Given five years of about 11 entries a day
        let database = try budgetDatabase()
        _ = try database.addRecurring(salary, formToken: token())
        _ = try database.addRecurring(rent, formToken: token())
        _ = try database.addDebt(mortgage, today: day("2026-03-01"), formToken: token())
        let start = day("2021-01-01")
        try database.write { db in
            let insert = try db.makeStatement(sql: """
                INSERT INTO entry (date, kind, name, amount, category, isActual, note, confirmsRecurringID, confirmsDate, createdAt)
                VALUES (?, ?, ?, ?, ?, ?, '', ?, ?, '2026-01-01T00:00:00Z')
                """)
            let categories = ["food", "housing", "transport", "entertainment", "subscriptions"]
            for index in 0..<20_000 {
                let date = start.adding(days: index / 11).iso
                let income = index % 10 == 0
                let confirms = index % 11 == 0 && date.hasSuffix("-05") && !income
                try insert.execute(arguments: [
                    date, income ? "income" : "expense", "Entry number \(index)", Int64(index + 1),
                    income ? nil : categories[index % categories.count], confirms || index % 3 != 0,
                    confirms ? 2 : nil, confirms ? date : nil,
                ])
            }
        }
        let through = start.adding(days: 20_000 / 11)
        // When it is read repeatedly, all five years and then one year
        func medianMilliseconds(from: Day, through: Day, expecting count: Int) throws -> Double {
            var milliseconds: [Double] = []
            for _ in 0..<15 {
                let began = ContinuousClock.now
                let household = try database.household(settings: PlanSettings(), entriesFrom: from, through: through)
                let elapsed = ContinuousClock.now - began
                milliseconds.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
                // Then every entry in range is there, the linked ones linked
                #expect(household.entries.count == count)
                #expect(household.entries.contains { $0.confirms != nil })
            }
            return milliseconds.sorted()[milliseconds.count / 2]
        }
        let all = try medianMilliseconds(from: start, through: through, expecting: 20_000)
        let year = try medianMilliseconds(from: day("2023-01-01"), through: day("2023-12-31"),
                                          expecting: try database.entryCount(from: day("2023-01-01"), through: day("2023-12-31")))
        print("household() median: 20,000 entries \(String(format: "%.2f", all)) ms; one year \(String(format: "%.2f", year)) ms")
    }

    @Test("the Budget page's one-off entries are read through the month's range of the date index: no scan, no sort")
    func oneOffEntriesPlan() throws {
        let database = try budgetDatabase()
        let plan = try database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + AppDatabase.oneOffEntriesSQL,
                             arguments: ["from": "2026-11-01", "through": "2026-11-30", "limit": 50, "offset": 0])
                .map { $0["detail"] as String }
        }
        #expect(plan.contains { $0.contains("entry_live_by_date_transfer (date>? AND date<?)") }, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }
}
