import Engine
import HTTPCore
import Storage
import Testing
import TestSupport
@testable import Web

// The budget item forms' validation (Forms/ItemForms.swift; docs/product-rules.md, "Ground limits" and "Product events"):
// what each form accepts (303, flash, the row shown, its event), what it refuses (422 with
// the input kept and the message beside the field) and names kept as text. The forms and
// their `DataForm` values are in BudgetFormsTests.swift. Today is pinned to Saturday
// 2026-11-21; the household currency is USD (en).

@Suite("Item forms")
struct ItemFormsTests {
    // MARK: - Success

    struct Success: Sendable, CustomTestStringConvertible {
        var label: String
        var form: DataForm
        var changes: [String: String] = [:]
        var location: String
        var flash: String
        /// HTML the Budget page shows afterwards.
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
        // A past planned date is questioned first; the ticked box keeps it.
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
}
