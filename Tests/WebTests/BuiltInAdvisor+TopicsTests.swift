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
        withExtras.extras = try app.advisor.advisorExtras(for: intent, currency: facts.display.currency)
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
        let answer = try #require(BuiltInAdvisor(facts: facts).clarifyingAsks([.budget, .bills]))
        #expect(answer.lines.count == 1 && answer.lines[0].contains("your budget") && answer.lines[0].contains("bills and subscriptions"), "\(answer)")
        // One button per topic, each asking that topic's question.
        let asks = answer.links.flatMap { $0 }.compactMap { AdvisorTextPart(text: $0.label, href: $0.href).ask }
        #expect(asks.map { AdvisorRouter.route($0).intent } == [.budget, .bills], "\(asks)")
        #expect(BuiltInAdvisor(facts: facts).clarifyingAsks([.offTopic, .whoAreYou]) == nil)
        #expect(AdvisorRouter.route("fix my wifi").intent == .offTopic)
        #expect(AdvisorRouter.route("fix my wifi").method == .noMoneyWords)
    }

    @Test("each topic's clarifying button asks a question the router sends to that topic, in every language", arguments: Language.allCases)
    func askQuestions(language: Language) {
        let t = Translations(language)
        for intent in AdvisorIntent.allCases where intent.isOnTopic {
            let question = t[runtime: "advisor_ask_\(intent.rawValue)"]
            #expect(AdvisorRouter.route(question).intent == intent, "\(language) \(intent): \(question) → \(AdvisorRouter.route(question).intent)")
            #expect(AdvisorRouter.route(question).method != .unsure)
        }
    }

    @Test("through the page: a question the router cannot place gets one clarifying question and two buttons that ask the likeliest topics")
    func unsureThroughThePage() throws {
        let (app, database) = try makeTestApp()
        try AdvisorPageTests.Household.family.build(database)
        var browser = TestBrowser(app: app)
        _ = try AdvisorPageTests.ask(&browser)   // the check-up comes first
        let question = try #require(Self.unsureQuestions.first { AdvisorRouter.route($0).method == .unsure && AdvisorRouter.route($0).candidates.allSatisfy(\.isOnTopic) })
        let routing = AdvisorRouter.route(question)
        #expect(try AdvisorPageTests.ask(&browser, question).status == 303)
        let answer = try AdvisorPageTests.lastAnswer(database)
        let t = Translations(.en)
        let asked = routing.candidates.prefix(2).map { t[runtime: "advisor_ask_\($0.rawValue)"] }
        for ask in asked { #expect(answer.contains("](\(AdvisorLink.ask(ask).href))"), "\(answer)") }
        let page = browser.get("/advisor")
        #expect(page.status == 200)
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(html.contains("class=\"advisor-asks\""))
        for ask in asked { #expect(html.contains("name=\"q\" value=\"\(ask)\""), "\(ask)") }
        // The button asks that topic's question: its answer is that topic's, and counted.
        let before = try database.advisorAnsweredCount(day: "2026-11-21")
        #expect(try AdvisorPageTests.ask(&browser, asked[0]).status == 303)
        #expect(try database.advisorAnsweredCount(day: "2026-11-21") == before + 1)
        #expect(try database.advisorMessages().last { $0.role == .advisor }?.text != answer)
    }

    /// Vague questions; the test uses the first the router is unsure of.
    static let unsureQuestions = ["what about the money thing", "money stuff?", "is this normal for my money", "help me with the plan thing",
                                  "what should I do with money", "hmm, payments?", "numbers?", "my money situation", "should i worry about money"]

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
