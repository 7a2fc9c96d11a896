import Engine
import Testing
@testable import Storage

// Bills: the detection's read, Confirm and Not a bill (docs/engine-rules.md, "Bills and subscriptions").

private func addActual(_ database: AppDatabase, _ date: String, _ name: String, _ amount: Int64, category: String = "subscriptions",
                       kind: FlowKind = .expense) throws -> ID<Entry> {
    try database.addEntry(NewEntry(date: day(date), kind: kind, name: name, amount: Money(minorUnits: amount),
                                   category: kind == .income ? nil : category, isActual: true), origin: .dataPage, formToken: token()).value()
}

@Suite struct BillsStorageTests {
    @Test("the read keeps actual live entries of the last 400 days, not planned, linked or older ones")
    func input() throws {
        let database = try budgetDatabase()
        let kept = try addActual(database, "2026-03-05", "Netflix", 799_00)
        _ = try addActual(database, "2025-02-01", "Netflix", 799_00)      // 400 days before 2026-03-08 is 2025-02-02
        _ = try database.addEntry(NewEntry(date: day("2026-03-06"), kind: .expense, name: "Netflix", amount: Money(minorUnits: 799_00),
                                           category: "subscriptions", isActual: false), origin: .dataPage, formToken: token()).value()
        let rentID = try database.addRecurring(rent, formToken: token()).value()
        let linkedID = try database.addEntry(NewEntry(date: day("2026-03-05"), kind: .expense, name: "Rent", amount: Money(minorUnits: 40_000_00),
                                                      category: "housing", isActual: true,
                                                      confirms: OccurrenceKey(source: .recurring(rentID), date: day("2026-03-05"))),
                                             origin: .dataPage, formToken: token()).value()
        let input = try database.billsInput(today: day("2026-03-08"))
        #expect(input.entries.map(\.id) == [kept])
        #expect(input.linked[rentID]?.map(\.id) == [linkedID])
        #expect(input.items.map(\.id) == [rentID])
    }

    @Test("Confirm creates the item and links the past entries, so the suggestion is gone and nothing counts twice")
    func confirm() throws {
        let database = try budgetDatabase()
        var ids: [ID<Entry>] = []
        for date in ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"] {
            ids.append(try addActual(database, date, "NETFLIX.COM", 799_00))
        }
        let today = day("2026-05-05")
        let suggestion = try #require(try database.billSuggestions(today: today).first)
        #expect(suggestion.periodicity == .monthly)
        let confirmed = try database.confirmBill(merchantKey: suggestion.merchantKey, kind: .expense, periodicity: .monthly,
                                                 amount: suggestion.medianAmount, today: today, formToken: token()).value()
        guard case .created(let itemID, _) = confirmed else { Issue.record("a new bill creates its item"); return }
        let item = try #require(try database.recurringItem(id: itemID))
        #expect(item.name == "NETFLIX.COM")
        #expect(item.amount == Money(minorUnits: 799_00))
        #expect(item.start == day("2026-01-31"))
        #expect(item.category == "subscriptions")
        for (id, date) in zip(ids, ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"]) {
            let entry = try #require(try database.storedEntry(id: id))
            #expect(entry.entry.confirms == OccurrenceKey(source: .recurring(itemID), date: day(date)))
        }
        #expect(try database.billSuggestions(today: today).isEmpty)
        // Nothing counts twice: the household sees no unconfirmed occurrence in Jan…Apr.
        let household = try database.wholeHousehold()
        let planned = plannedOccurrences(household, from: day("2026-01-01"), through: day("2026-04-30"), today: today)
        #expect(planned.filter { $0.key.source == .recurring(itemID) && !$0.isConfirmed }.isEmpty)
        // A second Confirm of the same suggestion: gone, nothing written.
        let before = try database.budgetCounts()
        #expect(throws: BillsError.suggestionGone) {
            try database.confirmBill(merchantKey: suggestion.merchantKey, kind: .expense, periodicity: .monthly,
                                     amount: suggestion.medianAmount, today: today, formToken: token())
        }
        #expect(try database.budgetCounts() == before)
    }

    @Test("Not a bill is remembered until the amount moves more than 10 %")
    func dismiss() throws {
        let database = try budgetDatabase()
        for date in ["2026-01-10", "2026-02-10", "2026-03-10"] { _ = try addActual(database, date, "Gym", 2_000_00) }
        let suggestion = try #require(try database.billSuggestions(today: day("2026-03-15")).first)
        _ = try database.dismissBill(BillDismissal(merchantKey: suggestion.merchantKey, kind: .expense, periodicity: suggestion.periodicity,
                                                   amount: suggestion.medianAmount), formToken: token()).value()
        #expect(try database.billSuggestions(today: day("2026-03-15")).isEmpty)
        // The gym now costs 2 500 (+25 %): a new cluster of its own once it repeats.
        for date in ["2026-04-10", "2026-05-10", "2026-06-10"] { _ = try addActual(database, date, "Gym", 2_500_00) }
        #expect(try database.billSuggestions(today: day("2026-06-12")).map(\.medianAmount) == [Money(minorUnits: 2_500_00)])
    }
}
