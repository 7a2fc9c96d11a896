import Engine
import Foundation
import HTTPCore
import Storage

// Routes:
//   GET /forecast[?days=30|60|90]         risk, safe to spend and how, the chart and its table
//   GET /api/v1/forecast[?days=30|60|90]  the same as JSON, amounts in minor units
// Rules: docs/engine-rules.md, "Forecast and safe to spend".

extension App {
    /// The horizon asked for: absent → 30; 30, 60 or 90; anything else is a 400.
    static func forecastDays(_ context: RequestContext) throws -> Int {
        guard let text = context.query["days"] else { return 30 }
        guard let days = Int(text), forecastHorizons.contains(days), text.utf8.count == 2 else {
            throw AppError(.malformed, message: context.t["forecast_bad_days"])
        }
        return days
    }

    /// The setting added to the safety buffer line, minor units (default 0).
    static let forecastBufferKey = "forecast.emergencyBuffer"

    /// The forecast of `days` days after today: start at Σ today's balances of the open
    /// spendable accounts (none: the net change from today).
    func currentForecast(days: Int) throws -> Forecast {
        let today = today()
        let settings = try householdSettings()
        // Through a month past the end of this month too: the limits read their confirmations' links.
        let household = try database.household(settings: settings.plan, entriesFrom: today.adding(days: -91),
                                               through: today.adding(days: max(max(days, 30) + 8, 62)), today: today)
        let spendable = try database.accounts().filter { $0.spendable && !$0.closed }
        var start: Money?
        if !spendable.isEmpty {
            let balances = try database.balances(on: today)
            start = spendable.map { balances[$0.id]?.balance ?? .zero }.saturatingTotal()
        }
        let buffer = try forecastEmergencyBuffer()
        // The monthly limits replace their categories' mean; payments of tracked bills that were
        // never linked to their item stay out of the mean (the item's occurrences count them).
        let limits = forecastLimitInputs(limitStatuses(try database.categoryLimits(), household: household, today: today))
        let billEntries = unlinkedBillEntryIDs(household, from: today.adding(days: -91), through: today,
                                               payees: try database.unlinkedExpensePayees(from: today.adding(days: -91), through: today),
                                               normalise: { $0.precomposedStringWithCompatibilityMapping })
        var input = ForecastInput(startBalance: start, billEntryIDs: billEntries, limits: limits.limits,
                                  limitProjectedExceeded: limits.projectedExceeded, emergencyBuffer: buffer)
        input.hidden = try hiddenMoneyTotal(today: today)   // hidden money is not spendable (SavingPage.swift)
        return forecast(household, input: input, today: today, days: days)
    }

    /// GET /forecast.
    func forecastPage(_ context: RequestContext) throws -> Response {
        let days = try Self.forecastDays(context)
        let settings = try householdSettings()
        let display = Display(t: context.t, currency: settings.currency(for: context.language))
        let f = try currentForecast(days: days)
        var view = ForecastPageView(f, days: days, display: display, language: context.language)
        view.hiddenNote = HiddenNoteView(f.hidden, display: display)
        return try page(.forecast, .forecast, context, view)
    }

    /// GET /api/v1/forecast.
    func forecastAPI(_ context: RequestContext) throws -> Response {
        let f = try currentForecast(days: try Self.forecastDays(context))
        func item(_ item: ForecastItem) -> JSON {
            .object([("date", .string(item.date.iso)), ("name", .string(item.name)), ("amount", .integer(item.amount.minorUnits))])
        }
        return JSON.object([
            ("start", .integer(f.start.minorUnits)),
            ("days", .array(f.days.map { day in
                .object([
                    ("date", .string(day.date.iso)),
                    ("income", .integer(day.income.minorUnits)),
                    ("bills", .integer(day.bills.minorUnits)),
                    ("everyday", .integer(day.everyday.minorUnits)),
                    ("expected", .integer(day.expected.minorUnits)),
                    ("pessimistic", .integer(day.pessimistic.minorUnits)),
                ])
            })),
            ("risk", .string(f.risk.rawValue)),
            ("lowPoint", .object([("date", .string(f.lowPoint.date.iso)), ("amount", .integer(f.lowPoint.amount.minorUnits))])),
            ("drivers", .array(f.drivers.map(item))),
            ("safeToSpend", .integer(f.safeToSpend.minorUnits)),
            ("hidden", .integer(f.hidden.minorUnits)),
        ]).response()
    }

    /// The small "safe to spend today" block of the Budget and Plan pages (nil when the
    /// forecast cannot be read: the page still renders).
    func safeToSpendBlock(_ context: RequestContext, display: Display) -> SafeToSpendView? {
        guard let f = try? currentForecast(days: 30) else { return nil }
        return SafeToSpendView(f, display: display)
    }
}
