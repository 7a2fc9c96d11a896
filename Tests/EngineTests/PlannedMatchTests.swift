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

    // MARK: The same money on another schedule (existingBill's second rule)

    /// The one suggestion detected from `entries` as of 2026-11-21.
    static func suggestion(_ entries: [BillEntry]) throws -> BillSuggestion {
        let found = detectBills(entries, today: day("2026-11-21"))
        try #require(found.count == 1, "\(found.map { ($0.name, $0.periodicity) })")
        return found[0]
    }

    /// Payroll of 2,650.00 every other Friday from 4 Sep to 13 Nov (6 payments).
    static let payroll = hits("ACME CORP PAYROLL", ["2026-09-04", "2026-09-18", "2026-10-02", "2026-10-16", "2026-10-30", "2026-11-13"],
                              [2_650_00], kind: .income, category: "")

    @Test("payroll every 2 weeks is the only planned salary, paid monthly: that salary on another schedule, its links on the detected dates")
    func incomeOnAnotherSchedule() throws {
        let s = try Self.suggestion(Self.payroll)
        #expect(s.periodicity == .biweekly && s.monthlyAmount == money(5_741_67))   // 2,650.00 × 26 ÷ 12
        var salary = income(7, 5_300_00, start: "2026-11-01")
        salary.name = "Salary"
        let bill = try #require(existingBill(for: s, in: Household(incomes: [salary]), today: day("2026-11-21")))
        #expect(bill.rescheduled == salary && bill.source == .recurring(7) && bill.name == "Salary")
        #expect(bill.links.map(\.entryID) == s.links.map(\.entryID))
        #expect(bill.links.map(\.key) == s.links.map { OccurrenceKey(source: .recurring(7), date: $0.date) })
        // Ended before today, or a second income sharing no word: not that salary.
        var ended = salary
        ended.end = day("2026-11-20")
        #expect(existingBill(for: s, in: Household(incomes: [ended]), today: day("2026-11-21")) == nil)
        var bonus = income(8, 100_00)
        bonus.name = "Rent from the garage"
        #expect(existingBill(for: s, in: Household(incomes: [salary, bonus]), today: day("2026-11-21")) == nil)
        // … unless a word is shared.
        var payroll = salary
        payroll.name = "Acme salary"
        #expect(existingBill(for: s, in: Household(incomes: [payroll, bonus]), today: day("2026-11-21"))?.rescheduled == payroll)
    }

    @Test("a bill typed monthly, paid every 2 weeks: the same item when a word of its name is the payee's, else none")
    func expenseOnAnotherSchedule() throws {
        let entries = hits("SPARKLE CLEANING CO", ["2026-09-04", "2026-09-18", "2026-10-02", "2026-10-16", "2026-10-30", "2026-11-13"],
                           [92_00], category: "other")
        let s = try Self.suggestion(entries)
        #expect(s.periodicity == .biweekly && s.monthlyAmount == money(199_33))   // 92.00 × 26 ÷ 12
        var cleaning = expense(3, 200_00, start: "2026-01-15", category: "other")
        cleaning.name = "Cleaning"
        #expect(existingBill(for: s, in: Household(expenses: [cleaning]), today: day("2026-11-21"))?.rescheduled == cleaning)
        cleaning.name = "Internet"   // no word shared: an expense is never matched by amount alone
        #expect(existingBill(for: s, in: Household(expenses: [cleaning]), today: day("2026-11-21")) == nil)
    }

    @Test("paid every 4 weeks reads as every 2 weeks with missed periods: twice the monthly amount, so a monthly bill is not matched")
    func everyFourWeeks() throws {
        let entries = hits("CITY WATER UTILITY", ["2026-07-06", "2026-08-03", "2026-08-31", "2026-09-28", "2026-10-26"], [92_00], category: "utilities")
        let s = try Self.suggestion(entries)
        #expect(s.periodicity == .biweekly && s.missedPeriods == 4 && s.monthlyAmount == money(199_33))
        var water = expense(3, 100_00, start: "2026-01-15", category: "utilities")
        water.name = "Water"
        #expect(existingBill(for: s, in: Household(expenses: [water]), today: day("2026-11-21")) == nil)
    }

    @Test("beyond 10 % of the monthly amount, or a category's plan: no match", arguments: [
        Int64(5_219_00),   // 5,741.67 is 10.02 % above: over
        Int64(6_400_00),   // 10.3 % below
    ])
    func beyondTenPercent(planned: Int64) throws {
        let s = try Self.suggestion(Self.payroll)
        #expect(existingBill(for: s, in: Household(incomes: [income(7, planned)]), today: day("2026-11-21")) == nil)
        let near = try #require(existingBill(for: s, in: Household(incomes: [income(7, 5_220_00)]), today: day("2026-11-21")))
        #expect(near.rescheduled?.id == 7)   // 5,741.67 − 5,220.00 = 521.67 ≤ 522.00
    }

    @Test("two candidates: the nearer monthly amount, then the lower id")
    func twoCandidates() throws {
        let s = try Self.suggestion(Self.payroll)
        var a = income(4, 5_300_00), b = income(9, 5_700_00)
        a.name = "Acme salary"; b.name = "ACME wages"
        #expect(existingBill(for: s, in: Household(incomes: [a, b]), today: day("2026-11-21"))?.rescheduled?.id == 9)
        b.amount = money(6_183_34)   // 441.67 above, as far as 5,300.00 is below: the lower id
        a.amount = money(5_300_00)
        #expect(existingBill(for: s, in: Household(incomes: [b, a]), today: day("2026-11-21"))?.rescheduled?.id == 4)
    }

    @Test("an item of the same periodicity that matches wins: linked as it is, not changed")
    func samePeriodicityFirst() throws {
        let s = try Self.suggestion(Self.payroll)
        var biweekly = income(5, 2_650_00, .biweekly, start: "2026-09-04")
        biweekly.name = "Pay"
        var monthly = income(2, 5_300_00)
        monthly.name = "Acme salary"
        let bill = try #require(existingBill(for: s, in: Household(incomes: [monthly, biweekly]), today: day("2026-11-21")))
        #expect(bill.source == .recurring(5) && bill.rescheduled == nil)
    }
}
