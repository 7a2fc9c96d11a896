import Testing
@testable import Engine

// What an entry being recorded fulfils (PlannedMatch.swift; docs/engine-rules.md, "One money model").

@Suite("Planned match")
struct PlannedMatchTests {
    let today = day("2026-11-05")
    var salary: RecurringItem {
        var item = income(1, 120_000_00, start: "2026-01-05")
        item.name = "Зарплата"
        return item
    }

    @Test("a salary typed on its payday confirms the planned salary (amount within 10 %, date within ±3)")
    func salaryOnPayday() throws {
        let h = Household(incomes: [salary])
        let match = try #require(plannedMatch(kind: .income, amount: money(120_000_00), date: today, in: h, today: today))
        guard case .occurrence(let occurrence) = match else { Issue.record("not an occurrence"); return }
        #expect(occurrence.key == OccurrenceKey(source: .recurring(1), date: day("2026-11-05")))
        #expect(plannedMatch(kind: .income, amount: money(110_000_00), date: day("2026-11-08"), in: h, today: today) != nil)
    }

    @Test("outside the tolerance, another kind, over 10 % off, or already confirmed: nothing", arguments: [
        (FlowKind.income, Int64(120_000_00), "2026-11-09"),    // 4 days late, monthly ±3
        (FlowKind.income, Int64(107_999_00), "2026-11-05"),    // 10.0008 % below
        (FlowKind.expense, Int64(120_000_00), "2026-11-05"),   // an expense
    ])
    func noMatch(kind: FlowKind, amount: Int64, date: String) {
        let h = Household(incomes: [salary])
        #expect(plannedMatch(kind: kind, amount: money(amount), date: day(date), in: h, today: today) == nil)
    }

    @Test("an occurrence already confirmed is not matched again")
    func confirmedOnce() {
        let confirmation = Entry(id: 9, date: today, kind: .income, name: "Salary", amount: money(120_000_00), isActual: true,
                                 confirms: OccurrenceKey(source: .recurring(1), date: today))
        let h = Household(incomes: [salary], entries: [confirmation])
        #expect(plannedMatch(kind: .income, amount: money(120_000_00), date: today, in: h, today: today) == nil)
    }

    @Test("a recurring expense that plans its category (groceries) is never one entry's")
    func categoryPlansAreConsumed() {
        var groceries = expense(2, 30_000_00, start: "2026-01-05", category: "food")
        groceries.name = "Продукты"
        #expect(groceries.plansCategory)
        let h = Household(expenses: [groceries])
        #expect(plannedMatch(kind: .expense, amount: money(30_000_00), date: today, in: h, today: today) == nil)
        var rent = expense(3, 30_000_00, start: "2026-01-05", category: "housing")
        rent.name = "Rent"
        #expect(!rent.plansCategory)
        #expect(plannedMatch(kind: .expense, amount: money(30_000_00), date: today, in: Household(expenses: [rent]), today: today) != nil)
    }

    @Test("a planned one-off within ±3 days; the nearer date wins, then the nearer amount")
    func plannedEntries() throws {
        let dentist = Entry(id: 4, date: day("2026-11-07"), kind: .expense, name: "Dentist", amount: money(100_00), category: "health", isActual: false)
        let gift = Entry(id: 5, date: day("2026-11-06"), kind: .expense, name: "Gift", amount: money(95_00), category: "other", isActual: false)
        let h = Household(entries: [dentist, gift])
        let match = try #require(plannedMatch(kind: .expense, amount: money(100_00), date: day("2026-11-06"), in: h, today: today))
        #expect(match == .plannedEntry(gift))
        #expect(plannedMatch(kind: .expense, amount: money(100_00), date: day("2026-11-10"), in: h, today: today) == .plannedEntry(dentist))
        #expect(plannedMatch(kind: .expense, amount: money(100_00), date: day("2026-11-11"), in: h, today: today) == nil)
    }
}
