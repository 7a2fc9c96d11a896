import Testing
@testable import Engine

// Figures' slugs and the formulas that explain them (Sources/Engine/Explain.swift).
@Suite("Explain")
struct ExplainTests {
    @Test("every figure slug parses back to itself; unknown ones do not parse")
    func slugs() {
        for figure in ExplainFigure.fixed + [.allocation(line: 3), .goalETA(id: 42)] {
            #expect(ExplainFigure(slug: figure.slug) == figure)
        }
        for slug in ["", "goal-", "goal-0", "goal-01", "allocation-x", "Income", "income/"] { #expect(ExplainFigure(slug: slug) == nil) }
    }

    @Test("fixed expenses: each active item's monthly amount, first then plus, exact before rounding")
    func fixedExpensesFormula() throws {
        let today = day("2027-03-15")
        // Rent 30,000.00 monthly; food 1,000.00 weekly = 1,000.00 × 52 ÷ 12 = 4,333.33 a month; an ended item is left out.
        let h = Household(incomes: [income(1, 100_000_00)],
                          expenses: [expense(2, 30_000_00), expense(3, 1_000_00, .weekly, category: "food"),
                                     expense(4, 9_999_00, end: "2026-12-31")])
        let plan = makePlan(h, today: today)
        let e = try #require(explain(.fixedExpenses, household: h, plan: plan, forecast: nil, today: today))
        #expect(e.result == .money(money(34_333_33)))
        #expect(e.terms.map(\.op) == [.first, .plus])
        #expect(e.terms.map(\.name) == ["Expense 2", "Expense 3"])
        #expect(e.terms.map(\.value) == [.money(money(30_000_00)), .money(money(4_333_33))])
        #expect(e.exactValue?.numerator == 3_433_333 && e.exactValue?.denominator == 1)
        let incomeFigure = try #require(explain(.income, household: h, plan: plan, forecast: nil, today: today))
        #expect(incomeFigure.result == .money(money(100_000_00)))
    }

    @Test("a figure the household does not have is not explained")
    func missingFigures() {
        let today = day("2027-03-15")
        let h = Household(incomes: [income(1, 100_000_00)])
        let plan = makePlan(h, today: today)
        #expect(explain(.goalETA(id: 99), household: h, plan: plan, forecast: nil, today: today) == nil)
        #expect(explain(.safeToSpend, household: h, plan: plan, forecast: nil, today: today) == nil)
        #expect(explain(.allocation(line: 1000), household: h, plan: plan, forecast: nil, today: today) == nil)
    }
}
