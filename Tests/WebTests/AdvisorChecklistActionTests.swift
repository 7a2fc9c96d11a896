import Engine
import Foundation
import HTTPCore
@testable import Storage
import Testing
import TestSupport
@testable import Web

/// "Mark a checklist step done" as an advisor action: the command reaches a preview
/// card with the figure the step moves before and after; confirming does what the checklist's
/// own Done does and logs it; Undo restores the exact previous state (the export before equals
/// the export after apply + undo, the log aside).
@Suite("Advisor checklist action")
struct AdvisorChecklistActionTests {
    @Test("the command, the preview, apply and undo", arguments: [
        ("mark the emergency fund step done", "Emergency fund saved", "emergency"),
        ("mark laptop as done", "Goal “Laptop”: saved", "goal-"),
        ("отметь шаг подушка выполненным", "Подушка: накоплено", "emergency"),
        ("mark the card step done", "Extra paid on “Card”, lowering its balance", "debt-"),
    ])
    func applyAndUndo(question: String, row: String, key: String) throws {
        let (app, database) = try makeTestApp()
        try AdvisorActionsPageTests.seed(database)
        var browser = TestBrowser(app: app)
        if question.contains("отметь") { browser.language = "ru" }
        let before = try AdvisorActionsPageTests.export(database)

        let askToken = try browser.formToken(on: "/advisor", action: "/advisor/ask")
        let asked = browser.post("/advisor/ask", [("q", question)], formToken: askToken)
        let location = try #require(asked.headers["Location"])
        #expect(location.hasPrefix("/advisor/actions/preview?action=checklist&step="), "\(question) → \(location)")
        let preview = try browser.follow(asked)
        #expect(preview.status == 200, "\(question): \(preview.text.prefix(400))")
        let shown = try #require(AdvisorActionsPageTests.after(row.replacingOccurrences(of: "“", with: "&#8220;")
            .replacingOccurrences(of: "”", with: "&#8221;"), in: preview.text) ?? AdvisorActionsPageTests.after(row, in: preview.text),
            "the preview shows \(row)")
        #expect(try AdvisorActionsPageTests.export(database) == before, "the preview writes nothing")

        let applied = try browser.submit(location, to: "/advisor/actions/apply", [])
        #expect(applied.status == 303 && applied.headers["Location"] == "/advisor/actions", "\(applied.status) \(applied.text.prefix(300))")
        let done = try database.checklistDone(month: YearMonth(year: 2026, month: 11)!)
        #expect(done.count == 1 && done.keys.first?.hasPrefix(key) == true)
        // What was written is what the preview showed.
        let today = try jsonObject(browser.get("/api/v1/today"))
        let language: Language = browser.language == "ru" ? .ru : .en
        let display = Display(t: Translations(language), currency: try app.householdSettings().currency(for: language))
        if key == "emergency" {
            let fund = try #require(today["emergencyFund"] as? [String: Any])
            #expect(display.money(Money(minorUnits: integer(fund, "saved") ?? -1)) == shown)
        } else if key == "goal-" {
            let goals = try #require(today["goals"] as? [[String: Any]])
            #expect(display.money(Money(minorUnits: integer(goals[0], "saved") ?? -1)) == shown)
        } else {
            // The extra is paid off the loan (a transfer from the account), never an everyday expense.
            let recent = try #require(today["recent"] as? [[String: Any]])
            #expect(!recent.contains { $0["name"] as? String == "Card" })
            let record = try #require(done.values.first)
            #expect(display.money(record.amount) == shown)
        }
        let log = try database.advisorActions()
        #expect(log.count == 1 && log[0].kind == "checklist")

        let undone = try browser.submit("/advisor/actions", to: "/advisor/actions/\(log[0].id)/undo", [])
        #expect(undone.status == 303)
        #expect(try AdvisorActionsPageTests.export(database) == before, "\(question): undo restores the export")
        #expect(try database.checklistDone(month: YearMonth(year: 2026, month: 11)!).isEmpty)
    }

    @Test("an unknown, ambiguous or already done step is a 422 card that writes nothing")
    func refused() throws {
        let (app, database) = try makeTestApp()
        try AdvisorActionsPageTests.seed(database)
        var browser = TestBrowser(app: app)
        #expect(browser.get("/advisor/actions/preview?action=checklist&step=yacht").status == 422)
        #expect(browser.get("/advisor/actions/preview?action=checklist&step=").status == 422)
        #expect(browser.get("/advisor/actions/preview?action=checklist&step=emergency&extra=1").status == 422)
        #expect(browser.get("/advisor/actions/preview?action=checklist&step=emergency").status == 200)
        #expect(browser.post("/advisor/actions/apply", [("action", "checklist"), ("step", "emergency")], formToken: Tokens.random()).status == 303)
        let before = try database.exportTables()
        let again = browser.get("/advisor/actions/preview?action=checklist&step=emergency")
        #expect(again.status == 422 && again.text.contains("already done"))
        #expect(browser.post("/advisor/actions/apply", [("action", "checklist"), ("step", "emergency")], formToken: Tokens.random()).status == 422)
        #expect(try database.exportTables() == before)
    }

    @Test("steps are found by key, exact name, fund words or a name in the text")
    func matching() {
        let day = Day(year: 2026, month: 11, day: 30)!
        func step(_ kind: ChecklistStepKind, _ key: String, _ name: String) -> ChecklistStep {
            ChecklistStep(kind: kind, key: key, name: name, sourceID: Int64(key.split(separator: "-").last ?? "") ?? nil,
                          amount: Money(minorUnits: 100), minimum: nil, due: day, fundedBy: nil)
        }
        let steps = [step(.emergency, "emergency", ""), step(.goal, "goal-3", "Laptop"), step(.goal, "goal-4", "Laptop bag"),
                     step(.debt, "debt-1", "Card")]
        #expect(App.checklistSteps(matching: "goal-4", in: steps).map(\.key) == ["goal-4"])
        #expect(App.checklistSteps(matching: "laptop", in: steps).map(\.key) == ["goal-3"])
        #expect(App.checklistSteps(matching: "lap", in: steps).count == 2, "ambiguous")
        #expect(App.checklistSteps(matching: "подушка", in: steps).map(\.key) == ["emergency"])
        #expect(App.checklistSteps(matching: "the card payment", in: steps).map(\.key) == ["debt-1"])
        #expect(App.checklistSteps(matching: "yacht", in: steps).isEmpty)
    }

    @Test("a goal whose saved amount follows an account: the preview shows it unchanged, as Done leaves it; undo restores the export")
    func goalFollowingAnAccount() throws {
        let (app, database) = try makeTestApp()
        try AdvisorActionsPageTests.seed(database)
        guard case .written(let account) = try database.addAccount(NewAccount(
            name: "Savings", type: .savings, openingBalance: cents(500_00), openedOn: date("2026-01-01"), spendable: false,
            currency: "USD"), formToken: Tokens.random()) else { Issue.record("no account"); return }
        try database.seed(NewGoal(name: "Boat", target: cents(9_000_00), savedAccountID: account))
        var browser = TestBrowser(app: app)
        let before = try AdvisorActionsPageTests.export(database)
        let preview = browser.get("/advisor/actions/preview?action=checklist&step=boat")
        #expect(preview.status == 200, "\(preview.text.prefix(300))")
        let row = "Goal “Boat”: saved"
        guard let range = preview.text.range(of: "<th scope=\"row\">\(row)</th>") else { Issue.record("no row"); return }
        let cells = preview.text[range.upperBound...].components(separatedBy: "</td>").prefix(2).map { String($0.split(separator: ">").last ?? "") }
        #expect(cells.count == 2 && cells[0] == cells[1], "unchanged: \(cells)")
        #expect(browser.post("/advisor/actions/apply", [("action", "checklist"), ("step", "boat")], formToken: Tokens.random()).status == 303)
        let goal = try #require(try database.exportTables().first { $0.name == "goal" })
        #expect(goal == before.first { $0.name == "goal" }, "Done leaves a saved amount that follows an account")
        let log = try database.advisorActions()
        #expect(browser.post("/advisor/actions/\(log[0].id)/undo", [], formToken: Tokens.random()).status == 303)
        #expect(try AdvisorActionsPageTests.export(database) == before)
    }
}
