import Engine
import HTTPCore
import Storage
import Testing
import TestSupport
@testable import Web

// The Data page's forms (SPEC §1 limits, §2, §10 events): each form's success and
// failures, edit, delete with undo, the two-step income flow, double submits and
// categories. Today is pinned to Saturday 2026-11-21; the household currency is USD (en).

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

@Suite("Data page forms")
struct DataFormsTests {
    // MARK: - Success

    struct Success: Sendable, CustomTestStringConvertible {
        var label: String
        var form: DataForm
        var changes: [String: String] = [:]
        var location: String
        var flash: String
        /// HTML the Data page shows afterwards.
        var shown: [String]
        var event: EventName
        var testDescription: String { label }
    }

    static let successes: [Success] = [
        Success(label: "recurring income", form: .income, location: "/data#incomes", flash: "Added “Salary”.",
                shown: [#"class="row-name">Salary</a>"#, "$2,500.00"], event: .incomeAdded),
        Success(label: "recurring expense with a category", form: .expense, location: "/data#expenses", flash: "Added “Rent”.",
                shown: [#"class="row-name">Rent</a>"#, "Housing · ", "$800.00"], event: .expenseAdded),
        Success(label: "one-off income, actual", form: .entry, changes: [
            "kind": "income", "name": "Bonus", "amount": "300", "date": "2026-11-10", "note": "Q3"],
                location: "/data?month=2026-11#entries", flash: "Added “Bonus”.",
                shown: [#"class="row-name">Bonus</a>"#, "+$300.00", "actual · Q3"], event: .incomeAdded),
        Success(label: "one-off expense, planned in the future", form: .entry, changes: [
            "name": "Dentist", "amount": "120.50", "date": "2026-11-28", "category": "health", "status": "planned"],
                location: "/data?month=2026-11#entries", flash: "Added “Dentist”.",
                shown: [#"class="row-name">Dentist</a>"#, "−$120.50", "Health · planned"], event: .expenseAdded),
        // A past planned date is questioned first (issue 13, item 8); the ticked box keeps it.
        Success(label: "one-off expense, planned in the past", form: .entry, changes: ["status": "planned", "keepPast": "1"],
                location: "/data?month=2026-11#entries", flash: "Added “Groceries”.", shown: ["Food · planned"], event: .expenseAdded),
        Success(label: "debt mode A", form: .payment, location: "/data#debts", flash: "Added “Phone plan”.",
                shown: [#"class="row-name">Phone plan</a>"#, "payment only · pays on day 5", "$45.00"],
                event: .debtAdded),
        // Annuity minimum: r = 1200 ÷ 120000 = 0.01; 1,200,000 × 0.01 ÷ (1 − 1.01^−12) = 12,000 ÷ 0.1125508
        // = 106,618.55 minor units → ceil → 106,619 = $1,066.19.
        Success(label: "debt mode B with a term: computed minimum", form: .loan, location: "/data#debts",
                flash: "Added “Car loan”.",
                shown: ["$1,066.19 a month (computed)", "$12,000.00 owed on November 21, 2026", "12 months left"],
                event: .debtAdded),
        Success(label: "debt mode B with a minimum and no term", form: .loan, changes: ["term": "", "minimum": "250"],
                location: "/data#debts", flash: "Added “Car loan”.", shown: [">$250.00 a month<"], event: .debtAdded),
        Success(label: "debt mode B at 100 % APR", form: .loan, changes: ["apr": "100"], location: "/data#debts",
                flash: "Added “Car loan”.", shown: ["100"], event: .debtAdded),
        Success(label: "goal", form: .goal, location: "/data#goals", flash: "Added “Vacation”.",
                shown: [#"class="row-name">Vacation</a>"#, "$500.00 <span class=\"row-detail\">/ $3,000.00</span>"], event: .goalAdded),
        Success(label: "amount typed as 1 234,50", form: .income, changes: ["amount": "1 234,50"], location: "/data#incomes",
                flash: "Added “Salary”.", shown: ["$1,234.50"], event: .incomeAdded),
        Success(label: "smallest amount 0.01", form: .income, changes: ["amount": "0,01"], location: "/data#incomes",
                flash: "Added “Salary”.", shown: ["$0.01"], event: .incomeAdded),
        Success(label: "largest amount 10^12 minor units", form: .income, changes: ["amount": "10000000000"],
                location: "/data#incomes", flash: "Added “Salary”.", shown: ["$10,000,000,000.00"], event: .incomeAdded),
        Success(label: "earliest and latest dates", form: .expense, changes: ["start": "1900-01-01", "end": "2199-12-31"],
                location: "/data#expenses", flash: "Added “Rent”.", shown: ["January 1, 1900 – December 31, 2199"], event: .expenseAdded),
        Success(label: "a name of 80 characters", form: .goal, changes: ["name": String(repeating: "n", count: 80)],
                location: "/data#goals", flash: "Added “\(String(repeating: "n", count: 80))”.",
                shown: [">\(String(repeating: "n", count: 80))</a>"], event: .goalAdded),
    ]

    @Test("a valid form: 303, flash on the next page, the row shown, its event recorded", arguments: successes)
    func success(_ example: Success) throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let response = try browser.submit(example.form.page, to: example.form.action, example.form.with(example.changes))
        #expect(response.status == 303)
        #expect(response.headers["Location"] == example.location)
        let next = try browser.follow(response)
        #expect(next.status == 200)
        #expect(next.text.contains("<div class=\"flash\" id=\"flash\" role=\"status\" tabindex=\"-1\"><p>\(example.flash)</p>"))
        for snippet in example.shown { #expect(next.text.contains(snippet), "\(snippet)") }
        #expect(try database.eventCount(example.event) == 1)
        #expect(try database.events(limit: 1).first?.name == example.event.rawValue)
        // The flash is shown once.
        #expect(!browser.get("/data").text.contains(example.flash))
    }

    // MARK: - Refusals

    struct Refusal: Sendable, CustomTestStringConvertible {
        var label: String
        var form: DataForm
        var changes: [String: String]
        var field: String
        var message: String
        /// Other fields with the same message.
        var alsoOn: [String] = []
        /// What the re-rendered control must hold; by default `name="<field>" value="<typed>"`.
        var kept: String? = nil
        var testDescription: String { label }
    }

    static let amountRange = "Enter an amount from 0.01 to 10,000,000,000.00."
    static let dateRange = "Enter a date from 1900-01-01 to 2199-12-31."

    static let refusals: [Refusal] = [
        Refusal(label: "amount 0", form: .income, changes: ["amount": "0"], field: "amount", message: amountRange),
        Refusal(label: "amount 10^12 + 1 minor units", form: .income, changes: ["amount": "10000000000.01"], field: "amount",
                message: amountRange),
        Refusal(label: "amount with 3 decimals", form: .expense, changes: ["amount": "12.345"], field: "amount",
                message: "Enter an amount like 1234.50, with at most two decimals."),
        Refusal(label: "negative amount", form: .entry, changes: ["amount": "-5"], field: "amount",
                message: "Enter an amount like 1234.50, with at most two decimals."),
        Refusal(label: "amount missing", form: .goal, changes: ["target": ""], field: "target", message: "This field is required."),
        Refusal(label: "date 1899-12-31", form: .income, changes: ["start": "1899-12-31"], field: "start", message: dateRange),
        Refusal(label: "date 2200-01-01", form: .expense, changes: ["end": "2200-01-01"], field: "end", message: dateRange),
        Refusal(label: "date 2026-02-30", form: .entry, changes: ["date": "2026-02-30"], field: "date",
                message: "Enter a date as YYYY-MM-DD."),
        Refusal(label: "end before start", form: .income, changes: ["end": "2025-12-31"], field: "end",
                message: "The end date must be on or after the start date."),
        Refusal(label: "name of 81 characters", form: .income, changes: ["name": String(repeating: "x", count: 81)],
                field: "name", message: "Use 1 to 80 characters."),
        Refusal(label: "name missing", form: .payment, changes: ["name": "  "], field: "name", message: "This field is required.",
                kept: #"name="name" value="  ""#),
        Refusal(label: "name with a control character", form: .goal, changes: ["name": "Car\u{7}"], field: "name",
                message: "Remove the control characters.", kept: "name=\"name\" value=\"Car\u{7}\""),
        Refusal(label: "unknown category", form: .expense, changes: ["category": "nope"], field: "category",
                message: "Choose one of the options.", kept: #"<select id="field-category" name="category""#),
        Refusal(label: "one-off: a future date must be planned", form: .entry, changes: ["date": "2026-11-22"], field: "status",
                message: "A future date can only be planned.", kept: #"value="actual" checked"#),
        Refusal(label: "one-off: a note over 500 characters", form: .entry, changes: ["note": String(repeating: "z", count: 501)],
                field: "note", message: "Use at most 500 characters.", kept: ">\(String(repeating: "z", count: 501))</textarea>"),
        Refusal(label: "mode A: payment day 32", form: .payment, changes: ["paymentDay": "32"], field: "paymentDay",
                message: "Enter a whole number from 1 to 31."),
        Refusal(label: "mode B: neither minimum nor term", form: .loan, changes: ["term": "", "minimum": ""], field: "minimum",
                message: "Enter a minimum payment or a remaining term.", alsoOn: ["term"], kept: #"name="balance" value="12000""#),
        Refusal(label: "mode B: as-of in the future", form: .loan, changes: ["asOf": "2026-11-22"], field: "asOf",
                message: "The balance date cannot be in the future."),
        Refusal(label: "mode B: APR over 100 %", form: .loan, changes: ["apr": "100.01"], field: "apr",
                message: "Enter a rate from 0 to 100%."),
        Refusal(label: "mode B: APR with a sign", form: .loan, changes: ["apr": "-1"], field: "apr", message: "Enter a rate like 14.99."),
        Refusal(label: "mode B: term 601", form: .loan, changes: ["term": "601"], field: "term",
                message: "Enter a whole number from 1 to 600."),
        Refusal(label: "mode B: term 0", form: .loan, changes: ["term": "0"], field: "term",
                message: "Enter a whole number from 1 to 600."),
        Refusal(label: "goal: priority 4", form: .goal, changes: ["priority": "4"], field: "priority",
                message: "Enter a whole number from 1 to 3.", kept: #"name="target" value="3000""#),
    ]

    @Test("an invalid form: 422, input kept, the message beside the field, nothing written", arguments: refusals)
    func refusal(_ example: Refusal) throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let token = try browser.formToken(on: example.form.page, action: example.form.action)
        let version = database.version
        let fields = example.form.with(example.changes)
        let response = browser.post(example.form.action, fields, formToken: token)
        #expect(response.status == 422)
        let html = response.text
        #expect(html.contains("<p class=\"error\" id=\"error-\(example.field)\">\(example.message)</p>"))
        for other in example.alsoOn {
            #expect(html.contains("<p class=\"error\" id=\"error-\(other)\">\(example.message)</p>"))
        }
        #expect(html.contains(#"<div class="error-summary" role="alert""#))
        #expect(html.contains(#"aria-invalid="true""#) || html.contains("has-error"))
        let typed = example.changes[example.field] ?? ""
        #expect(html.contains(example.kept ?? "name=\"\(example.field)\" value=\"\(typed)\""))
        // Every other typed value is kept too (radio and select choices as selected options).
        for (name, value) in fields where !value.isEmpty && name != example.field && name != "mode" && name != "note" {
            #expect(html.contains("name=\"\(name)\" value=\"\(value)\"") || html.contains("value=\"\(value)\" checked")
                    || html.contains("value=\"\(value)\" selected"), "\(name)=\(value) not kept")
        }
        #expect(html.contains(#"action="\#(example.form.action)""#))
        #expect(database.version == version, "nothing is written")
    }

    @Test("the 422 page is in the request's language")
    func refusalInRussian() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app, language: "ru")
        let response = try browser.submit(DataForm.loan.page, to: "/data/debt", DataForm.loan.with(["term": "", "apr": "14,99"]))
        #expect(response.status == 422)
        #expect(response.text.contains(#"id="error-term">Укажите минимальный платёж или оставшийся срок.</p>"#))
        #expect(response.text.contains(#"name="apr" value="14,99""#))
        #expect(try database.eventCount(.debtAdded) == 0)
    }

    // MARK: - Names are text

    @Test("HTML typed in a name is stored as text and shown escaped everywhere")
    func htmlInNames() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let name = #"<b>Bold</b> & "co" <script>x()</script>"#
        let escaped = "&lt;b&gt;Bold&lt;/b&gt; &amp; &quot;co&quot; &lt;script&gt;x()&lt;/script&gt;"
        // A refused form keeps it escaped in the value attribute.
        let refused = try browser.submit(DataForm.goal.page, to: "/data/goal", DataForm.goal.with(["name": name, "target": "0"]))
        #expect(refused.status == 422)
        #expect(refused.text.contains(#"name="name" value="\#(escaped)""#))
        #expect(!refused.text.contains("<b>Bold</b>"))
        // Saved, it is shown escaped in the flash and the row.
        let saved = try browser.submit(DataForm.goal.page, to: "/data/goal", DataForm.goal.with(["name": name]))
        let page = try browser.follow(saved).text
        #expect(page.contains("<p>Added “\(escaped)”.</p>"))
        #expect(page.contains(#"class="row-name">\#(escaped)</a>"#))
        #expect(!page.contains("<script>x()") && !page.contains("<b>Bold"))
        let goal = try #require(try database.household(settings: PlanSettings(), entriesFrom: date("2026-11-01"),
                                                       through: date("2026-11-30")).goals.first)
        #expect(goal.name == name)
        #expect(browser.get("/data/goal/\(goal.id)/delete").text.contains("Delete “\(escaped)”?"))
    }

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

    @Test("a category name is checked like any name: 422 on the Data page, kept, message beside the field", arguments: [
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
