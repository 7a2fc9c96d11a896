import Engine
import Foundation
import HTTPCore
@testable import Storage
import Testing
import TestSupport
@testable import Web

// The wishlist (Features/Plan/WishlistPage.swift): the forms (422 / 303), the link rules, "bought" and
// its undo, "Can I afford it?" filling in the Advisor's question. Today is pinned to 2026-11-21;
// the household currency is USD (en).

private let validItem: [(String, String)] = [("title", "Bike"), ("price", "450"), ("priority", "3"),
                                             ("link", "https://shop.example/bike?id=1&c=2"), ("goal", "")]

@Suite("Wishlist pages")
struct WishlistPageTests {
    @Test("a valid item is added (303 with a flash); the list shows its price, priority, safe link and the Advisor link")
    func add() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let response = try browser.submit("/wishlist/new", to: "/wishlist", validItem)
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/wishlist")
        let page = try browser.follow(response).text
        #expect(page.contains("Added"))
        let items = try database.wishItems()
        #expect(items.count == 1 && items[0].price == cents(450_00) && items[0].priority == 3)
        let list = HTML.between(page, #"id="wish-list""#, "</section>")
        #expect(list.contains("$450.00"))
        #expect(list.contains("Really want"))
        #expect(list.contains(#"href="https://shop.example/bike?id=1&amp;c=2" rel="noopener noreferrer""#))
        let afford = try #require(HTML.between(list, #"<a href="/advisor?q="#, #"""#) as String?)
        #expect(!afford.isEmpty)
        // The Advisor opens with the question filled in (a GET: nothing asked, nothing written).
        let before = try database.advisorMessages().count
        let advisor = browser.get("/advisor?q=" + afford)
        #expect(advisor.status == 200)
        #expect(advisor.text.contains("Can I afford “Bike” for $450.00?</textarea>"))
        #expect(try database.advisorMessages().count == before)
    }

    @Test("a refused item answers 422 with the input kept and a message by the field; nothing is stored", arguments: [
        ("title", ""), ("price", ""), ("price", "abc"), ("price", "0"), ("priority", "5"), ("link", "javascript:alert(1)"),
        ("link", "ftp://example.com/x"), ("link", "/wishlist"), ("link", "https://"), ("link", "https://a b.example"), ("goal", "999"),
    ])
    func refused(field: String, value: String) throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let fields = validItem.map { $0.0 == field ? ($0.0, value) : $0 }
        let response = try browser.submit("/wishlist/new", to: "/wishlist", fields)
        #expect(response.status == 422)
        #expect(response.text.contains(#"id="error-\#(field)""#))
        if field == "link" { #expect(response.text.contains("Enter an address starting with http:// or https://.")) }
        #expect(try database.wishItems().isEmpty)
    }

    @Test("bought moves the item to the history dated today; undo brings it back; edit and delete work; a replayed form changes nothing")
    func boughtUndoEditDelete() throws {
        let (app, database) = try makeTestApp()
        let goal = try database.seed(NewGoal(name: "Vacation", target: cents(100_000_00)))
        var browser = TestBrowser(app: app)
        _ = try browser.submit("/wishlist/new", to: "/wishlist", validItem.map { $0.0 == "goal" ? ("goal", String(goal)) : $0 })
        let id = try #require(try database.wishItems().first?.id)
        #expect(browser.get("/wishlist").text.contains("for “Vacation”"))
        let form = try browser.form(on: "/wishlist", action: "/wishlist/\(id)/bought")
        let bought = browser.post(form.action, [], formToken: form.token)
        #expect(bought.status == 303)
        #expect(try database.wishItem(id: id)?.boughtOn == date("2026-11-21"))
        let page = try browser.follow(bought).text
        let history = HTML.between(page, #"id="wish-history""#, "</section>")
        #expect(history.contains("Bike") && history.contains("bought November 21, 2026") || history.contains("bought 21 November 2026")
                || history.contains("bought Nov 21, 2026"))
        #expect(!HTML.between(page, #"id="wish-list""#, "</section>").contains("Bike"))
        // The same form token again: nothing changes.
        _ = try browser.submit("/wishlist", to: "/wishlist/\(id)/undo", [])
        #expect(try database.wishItem(id: id)?.boughtOn == nil)
        let replay = browser.post(form.action, [], formToken: form.token)
        #expect(replay.status == 303)
        #expect(try database.wishItem(id: id)?.boughtOn == nil)
        // Edit: the form is filled; a new price is saved.
        let edit = browser.get("/wishlist/\(id)/edit").text
        #expect(edit.contains(#"value="Bike""#))
        let saved = try browser.submit("/wishlist/\(id)/edit", to: "/wishlist/\(id)/edit",
                                       validItem.map { $0.0 == "price" ? ("price", "399.99") : $0 })
        #expect(saved.status == 303)
        #expect(try database.wishItem(id: id)?.price == cents(399_99))
        let deleted = try browser.submit("/wishlist/\(id)/delete", to: "/wishlist/\(id)/delete", [])
        #expect(deleted.status == 303)
        #expect(try database.wishItems().isEmpty)
        #expect(browser.get("/wishlist/\(id)/edit").status == 404)
    }

    @Test("without the CSRF token a wishlist POST is refused and nothing is stored")
    func csrf() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let token = try browser.formToken(on: "/wishlist/new", action: "/wishlist")
        let response = browser.post("/wishlist", validItem + [("_form", token)], csrf: false)
        #expect(response.status == 403 || response.status == 400)
        #expect(try database.wishItems().isEmpty)
    }

    @Test("the page reads in Russian; the Plan page links to it")
    func russianAndLink() throws {
        let (app, database) = try makeTestApp()
        _ = try database.addWishItem(WishItem(title: "Велосипед", price: cents(45_000_00)), formToken: Tokens.random())
        var browser = TestBrowser(app: app)
        browser.language = "ru"
        let page = browser.get("/wishlist").text
        #expect(page.contains("Список желаний"))
        #expect(page.contains("Могу ли я себе это позволить?"))
        _ = try database.seed(NewRecurringItem(kind: .income, name: "Salary", amount: cents(3_000_00), periodicity: .monthly, start: date("2026-11-01")))
        let plan = browser.get("/plan").text
        #expect(plan.contains(#"href="/wishlist""#))
    }

    @Test("the question fits the Advisor's limit: a long title is shortened with an ellipsis")
    func longQuestion() throws {
        let (app, _) = try makeTestApp()
        let t = Translations(.en)
        let q = WishForm.affordQuestion(title: String(repeating: "x", count: 80), price: "$1,000,000.00", t: t, limit: 100)
        #expect(q.utf16.count <= 100)
        #expect(q.hasPrefix("Can I afford “xxx") && q.contains("…” for $1,000,000.00?"))
        _ = app
    }
}
