import Engine
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Storage
import Testing
@testable import Web

/// Chart axes a person can read: round ticks, dates for weeks, text that stays legible on a phone.
@Suite("Chart axes")
struct ChartAxisTests {
    // MARK: - Ticks

    struct TickCase: CustomTestStringConvertible, Sendable {
        var name: String, minimum: Int64, maximum: Int64, intervals: Int, expected: [Int64]
        var testDescription: String { name }
    }

    @Test("ticks are round 1-2-5 steps that cover the data and zero", arguments: [
        TickCase(name: "salary month", minimum: 0, maximum: 341_000_00, intervals: 4, expected: [0, 100_000_00, 200_000_00, 300_000_00, 400_000_00]),
        TickCase(name: "negative free cash flow", minimum: -107_800_00, maximum: 351_000_00, intervals: 4,
                 expected: [-200_000_00, 0, 200_000_00, 400_000_00]),
        TickCase(name: "small amounts", minimum: 0, maximum: 1_234_56, intervals: 5, expected: [0, 500_00, 1_000_00, 1_500_00]),
        TickCase(name: "all below zero", minimum: -4_200_00, maximum: -100_00, intervals: 4, expected: [-6_000_00, -4_000_00, -2_000_00, 0]),
        TickCase(name: "nothing at all", minimum: 0, maximum: 0, intervals: 4, expected: [0, 1_00]),
        TickCase(name: "a few kopecks", minimum: 0, maximum: 37, intervals: 4, expected: [0, 1_00]),
        TickCase(name: "exact step", minimum: 0, maximum: 200_000_00, intervals: 4, expected: [0, 50_000_00, 100_000_00, 150_000_00, 200_000_00]),
    ])
    func ticks(_ example: TickCase) {
        let ticks = ChartAxis.ticks(minimum: example.minimum, maximum: example.maximum, intervals: example.intervals)
        #expect(ticks.values == example.expected)
    }

    @Test("every step is 1, 2 or 5 times a power of ten, at most the asked intervals, covering the range",
          arguments: [Int64(0), 1, 99, 100, 12_345, 99_999_99, 341_000_00, 7_777_777_77, 123_456_789_012_34])
    func stepsAreRound(maximum: Int64) {
        for minimum in [Int64(0), -maximum / 3, -maximum] {
            for intervals in 2...6 {
                let ticks = ChartAxis.ticks(minimum: minimum, maximum: maximum, intervals: intervals)
                var lead = ticks.step
                while lead % 10 == 0 { lead /= 10 }
                #expect([1, 2, 5].contains(lead), "step \(ticks.step)")
                #expect(ticks.step >= 100)
                #expect(ticks.lower <= min(0, minimum) && ticks.upper >= max(0, maximum))
                #expect(ticks.values.contains(0))
                #expect(ticks.values.count - 1 <= intervals || ticks.values == [0, 100])
            }
        }
    }

    @Test("tick labels share one format: thousands with as many decimals as the step needs")
    func labels() {
        let ticks = ChartAxis.ticks(minimum: -107_800_00, maximum: 351_000_00, intervals: 4)
        #expect(ChartAxis.labels(ticks, .ru) == ["−200к", "0", "200к", "400к"])
        #expect(ChartAxis.labels(ticks, .en) == ["−200k", "0", "200k", "400k"])
        let halves = ChartAxis.Ticks(lower: 0, upper: 2_000_00, step: 500_00)
        #expect(ChartAxis.labels(halves, .ru) == ["0", "0,5к", "1,0к", "1,5к", "2,0к"])
        #expect(ChartAxis.labels(ChartAxis.Ticks(lower: 0, upper: 300_00, step: 100_00), .en) == ["0", "100", "200", "300"])
        #expect(ChartAxis.labels(ChartAxis.Ticks(lower: 0, upper: 3_000_000_00, step: 1_000_000_00), .en) == ["0", "1M", "2M", "3M"])
    }

    // MARK: - Week labels

    @Test("a week is labelled by the day it starts, not its ISO number", arguments: [
        (Day(year: 2026, month: 3, day: 2)!, "2 мар", "Mar 2"),
        (Day(year: 2026, month: 11, day: 16)!, "16 ноя", "Nov 16"),
        (Day(year: 2025, month: 12, day: 29)!, "29 дек", "Dec 29"),
    ])
    func weekLabels(start: Day, ru: String, en: String) {
        #expect(ChartAxis.week(start, .ru) == ru)
        #expect(ChartAxis.week(start, .en) == en)
    }

    @Test("the weekly chart and its table show dates, not week numbers")
    func weeklyChartShowsDates() throws {
        let (app, database) = try makeTestApp()
        try PlanPageTests.Household.mixed.build(database)
        var browser = TestBrowser(app: app)
        browser.language = "ru"
        let html = browser.get("/plan?interval=week&from=2026-11-01&to=2026-11-30").text
        #expect(html.contains(" ноя</text>"))
        #expect(html.contains("неделя с "))
        #expect(!html.contains(">Н44<") && !html.contains("Нед. 4"))
    }

    // MARK: - Drawing

    @Test("a year of weeks: the phone drawing has at most 12 bars and says so; the wide one has every week")
    func weeklyYearOnPhone() throws {
        let (app, database) = try makeTestApp()
        try PlanPageTests.Household.mixed.build(database)
        var browser = TestBrowser(app: app)
        let html = browser.get("/plan?interval=week&from=2026-01-05&to=2027-01-03").text
        let svgs = PlanPageTests.svgs(in: html)
        let wide = try #require(svgs.first { $0.contains("chart-wide") }), phone = try #require(svgs.first { $0.contains("chart-narrow") })
        #expect(wide.components(separatedBy: "class=\"fcf-dot\"").count - 1 == 52)
        #expect(phone.components(separatedBy: "class=\"fcf-dot\"").count - 1 <= 12)
        #expect(html.contains("<p class=\"hint chart-narrow-note\">On this narrow screen each bar adds up several periods"))
        #expect(!browser.get("/plan?interval=month&from=2026-01-01&to=2026-12-31").text.contains("chart-narrow-note"))
    }

    @Test("the Plan page shows a visible chart title with the period and the currency")
    func visibleTitle() throws {
        let (app, database) = try makeTestApp()
        try PlanPageTests.Household.mixed.build(database)
        var browser = TestBrowser(app: app)
        let html = browser.get("/plan?interval=month&from=2026-10-01&to=2026-12-31").text
        #expect(html.contains("<h3 class=\"chart-title\">Planned income, expense and free cash flow</h3>"))
        #expect(html.contains("<p class=\"hint chart-subtitle\">October 1, 2026 – December 31, 2026 · amounts in $ (USD)</p>"))
        let svgs = PlanPageTests.svgs(in: html)
        #expect(svgs.count == 3)
        #expect(svgs.filter { $0.contains("chart-narrow") }.count == 1)
    }
}
