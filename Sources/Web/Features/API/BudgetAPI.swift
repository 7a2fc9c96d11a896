import Engine
import HTTPCore

// Routes:
//   GET /api/v1/budget[?year=YYYY]     the Budget page's figures (docs/product-rules.md, "Addresses and the JSON API"), amounts in minor units
//   GET /api/v1/calendar/YYYY-MM       each day's planned and actual income and expense

extension APIFeature {
    func budgetAPI(_ context: RequestContext) throws -> Response {
        let today = today()
        let year: Int
        if let text = context.query["year"] {
            guard let value = Int(text), (1900...2199).contains(value) else {
                throw AppError(.malformed)
            }
            year = value
        } else {
            year = today.year
        }
        let settings = try householdSettings()
        let from = min(Day(year: year, month: 1, day: 1)!, today.yearMonth.firstDay)
        let through = max(Day(year: year, month: 12, day: 31)!, today.yearMonth.lastDay)
        let household = try database.household(settings: settings.plan, entriesFrom: from, through: through, today: today)
        let totals = budgetTotals(household, today: today, year: year)
        return JSON.object([
            ("currency", .string(settings.currency(for: context.language).code)),
            ("year", .integer(Int64(year))),
            ("monthlyRecurringIncome", .integer(totals.monthlyRecurringIncome.minorUnits)),
            ("annualIncome", .integer(totals.annualIncome.minorUnits)),
            ("monthlyFixedExpense", .integer(totals.monthlyFixedExpense.minorUnits)),
            ("monthlyExpense", .integer(totals.monthlyExpense.minorUnits)),
            ("annualExpense", .integer(totals.annualExpense.minorUnits)),
            ("minimumDebtPayments", .integer(totals.minimumDebtPayments.minorUnits)),
            ("plannedDailyExpense", .integer(totals.plannedDailyExpense.minorUnits)),
            ("actualDailyExpense", .optional(totals.actualDailyExpense?.minorUnits)),
            ("actualDailyExpenseAvailableFrom", .optional(totals.actualDailyAvailableFrom?.iso)),
        ]).response()
    }

    func calendarAPI(_ month: YearMonth, _ context: RequestContext) throws -> Response {
        let settings = try householdSettings()
        let household = try database.household(settings: settings.plan, entriesFrom: month.firstDay, through: month.lastDay)
        let days = calendarMonth(household, month: month, today: today())
        return JSON.object([
            ("currency", .string(settings.currency(for: context.language).code)),
            ("month", .string(month.iso)),
            ("days", .array(days.map { day in
                .object([
                    ("date", .string(day.day.iso)),
                    ("plannedIncome", .integer(day.plannedIncome.minorUnits)),
                    ("plannedExpense", .integer(day.plannedExpense.minorUnits)),
                    ("actualIncome", .integer(day.actualIncome.minorUnits)),
                    ("actualExpense", .integer(day.actualExpense.minorUnits)),
                    ("pendingIncome", .integer(day.pendingIncome.minorUnits)),
                    ("pendingExpense", .integer(day.pendingExpense.minorUnits)),
                ])
            })),
        ]).response()
    }
}
