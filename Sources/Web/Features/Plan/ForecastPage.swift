import Engine
import Foundation
import HTTPCore
import Storage

// Routes:
//   GET /forecast[?days=30|60|90]         risk, safe to spend and how, the chart and its table
//   GET /api/v1/forecast[?days=30|60|90]  the same as JSON, amounts in minor units
// Rules: docs/engine-rules.md, "Forecast and safe to spend".

extension ForecastFeature {
    /// The horizon asked for: absent → 30; 30, 60 or 90; anything else is a 400.
    static func forecastDays(_ context: RequestContext) throws -> Int {
        guard let text = context.query["days"] else { return 30 }
        guard let days = Int(text), forecastHorizons.contains(days), text.utf8.count == 2 else {
            throw AppError(.malformed, message: context.t["forecast_bad_days"])
        }
        return days
    }

    /// GET /forecast.
    func forecastPage(_ context: RequestContext) throws -> Response {
        let days = try Self.forecastDays(context)
        let settings = try householdSettings()
        let display = Display(t: context.t, currency: settings.currency(for: context.language))
        let f = try currentForecast(days: days, currency: display.currency)
        let view = ForecastPageView(f, days: days, display: display, language: context.language)
        return try page(.forecast, .forecast, context, view)
    }

    /// GET /api/v1/forecast.
    func forecastAPI(_ context: RequestContext) throws -> Response {
        let f = try currentForecast(days: try Self.forecastDays(context),
                                    currency: try householdSettings().currency(for: context.language))
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
            ("safeToSpend", Self.safeToSpendJSON(f)),
            ("hidden", .integer(f.hidden.minorUnits)),
        ]).response()
    }

}

extension Handler {
    /// The setting added to the safety buffer line, minor units (default 0).
    static var forecastBufferKey: String { "forecast.emergencyBuffer" }

    /// The forecast of `days` days after today, with safe to spend, computed once per data version
    /// and day (and the currency, whose default emergency buffer it keeps back) and shared by every
    /// page, API and Advisor answer that shows it: Today, Budget, Plan, Forecast (SPEC §11).
    /// `currency` is the household's as the page shows it (its default emergency buffer counts).
    func currentForecast(days: Int, currency: Currency) throws -> Forecast {
        let today = today()
        return try forecastCache.value("\(days) \(currency.code)", stamp: "\(database.dataVersion) \(today.iso)") {
            try computeForecast(days: days, currency: currency, today: today)
        }
    }

    /// The forecast: start at Σ today's balances of the open spendable accounts plus the cash
    /// kept outside accounts since the first of them opened (none: the net change from today).
    private func computeForecast(days: Int, currency: Currency, today: Day) throws -> Forecast {
        let settings = try householdSettings()
        // Through a month past the end of this month too: the limits read their confirmations' links.
        let household = try database.household(settings: settings.plan, entriesFrom: today.adding(days: -91),
                                               through: today.adding(days: max(max(days, 30) + 8, 62)), today: today)
        let spendable = try database.accounts().filter { $0.spendable && !$0.closed }
        var start: Money?
        if let firstOpened = spendable.map(\.openedOn).min() {
            let balances = try database.balances(on: today)
            let cash = try database.cashOutsideAccounts(from: firstOpened, through: today)
            start = (spendable.map { balances[$0.id]?.balance ?? .zero } + [cash]).saturatingTotal()
        }
        let buffer = try forecastEmergencyBuffer(currency: currency)
        // The monthly limits replace their categories' mean; payments of tracked bills that were
        // never linked to their item stay out of the mean (the item's occurrences count them).
        let limits = forecastLimitInputs(limitStatuses(try database.categoryLimits(), household: household, today: today))
        let billEntries = unlinkedBillEntryIDs(household, from: today.adding(days: -91), through: today,
                                               payees: try database.unlinkedExpensePayees(from: today.adding(days: -91), through: today),
                                               normalise: { $0.precomposedStringWithCompatibilityMapping })
        var input = ForecastInput(startBalance: start, billEntryIDs: billEntries, limits: limits.limits,
                                  limitProjectedExceeded: limits.projectedExceeded, emergencyBuffer: buffer)
        input.hidden = try hiddenMoneyTotal(today: today)   // hidden money is not spendable (PlayfulSavingPage.swift)
        return forecast(household, input: input, today: today, days: days)
    }

    /// The safe-to-spend block every page shows the same way (safe-to-spend.mustache), or nil when
    /// the forecast cannot be read (the page still renders).
    func safeToSpendBlock(_ context: RequestContext, display: Display) -> SafeToSpendView? {
        guard let f = try? currentForecast(days: 30, currency: display.currency) else { return nil }
        return SafeToSpendView(f, display: display)
    }

    /// Safe to spend in every API (the same figures the pages show): null with no spendable account.
    static func safeToSpendJSON(_ f: Forecast) -> JSON {
        guard !f.isNetChange else { return .null }
        return .object([
            ("leftUntilPayday", .integer(f.safeToSpend.minorUnits)), ("perDay", .integer(f.safePerDay.minorUnits)),
            ("payday", f.payday.map { .string($0.iso) } ?? .null), ("days", .integer(Int64(f.safeDays))),
            ("emergencyBuffer", .integer(f.emergencyBuffer.minorUnits)),
        ])
    }
}
