import Engine
import Foundation
import HTTPCore
import Storage
import Testing
import TestSupport
@testable import Web

@Suite("Advisor page")
struct AdvisorPageTests {
    static func token() -> String { Tokens.random(bytes: 16) }
    static let today = Day(year: 2026, month: 11, day: 21)!
    static let start = Day(year: 2026, month: 1, day: 1)!

    /// Two households: a family with a loan, a goal and food/housing costs, and a single
    /// person with two loans and no goals.
    enum Household: String, CaseIterable {
        case family, borrower

        func build(_ database: AppDatabase) throws {
            func recurring(_ kind: FlowKind, _ name: String, _ amount: Int64, _ category: String? = nil) throws {
                _ = try database.addRecurring(NewRecurringItem(kind: kind, name: name, amount: Money(minorUnits: amount), periodicity: .monthly,
                                                               start: AdvisorPageTests.start, category: category), formToken: token())
            }
            func loan(_ name: String, _ balance: Int64, apr: Int64, minimum: Int64) throws {
                _ = try database.addDebt(NewDebt(name: name, paymentDay: 10, kind: .loan(Loan(
                    balance: Money(minorUnits: balance), asOf: AdvisorPageTests.today, apr: APR(hundredths: apr),
                    minimumPayment: Money(minorUnits: minimum)))), today: AdvisorPageTests.today, formToken: token())
            }
            switch self {
            case .family:
                try recurring(.income, "Salary", 120_000_00)
                try recurring(.expense, "Rent", 50_000_00, "housing")
                try recurring(.expense, "Groceries", 15_000_00, "food")
                try loan("Car loan", 200_000_00, apr: 1200, minimum: 9_500_00)
                _ = try database.addGoal(NewGoal(name: "Trip", target: Money(minorUnits: 90_000_00),
                                                 deadline: Day(year: 2027, month: 8, day: 1), priority: 2), formToken: token())
            case .borrower:
                try recurring(.income, "Salary", 60_000_00)
                try recurring(.expense, "Food", 20_000_00, "food")
                try recurring(.expense, "Room", 12_000_00, "housing")
                try loan("Card", 40_000_00, apr: 2990, minimum: 4_000_00)
                try loan("Bank loan", 150_000_00, apr: 1500, minimum: 7_000_00)
                _ = try database.setEmergencySaved(Money(minorUnits: 10_000_00), formToken: token())
            }
        }
    }

    /// Asks `question` (or the check-up) through the page's form; returns the response.
    static func ask(_ browser: inout TestBrowser, _ question: String? = nil) throws -> Response {
        let formToken = try browser.formToken(on: "/advisor", action: "/advisor/ask")
        let fields = question.map { [("q", $0)] } ?? [("checkup", "1")]
        return browser.post("/advisor/ask", fields, formToken: formToken)
    }

    /// The newest advisor answer's text.
    static func lastAnswer(_ database: AppDatabase) throws -> String {
        try #require(try database.advisorMessages().last { $0.role == .advisor }).text
    }

    static func plan(_ browser: inout TestBrowser) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(browser.get("/api/v1/plan").body)) as? [String: Any])
    }

    static func usd(_ minor: Int64) -> String { MoneyFormat.format(Money(minorUnits: minor), .usd, .en) }

    // MARK: - Routes

    @Test("every advisor route prints a path that parses back to it")
    func routes() {
        for route in [AdvisorRoute.page, .ask, .consent, .reset, .delete, .settings, .resetCount] {
            #expect(Route(path: route.path) == .advisor(route))
        }
        #expect(Route(path: "/advisor/nope") == nil)
    }

    @Test("only the question POST runs on a worker")
    func runsLong() throws {
        let (app, _) = try makeTestApp()
        #expect(app.runsLong(Request(method: "POST", target: "/advisor/ask", headers: HTTPHeaders([]))))
        #expect(!app.runsLong(Request(method: "POST", target: "/advisor/reset", headers: HTTPHeaders([]))))
        #expect(!app.runsLong(Request(method: "GET", target: "/advisor", headers: HTTPHeaders([]))))
    }

    // MARK: - The page

    @Test("the page has the form with maxlength and a counter, quick questions, the check-up button and a Home link")
    func page() throws {
        let (app, database) = try makeTestApp()
        try Household.family.build(database)
        var browser = TestBrowser(app: app)
        let html = browser.get("/advisor").text
        #expect(html.contains(#"maxlength="100" data-counter="advisor-counter""#))
        #expect(html.contains("0/100"))
        #expect(html.contains("Today: 0/20"))
        #expect(html.contains(#"name="checkup" value="1""#))
        #expect(html.contains("How big should my emergency fund be?"))
        #expect(html.contains(#"<a class="advisor-home" href="/data">Home</a>"#))
        browser.language = "ru"
        browser.cookies["fm_lang"] = "ru"
        let ru = browser.get("/advisor").text
        #expect(ru.contains("Сегодня: 0/20"))
        #expect(ru.contains("Совет по моим данным"))
    }

    // MARK: - Limits

    @Test("a question longer than the limit in UTF-16 code units is refused with 422 and kept")
    func lengthLimit() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let long = String(repeating: "😀", count: 51)  // 51 characters, 102 UTF-16 code units
        let refused = try Self.ask(&browser, long)
        #expect(refused.status == 422)
        #expect(refused.text.contains("longer than 100 characters"))
        #expect(refused.text.contains(long))
        #expect(try database.allAdvisorMessages().isEmpty)
        let exact = String(repeating: "😀", count: 50)  // 100 code units
        #expect(try Self.ask(&browser, exact).status == 303)
        #expect(try Self.ask(&browser, "   ").status == 422)
        try database.saveSettings(["advisor.questionLimit": "150"])
        #expect(try Self.ask(&browser, long).status == 303)
    }

    @Test("the daily limit: counted answers, the banner, a disabled form and 429; off-topic and who-are-you do not count")
    func dailyLimit() throws {
        let (app, database) = try makeTestApp()
        try Household.family.build(database)
        try database.saveSettings(["advisor.dailyLimit": "2"])
        var browser = TestBrowser(app: app)
        #expect(try Self.ask(&browser, "What's the weather tomorrow?").status == 303)
        #expect(try Self.ask(&browser, "Who are you?").status == 303)
        #expect(browser.get("/advisor").text.contains("Today: 0/2"))
        #expect(try Self.ask(&browser).status == 303)
        #expect(try Self.ask(&browser, "Which debt should I pay first?").status == 303)
        let html = browser.get("/advisor").text
        #expect(html.contains("Today: 2/2"))
        #expect(html.contains("You have used today"))
        #expect(html.contains(#"data-counter="advisor-counter" aria-describedby="advisor-hint advisor-counter" disabled"#))
        let refused = try Self.ask(&browser, "How big should my emergency fund be?")
        #expect(refused.status == 429)
        #expect(try database.advisorAnsweredCount(day: "2026-11-21") == 2)
        // Reset today's count from the settings.
        let formToken = try browser.formToken(on: "/advisor/settings", action: "/advisor/settings/reset-count")
        #expect(browser.post("/advisor/settings/reset-count", [], formToken: formToken).status == 303)
        #expect(browser.get("/advisor").text.contains("Today: 0/2"))
    }

    @Test("off-topic questions get a polite refusal with an example question", arguments: ["en", "ru"])
    func offTopic(language: String) throws {
        let (app, database) = try makeTestApp()
        try Household.family.build(database)
        var browser = TestBrowser(app: app)
        browser.language = language
        _ = try Self.ask(&browser, language == "en" ? "Write me a poem about cats" : "Напиши стих про кошек")
        let answer = try Self.lastAnswer(database)
        #expect(answer.contains(language == "en" ? "Sorry, I can only help with your personal finances" : "Извините, я помогаю только с личными финансами"))
        #expect(answer.contains(language == "en" ? "Which debt should I pay first?" : "Какой долг гасить первым?"))
        #expect(try database.advisorAnsweredCount(day: "2026-11-21") == 0)
    }

    @Test("who are you: the FinMind consultant in the question's language, never a model", arguments: [
        ("Who are you?", "I'm your financial consultant in FinMind"), ("Are you ChatGPT?", "I'm your financial consultant in FinMind"),
        ("Кто ты?", "Я ваш финансовый консультант в FinMind"), ("Ты нейросеть?", "Я ваш финансовый консультант в FinMind"),
    ])
    func whoAreYou(question: String, expected: String) throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        _ = try Self.ask(&browser, question)
        let answer = try Self.lastAnswer(database)
        #expect(answer.hasPrefix(expected))
        #expect(!AdvisorMask.namesModelOrVendor(answer))
        #expect(HTML.unescape(browser.get("/advisor").text).contains(expected))
    }

    // MARK: - The check-up

    @Test("the first answer is the check-up, its figures equal the plan's", arguments: Household.allCases)
    func checkupMatchesPlan(household: Household) throws {
        let (app, database) = try makeTestApp()
        try household.build(database)
        var browser = TestBrowser(app: app)
        #expect(try Self.ask(&browser, "Which debt should I pay first?").status == 303)
        let checkup = try Self.lastAnswer(database)
        let json = try Self.plan(&browser)
        #expect(checkup.count <= 1200)
        #expect(checkup.hasPrefix("Check-up of your finances"))
        let fcf = try #require(json["freeCashFlow"] as? Int64)
        #expect(checkup.contains("free cash flow \(Self.usd(fcf)) a month"))
        let permille = try #require(json["debtLoadPermille"] as? Int)
        #expect(checkup.contains("debt load \(App.percent(permille: permille, .en))"))
        #expect(checkup.contains("of \(Self.usd(try #require(json["emergencyTarget"] as? Int64)))."))
        let emergency = (json["allocations"] as? [[String: Any]])?.first { $0["kind"] as? String == "emergency" }
        if let amount = emergency?["amount"] as? Int64 {
            #expect(checkup.contains("putting \(Self.usd(amount))–\(Self.usd(fcf)) a month aside"))
        }
        let steps = checkup.split(separator: "\n").filter { $0.first?.isNumber == true }
        #expect((3...5).contains(steps.count), "\(checkup)")
        #expect(checkup.contains("Risks:"))
        if let payoff = json["payoff"] as? [String: Any], let avalanche = payoff["avalanche"] as? [String: Any],
           let interest = avalanche["totalInterest"] as? Int64 {
            #expect(checkup.contains("total interest \(Self.usd(interest))"))
        }
        // "Advice on my data" gives the check-up again, counted.
        #expect(try Self.ask(&browser).status == 303)
        #expect(try Self.lastAnswer(database) == checkup)
        #expect(try database.advisorAnsweredCount(day: "2026-11-21") == 2)
    }

    // MARK: - Built-in answers

    @Test("the built-in advisor answers the common questions with the household's figures", arguments: Household.allCases)
    func commonQuestions(household: Household) throws {
        let (app, database) = try makeTestApp()
        try household.build(database)
        var browser = TestBrowser(app: app)
        _ = try Self.ask(&browser)  // the check-up comes first
        let json = try Self.plan(&browser)
        let fcf = try #require(json["freeCashFlow"] as? Int64)
        let target = try #require(json["emergencyTarget"] as? Int64)

        _ = try Self.ask(&browser, "How big should my emergency fund be?")
        var answer = try Self.lastAnswer(database)
        #expect(answer.contains(Self.usd(target)), "\(answer)")
        #expect(answer.count <= 700)

        _ = try Self.ask(&browser, "Which debt should I pay first?")
        answer = try Self.lastAnswer(database)
        #expect(answer.hasPrefix(household == .family ? "Pay “Car loan” first (12%" : "Pay “Card” first (29.90%"), "\(answer)")

        _ = try Self.ask(&browser, "Can I afford 300 a month?")
        answer = try Self.lastAnswer(database)
        #expect(answer.contains("$300.00") && answer.contains(Self.usd(fcf)), "\(answer)")

        _ = try Self.ask(&browser, "How can I cut expenses in my biggest category?")
        answer = try Self.lastAnswer(database)
        #expect(answer.hasPrefix(household == .family ? "Your biggest category is Housing: $50,000.00" : "Your biggest category is Food: $20,000.00"),
                "\(answer)")
        #expect(answer.contains(household == .family ? "$2,500.00–$5,000.00" : "$1,000.00–$2,000.00"))

        _ = try Self.ask(&browser, "How long until my goal Trip?")
        answer = try Self.lastAnswer(database)
        if household == .family {
            let goal = try #require((json["goals"] as? [[String: Any]])?.first)
            #expect(answer.hasPrefix("“Trip”:"), "\(answer)")
            #expect(answer.contains(Self.usd(try #require(goal["monthly"] as? Int64))))
        } else {
            #expect(answer.hasPrefix("You have no goals yet"))
        }

        for question in ["Which tax deductions can I use?", "What insurance do I need?", "Should I start investing?", "What's my budget?"] {
            _ = try Self.ask(&browser, question)
            #expect(try Self.lastAnswer(database).count <= 700)
        }
        #expect(try Self.lastAnswer(database).contains("free cash flow \(Self.usd(fcf))"))
    }

    @Test("Russian answers quote Russian-formatted figures, economy mode keeps them under 350")
    func russianEconomy() throws {
        let (app, database) = try makeTestApp()
        try Household.family.build(database)
        try database.saveSettings(["advisor.economy": "on", "currency": "RUB"])
        var browser = TestBrowser(app: app)
        browser.language = "ru"
        _ = try Self.ask(&browser, "Какой долг гасить первым?")
        #expect(try Self.lastAnswer(database).contains("Разбор ваших финансов"))
        _ = try Self.ask(&browser, "Какой должна быть моя подушка безопасности?")
        let answer = try Self.lastAnswer(database)
        #expect(answer.count <= 350)
        #expect(answer.contains("\u{00A0}₽"), "\(answer)")
    }

    // MARK: - History

    @Test("history is shown newest at the bottom; reset dialog and delete all history")
    func history() throws {
        let (app, database) = try makeTestApp()
        try Household.family.build(database)
        var browser = TestBrowser(app: app)
        _ = try Self.ask(&browser)
        _ = try Self.ask(&browser, "What insurance do I need?")
        let html = browser.get("/advisor").text
        let checkup = try #require(html.range(of: "Check-up of your finances"))
        let insurance = try #require(html.range(of: "Insurance protects the plan"))
        #expect(checkup.lowerBound < insurance.lowerBound)
        #expect(html.contains(#"id="latest""#))

        var formToken = try browser.formToken(on: "/advisor", action: "/advisor/reset")
        #expect(browser.post("/advisor/reset", [], formToken: formToken).status == 303)
        #expect(!browser.get("/advisor").text.contains("Insurance protects the plan"))
        #expect(try database.allAdvisorMessages().count == 4)

        formToken = try browser.formToken(on: "/advisor/delete", action: "/advisor/delete")
        #expect(browser.post("/advisor/delete", [], formToken: formToken).status == 303)
        #expect(try database.allAdvisorMessages().isEmpty)
    }

    // MARK: - Settings

    @Test("settings: secrets stored but shown only as …last 4; bad values get 422")
    func settings() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let response = try browser.submit("/advisor/settings", to: "/advisor/settings", [
            ("provider", "remote"), ("baseURL", "https://api.example.com/v1"), ("model", "gpt-4o-mini"), ("fallbackModel", "gpt-4o"),
            ("timeout", "15"), ("economy", "1"), ("questionLimit", "120"), ("dailyLimit", "30"),
            ("clientToken", "client-secret-9876"), ("bearerKey", "sk-very-secret-key-4321"),
        ])
        #expect(response.status == 303)
        #expect(try database.secret("advisor.clientToken") == "client-secret-9876")
        let html = browser.get("/advisor/settings").text
        #expect(html.contains("…9876") && html.contains("…4321"))
        #expect(!html.contains("client-secret-9876") && !html.contains("sk-very-secret-key-4321"))
        let stored = try database.settings()
        #expect(stored["advisor.dailyLimit"] == "30" && stored["advisor.economy"] == "on" && stored["advisor.questionLimit"] == "120")
        #expect(stored.values.allSatisfy { !$0.contains("secret") })
        #expect(browser.get("/advisor").text.contains(#"maxlength="120""#))

        let bad = try browser.submit("/advisor/settings", to: "/advisor/settings", [
            ("provider", "remote"), ("baseURL", "ftp://x"), ("model", "gpt-4o-mini"), ("fallbackModel", "gpt-4o"),
            ("timeout", "15"), ("questionLimit", "99"), ("dailyLimit", "30"),
        ])
        #expect(bad.status == 422)
        #expect(bad.text.contains("http:// or https://"))
        #expect(bad.text.contains("between 100 and 150") || bad.text.contains("100"))
        #expect(!bad.text.contains("client-secret-9876"))
    }

    @Test("before the first remote question the consent page shows exactly what is sent")
    func consent() throws {
        let (app, database) = try makeTestApp()
        try Household.family.build(database)
        try database.saveSettings(["advisor.provider": "remote", "advisor.baseURL": "http://127.0.0.1:9/v1"])
        try database.setSecret("advisor.clientToken", "client-token-abcd")
        try database.setSecret("advisor.secretsEndpoint", "http://127.0.0.1:9/v1")  // typed for this endpoint
        var browser = TestBrowser(app: app)
        _ = try Self.ask(&browser)  // the check-up is built in, no consent needed
        let response = try Self.ask(&browser, "Should I start investing?")
        #expect(response.status == 303)
        let location = try #require(response.headers["Location"])
        #expect(location.hasPrefix("/advisor/consent?q="))
        let page = HTML.unescape(browser.get(location).text)
        #expect(page.contains("POST http://127.0.0.1:9/v1/chat/completions"))
        #expect(page.contains("x-client-token: …abcd") && !page.contains("client-token-abcd"))
        #expect(page.contains("You are the financial consultant in FinMind"))
        #expect(page.contains("income $120,000.00"))
        #expect(page.contains("Should I start investing?"))
        #expect(try database.advisorMessages().count == 2)
    }

    @Test("the question form streams only when a remote provider answers with consent")
    func streamingOnlyForRemote() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let builtIn = browser.get("/advisor").text
        #expect(!builtIn.contains("data-stream"), "no stream address for the built-in advisor (an empty one posted to /advisor)")
        #expect(builtIn.contains("/static/advisor-stream.js"))
        try database.saveSettings(["advisor.provider": "remote", "advisor.baseURL": "http://127.0.0.1:9/v1"])
        #expect(!browser.get("/advisor").text.contains("data-stream"), "not before consent")
        try database.saveSettings(["advisor.consent": "http://127.0.0.1:9/v1"])
        #expect(browser.get("/advisor").text.contains(#"data-stream="/advisor/stream""#))
    }
}
