import Advisor
import Engine
import Foundation
import HTTPCore
import Storage
import Testing
import TestSupport
@testable import Web

/// Tests Sources/Web/Features/Advisor/BuiltInAdvisor+Topics.swift. The newer topics answer from the household's own data (bills, limits, forecast, imports,
/// the Challenge), and an unsure routing gets a clarifying question.
@Suite("Advisor new topics")
struct BuiltInAdvisorTopicsTests {
    static func advisor(_ intent: AdvisorIntent, app existing: App? = nil) throws -> (App, BuiltInAdvisor) {
        let (app, facts) = try AdvisorToneTests.facts(app: existing)
        var withExtras = facts
        withExtras.extras = try app.advisorExtras(for: intent, currency: facts.display.currency)
        return (app, BuiltInAdvisor(facts: withExtras))
    }

    @Test("bills: the /bills totals and the subscriptions")
    func bills() throws {
        let (app, advisor) = try Self.advisor(.bills)
        let figures = try app.billsFigures()
        let answer = advisor.answer(.bills, question: "Which subscriptions should I cancel?", limit: 700)
        if figures.count > 0 {
            #expect(answer.contains(advisor.facts.money(figures.monthlyTotal)) && answer.contains(advisor.facts.money(figures.yearlyTotal)), "\(answer)")
        } else {
            #expect(!answer.isEmpty)
        }
    }

    @Test("forecast: risk, low point and safe to spend equal the forecast's")
    func forecast() throws {
        let (app, noAccount) = try Self.advisor(.forecast)
        #expect(try app.currentForecast(days: 30, currency: noAccount.facts.display.currency).isNetChange)
        // No account: no figure, and the answer says what to add.
        #expect(noAccount.answer(.forecast, question: "Will the money last until payday?", limit: 700)
            .contains("Safe to spend needs a balance to start from"))
        try ForecastPageTests.account(app.database, balance: 9_000_00)
        let (_, advisor) = try Self.advisor(.forecast, app: app)
        let figures = try app.currentForecast(days: 30, currency: advisor.facts.display.currency)
        let answer = advisor.answer(.forecast, question: "Will the money last until payday?", limit: 700)
        #expect(answer.contains(advisor.facts.money(figures.lowPoint.amount)), "\(answer)")
        #expect(answer.contains(SafeToSpendView.sentence(figures, display: advisor.facts.display)), "\(answer)")
    }

    @Test("limits: none yet says where to set one; imports say how; the Challenge links to /challenge")
    func others() throws {
        let (_, limits) = try Self.advisor(.limits)
        #expect(limits.answer(.limits, question: "how much is left for food", limit: 700) == Translations(.en)["advisor_answer_limits_none"])
        let (_, imports) = try Self.advisor(.imports)
        let answer = imports.answer(.imports, question: "how do I import a statement", limit: 700)
        #expect(answer.hasPrefix(Translations(.en)["advisor_answer_imports_how"]) && answer.contains(Translations(.en)["advisor_answer_imports_never"]))
        let (_, challenge) = try Self.advisor(.challenge)
        #expect(challenge.answer(.challenge, question: "what is the challenge", limit: 700).contains("/challenge"))
    }

    @Test("an unsure routing asks back naming the two likeliest topics, never a wrong topic")
    func unsure() throws {
        let (_, facts) = try AdvisorToneTests.facts()
        let answer = BuiltInAdvisor(facts: facts).clarifyingAnswer([.budget, .bills])
        #expect(answer.contains("your budget") && answer.contains("bills and subscriptions"), "\(answer)")
        #expect(AdvisorRouter.route("fix my wifi").intent == .offTopic)
        #expect(AdvisorRouter.route("fix my wifi").method == .noMoneyWords)
    }

    @Test("through the page: a bills question is answered as bills and counted", arguments: ["Which subscriptions should I cancel?", "Какие подписки отменить?"])
    func page(question: String) throws {
        let (app, database) = try makeTestApp()
        try AdvisorPageTests.Household.family.build(database)
        var browser = TestBrowser(app: app)
        _ = try AdvisorPageTests.ask(&browser)   // the check-up comes first
        #expect(try AdvisorPageTests.ask(&browser, question).status == 303)
        let answer = try AdvisorPageTests.lastAnswer(database)
        let language = AdvisorRouter.language(of: question, fallback: .en)
        let t = Translations(language)
        let offTopic = t["advisor_answer_offtopic"].prefix { $0 != "{" }
        #expect(!answer.hasPrefix(offTopic), "\(answer)")
        #expect(try database.advisorAnsweredCount(day: "2026-11-21") == 2)
    }
}
