import Engine
import Foundation
import Testing
@testable import Storage

@Suite("Budget writes")
struct BudgetWritesTests {
    @Test("a recurring income and expense are added, updated and record their events")
    func recurring() throws {
        // Given an empty database
        let database = try budgetDatabase()
        // When an income and an expense are added
        let incomeID = try database.addRecurring(salary, formToken: token()).value()
        let expenseID = try database.addRecurring(rent, formToken: token()).value()
        // Then both read back and each recorded its event
        #expect(try database.recurringItem(id: incomeID) == RecurringItem(
            id: incomeID, kind: .income, name: "Salary", amount: salary.amount, periodicity: .monthly,
            start: day("2026-01-31")))
        #expect(try database.recurringItem(id: expenseID)?.category == "housing")
        #expect(try database.eventCount(.incomeAdded) == 1)
        #expect(try database.eventCount(.expenseAdded) == 1)

        // When the expense is updated
        var changed = rent
        changed.name = "Flat"; changed.periodicity = .quarterly; changed.end = nil; changed.category = "utilities"
        try database.updateRecurring(id: expenseID, changed, formToken: token()).value()
        // Then every field changed and no event was recorded
        #expect(try database.recurringItem(id: expenseID) == RecurringItem(
            id: expenseID, kind: .expense, name: "Flat", amount: rent.amount, periodicity: .quarterly,
            start: rent.start, end: nil, category: "utilities"))
        #expect(try database.eventCount(.expenseAdded) == 1)
        #expect(throws: StorageError.notFound) { try database.updateRecurring(id: 999, changed, formToken: token()) }
    }

    @Test("debts of both modes are added with their creation day, updated across modes, and record debt_added")
    func debts() throws {
        // Given an empty database
        let database = try budgetDatabase()
        // When a mode-A and a mode-B debt are added
        let phoneID = try database.addDebt(phone, today: day("2026-03-02"), formToken: token()).value()
        let loanID = try database.addDebt(mortgage, today: day("2026-03-03"), formToken: token()).value()
        // Then they read back and two events were recorded
        #expect(try database.debt(id: phoneID) == Debt(id: phoneID, name: "Phone", paymentDay: 10,
                                                       createdOn: day("2026-03-02"), kind: phone.kind))
        #expect(try database.debt(id: loanID) == Debt(id: loanID, name: "Mortgage", paymentDay: 31,
                                                      createdOn: day("2026-03-03"), kind: mortgage.kind))
        #expect(try database.eventCount(.debtAdded) == 2)

        // When the mode-A debt becomes a loan with only a term
        let loan = Loan(balance: Money(minorUnits: 10_000_00), asOf: day("2026-03-02"), apr: APR(hundredths: 0), termMonths: 12)
        try database.updateDebt(id: phoneID, NewDebt(name: "Phone plan", paymentDay: 1, kind: .loan(loan)),
                                formToken: token()).value()
        // Then it keeps its creation day and has the new fields
        #expect(try database.debt(id: phoneID) == Debt(id: phoneID, name: "Phone plan", paymentDay: 1,
                                                       createdOn: day("2026-03-02"), kind: .loan(loan)))
        #expect(throws: StorageError.notFound) { try database.updateDebt(id: 999, phone, formToken: token()) }
    }

    @Test("goals and the emergency fund are written; goal_added is recorded")
    func goalsAndFund() throws {
        let database = try budgetDatabase()
        // When a goal is added, then updated, and the fund is set
        let id = try database.addGoal(car, formToken: token()).value()
        #expect(try database.eventCount(.goalAdded) == 1)
        let trip = NewGoal(name: "Trip", target: Money(minorUnits: 100), saved: .zero, deadline: nil, priority: 1)
        try database.updateGoal(id: id, trip, formToken: token()).value()
        try database.setEmergencySaved(Money(minorUnits: 12_345), formToken: token()).value()
        // Then both read back
        #expect(try database.goal(id: id) == Goal(id: id, name: "Trip", target: Money(minorUnits: 100), saved: .zero,
                                                  deadline: nil, priority: 1))
        #expect(try database.emergencySaved() == Money(minorUnits: 12_345))
        #expect(throws: StorageError.notFound) { try database.updateGoal(id: 999, trip, formToken: token()) }
    }

    @Test("an entry records the event of where it was typed")
    func entryEvents() throws {
        let database = try budgetDatabase()
        // When entries are added on the Budget page and in the Calendar
        let gift = NewEntry(date: day("2026-03-01"), kind: .income, name: "Gift", amount: Money(minorUnits: 500), isActual: false)
        _ = try database.addEntry(gift, origin: .dataPage, formToken: token()).value()
        _ = try database.addEntry(groceries, origin: .dataPage, formToken: token()).value()
        let id = try database.addEntry(groceries, origin: .calendar, formToken: token()).value()
        // Then income_added, expense_added and daily_entry_added {kind} are recorded
        #expect(try database.eventCount(.incomeAdded) == 1)
        #expect(try database.eventCount(.expenseAdded) == 1)
        #expect(try database.events(limit: 1).first?.properties == #"{"kind":"expense"}"#)
        #expect(try database.storedEntry(id: id) == StoredEntry(entry: Entry(
            id: id, date: groceries.date, kind: .expense, name: "Groceries", amount: groceries.amount,
            category: "food", isActual: true), note: "market"))

        // When the entry is updated
        var planned = groceries
        planned.isActual = false; planned.note = ""; planned.amount = Money(minorUnits: 1)
        try database.updateEntry(id: id, planned, formToken: token()).value()
        // Then it changed
        #expect(try database.storedEntry(id: id)?.entry.isActual == false)
        #expect(try database.storedEntry(id: id)?.note == "")
        #expect(throws: StorageError.notFound) { try database.updateEntry(id: 999, planned, formToken: token()) }
    }

    @Test("a double submit (same form token) writes once and records one event")
    func doubleSubmit() throws {
        // Given a database and one form token
        let database = try budgetDatabase()
        let form = token()
        // When the same add is submitted twice
        let first = try database.addRecurring(salary, formToken: form)
        let second = try database.addRecurring(salary, formToken: form)
        // Then the second is a duplicate and one item and one event exist
        #expect(!first.isDuplicate)
        #expect(second.isDuplicate)
        #expect(try database.wholeHousehold().incomes.count == 1)
        #expect(try database.eventCount(.incomeAdded) == 1)
        // And a delete with a used token does nothing either
        #expect(try database.delete(.recurring(first.value()), formToken: form).isDuplicate)
        #expect(try database.wholeHousehold().incomes.count == 1)
    }

    /// One write the schema must refuse.
    struct Refused: CustomTestStringConvertible, Sendable {
        var name: String
        var write: @Sendable (AppDatabase) throws -> Void
        var testDescription: String { name }
    }

    static let refused: [Refused] = [
        Refused(name: "amount 0") { var item = rent; item.amount = .zero; _ = try $0.addRecurring(item, formToken: token()) },
        Refused(name: "amount over 10^12") {
            var item = rent; item.amount = Money(minorUnits: 1_000_000_000_001); _ = try $0.addRecurring(item, formToken: token())
        },
        Refused(name: "empty name") { var item = rent; item.name = ""; _ = try $0.addRecurring(item, formToken: token()) },
        Refused(name: "81-character name") {
            var item = rent; item.name = String(repeating: "я", count: 81); _ = try $0.addRecurring(item, formToken: token())
        },
        Refused(name: "end before start") {
            var item = rent; item.end = day("2025-12-31"); _ = try $0.addRecurring(item, formToken: token())
        },
        Refused(name: "date before 1900") {
            var item = rent; item.start = day("1899-12-31"); _ = try $0.addRecurring(item, formToken: token())
        },
        Refused(name: "income with a category") {
            var item = salary; item.category = "food"; _ = try $0.addRecurring(item, formToken: token())
        },
        Refused(name: "expense without a category") {
            var item = rent; item.category = nil; _ = try $0.addRecurring(item, formToken: token())
        },
        Refused(name: "unknown category") {
            var item = rent; item.category = "pets"; _ = try $0.addRecurring(item, formToken: token())
        },
        Refused(name: "payment day 32") { var debt = phone; debt.paymentDay = 32; _ = try $0.addDebt(debt, today: day("2026-01-01"), formToken: token()) },
        Refused(name: "loan with neither minimum nor term") {
            let loan = Loan(balance: Money(minorUnits: 100), asOf: day("2026-01-01"), apr: APR(hundredths: 100))
            _ = try $0.addDebt(NewDebt(name: "Card", paymentDay: 1, kind: .loan(loan)), today: day("2026-01-01"), formToken: token())
        },
        Refused(name: "APR over 100 %") {
            let loan = Loan(balance: Money(minorUnits: 100), asOf: day("2026-01-01"), apr: APR(hundredths: 10_001), termMonths: 1)
            _ = try $0.addDebt(NewDebt(name: "Card", paymentDay: 1, kind: .loan(loan)), today: day("2026-01-01"), formToken: token())
        },
        Refused(name: "term 601 months") {
            let loan = Loan(balance: Money(minorUnits: 100), asOf: day("2026-01-01"), apr: APR(hundredths: 1), termMonths: 601)
            _ = try $0.addDebt(NewDebt(name: "Card", paymentDay: 1, kind: .loan(loan)), today: day("2026-01-01"), formToken: token())
        },
        Refused(name: "priority 4") { var goal = car; goal.priority = 4; _ = try $0.addGoal(goal, formToken: token()) },
        Refused(name: "negative saved") {
            var goal = car; goal.saved = Money(minorUnits: -1); _ = try $0.addGoal(goal, formToken: token())
        },
        Refused(name: "negative emergency fund") { _ = try $0.setEmergencySaved(Money(minorUnits: -1), formToken: token()) },
        Refused(name: "501-character note") {
            var entry = groceries; entry.note = String(repeating: "n", count: 501)
            _ = try $0.addEntry(entry, origin: .calendar, formToken: token())
        },
        Refused(name: "income entry with a category") {
            var entry = groceries; entry.kind = .income; _ = try $0.addEntry(entry, origin: .calendar, formToken: token())
        },
        Refused(name: "planned entry that confirms") {
            var entry = groceries; entry.isActual = false
            entry.confirms = OccurrenceKey(source: .recurring(1), date: day("2026-03-05"))
            _ = try $0.addEntry(entry, origin: .calendar, formToken: token())
        },
        Refused(name: "confirmation of another kind") {
            var entry = groceries; entry.confirms = OccurrenceKey(source: .recurring(2), date: day("2026-03-31"))
            _ = try $0.addEntry(entry, origin: .calendar, formToken: token())
        },
        Refused(name: "update to an invalid value") {
            var item = rent; item.amount = .zero; _ = try $0.updateRecurring(id: 1, item, formToken: token())
        },
    ]

    @Test("the schema refuses invalid values with StorageError.rejected and writes nothing", arguments: refused)
    func constraints(_ case: Refused) throws {
        // Given a database with an expense (id 1) and an income (id 2)
        let database = try budgetDatabase()
        _ = try database.addRecurring(rent, formToken: token())
        _ = try database.addRecurring(salary, formToken: token())
        let before = try database.budgetCounts()
        // When the invalid write is tried, then it throws `rejected`
        #expect {
            try `case`.write(database)
        } throws: { error in
            guard case StorageError.rejected = error else { return false }
            return true
        }
        // And nothing changed
        #expect(try database.budgetCounts() == before)
        #expect(try database.recurringItem(id: 1)?.amount == rent.amount)
    }
}
