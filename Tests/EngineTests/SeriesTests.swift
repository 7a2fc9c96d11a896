import Testing
@testable import Engine

// MARK: - Cash-flow series

/// Salary 100,000 on the 5th; rent 30,000 on the 1st; food 1,000 weekly from Monday 2027-03-01;
/// a planned and an actual entry; the March rent confirmed by an actual 31,000 entry.
func seriesHousehold() -> Household {
    Household(
        incomes: [income(1, 100_000_00, start: "2027-01-05")],
        expenses: [expense(2, 30_000_00, start: "2027-01-01"), expense(3, 1_000_00, .weekly, start: "2027-03-01", category: "food")],
        entries: [
            Entry(id: 1, date: day("2027-03-10"), kind: .expense, name: "Repair", amount: money(5_000_00), category: "housing", isActual: false),
            Entry(id: 2, date: day("2027-03-12"), kind: .expense, name: "Cinema", amount: money(700_00), category: "entertainment", isActual: true),
            Entry(id: 3, date: day("2027-03-01"), kind: .expense, name: "Rent", amount: money(31_000_00), category: "housing", isActual: true,
                  confirms: OccurrenceKey(source: .recurring(2), date: day("2027-03-01"))),
            Entry(id: 4, date: day("2027-03-20"), kind: .income, name: "Gift", amount: money(2_000_00), isActual: false),
        ])
}

@Test func monthlySeriesSeparatesPlannedAndActual() throws {
    let buckets = try cashFlowSeries(seriesHousehold(), from: day("2027-02-15"), through: day("2027-04-10"), interval: .month, today: day("2027-03-15"))
    #expect(buckets.map { "\($0.start.iso)…\($0.end.iso)" } == ["2027-02-15…2027-02-28", "2027-03-01…2027-03-31", "2027-04-01…2027-04-10"])
    // February (from the 15th): nothing. March: salary 100,000 + gift 2,000 planned; rent 30,000 (confirmed: still
    // planned) + food on 1, 8, 15, 22, 29 = 5,000 + repair 5,000 planned; actual rent 31,000 + cinema 700.
    // Pending: all planned but the confirmed rent and the food, which plans its category (its
    // purchases consume it; no one entry confirms it).
    #expect(buckets[1].plannedIncome == money(102_000_00))
    #expect(buckets[1].plannedExpense == money(40_000_00))
    #expect(buckets[1].pendingExpense == money(5_000_00))
    #expect(buckets[1].pendingIncome == money(102_000_00))
    #expect(buckets[1].actualExpense == money(31_700_00))
    #expect(buckets[1].plannedFreeCashFlow == money(62_000_00))
    #expect(buckets[1].actualFreeCashFlow == money(-31_700_00))
    // April 1–10: rent 30,000 (1st), salary (5th), food on 5 April.
    #expect(buckets[2].plannedExpense == money(31_000_00))
    #expect(buckets[2].plannedIncome == money(100_000_00))
}

@Test func isoWeeksStartOnMonday() throws {
    // 2027-03-03 is a Wednesday: the first bucket is cut at the start, then whole Monday–Sunday weeks.
    let buckets = try cashFlowSeries(seriesHousehold(), from: day("2027-03-03"), through: day("2027-03-21"), interval: .week, today: day("2027-03-15"))
    #expect(buckets.map(\.start.iso) == ["2027-03-03", "2027-03-08", "2027-03-15"])
    #expect(buckets.map(\.end.iso) == ["2027-03-07", "2027-03-14", "2027-03-21"])
    #expect(buckets.map(\.start.weekday).dropFirst().allSatisfy { $0 == 1 })
    // Week 2: food 1,000 (8th) + repair 5,000 planned; cinema 700 actual.
    #expect(buckets[1].plannedExpense == money(6_000_00))
    #expect(buckets[1].actualExpense == money(700_00))
}

@Test func quarterAndYearBuckets() throws {
    let quarters = try cashFlowSeries(Household(), from: day("2027-02-10"), through: day("2027-12-31"), interval: .quarter, today: day("2027-03-15"))
    #expect(quarters.map(\.end.iso) == ["2027-03-31", "2027-06-30", "2027-09-30", "2027-12-31"])
    let years = try cashFlowSeries(Household(), from: day("2027-02-10"), through: day("2029-01-01"), interval: .year, today: day("2027-03-15"))
    #expect(years.map(\.start.iso) == ["2027-02-10", "2028-01-01", "2029-01-01"])
}

@Test func moreThan400BucketsThrows() {
    #expect(throws: EngineError.tooManyBuckets(401)) {
        try cashFlowSeries(Household(), from: day("2027-01-01"), through: day("2028-02-05"), interval: .day, today: day("2027-01-01"))
    }
    #expect(throws: EngineError.invalidPeriod) {
        try cashFlowSeries(Household(), from: day("2027-01-02"), through: day("2027-01-01"), interval: .day, today: day("2027-01-01"))
    }
    #expect((try? cashFlowSeries(Household(), from: day("2027-01-01"), through: day("2028-02-04"), interval: .day, today: day("2027-01-01")))?.count == 400)
}

// MARK: - Categories

@Test func expensesByCategorySortedByAmountThenName() {
    var h = seriesHousehold()
    h.debts = [Debt(id: 9, name: "Phone", paymentDay: 10, createdOn: day("2027-01-01"), kind: .paymentOnly(monthlyPayment: money(5_000_00)))]
    let planned = expensesByCategory(h, from: day("2027-03-01"), through: day("2027-03-31"), actual: false, today: day("2027-03-15"))
    // housing 35,000 (rent, confirmed but still planned, + repair), debt 5,000, food 5,000 (tie → name order).
    #expect(planned == [CategoryAmount(category: "housing", amount: money(35_000_00)),
                        CategoryAmount(category: "debt", amount: money(5_000_00)),
                        CategoryAmount(category: "food", amount: money(5_000_00))])
    let actual = expensesByCategory(h, from: day("2027-03-01"), through: day("2027-03-31"), actual: true, today: day("2027-03-15"))
    #expect(actual == [CategoryAmount(category: "housing", amount: money(31_000_00)),
                       CategoryAmount(category: "entertainment", amount: money(700_00))])
}
