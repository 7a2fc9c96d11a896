import Engine
import HTTPCore
import Storage
import Testing
import TestSupport
@testable import Web

// Undo belongs to the message of the delete it reverses, and to nothing else.

@Suite("Undo beside its own delete only")
struct UndoTests {
    @Test("a later add's message carries no undo, and an old delete is not restored by it")
    func undoIsNotAttachedToLaterFlashes() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app, language: "ru")
        let old = try database.seed(NewEntry(date: date("2026-11-20"), kind: .expense, name: "Test", amount: cents(1_000),
                                             category: "food", isActual: true))
        let deleted = try browser.submit("/data/entry/\(old)/delete", to: "/data/entry/\(old)/delete", [])
        let afterDelete = try browser.follow(deleted).text
        #expect(afterDelete.contains(#"value="entry-\#(old)""#))
        #expect(afterDelete.contains("Восстановить «Test»"), "the button names what it restores")
        #expect(afterDelete.contains(#"id="flash""#))
        // The user goes on and adds milk: its message has no undo button.
        let added = try browser.submit("/data/entry/new?kind=expense", to: "/data/entry", [
            ("kind", "expense"), ("name", "Молоко"), ("amount", "90"), ("date", "2026-11-21"), ("category", "food"), ("status", "actual")])
        #expect(added.status == 303)
        let afterAdd = try browser.follow(added).text
        #expect(afterAdd.contains("Молоко"))
        #expect(!afterAdd.contains(#"action="/data/undo""#), "no undo beside «Молоко» добавлено")
        // Nor on any later page.
        #expect(!browser.get("/data").text.contains(#"action="/data/undo""#))
        #expect(try database.storedEntry(id: old) == nil)
    }

    @Test("the undo reverses exactly the delete its message reports")
    func undoReversesItsOwnDelete() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let first = try database.seed(NewGoal(name: "Bike", target: cents(50_000)))
        let second = try database.seed(NewGoal(name: "Car", target: cents(900_000)))
        _ = try browser.follow(try browser.submit("/data/goal/\(first)/delete", to: "/data/goal/\(first)/delete", []))
        let page = try browser.follow(try browser.submit("/data/goal/\(second)/delete", to: "/data/goal/\(second)/delete", [])).text
        #expect(page.contains("Restore “Car”"))
        #expect(!page.contains("Restore “Bike”"))
        let token = try #require(HTML.formToken(in: page, action: "/data/undo"))
        let undone = browser.post("/data/undo", [("thing", "goal-\(second)")], formToken: token)
        #expect(try browser.follow(undone).text.contains("Restored: “Car”."))
        #expect(try database.goal(id: second) != nil)
        #expect(try database.goal(id: first) == nil)
    }
}
