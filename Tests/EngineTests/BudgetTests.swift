import Testing
@testable import Engine

// MARK: - Totals

/// Rent 30,000.00 monthly + food 1,000.00 weekly (4,333.33 a month) = 34,333.33 a month,
/// and a planned one-off expense of 500.00 in today's month.
private func dailyHousehold(_ today: Day) -> Household {
    Household(expenses: [expense(1, 30_000_00), expense(2, 1_000_00, .weekly, category: "food")],
              entries: [Entry(id: 1, date: today.yearMonth.firstDay, kind: .expense, name: "Gift", amount: money(500_00),
                              category: "other", isActual: false)])
}

struct DailyCase: Sendable, CustomTestStringConvertible {
    let name: String, today: String, expected: Int64
    var testDescription: String { name }
}

// (3,433,333 + 50,000) = 3,483,333 minor units ÷ days in the month, half-to-even.
@Test(arguments: [
    DailyCase(name: "February 2027 (28 days)", today: "2027-02-10", expected: 124_405),  // 124,404.75 → 124,405
    DailyCase(name: "February 2028 (29 days)", today: "2028-02-10", expected: 120_115),  // 120,114.93 → 120,115
    DailyCase(name: "April 2027 (30 days)", today: "2027-04-10", expected: 116_111),     // 116,111.1 → 116,111
    DailyCase(name: "January 2027 (31 days)", today: "2027-01-10", expected: 112_366),   // 112,365.58 → 112,366
])
func plannedDailyExpense(_ c: DailyCase) {
    let totals = budgetTotals(dailyHousehold(day(c.today)), today: day(c.today), year: 2027)
    #expect(totals.monthlyExpense == money(34_333_33))
    #expect(totals.plannedDailyExpense == money(c.expected))
}

struct HistoryCase: Sendable, CustomTestStringConvertible {
    let name: String, today: String, earliest: String, shown: Bool, availableFrom: String?
    var testDescription: String { name }
}

@Test(arguments: [
    // 2027-05-31 − 3 months = 2027-02-28 (clamped): the boundary day itself qualifies.
    HistoryCase(name: "boundary day", today: "2027-05-31", earliest: "2027-02-28", shown: true, availableFrom: nil),
    HistoryCase(name: "one day short", today: "2027-05-31", earliest: "2027-03-01", shown: false, availableFrom: "2027-06-01"),
    HistoryCase(name: "same day three months back", today: "2027-05-15", earliest: "2027-02-15", shown: true, availableFrom: nil),
    HistoryCase(name: "day after", today: "2027-05-15", earliest: "2027-02-16", shown: false, availableFrom: "2027-05-16"),
    // 30 Nov + 3 months = 28 Feb (clamped), but 28 Feb − 3 months = 28 Nov < 30 Nov: 1 March.
    HistoryCase(name: "clamped month end", today: "2027-02-28", earliest: "2026-11-30", shown: false, availableFrom: "2027-03-01"),
])
func actualDailyHistoryRule(_ c: HistoryCase) {
    let today = day(c.today)
    let h = Household(entries: [
        Entry(id: 1, date: today.yearMonth.firstDay, kind: .expense, name: "Shop", amount: money(1_000_00), isActual: true),
        Entry(id: 2, date: today, kind: .expense, name: "Shop", amount: money(2_100_00), isActual: true),
        Entry(id: 3, date: today.adding(days: 1), kind: .expense, name: "Later", amount: money(9_999_00), isActual: true),
    ], earliestActualEntry: day(c.earliest))
    let totals = budgetTotals(h, today: today, year: today.year)
    // 3,100.00 from the 1st to today ÷ today's day of month; the entry after today is ignored.
    #expect(totals.actualDailyExpense == (c.shown ? .rounded(3_100_00, over: Int128(today.day)) : nil))
    #expect(totals.actualDailyAvailableFrom == c.availableFrom.map(day))
}

@Test func actualDailyExpenseValue() {
    let h = Household(entries: [
        Entry(id: 1, date: day("2027-05-02"), kind: .expense, name: "Shop", amount: money(1_000_00), isActual: true),
        Entry(id: 2, date: day("2027-05-31"), kind: .expense, name: "Shop", amount: money(2_100_00), isActual: true),
    ], earliestActualEntry: day("2026-01-01"))
    // 3,100.00 ÷ 31 = 100.00
    #expect(budgetTotals(h, today: day("2027-05-31"), year: 2027).actualDailyExpense == money(100_00))
}

@Test func totalsCountActiveItemsDebtsAndUnlinkedEntries() {
    let today = day("2027-03-15")
    let h = Household(
        incomes: [income(1, 100_000_00), income(2, 50_000_00, start: "2027-04-01"), income(3, 10_000_00, end: "2027-03-15")],
        expenses: [expense(4, 30_000_00), expense(5, 5_000_00, end: "2027-03-14")],
        debts: [
            Debt(id: 1, name: "Phone", paymentDay: 5, createdOn: day("2027-01-01"), kind: .paymentOnly(monthlyPayment: money(2_000_00))),
            loanDebt(2, balance: 100_000_00, apr: 1200, minimum: 5_000_00, asOf: "2027-03-15"),
            loanDebt(3, balance: 1_000_00, apr: 1200, minimum: 5_000_00, asOf: "2027-01-10"),  // paid off in February
        ],
        entries: [
            Entry(id: 1, date: day("2027-06-01"), kind: .income, name: "Bonus", amount: money(20_000_00), isActual: false),
            Entry(id: 2, date: day("2027-02-01"), kind: .income, name: "Gift", amount: money(1_000_00), isActual: true),
            Entry(id: 3, date: day("2026-12-31"), kind: .income, name: "Old", amount: money(7_000_00), isActual: true),
            Entry(id: 4, date: day("2027-03-01"), kind: .income, name: "Salary", amount: money(100_000_00), isActual: true,
                  confirms: OccurrenceKey(source: .recurring(1), date: day("2027-03-01"))),
            Entry(id: 5, date: day("2027-03-20"), kind: .expense, name: "Repair", amount: money(3_000_00), isActual: false),
        ])
    let totals = budgetTotals(h, today: today, year: 2027)
    // Income 1 and 3 are active today (end inclusive); income 2 starts later.
    #expect(totals.monthlyRecurringIncome == money(110_000_00))
    // Expense 5 ended yesterday.
    #expect(totals.monthlyFixedExpense == money(30_000_00))
    // Phone 2,000 + loan 2's minimum 5,000; loan 3 was cleared by the bring-forward.
    #expect(totals.minimumDebtPayments == money(7_000_00))
    #expect(totals.monthlyExpense == money(37_000_00))
    // 12 × 110,000 + 20,000 (planned) + 1,000 (actual); 2026 entry and the linked salary excluded.
    #expect(totals.annualIncome == money(1_341_000_00))
    // 12 × 37,000 + 3,000
    #expect(totals.annualExpense == money(447_000_00))
    #expect(totals.itemMonthlyAmounts[2] == money(50_000_00))
    #expect(totals.debtMonthlyPayments[1] == money(2_000_00))
    #expect(totals.debtMonthlyPayments[3] == .zero)
}
