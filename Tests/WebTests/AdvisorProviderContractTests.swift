import Engine
import Foundation
import Storage
import Testing
@testable import Web

/// The remote action contract's additions (issue 20): the system prompt describes it in both
/// languages, formulas are refused like markup, "needs_confirmation" is read too, and the
/// checklist action and command exist.
@Suite("Advisor provider contract")
struct AdvisorProviderContractTests {
    static func answer(_ payload: String, action: String = "goal", confirmation: String = #""needsConfirmation":true"#) -> String {
        #"{"action":"\#(action)","payload":\#(payload),"confidence":0.9,\#(confirmation)}"#
    }

    @Test("names that a spreadsheet would run as a formula are refused", arguments: [
        #"{"name":"=HYPERLINK(\"x\")","target":"1"}"#, #"{"name":"+cmd","target":"1"}"#, #"{"name":"-2+3","target":"1"}"#,
        #"{"name":"@SUM(A1)","target":"1"}"#, #"{"name":" =1+1","target":"1"}"#, #"{"name":"Trip","target":"=1"}"#,
    ])
    func formulas(payload: String) {
        if case .success(let action) = AdvisorActionContract.decode(Self.answer(payload)) { Issue.record("accepted \(action)") }
    }

    @Test("needs_confirmation is read as needsConfirmation; both at once, or a non-Bool, is refused")
    func snakeCase() throws {
        let goal = #"{"name":"Vacation","target":"100000"}"#
        let action = try AdvisorActionContract.decode(Self.answer(goal, confirmation: #""needs_confirmation":true"#)).get()
        #expect(action == AdvisorAction(kind: .goal, fields: ["name": "Vacation", "target": "100000"]))
        for confirmation in [#""needs_confirmation":true,"needsConfirmation":true"#, #""needs_confirmation":"true""#,
                             #""needs_confirmation":false"#, #""needs_confirmation":1"#] {
            if case .success(let action) = AdvisorActionContract.decode(Self.answer(goal, confirmation: confirmation)) {
                Issue.record("accepted \(confirmation): \(action)")
            }
        }
    }

    @Test("the checklist action: step only")
    func checklistContract() throws {
        let action = try AdvisorActionContract.decode(Self.answer(#"{"step":"Laptop"}"#, action: "checklist")).get()
        #expect(action == AdvisorAction(kind: .checklist, fields: ["step": "Laptop"]))
        if case .success = AdvisorActionContract.decode(Self.answer(#"{"step":"Laptop","amount":"5"}"#, action: "checklist")) {
            Issue.record("a checklist action carries only its step")
        }
    }

    @Test("checklist commands", arguments: [
        ("mark the emergency fund step done", "emergency fund"), ("Mark laptop as done", "laptop"),
        ("please mark the checklist step Car loan completed", "car loan"), ("отметь шаг подушка выполненным", "подушка"),
        ("шаг ноутбук выполнен", "ноутбук"), ("отметь ипотеку как выполненный", "ипотеку"),
    ])
    func checklistCommand(question: String, step: String) {
        #expect(AdvisorCommands.parse(question, today: AdvisorCommandsTests.today, categories: AdvisorCommandsTests.categories)
            == AdvisorAction(kind: .checklist, fields: ["step": step]))
    }

    @Test("not checklist commands", arguments: ["mark done", "how do I mark a step done?", "отметь", "what does mark as done mean"])
    func notChecklist(question: String) {
        #expect(AdvisorCommands.parse(question, today: AdvisorCommandsTests.today, categories: AdvisorCommandsTests.categories)?.kind != .checklist)
    }

    @Test("the system prompt describes the contract in both languages, with every action kind")
    func prompt() throws {
        for language in [Language.en, .ru] {
            let text = Translations(language)["advisor_prompt_actions"]
            #expect(text.contains("needsConfirmation") && text.contains("confidence") && text.contains("payload"))
            for kind in AdvisorActionKind.allCases { #expect(text.contains("\(kind.rawValue) ("), "\(language): \(kind)") }
            for field in Set(AdvisorAction.allowedFields.values.flatMap { $0 }) { #expect(text.contains(field), "\(language): \(field)") }
            // The example in the prompt is itself a valid contract answer.
            let start = try #require(text.range(of: "{\"action\""))
            var depth = 0, end = start.lowerBound
            for index in text[start.lowerBound...].indices {
                if text[index] == "{" { depth += 1 } else if text[index] == "}" { depth -= 1; if depth == 0 { end = index; break } }
            }
            let example = String(text[start.lowerBound...end])
            #expect((try? AdvisorActionContract.decode(example).get()) != nil, "\(language): \(example)")
        }
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
