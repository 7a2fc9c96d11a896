import Engine
import Foundation
import HTTPCore
import Testing
import TestSupport
@testable import Storage
@testable import Web

// The payee rules page (Web/Features/Import/PayeeRulesPage.swift): listed and edited in one place, 422 with
// the input kept, a "back" address only inside the app.
@Suite("Payee rules page")
struct PayeeRulesPageTests {
    @Test("add, list, edit and delete a rule; bad input is a 422 with the message by its field")
    func journey() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let empty = browser.get("/import/rules")
        #expect(empty.status == 200 && empty.text.contains("No rules yet"))
        var form = try #require(HTML.form(in: empty.text, action: "/import/rules"))
        let nothing = browser.post("/import/rules", form.hidden + [("contains", "TANUKI")], formToken: form.token)
        #expect(nothing.status == 422 && nothing.text.contains("Give a name, a category or both.") && nothing.text.contains("value=\"TANUKI\""))
        form = try #require(HTML.form(in: nothing.text, action: "/import/rules"))
        let added = browser.post("/import/rules", form.hidden + [("contains", "TANUKI"), ("category", "food")], formToken: form.token)
        #expect(added.status == 303 && added.headers["Location"] == "/import/rules")
        let id = try #require(try database.payeeRules().first?.id)
        let list = browser.get("/import/rules").text
        #expect(list.contains("“TANUKI” → name: —, category: Food") && list.contains("href=\"/import/rules/\(id)\""))
        let edit = browser.get("/import/rules/\(id)")
        form = try #require(HTML.form(in: edit.text, action: "/import/rules/\(id)"))
        let saved = browser.post("/import/rules/\(id)", form.hidden + [("contains", "TANUKI"), ("name", "Тануки"), ("category", "food")],
                                 formToken: form.token)
        #expect(try saved.status == 303 && database.payeeRules().first?.name == "Тануки")
        let delete = try #require(HTML.form(in: browser.get("/import/rules/\(id)").text, action: "/import/rules/\(id)/delete"))
        #expect(browser.post(delete.action, delete.hidden, formToken: delete.token).status == 303)
        #expect(try database.payeeRules().isEmpty)
        #expect(browser.get("/import/rules/\(id)").status == 404)
    }

    @Test("a “back” address is kept only when it is a path of this app")
    func localBack() {
        #expect(ImportFeature.localBack("/import/3?page=2") == "/import/3?page=2")
        #expect(ImportFeature.localBack("//evil.example/x") == nil && ImportFeature.localBack("https://evil.example") == nil)
        #expect(ImportFeature.localBack("/a\\b") == nil && ImportFeature.localBack(nil) == nil && ImportFeature.localBack("/" + String(repeating: "a", count: 400)) == nil)
    }
}
