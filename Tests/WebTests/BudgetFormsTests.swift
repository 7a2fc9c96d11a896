import Engine
import HTTPCore
import Storage
import Testing
import TestSupport
@testable import Web

// The Budget page's form handlers (Features/Budget/BudgetForms.swift; docs/product-rules.md, "The Budget page" and "Product events"): the
// two-step income flow, double submits, edit, delete with undo, categories and the
// emergency fund. What each item form accepts and refuses is in ItemFormsTests.swift.
// Today is pinned to Saturday 2026-11-21; the household currency is USD (en).

/// One Data-page form: the page that shows it, where it posts, and values that pass.
struct DataForm: Sendable {
    var page: String
    var action: String
    var valid: [(String, String)]

    /// `valid` with some fields replaced (or added).
    func with(_ changes: [String: String]) -> [(String, String)] {
        var fields = valid.map { (name, value) in (name, changes[name] ?? value) }
        for (name, value) in changes.sorted(by: { $0.key < $1.key }) where !valid.contains(where: { $0.0 == name }) {
            fields.append((name, value))
        }
        return fields
    }

    static let income = DataForm(page: "/data/income/new?type=recurring", action: "/data/income", valid: [
        ("name", "Salary"), ("amount", "2500"), ("periodicity", "monthly"), ("start", "2026-01-01"), ("end", "")])
    static let expense = DataForm(page: "/data/expense/new?type=recurring", action: "/data/expense", valid: [
        ("name", "Rent"), ("amount", "800"), ("category", "housing"), ("periodicity", "monthly"), ("start", "2026-01-01"),
        ("end", "")])
    static let entry = DataForm(page: "/data/entry/new?kind=expense", action: "/data/entry", valid: [
        ("kind", "expense"), ("name", "Groceries"), ("amount", "54.20"), ("date", "2026-11-20"), ("category", "food"),
        ("status", "actual"), ("note", "")])
    static let payment = DataForm(page: "/data/debt/new?mode=payment", action: "/data/debt", valid: [
        ("mode", "payment"), ("name", "Phone plan"), ("monthlyPayment", "45"), ("paymentDay", "5")])
    static let loan = DataForm(page: "/data/debt/new?mode=loan", action: "/data/debt", valid: [
        ("mode", "loan"), ("name", "Car loan"), ("balance", "12000"), ("asOf", "2026-11-21"), ("apr", "12"), ("term", "12"),
        ("grace", ""), ("minimum", ""), ("paymentDay", "15")])
    static let goal = DataForm(page: "/data/goal/new", action: "/data/goal", valid: [
        ("name", "Vacation"), ("target", "3000"), ("saved", "500"), ("deadline", "2027-06-30"), ("priority", "3")])
}

@Suite("Budget page forms")
struct BudgetFormsTests {
    // MARK: - The two-step "recurring or one-off?" flow

    @Test("+ Income asks recurring or one-off first, then shows that kind's fields")
    func incomeChoice() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let choice = browser.get("/data/income/new")
        #expect(choice.status == 200)
        #expect(choice.text.contains("<h1>Recurring or one-off income?</h1>"))
        #expect(choice.text.contains(#"href="/data/income/new?type=recurring""#))
        #expect(choice.text.contains(#"href="/data/entry/new?kind=income""#))
        #expect(!choice.text.contains(#"name="amount""#))

        let recurring = browser.get("/data/income/new?type=recurring").text
        #expect(recurring.contains(#"action="/data/income""#))
        for field in ["name", "amount", "periodicity", "start", "end"] { #expect(recurring.contains(#"name="\#(field)""#)) }
        #expect(!recurring.contains(#"name="category""#))
        #expect(recurring.contains(#"<option value="monthly" selected>"#))
        #expect(recurring.contains(#"name="start" value="2026-11-21""#))

        let oneOff = browser.get("/data/entry/new?kind=income").text
        #expect(oneOff.contains(#"action="/data/entry""#))
        #expect(oneOff.contains(#"name="kind" value="income" checked"#))
        for field in ["name", "amount", "date", "status", "note"] { #expect(oneOff.contains(#"name="\#(field)""#)) }
        #expect(!oneOff.contains(#"name="category""#), "a one-off income has no category")
        #expect(!oneOff.contains(#"name="periodicity""#))
    }

    @Test("+ Expense and + Debt ask their kind first too", arguments: [
        ("/data/expense/new", ["/data/expense/new?type=recurring", "/data/entry/new?kind=expense"]),
        ("/data/debt/new", ["/data/debt/new?mode=payment", "/data/debt/new?mode=loan"]),
    ])
    func otherChoices(path: String, links: [String]) throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let html = browser.get(path).text
        for link in links {
            #expect(html.contains(#"href="\#(link)""#))
            #expect(browser.get(link).status == 200)
        }
    }

    @Test("a one-off entry form for a month other than today's starts on its first day")
    func entryFormDate() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let past = browser.get("/data/entry/new?kind=expense&date=2026-10-01").text
        #expect(past.contains(#"name="date" value="2026-10-01""#))
        #expect(past.contains(#"value="actual" checked"#))
        let future = browser.get("/data/entry/new?kind=expense&date=2026-12-01").text
        #expect(future.contains(#"value="planned" checked"#), "a future date defaults to planned")
    }

    // MARK: - Double submit

    @Test("posting the same form token twice writes once", arguments: [DataForm.income, .entry, .loan, .goal])
    func doubleSubmit(form: DataForm) throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let token = try browser.formToken(on: form.page, action: form.action)
        let first = browser.post(form.action, form.valid, formToken: token)
        let second = browser.post(form.action, form.valid, formToken: token)
        #expect(first.status == 303)
        #expect(second.status == 303, "the second submit lands on the same page")
        let household = try database.household(settings: PlanSettings(), entriesFrom: date("2026-01-01"), through: date("2026-12-31"))
        #expect(household.incomes.count + household.entries.count + household.debts.count + household.goals.count == 1)
        #expect(try database.events().filter { $0.name.hasSuffix("_added") }.count == 1)
    }

    @Test("a form without its single-use token is a 400 and writes nothing")
    func missingFormToken() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        _ = browser.get("/data")
        let version = database.version
        #expect(browser.post("/data/goal", DataForm.goal.valid).status == 400)
        #expect(browser.post("/data/goal", DataForm.goal.valid, formToken: "not-a-token").status == 400)
        #expect(database.version == version)
    }

    // MARK: - Edit

    @Test("edit: the form is filled in, the update is shown, no second 'added' event")
    func editIncome() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        _ = try browser.submit(DataForm.income.page, to: "/data/income", DataForm.income.with(["end": "2027-12-31"]))
        let id = try #require(try database.household(settings: PlanSettings(), entriesFrom: date("2026-11-01"),
                                                     through: date("2026-11-30")).incomes.first?.id)
        let edit = browser.get("/data/income/\(id)/edit")
        #expect(edit.status == 200)
        #expect(edit.text.contains("<h1>Edit recurring income</h1>"))
        for filled in [#"name="name" value="Salary""#, #"name="amount" value="2500.00""#, #"<option value="monthly" selected>"#,
                       #"name="start" value="2026-01-01""#, #"name="end" value="2027-12-31""#, #"action="/data/income/\#(id)""#] {
            #expect(edit.text.contains(filled), "\(filled)")
        }
        let saved = try browser.submit("/data/income/\(id)/edit", to: "/data/income/\(id)", DataForm.income.with([
            "name": "Salary (new job)", "amount": "2 600,00", "end": ""]))
        #expect(saved.status == 303)
        let page = try browser.follow(saved).text
        #expect(page.contains("<p>Saved “Salary (new job)”.</p>"))
        #expect(page.contains(#"class="row-name">Salary (new job)</a>"#))
        #expect(page.contains("$2,600.00") && !page.contains("$2,500.00"))
        #expect(try database.eventCount(.incomeAdded) == 1)
        #expect(try database.recurringItem(id: id)?.end == nil)
    }

    @Test("edit: each kind's form shows the stored values")
    func editForms() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let loan = try database.seed(NewDebt(name: "Car loan", paymentDay: 15, kind: .loan(Loan(
            balance: cents(1_200_000), asOf: date("2026-11-01"), apr: APR(hundredths: 1499), termMonths: 24, graceMonths: 2))))
        let payment = try database.seed(NewDebt(name: "Phone", paymentDay: 31, kind: .paymentOnly(monthlyPayment: cents(4_550))))
        let entry = try database.seed(NewEntry(date: date("2026-11-28"), kind: .expense, name: "Dentist", amount: cents(12_050),
                                               category: "health", isActual: false, note: "check-up"))
        let goal = try database.seed(NewGoal(name: "Laptop", target: cents(200_000), saved: cents(5_000), deadline: date("2027-03-31"),
                                             priority: 1))
        let loanForm = browser.get("/data/debt/\(loan)/edit").text
        for filled in [#"name="balance" value="12000.00""#, #"name="asOf" value="2026-11-01""#, #"name="apr" value="14.99""#,
                       #"name="term" value="24""#, #"name="grace" value="2""#, #"name="minimum" value="""#, #"name="paymentDay" value="15""#] {
            #expect(loanForm.contains(filled), "\(filled)")
        }
        let paymentForm = browser.get("/data/debt/\(payment)/edit").text
        #expect(paymentForm.contains(#"name="monthlyPayment" value="45.50""#))
        #expect(!paymentForm.contains(#"name="balance""#))
        let entryForm = browser.get("/data/entry/\(entry)/edit").text
        for filled in [#"name="kind" value="expense" checked"#, #"name="date" value="2026-11-28""#, #"<option value="health" selected>"#,
                       #"name="status" value="planned" checked"#, ">check-up</textarea>"] {
            #expect(entryForm.contains(filled), "\(filled)")
        }
        let goalForm = browser.get("/data/goal/\(goal)/edit").text
        for filled in [#"name="target" value="2000.00""#, #"name="saved" value="50.00""#, #"name="deadline" value="2027-03-31""#,
                       #"name="priority" value="1" checked"#] {
            #expect(goalForm.contains(filled), "\(filled)")
        }
        // A russian browser sees its decimal mark.
        browser.language = "ru"
        #expect(browser.get("/data/debt/\(loan)/edit").text.contains(#"name="apr" value="14,99""#))
    }

    @Test("edit: a refused update keeps the input and the edit address, and changes nothing")
    func editRefused() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let id = try database.seed(NewGoal(name: "Laptop", target: cents(200_000)))
        let version = database.version
        let response = try browser.submit("/data/goal/\(id)/edit", to: "/data/goal/\(id)", DataForm.goal.with(["saved": "1.234"]))
        #expect(response.status == 422)
        #expect(response.text.contains(#"action="/data/goal/\#(id)""#))
        #expect(response.text.contains(#"name="saved" value="1.234""#))
        #expect(database.version == version)
        #expect(try database.goal(id: id)?.name == "Laptop")
    }

    @Test("edit and delete of a missing item are 404", arguments: ["/data/goal/99/edit", "/data/income/99/edit", "/data/debt/99/delete",
                                                                   "/data/entry/99/edit", "/data/goal/0/edit", "/data/goal/abc/edit"])
    func missingItem(path: String) throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(browser.get(path).status == 404)
    }

    @Test("an expense's id is not editable as an income")
    func wrongKind() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let id = try database.seed(NewRecurringItem(kind: .expense, name: "Rent", amount: cents(80_000), periodicity: .monthly,
                                                    start: date("2026-01-01"), category: "housing"))
        #expect(browser.get("/data/income/\(id)/edit").status == 404)
        #expect(browser.get("/data/expense/\(id)/edit").status == 200)
    }

    // MARK: - Delete and undo

    @Test("delete asks first, deletes on POST, and the next page offers Undo that restores it")
    func deleteAndUndo() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let id = try database.seed(NewGoal(name: "Vacation", target: cents(300_000)))
        let confirm = browser.get("/data/goal/\(id)/delete")
        #expect(confirm.status == 200)
        #expect(confirm.text.contains("Delete “Vacation”?"))
        #expect(confirm.text.contains(#"<form method="post" action="/data/goal/\#(id)/delete""#))
        #expect(try database.goal(id: id) != nil, "GET deletes nothing")

        let deleted = try browser.submit("/data/goal/\(id)/delete", to: "/data/goal/\(id)/delete", [])
        #expect(deleted.status == 303)
        #expect(deleted.headers["Location"] == "/data#flash", "lands on the flash, where the undo is")
        #expect(try database.goal(id: id) == nil)
        let next = try browser.follow(deleted).text
        #expect(next.contains("<p>Deleted “Vacation”.</p>"))
        #expect(!next.contains(#"class="row-name">Vacation</a>"#))
        #expect(next.contains(#"<input type="hidden" name="thing" value="goal-\#(id)">"#))
        let token = try #require(HTML.formToken(in: next, action: "/data/undo"))

        let undone = browser.post("/data/undo", [("thing", "goal-\(id)")], formToken: token)
        #expect(undone.status == 303)
        let restored = try browser.follow(undone).text
        #expect(restored.contains("<p>Restored: “Vacation”.</p>"))
        #expect(restored.contains(#"class="row-name">Vacation</a>"#))
        #expect(!restored.contains(#"action="/data/undo""#))
        #expect(try database.goal(id: id)?.name == "Vacation")
    }

    @Test("delete from the calendar goes back to the day", arguments: ["/calendar/2026-11-20"])
    func deleteGoesBack(back: String) throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let id = try database.seed(NewEntry(date: date("2026-11-20"), kind: .expense, name: "Taxi", amount: cents(1_200),
                                            category: "transport", isActual: true))
        let page = "/data/entry/\(id)/delete?back=\(FormEncoding.encode(back))"
        let response = try browser.submit(page, to: "/data/entry/\(id)/delete", [])
        #expect(response.status == 303)
        #expect(response.headers["Location"] == back + "#flash")
        #expect(try database.storedEntry(id: id) == nil)
    }

    @Test("undo more than 10 minutes after the delete is refused; without the cookie no Undo is offered")
    func undoExpired() throws {
        let clock = TestClock()
        let (app, database) = try makeTestApp(clock: clock)
        var browser = TestBrowser(app: app)
        let id = try database.seed(NewRecurringItem(kind: .income, name: "Salary", amount: cents(250_000), periodicity: .monthly,
                                                    start: date("2026-01-01")))
        let deleted = try browser.submit("/data/income/\(id)/delete", to: "/data/income/\(id)/delete", [])
        let token = try #require(HTML.formToken(in: try browser.follow(deleted).text, action: "/data/undo"))
        clock.advance(by: 10 * 60 + 1)
        let late = browser.post("/data/undo", [("thing", "income-\(id)")], formToken: token)
        #expect(late.status == 303)
        let page = try browser.follow(late).text
        #expect(page.contains("Too late to undo: it was deleted more than 10 minutes ago."))
        #expect(!page.contains(#"class="row-name">Salary</a>"#))
        #expect(try database.recurringItem(id: id) == nil)

        // Another delete, and the browser drops its cookies: no Undo on the next page.
        let other = try database.seed(NewGoal(name: "Bike", target: cents(50_000)))
        let second = try browser.submit("/data/goal/\(other)/delete", to: "/data/goal/\(other)/delete", [])
        browser.cookies["fm_flash"] = nil
        #expect(!(try browser.follow(second).text.contains(#"action="/data/undo""#)))
    }

    @Test("delete needs POST with a form token")
    func deleteNeedsToken() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let id = try database.seed(NewGoal(name: "Vacation", target: cents(300_000)))
        _ = browser.get("/data")
        #expect(browser.post("/data/goal/\(id)/delete", []).status == 400)
        #expect(browser.send("DELETE", "/data/goal/\(id)").status == 405)
        #expect(try database.goal(id: id) != nil)
    }

    // MARK: - Categories

    @Test("categories: add, duplicate refused, remove when unused, refuse when in use")
    func categories() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let added = try browser.submit("/data", to: "/data/categories", [("name", "Pets")])
        #expect(added.status == 303)
        #expect(added.headers["Location"] == "/data#expenses")
        var page = try browser.follow(added).text
        #expect(page.contains("<p>Category “Pets” added.</p>"))
        #expect(page.contains(#"action="/data/categories/custom-1/delete""#))
        #expect(browser.get("/data/expense/new?type=recurring").text.contains(#"<option value="custom-1">Pets</option>"#))

        for duplicate in ["pets", "Food"] {
            let version = database.version
            let refused = try browser.submit("/data", to: "/data/categories", [("name", duplicate)])
            #expect(refused.status == 422)
            #expect(refused.text.contains(#"name="name" value="\#(duplicate)""#))
            #expect(refused.text.contains(#"<p class="error" id="error-new-category">A category named “\#(duplicate)” already exists.</p>"#))
            #expect(refused.text.contains(#"<details class="categories" data-remember="categories" open>"#))
            #expect(database.version == version)
        }
        #expect(try database.categories().filter { $0.name != nil }.count == 1)

        // In use by an expense: it stays.
        try database.seed(NewRecurringItem(kind: .expense, name: "Vet", amount: cents(3_000), periodicity: .monthly,
                                           start: date("2026-01-01"), category: "custom-1"))
        page = browser.get("/data").text
        #expect(!page.contains(#"action="/data/categories/custom-1/delete""#), "no remove button while in use")
        #expect(page.contains("Pets · "), "the expense shows its category's name")
        // A page opened before the expense was added still has the button.
        let token = try browser.formToken(on: "/data", action: "/data/categories")
        let inUse = browser.post("/data/categories/custom-1/delete", [], formToken: token)
        #expect(try browser.follow(inUse).text.contains("That category is in use, so it stays."))
        #expect(try database.categories().contains { $0.key == "custom-1" })

        // Unused: removed.
        _ = try browser.submit("/data", to: "/data/categories", [("name", "Hobbies")])
        let removed = try browser.submit("/data", to: "/data/categories/custom-2/delete", [])
        #expect(try browser.follow(removed).text.contains("<p>Category removed.</p>"))
        #expect(!(try database.categories().contains { $0.key == "custom-2" }))
        #expect(!browser.get("/data").text.contains("Hobbies"))

        // "other" is never removable; an unknown key is a 404.
        #expect(!browser.get("/data").text.contains(#"action="/data/categories/other/delete""#))
        #expect(browser.post("/data/categories/custom-9/delete", [], formToken: try browser.formToken(on: "/data")).status == 404)
    }

    @Test("a category name is checked like any name: 422 on the Budget page, kept, message beside the field", arguments: [
        ("", "This field is required."), (String(repeating: "c", count: 81), "Use 1 to 80 characters."),
    ])
    func categoryName(name: String, message: String) throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let token = try browser.formToken(on: "/data", action: "/data/categories")
        let version = database.version
        let response = browser.post("/data/categories", [("name", name)], formToken: token)
        #expect(response.status == 422)
        #expect(response.text.contains(#"<input type="text" id="new-category" name="name" value="\#(name)""#))
        #expect(response.text.contains(#"<p class="error" id="error-new-category">\#(message)</p>"#))
        #expect(response.text.contains("<h1>Budget</h1>"))
        #expect(database.version == version)
    }

    // MARK: - Emergency fund

    @Test("the emergency fund's saved amount: saved, 0 accepted, bad input refused")
    func emergencyFund() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(browser.get("/data").text.contains(#"href="/data/emergency""#))
        let saved = try browser.submit("/data/emergency", to: "/data/emergency", [("saved", "1 500")])
        #expect(saved.status == 303)
        #expect(saved.headers["Location"] == "/data#goals")
        let page = try browser.follow(saved).text
        #expect(page.contains("<p>Emergency fund updated.</p>"))
        #expect(page.contains("$1,500.00 <span class=\"row-detail\">/"))
        #expect(try database.emergencySaved() == cents(150_000))
        #expect(browser.get("/data/emergency").text.contains(#"name="saved" value="1500.00""#))

        let version = database.version
        let refused = try browser.submit("/data/emergency", to: "/data/emergency", [("saved", "1,5,0")])
        #expect(refused.status == 422)
        #expect(refused.text.contains(#"name="saved" value="1,5,0""#))
        #expect(refused.text.contains(#"id="error-saved">Enter an amount like 1234.50, with at most two decimals.</p>"#))
        #expect(database.version == version)

        _ = try browser.submit("/data/emergency", to: "/data/emergency", [("saved", "0")])
        #expect(try database.emergencySaved() == .zero)
    }
}
