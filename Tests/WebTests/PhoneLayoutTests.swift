import Engine
import Foundation
import Storage
import TestSupport
import Testing
@testable import Web

/// Phone layouts and valid markup on the server side: markup the Nu checker accepts, tables that
/// reflow into cards on phones, scroll regions a keyboard can reach, the day's actions first.
/// (The browser suite checks the same pages with axe-core and the Nu checker.)
@Suite("Phone layouts and markup")
struct PhoneLayoutTests {
    @Test("the Plan's emergency fund progress bar sits inside its <dd>, not loose in the <dl>'s <div>")
    func progressInsideDefinition() throws {
        let (app, database) = try makeTestApp()
        try PlanPageTests.Household.mixed.build(database)
        var browser = TestBrowser(app: app)
        let figures = HTML.between(browser.get("/plan").text, "<dl class=\"figure-grid\">", "</dl>")
        // From the progress bar to the end of its <div>: the <dd> closes after the bar.
        let afterBar = HTML.between(figures, "<progress", "</div>")
        #expect(!afterBar.isEmpty)
        #expect(afterBar.contains("</progress></dd>"))
    }

    @Test("a Budget section's summary holds one heading (its figure inside it), which the Nu checker accepts")
    func summaryHoldsOneHeading() throws {
        let (app, database) = try makeTestApp()
        try PlanPageTests.Household.mixed.build(database)
        var browser = TestBrowser(app: app)
        let html = browser.get("/data").text
        let summaries = html.matches(of: /<summary>(.*?)<\/summary>/).map { String($0.1) }
        #expect(summaries.count >= 4)
        for summary in summaries where summary.hasPrefix("<h2") {
            #expect(summary.hasSuffix("</h2>"), "\(summary)")
        }
        #expect(html.contains("<summary><h2>Incomes <span class=\"summary-figure\">"))
    }

    @Test("the payoff table and the schedule are stacked tables in focusable, labelled scroll regions", arguments: ["/plan?schedule=1", "/data"])
    func tablesReflowAndTakeFocus(path: String) throws {
        let (app, database) = try makeTestApp()
        try PlanPageTests.Household.debtsOnly.build(database)
        var browser = TestBrowser(app: app)
        let html = browser.get(path).text
        let wrappers = html.matches(of: /<div class="table-wrap"[^>]*>/).map { String($0.0) }
        #expect(!wrappers.isEmpty)
        for wrapper in wrappers {
            #expect(wrapper.contains("tabindex=\"0\"") && wrapper.contains("role=\"region\"") && wrapper.contains("aria-labelledby=\""), "\(wrapper)")
            let id = try #require(wrapper.firstMatch(of: /aria-labelledby="([^"]+)"/)?.1)
            #expect(html.contains("<caption id=\"\(id)\">"))
        }
        #expect(html.contains("<table class=\"payoff stack\">"))
        #expect(html.contains("<td class=\"num\" data-label=\"Total interest\">"))
        if path.hasPrefix("/plan") {
            #expect(html.contains("<table class=\"schedule stack\">"))
            #expect(html.contains("<td class=\"num\" data-label=\"Card\">"))
        }
    }

    @Test("the stylesheet stacks those tables on phones and shows only one drawing of the chart")
    func stylesheet() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let css = browser.get("/static/app.css").text
        #expect(css.contains("@media (max-width: 40rem) {\n  table.stack, table.stack tbody, table.stack tr, table.stack th, table.stack td { display: block; }"))
        #expect(css.contains("table.stack td::before { content: attr(data-label);"))
        #expect(css.contains(".chart-wide { display: none; }"))
        #expect(css.contains("@media (min-width: 48rem) {\n  .chart-wide { display: block; }\n  .chart-narrow, .chart-narrow-note { display: none; }"))
    }

    @Test("the Budget page starts with the day's actions; sections collapse on phones after the first visit")
    func budgetTodayFirst() throws {
        let (app, database) = try makeTestApp()
        try PlanPageTests.Household.mixed.build(database)
        var browser = TestBrowser(app: app)
        let html = browser.get("/data").text
        let today = try #require(html.range(of: "<section class=\"card today\""))
        #expect(today.lowerBound < html.range(of: "<section class=\"card figures\"")!.lowerBound)
        let actions = HTML.between(html, "<section class=\"card today\"", "</section>")
        #expect(actions.contains("href=\"/data/entry/new?kind=expense\""))
        #expect(actions.contains("href=\"/today#planned\""), "Confirm today's items opens Today, which lists the overdue items too")
        let script = browser.get("/static/app.js").text
        #expect(script.contains("matchMedia(\"(max-width: 40rem)\")"))
        #expect(script.contains("finmind.visited."))
    }
}
