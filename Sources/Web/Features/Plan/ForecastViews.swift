import Engine
import Mustache

// The forecast page's view models and its chart (ForecastPage.swift fills them).

struct ForecastPageView: ViewModel {
    var horizons: [OptionView] = []
    var days = 30
    var isNetChange = false
    var riskClass = "", riskLabel = "", riskReason = ""
    var drivers: [ForecastItemRow] = []
    /// Safe to spend, as every page shows it.
    var safe: SafeToSpendView
    var billsDue30 = "", buffer = "", bufferSetting = ""
    var lowPointText = ""
    var everydayText = ""
    var sigmaText = ""
    var chart = ""
    var rows: [ForecastRow] = []
    var items: [ForecastItemRow] = []
    var hasDrivers: Bool { !drivers.isEmpty }
    var hasItems: Bool { !items.isEmpty }

    init(_ f: Forecast, days: Int, display: Display, language: Language) {
        let t = display.t
        self.days = days
        horizons = forecastHorizons.map { OptionView(value: "\($0)", label: t.format("forecast_days", ["days": "\($0)"]), selected: $0 == days) }
        isNetChange = f.isNetChange
        riskClass = "risk-" + f.risk.rawValue
        riskLabel = t[f.risk.stringKey]
        riskReason = Self.reason(f, display: display)
        drivers = f.drivers.map { ForecastItemRow($0, display: display) }
        safe = SafeToSpendView(f, display: display)
        billsDue30 = display.money(f.billsDue30)
        buffer = display.money(f.safetyBuffer)
        bufferSetting = display.money(f.safetyBuffer.saturatingSubtracting(f.billsDue30.saturatingMultiplied(by: 2)))
        lowPointText = t.format("forecast_low_point", ["date": display.day(f.lowPoint.date), "amount": display.money(f.lowPoint.amount)])
        let perDay = f.windowDays > 0
            ? Money(minorUnits: f.everydayWindowSum.minorUnits / Int64(f.windowDays)) : Money.zero
        everydayText = t.format("forecast_everyday_how", ["sum": display.money(f.everydayWindowSum), "days": "\(f.windowDays)",
                                                          "perDay": display.money(perDay)])
        sigmaText = t.format("forecast_sigma_how", ["sigma": display.money(Money(minorUnits: Int64(f.sigma.rounded(.toNearestOrAwayFromZero))))])
        chart = ForecastChart.svg(f, title: t["forecast_chart_title"], description: t.format("forecast_chart_desc", ["days": "\(days)"]),
                                  language: language)
        rows = f.days.map {
            ForecastRow(date: display.day($0.date), dateISO: $0.date.iso, income: display.money($0.income), bills: display.money($0.bills),
                        everyday: display.money($0.everyday), expected: display.money($0.expected),
                        pessimistic: display.money($0.pessimistic), isNegative: $0.expected.minorUnits < 0)
        }
        items = f.items.map { ForecastItemRow($0, display: display) }
    }

    /// The risk's reason in words.
    static func reason(_ f: Forecast, display: Display) -> String {
        let t = display.t
        switch f.reason {
        case .shortHistory: return t.format("forecast_reason_short", ["days": "\(f.historyDays)"])
        case .expectedBelowZero:
            let negative = f.firstNegative ?? (f.lowPoint.date, f.lowPoint.amount)
            return t.format("forecast_reason_high", ["date": display.day(negative.date), "amount": display.money(negative.amount)])
        case .pessimisticBelowZero: return t["forecast_reason_pessimistic"]
        case .lowPointBelowBills:
            return t.format("forecast_reason_bills", ["amount": display.money(f.lowPoint.amount), "bills": display.money(f.billsAfterLowPoint)])
        case .limitExceeded: return t["forecast_reason_limit"]
        case .none: return t["forecast_reason_low"]
        }
    }
}

/// One known item (a driver, or a line of the list).
struct ForecastItemRow: ViewModel {
    var date: String, dateISO: String, name: String, amount: String, isIncome: Bool

    init(_ item: ForecastItem, display: Display) {
        date = display.day(item.date); dateISO = item.date.iso; name = item.name
        amount = display.money(item.amount); isIncome = item.kind == .income
    }
}

/// One day of the data table.
struct ForecastRow: ViewModel {
    var date: String, dateISO: String, income: String, bills: String, everyday: String, expected: String, pessimistic: String
    var isNegative: Bool
}

/// Safe to spend, the same block with the same two figures and names on Today, Budget, Plan and
/// Forecast (safe-to-spend.mustache; SPEC §11): *per day* and *left until payday*. With no
/// spendable account there are no figures: the block says why and links to adding one.
struct SafeToSpendView: ViewModel {
    var hasFigures: Bool
    var perDay = ""
    var left = ""
    /// The terms of "how" on the Forecast page: the lowest pessimistic balance before payday, the
    /// emergency buffer, and the days the rest is spread over.
    var lowestBeforePayday = "", emergencyBuffer = "", days = ""
    /// "Left until payday (5 Dec)", or "Left for the next 30 days" when no income is expected.
    var leftLabel = ""
    var isHigh = false
    var riskNote = ""
    var explainHref = ExplainRoute.prefix + "safe-to-spend"
    var addAccountHref = Route.accounts(.new).path
    /// "Hidden: X, not counted as spendable" (nil when nothing is hidden).
    var hiddenNote: HiddenNoteView?

    init(_ f: Forecast, display: Display) {
        hasFigures = !f.isNetChange
        guard hasFigures else { return }
        perDay = display.money(f.safePerDay)
        left = display.money(f.safeToSpend)
        leftLabel = Self.leftLabel(f, display: display)
        lowestBeforePayday = display.money(f.lowestBeforePayday)
        emergencyBuffer = display.money(f.emergencyBuffer)
        days = "\(f.safeDays)"
        isHigh = f.risk == .high
        riskNote = isHigh ? ForecastPageView.reason(f, display: display) : ""
        hiddenNote = HiddenNoteView(f.hidden, display: display)
    }

    /// The name of the "left until payday" figure, with the payday's date.
    static func leftLabel(_ f: Forecast, display: Display) -> String {
        f.payday.map { display.t.format("safe_left_until", ["date": display.day($0)]) }
            ?? display.t.format("safe_left_days", ["days": "\(f.safeDays)"])
    }

    /// The one sentence the Advisor says of safe to spend: the same figures with the same names.
    static func sentence(_ f: Forecast, display: Display) -> String {
        guard !f.isNetChange else { return display.t["safe_no_account"] }
        return display.t.format("safe_sentence", ["perDay": display.money(f.safePerDay), "left": display.money(f.safeToSpend),
                                                  "leftLabel": leftLabel(f, display: display)])
    }
}

// MARK: - Chart

/// The forecast's SVG: expected and pessimistic balance as lines, the safety buffer as a
/// dashed line, zero marked. One drawing of 340 units with 13-unit text: readable on a
/// 390 px phone and scaled up on wide screens. Classes only (CSP).
enum ForecastChart {
    static func svg(_ f: Forecast, title: String, description: String, language: Language) -> String {
        let width = 340.0, height = 240.0, font = 13.0
        var values: [Int64] = [f.safetyBuffer.minorUnits, 0]
        for day in f.days { values.append(day.expected.minorUnits); values.append(day.pessimistic.minorUnits) }
        let ticks = ChartAxis.ticks(minimum: values.min() ?? 0, maximum: values.max() ?? 0, intervals: 4)
        let labels = ChartAxis.labels(ticks, language)
        let characterWidth = font * 0.62
        let left = Double(labels.map(\.count).max() ?? 1) * characterWidth + 8, right = 8.0
        let top = font * 1.1, bottom = font * 2.2
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let span = max(1, Double(ticks.upper) - Double(ticks.lower))
        func y(_ value: Int64) -> Double { top + plotHeight * (Double(ticks.upper) - Double(value)) / span }
        let count = max(f.days.count, 1)
        func x(_ index: Int) -> Double { left + plotWidth * (count == 1 ? 0.5 : Double(index) / Double(count - 1)) }
        let f1 = SVGCharts.format
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart chart-forecast\" viewBox=\"0 0 \(f1(width)) \(f1(height))\""
            + " font-size=\"\(f1(font))\" role=\"img\" aria-labelledby=\"forecast-title forecast-desc\">"
            + "<title id=\"forecast-title\">\(SVGCharts.escape(title))</title><desc id=\"forecast-desc\">\(SVGCharts.escape(description))</desc>"
        for (tick, label) in zip(ticks.values, labels) {
            let ty = f1(y(tick))
            svg += "<line class=\"grid\(tick == 0 ? " zero" : "")\" x1=\"\(f1(left))\" x2=\"\(f1(width - right))\" y1=\"\(ty)\" y2=\"\(ty)\"/>"
            svg += "<text class=\"axis\" x=\"\(f1(left - 5))\" y=\"\(ty)\" text-anchor=\"end\" dominant-baseline=\"middle\">\(SVGCharts.escape(label))</text>"
        }
        let by = f1(y(f.safetyBuffer.minorUnits))
        svg += "<line class=\"buffer-line\" x1=\"\(f1(left))\" x2=\"\(f1(width - right))\" y1=\"\(by)\" y2=\"\(by)\"/>"
        let expected = f.days.enumerated().map { "\(f1(x($0.offset))),\(f1(y($0.element.expected.minorUnits)))" }
        let pessimistic = f.days.enumerated().map { "\(f1(x($0.offset))),\(f1(y($0.element.pessimistic.minorUnits)))" }
        svg += "<polyline class=\"pessimistic-line\" points=\"\(pessimistic.joined(separator: " "))\"/>"
        svg += "<polyline class=\"expected-line\" points=\"\(expected.joined(separator: " "))\"/>"
        // Four date labels: the first day, two between, the last.
        let marks = Set([0, (count - 1) / 3, 2 * (count - 1) / 3, count - 1]).sorted()
        for index in marks where index < f.days.count {
            let text = ChartAxis.week(f.days[index].date, language)
            let half = Double(text.count) * characterWidth / 2
            let lx = min(max(x(index), left + half), width - half - 2)
            svg += "<text class=\"axis\" x=\"\(f1(lx))\" y=\"\(f1(height - bottom + font * 1.4))\" text-anchor=\"middle\">\(SVGCharts.escape(text))</text>"
        }
        return svg + "</svg>"
    }
}
