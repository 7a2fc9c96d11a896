import Engine
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import HTTPCore
import Storage
import Testing
@testable import Web

@Suite("Plan page")
struct PlanPageTests {
    /// A fresh single-use token for direct storage writes.
    static func token() -> String { Tokens.random(bytes: 16) }

    static let today = Day(year: 2026, month: 11, day: 21)!

    /// The households of the issue: each is built through the storage layer.
    enum Household: String, CaseIterable {
        case deficit, fundComplete, debtsOnly, goalsOnly, mixed

        func build(_ database: AppDatabase) throws {
            let start = Day(year: 2026, month: 1, day: 1)!
            func income(_ amount: Int64) throws {
                _ = try database.addRecurring(NewRecurringItem(kind: .income, name: "Salary", amount: Money(minorUnits: amount),
                                                               periodicity: .monthly, start: start), formToken: token())
            }
            func expense(_ amount: Int64, _ name: String = "Rent") throws {
                _ = try database.addRecurring(NewRecurringItem(kind: .expense, name: name, amount: Money(minorUnits: amount),
                                                               periodicity: .monthly, start: start, category: "housing"), formToken: token())
            }
            switch self {
            case .deficit:
                try income(50_000_00); try expense(65_000_00)
            case .fundComplete:
                try income(100_000_00); try expense(40_000_00)
                _ = try database.setEmergencySaved(Money(minorUnits: 120_000_00), formToken: token())
            case .debtsOnly:
                _ = try database.addDebt(NewDebt(name: "Card", paymentDay: 10, kind: .loan(Loan(
                    balance: Money(minorUnits: 30_000_00), asOf: PlanPageTests.today, apr: APR(hundredths: 2490),
                    minimumPayment: Money(minorUnits: 3_000_00)))), today: PlanPageTests.today, formToken: token())
                try income(80_000_00)
            case .goalsOnly:
                _ = try database.addGoal(NewGoal(name: "Car", target: Money(minorUnits: 500_000_00), priority: 3), formToken: token())
            case .mixed:
                try income(120_000_00); try expense(50_000_00); try expense(15_000_00, "Food")
                _ = try database.addDebt(NewDebt(name: "Loan", paymentDay: 5, kind: .loan(Loan(
                    balance: Money(minorUnits: 200_000_00), asOf: PlanPageTests.today, apr: APR(hundredths: 1200), termMonths: 24))),
                    today: PlanPageTests.today, formToken: token())
                _ = try database.addGoal(NewGoal(name: "Trip", target: Money(minorUnits: 90_000_00),
                                                 deadline: Day(year: 2027, month: 8, day: 1), priority: 2), formToken: token())
            }
        }
    }

    /// Every money figure of the API's plan, formatted as the page shows it in English.
    static func formatted(_ minor: Int64) -> String { MoneyFormat.format(Money(minorUnits: minor), .usd, .en) }

    @Test("the page shows exactly the API's figures", arguments: Household.allCases)
    func pageMatchesAPI(household: Household) throws {
        let (app, database) = try makeTestApp()
        try household.build(database)
        var browser = TestBrowser(app: app)
        let html = browser.get("/plan").text
        let json = try #require(try JSONSerialization.jsonObject(with: Data(browser.get("/api/v1/plan").body)) as? [String: Any])
        let fcf = try #require(json["freeCashFlow"] as? Int64)
        #expect(html.contains(Self.formatted(fcf)))
        #expect(html.contains(Self.formatted(try #require(json["emergencyTarget"] as? Int64))))
        for allocation in try #require(json["allocations"] as? [[String: Any]]) {
            #expect(html.contains(Self.formatted(try #require(allocation["amount"] as? Int64))), "\(allocation)")
            let rationale = try #require(allocation["rationale"] as? String)
            #expect(html.contains(escapeHTML(rationale)), "\(rationale)")
        }
        for note in try #require(json["notes"] as? [[String: Any]]) {
            #expect(html.contains(escapeHTML(try #require(note["text"] as? String))))
        }
        if let amounts = json["allocations"] as? [[String: Any]], fcf > 0 {
            let sum = amounts.compactMap { $0["amount"] as? Int64 }.reduce(0, +)
            #expect(sum == fcf, "allocations sum to the free cash flow")
        }
    }

    @Test("hand-computed figures: the mixed household")
    func mixedFigures() throws {
        let (app, database) = try makeTestApp()
        try Household.mixed.build(database)
        var browser = TestBrowser(app: app)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(browser.get("/api/v1/plan").body)) as? [String: Any])
        // Annuity of 200,000.00 at 12 % over 24 months: r = 0.01, P·r / (1 − 1.01^−24) = 9,414.6947… → ceil 9,414.70.
        // FCF = 120,000.00 − (50,000.00 + 15,000.00 + 9,414.70) = 45,585.30.
        #expect(json["freeCashFlow"] as? Int64 == 45_585_30)
        // Debt load = 1000 × 9,414.70 / 120,000.00 = 78.46 → 78 permille.
        #expect(json["debtLoadPermille"] as? Int64 == 78)
        // Emergency target = 3 × 74,414.70 = 223,244.10.
        #expect(json["emergencyTarget"] as? Int64 == 223_244_10)
        let payoff = try #require(json["payoff"] as? [String: Any])
        #expect(payoff["strategy"] as? String == "avalanche")
    }

    @Test("deficit household: no split, a deficit note with its size")
    func deficit() throws {
        let (app, database) = try makeTestApp()
        try Household.deficit.build(database)
        var browser = TestBrowser(app: app)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(browser.get("/api/v1/plan").body)) as? [String: Any])
        #expect(json["freeCashFlow"] as? Int64 == -15_000_00)
        #expect((json["allocations"] as? [Any])?.isEmpty == true)
        let notes = try #require(json["notes"] as? [[String: Any]])
        #expect(notes.first?["code"] as? String == "deficit")
        #expect((notes.first?["text"] as? String)?.contains("$15,000.00") == true)
    }

    @Test("an empty household shows the empty state")
    func emptyState() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let html = browser.get("/plan").text
        #expect(html.contains("Add data and press Recalculate."))
        browser.language = "ru"
        #expect(browser.get("/plan").text.contains("Добавьте данные и нажмите «Пересчитать»."))
    }

    @Test("charts are well-formed SVG with a title and description", arguments: ["day", "week", "month", "quarter", "year"])
    func chartsAreValidXML(interval: String) throws {
        let (app, database) = try makeTestApp()
        try Household.mixed.build(database)
        var browser = TestBrowser(app: app)
        let html = browser.get("/plan?interval=\(interval)&from=2026-10-01&to=2026-12-31").text
        let svgs = Self.svgs(in: html)
        #expect(svgs.count == 3)  // the cash-flow chart's wide and phone drawings, the donut
        for svg in svgs {
            let parser = XMLParser(data: Data(svg.utf8))
            #expect(parser.parse(), "\(svg.prefix(200))")
            #expect(svg.contains("<title id=") && svg.contains("<desc id="))
            #expect(!svg.contains("style="))
        }
    }

    @Test("the cash-flow table matches the engine's series for the chosen interval")
    func seriesTable() throws {
        let (app, database) = try makeTestApp()
        try Household.mixed.build(database)
        var browser = TestBrowser(app: app)
        let html = browser.get("/plan?interval=month&from=2026-10-01&to=2026-12-31&view=planned").text
        let household = try database.household(settings: PlanSettings(), entriesFrom: Day(year: 2026, month: 10, day: 1)!,
                                               through: Day(year: 2026, month: 12, day: 31)!)
        let series = try cashFlowSeries(household, from: Day(year: 2026, month: 10, day: 1)!, through: Day(year: 2026, month: 12, day: 31)!,
                                        interval: .month, today: Self.today)
        #expect(series.count == 3)
        for bucket in series {
            #expect(html.contains(Self.formatted(bucket.plannedIncome.minorUnits)))
            #expect(html.contains(Self.formatted(bucket.plannedExpense.minorUnits)))
        }
        // Three bars each for income and expense, one dot per month on the free cash flow line.
        let chart = try #require(Self.svgs(in: html).first)
        #expect(chart.components(separatedBy: "class=\"bar income\"").count - 1 == 3)
        #expect(chart.components(separatedBy: "class=\"fcf-dot\"").count - 1 == 3)
    }

    @Test("more than 400 buckets is refused with a message, not an error page")
    func tooManyBuckets() throws {
        let (app, database) = try makeTestApp()
        try Household.mixed.build(database)
        var browser = TestBrowser(app: app)
        let response = browser.get("/plan?interval=day&from=2020-01-01&to=2026-12-31")
        #expect(response.status == 200)
        #expect(response.text.contains("more than 400 intervals"))
    }

    @Test("Recalculate records plan_recalculated with its compute time and free cash flow")
    func recalculate() throws {
        let (app, database) = try makeTestApp()
        try Household.fundComplete.build(database)
        var browser = TestBrowser(app: app)
        let page = browser.get("/plan").text
        let token = try #require(page.firstMatch(of: /name="_form" value="([0-9a-f]+)"/)?.1)
        let response = browser.post("/plan/recalculate", [("_form", String(token))])
        #expect(response.status == 303)
        let event = try #require(try database.events().first)
        #expect(event.name == "plan_recalculated")
        #expect(event.properties.contains("\"freeCashFlow\":6000000"))
        #expect(event.properties.contains("\"ms\":"))
        #expect(browser.get("/plan").text.contains("recalculated"))
    }

    @Test("long sections show their first three rows, the rest behind Show all (N); the debts' chosen way first; the charts' settings folded")
    func summariesFirst() throws {
        let (app, database) = try makeTestApp()
        try Household.mixed.build(database)
        for name in ["Bike", "Sofa", "Phone"] {
            _ = try database.addGoal(NewGoal(name: name, target: Money(minorUnits: 1_000_00), priority: 1), formToken: Self.token())
        }
        var browser = TestBrowser(app: app)
        let html = browser.get("/plan").text
        let goals = try #require(html.range(of: #"id="goals-title""#)).upperBound
        let folded = try #require(html.range(of: #"<details class="show-more"><summary>Show all (4)</summary>"#, range: goals..<html.endIndex))
        #expect(html[goals..<folded.lowerBound].components(separatedBy: #"<li class="row goal">"#).count - 1 == 3, "three goals first")
        #expect(html[folded.upperBound...].components(separatedBy: #"<li class="row goal">"#).count - 1 == 1, "the fourth behind Show all")
        #expect(html.contains(#"<p class="payoff-headline" id="payoff-headline"><strong>Avalanche"#))
        // The months figure carries its own word ("3 months"): the headline does not say "Months 3 months".
        #expect(!html.contains("· Months "), "the headline names its months once")
        #expect(html.contains("<summary>Compare the ways to pay off</summary>"))
        #expect(html.contains(#"<details class="chart-settings">"#) && html.contains("<summary>Period and view</summary>"))
        #expect(browser.get("/plan?interval=day&from=2000-01-01&to=2026-12-31").text.contains(#"<details class="chart-settings" open>"#),
                "a refused period opens the settings with its message")
    }

    @Test("the month-by-month schedule is shown on demand")
    func schedule() throws {
        let (app, database) = try makeTestApp()
        try Household.debtsOnly.build(database)
        var browser = TestBrowser(app: app)
        #expect(!browser.get("/plan").text.contains("<table class=\"schedule stack\">"))
        let html = browser.get("/plan?schedule=1").text
        #expect(html.contains("<table class=\"schedule stack\">"))
        #expect(html.contains("December 2026"))
    }

    @Test("names with HTML are escaped in the charts and lists")
    func escaping() throws {
        let (app, database) = try makeTestApp()
        _ = try database.addRecurring(NewRecurringItem(kind: .income, name: "<script>x</script>", amount: Money(minorUnits: 1_000_00),
                                                       periodicity: .monthly, start: Day(year: 2026, month: 1, day: 1)!), formToken: Self.token())
        _ = try database.addCategory(name: "<b>cat</b>", formToken: Self.token())
        let key = try #require(try database.categories().first { $0.name == "<b>cat</b>" }?.key)
        _ = try database.addRecurring(NewRecurringItem(kind: .expense, name: "x", amount: Money(minorUnits: 500_00),
                                                       periodicity: .monthly, start: Day(year: 2026, month: 1, day: 1)!, category: key), formToken: Self.token())
        var browser = TestBrowser(app: app)
        let html = browser.get("/plan").text
        #expect(!html.contains("<script>x"))
        #expect(!html.contains("<b>cat</b>"))
        #expect(html.contains("&lt;b&gt;cat&lt;/b&gt;"))
    }

    @Test("the New Year theme sprinkles snow on the Plan page only when on, and the CSS hides it under reduced motion")
    func snow() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(!browser.get("/plan").text.contains("class=\"snow\""))
        try database.saveSettings(["newYearTheme": "on"])
        let html = browser.get("/plan").text
        #expect(html.contains("class=\"snow\" aria-hidden=\"true\""))
        #expect(!browser.get("/data").text.contains("class=\"snow\""))
        let css = browser.get("/static/app.css").text
        #expect(css.contains("@media (prefers-reduced-motion: reduce) { .snow { display: none; } }"))
    }

    static func svgs(in html: String) -> [String] {
        html.components(separatedBy: "<svg ").dropFirst().map { "<svg " + $0.components(separatedBy: "</svg>")[0] + "</svg>" }
    }
}

/// The page's HTML escaping of a plain text.
func escapeHTML(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        .replacingOccurrences(of: "'", with: "&#39;")
}
