import Engine
import Foundation
import HTTPCore
import Storage
import Testing
import TestSupport
@testable import Web

/// /explain/<figure> and /api/v1/explain/<figure>: for several households, each
/// explanation's result equals the figure of /api/v1/budget, /plan or /forecast, its terms add
/// up to it, each breakdown adds up to its term, and the page shows the same numbers.
@Suite("Explain pages")
struct ExplainPageTests {
    enum Case: String, CaseIterable {
        case sample, deficit, fundComplete, debtsOnly, goalsOnly, mixed, empty

        func build(_ database: AppDatabase) throws {
            switch self {
            case .sample: try SampleHousehold.seed(database)
            case .empty: break
            default: try PlanPageTests.Household(rawValue: rawValue)!.build(database)
            }
            // Every household gets an account and some history, so the forecast figures are real.
            try ForecastPageTests.account(database, balance: 2_000_00)
            try ForecastPageTests.seed(database)
        }
    }

    /// An explanation's terms evaluated left to right as integers (nil when a term is not a number).
    static func evaluate(_ terms: [[String: Any]]) -> (numerator: Int64, denominator: Int64)? {
        var numerator: Int64 = 0, denominator: Int64 = 1
        for term in terms {
            guard let value = integer(term, "value"), let op = term["op"] as? String else { return nil }
            switch op {
            case "first", "plus": numerator += value * denominator
            case "minus": numerator -= value * denominator
            case "times": numerator *= value
            case "divided": guard value != 0 else { return nil }; denominator *= value
            default: return nil
            }
        }
        return (numerator, denominator)
    }

    /// Text as the templates escape it.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// The result the terms give after the explanation's rounding.
    static func rounded(_ fraction: (numerator: Int64, denominator: Int64), _ rounding: String?) -> Int64 {
        let (n, d) = fraction
        switch rounding {
        case "half-even": return Int64(roundHalfEven(numerator: Int128(n), denominator: Int128(d)))
        case "ceiling": return n <= 0 ? n / d : (n + d - 1) / d
        case "floor-at-zero": return max(0, n / d)
        case "floor": return n >= 0 ? n / d : -((-n + d - 1) / d)
        default: return n % d == 0 ? n / d : Int64.min
        }
    }

    @Test("each explanation equals the API's figure, its terms and breakdowns add up, and the page shows it", arguments: Case.allCases)
    func explanationsMatchAPI(household: Case) throws {
        let (app, database) = try makeTestApp()
        try household.build(database)
        var browser = TestBrowser(app: app)
        let budget = try jsonObject(browser.get("/api/v1/budget"))
        let plan = try jsonObject(browser.get("/api/v1/plan"))
        let forecast = try jsonObject(browser.get("/api/v1/forecast"))
        let allocations = try #require(plan["allocations"] as? [[String: Any]])
        let goals = try #require(plan["goals"] as? [[String: Any]])

        var expected: [String: Int64?] = [
            "income": integer(budget, "monthlyRecurringIncome"), "fixed-expenses": integer(budget, "monthlyFixedExpense"),
            "minimum-debt-payments": integer(budget, "minimumDebtPayments"), "monthly-expenses": integer(budget, "monthlyExpense"),
            "annual-income": integer(budget, "annualIncome"), "annual-expenses": integer(budget, "annualExpense"),
            "free-cash-flow": integer(plan, "freeCashFlow"), "debt-load": integer(plan, "debtLoadPermille"),
            "emergency-target": integer(plan, "emergencyTarget"), "allocations": integer(plan, "freeCashFlow"),
            "low-point": integer(try #require(forecast["lowPoint"] as? [String: Any]), "amount"),
        ]
        for i in allocations.indices { expected["allocation-\(i + 1)"] = integer(plan, "freeCashFlow") }
        // Safe to spend has no figure (and no explanation) without a spendable account.
        if let safe = forecast["safeToSpend"] as? [String: Any] {
            expected["safe-to-spend"] = integer(safe, "leftUntilPayday")
            expected["safe-per-day"] = integer(safe, "perDay")
        } else {
            #expect(browser.get("/api/v1/explain/safe-to-spend").status == 404)
        }
        var checked = 0
        for (slug, value) in expected {
            let response = browser.get("/api/v1/explain/\(slug)")
            #expect(response.status == 200, "\(household) \(slug)")
            let json = try jsonObject(response)
            #expect(integer(json, "result") == value, "\(household) \(slug): the explanation's result is the API's figure")
            let terms = try #require(json["terms"] as? [[String: Any]])
            if let value, !terms.isEmpty, let fraction = Self.evaluate(terms) {
                let rounding = json["rounding"] as? String
                #expect(Self.rounded(fraction, rounding) == value, "\(household) \(slug): the terms add up")
                checked += 1
            }
            for breakdown in try #require(json["breakdowns"] as? [[String: Any]]) {
                guard let role = breakdown["role"] as? String, let term = terms.first(where: { $0["role"] as? String == role }),
                      let items = breakdown["items"] as? [[String: Any]], let fraction = Self.evaluate(items) else { continue }
                #expect(fraction.numerator == integer(term, "value"), "\(household) \(slug): the breakdown of \(role) adds up")
            }
            // The page shows the same formula.
            let page = browser.get("/explain/\(slug)")
            #expect(page.status == 200)
            let formula = try #require(json["formula"] as? String)
            #expect(page.text.contains(Self.escaped(formula)), "\(household) \(slug): the page's formula is the API's")
        }
        #expect(checked >= 7, "the money figures are checked")

        // Each allocation line is a term of the split, in order.
        let split = try jsonObject(browser.get("/api/v1/explain/allocations"))
        let lines = try #require(split["terms"] as? [[String: Any]])
        #expect(lines.map { integer($0, "value") } == allocations.map { integer($0, "amount") })
        #expect(browser.get("/api/v1/explain/allocation-\(allocations.count + 1)").status == 404)

        // Goal ETAs: ceil(missing ÷ monthly), as the API says.
        let planPage = browser.get("/plan").text
        let ids = planPage.components(separatedBy: "href=\"/explain/goal-").dropFirst().compactMap { Int64($0.prefix { $0.isNumber }) }
        #expect(ids.count == goals.count, "each goal links to its explanation")
        for id in ids {
            let json = try jsonObject(browser.get("/api/v1/explain/goal-\(id)"))
            let terms = try #require(json["terms"] as? [[String: Any]])
            let name = terms.first?["name"] as? String
            let goal = try #require(goals.first { $0["name"] as? String == name })
            #expect(integer(json, "result") == integer(goal, "etaMonths"))
            if let eta = integer(goal, "etaMonths"), eta > 0, let fraction = Self.evaluate(terms) {
                #expect(Self.rounded(fraction, "ceiling") == eta)
            }
        }

        // The debt-free month is the chosen strategy's, today's month + the schedule's months.
        let debtFree = browser.get("/api/v1/explain/debt-free")
        if let payoff = plan["payoff"] as? [String: Any], let strategy = payoff["strategy"] as? String,
           let summary = payoff[strategy] as? [String: Any] {
            let json = try jsonObject(debtFree)
            #expect(json["result"] as? String == summary["debtFreeDate"] as? String)
            let terms = try #require(json["terms"] as? [[String: Any]])
            if let months = integer(terms[1], "value"), let month = json["result"] as? String {
                #expect(YearMonth(iso: "2026-11")!.adding(months: Int(months)).iso == month)
            }
        } else {
            #expect(debtFree.status == 404, "no loan: nothing to explain")
        }

        // The risk names the API's level.
        let risk = try jsonObject(browser.get("/api/v1/explain/risk"))
        #expect(risk["result"] as? String == "risk_\(forecast["risk"] as? String ?? "")")
    }

    @Test("the issue's example reads as a formula with the household's numbers, in English and Russian")
    func wording() throws {
        let (app, database) = try makeTestApp()
        let start = date("2026-01-01")
        try database.seed(NewRecurringItem(kind: .income, name: "Salary", amount: cents(250_000_00), periodicity: .monthly, start: start))
        try database.seed(NewRecurringItem(kind: .expense, name: "Rent", amount: cents(112_000_00), periodicity: .monthly, start: start,
                                           category: "housing"))
        try database.seed(NewDebt(name: "Card", paymentDay: 5, kind: .paymentOnly(monthlyPayment: cents(42_871_04))))
        var browser = TestBrowser(app: app)
        let html = browser.get("/explain/free-cash-flow").text
        #expect(html.contains("Free per month $95,128.96 = income $250,000.00 − fixed expenses $112,000.00 − minimum debt payments $42,871.04"))
        #expect(html.contains("Salary") && html.contains("Rent") && html.contains("Card"))
        #expect(html.contains("minimum debt payments and everyday spending"), "the rule's sentence names every term the formula subtracts")
        browser.language = "ru"
        let ru = browser.get("/explain/free-cash-flow").text
        #expect(ru.contains("Свободно в месяц") && ru.contains("− постоянные расходы"))
        // The Plan, Budget and Forecast pages link to their explanations with an accessible name.
        browser.language = "en"
        let planPage = browser.get("/plan").text
        #expect(planPage.contains(#"href="/explain/free-cash-flow">How “Free"#))
        #expect(planPage.contains(#"href="/explain/debt-load""#) && planPage.contains(#"href="/explain/allocation-1""#))
        let dataPage = browser.get("/data").text
        #expect(dataPage.contains(#"href="/explain/income""#) && dataPage.contains(#"href="/explain/monthly-expenses""#))
        let forecastPage = browser.get("/forecast").text
        #expect(forecastPage.contains(#"href="/explain/risk""#) && forecastPage.contains(#"href="/explain/low-point""#))
    }

    @Test("an unknown figure is a 404 page, and a missing goal too", arguments: ["nope", "goal-0", "goal-999", "allocation-", "FREE-CASH-FLOW", "free-cash-flow/x"])
    func unknown(slug: String) throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(browser.get("/explain/\(slug)").status == 404)
        #expect(browser.get("/api/v1/explain/\(slug)").status == 404)
    }
}
