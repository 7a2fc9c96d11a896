import Testing
@testable import Engine

// Figures at the forms' maximum amounts (docs/engine-rules.md, "Overflow") over the whole date range (1900-01-01 … 2199-12-31),
// and beyond them (amounts the forms refuse but the engine must still survive): every
// sum is exact in 128 bits and shown clamped to the 64-bit range; nothing traps.
// (`clamped` is in SaturationTests.swift.)

private let firstDay = day("1900-01-01"), lastDay = day("2199-12-31")
private let maximum: Int64 = 1_000_000_000_000

/// A household of `count` items of each kind at `amount`, all starting on 1900-01-01,
/// with debts, goals, entries on the first and last days and a huge emergency target.
private func hugeHousehold(count: Int, amount: Int64, periodicity: Periodicity = .weekly) -> Household {
    var id: Int64 = 0
    func next<Tag>() -> ID<Tag> { id += 1; return ID(id) }
    let incomes = (0..<count).map { _ in
        RecurringItem(id: next(), kind: .income, name: "I", amount: money(amount), periodicity: periodicity, start: firstDay)
    }
    let expenses = (0..<count).map { index in
        RecurringItem(id: next(), kind: .expense, name: "E", amount: money(amount), periodicity: periodicity, start: firstDay,
                      category: index % 2 == 0 ? "food" : "housing")
    }
    let debts = (0..<count).map { index -> Debt in
        index % 2 == 0
            ? Debt(id: next(), name: "A", paymentDay: 31, createdOn: firstDay, kind: .paymentOnly(monthlyPayment: money(amount)))
            : Debt(id: next(), name: "L", paymentDay: 31, createdOn: firstDay,
                   kind: .loan(Loan(balance: money(amount), asOf: firstDay, apr: APR(hundredths: 10_000), termMonths: 600,
                                    minimumPayment: money(amount))))
    }
    let goals = (0..<count).map { _ in Goal(id: next(), name: "G", target: money(amount), saved: .zero, deadline: lastDay, priority: 3) }
    let entries = [firstDay, lastDay, day("2026-11-01")].flatMap { date in
        (0..<count).flatMap { _ in
            [Entry(id: next(), date: date, kind: .expense, name: "e", amount: money(amount), category: "food", isActual: true),
             Entry(id: next(), date: date, kind: .income, name: "i", amount: money(amount), isActual: false)]
        }
    }
    return Household(incomes: incomes, expenses: expenses, debts: debts, goals: goals, emergencySaved: .zero,
                     settings: PlanSettings(emergencyMonths: 24, horizonMonths: 600), entries: entries)
}

@Suite("Overflow: maximum amounts over 1900–2199")
struct OverflowTests {
    @Test("six weekly expenses of 10^12 from 1900: yearly series and category shares over 1900–2199 are exact")
    func sixWeeklyExpenses() throws {
        let expenses = (1...6).map { expense(ID(Int64($0)), maximum, .weekly, start: "1900-01-01", category: "food") }
        let h = Household(expenses: expenses)
        let today = day("2026-11-21")
        let series = try cashFlowSeries(h, from: firstDay, through: lastDay, interval: .year, today: today)
        #expect(series.count == 300)
        let occurrences = Int128(firstDay.days(to: lastDay) / 7 + 1)
        let exact = occurrences * 6 * Int128(maximum)
        #expect(series.reduce(Int128(0)) { $0 + Int128($1.plannedExpense.minorUnits) } == exact)
        #expect(series.allSatisfy { $0.plannedFreeCashFlow == $0.plannedExpense.saturatingNegated })
        let categories = expensesByCategory(h, from: firstDay, through: lastDay, actual: false, today: today)
        #expect(categories.map(\.amount) == [money(clamped(exact))])
        #expect(wholePercents(of: categories.map(\.amount)) == [100])
    }

    @Test("amounts beyond the forms' limits: every engine figure clamps instead of trapping",
          arguments: [Int64(1_000_000_000_000), Int64.max / 2, Int64.max])
    func beyondLimits(amount: Int64) throws {
        let h = hugeHousehold(count: 4, amount: amount)
        for today in [firstDay, day("2026-11-21"), lastDay] {
            let totals = budgetTotals(h, today: today, year: today.year)
            let monthly = Int128(Periodicity.weekly.monthlyAmount(money(amount)).minorUnits)
            #expect(totals.monthlyRecurringIncome == money(clamped(monthly * 4)))
            #expect(totals.annualIncome.minorUnits >= totals.monthlyRecurringIncome.minorUnits || amount == Int64.max)
            let plan = makePlan(h, today: today)
            if plan.freeCashFlow.minorUnits > 0 {
                #expect(plan.allocations.reduce(Int128(0)) { $0 + Int128($1.amount.minorUnits) } == Int128(plan.freeCashFlow.minorUnits))
            }
            for month in [firstDay.yearMonth, today.yearMonth, lastDay.yearMonth] {
                let days = calendarMonth(h, month: month, today: today)
                #expect(days.count == month.numberOfDays)
                #expect(days.allSatisfy { $0.plannedIncome.minorUnits >= 0 && $0.plannedExpense.minorUnits >= 0 })
            }
            for interval in [SeriesInterval.year, .quarter] {
                let from = interval == .year ? firstDay : day("2100-01-01")
                let series = try cashFlowSeries(h, from: from, through: lastDay, interval: interval, today: today)
                #expect(series.allSatisfy { $0.plannedIncome.minorUnits >= 0 && $0.actualExpense.minorUnits >= 0 })
                let categories = expensesByCategory(h, from: from, through: lastDay, actual: false, today: today)
                #expect(wholePercents(of: categories.map(\.amount)).reduce(0, +) == (categories.isEmpty ? 0 : 100))
            }
        }
    }

    @Test("a category's total past Int64 shows as Int64.max, and its share stays exact")
    func categoryClamps() {
        let expenses = (1...3).map { expense(ID(Int64($0)), Int64.max, .weekly, start: "1900-01-01", category: $0 == 3 ? "food" : "housing") }
        let categories = expensesByCategory(Household(expenses: expenses), from: firstDay, through: day("1900-12-31"),
                                            actual: false, today: day("2026-11-21"))
        #expect(categories.map(\.amount) == [money(.max), money(.max)])
        #expect(categories.map(\.amount).saturatingTotal() == money(.max))
        #expect(wholePercents(of: categories.map(\.amount)) == [50, 50])
    }
}

@Suite("Occurrences streamed, not collected")
struct StreamedOccurrenceTests {
    @Test("the streamed occurrences are exactly the listed ones, over random households and periods")
    func sameAsListed() {
        var g = SplitMix64(seed: 1414)
        for _ in 0..<60 {
            let today = day("2026-11-21").adding(days: Int.random(in: -400...400, using: &g))
            let h = randomHousehold(&g, today: today)
            let from = today.adding(days: -Int.random(in: 0...900, using: &g)), through = today.adding(days: Int.random(in: 0...900, using: &g))
            var streamed: [Occurrence] = []
            forEachPlannedOccurrence(h, from: from, through: through, today: today) { streamed.append($0) }
            let listed = plannedOccurrences(h, from: from, through: through, today: today)
            #expect(Set(streamed) == Set(listed) && streamed.count == listed.count)
        }
    }
}
