import Engine
import HTTPCore
import Storage
import Testing
@testable import Web

// The first visit's short, skippable onboarding (docs/product-rules.md, "The Budget page"; events first_run and
// onboarding_done of "Product events").

@Suite("Onboarding")
struct WelcomePageTests {
    @Test("a fresh database's /data goes to /welcome; first_run is recorded once")
    func firstVisit() throws {
        let (app, database) = try makeTestApp(onboarded: false)
        var browser = TestBrowser(app: app)
        let data = browser.get("/data")
        #expect(data.status == 303)
        #expect(data.headers["Location"] == "/welcome")
        let welcome = browser.get("/welcome")
        #expect(welcome.status == 200)
        #expect(welcome.text.contains("<h1>Welcome to FinMind</h1>"))
        for field in ["language", "currency", "income", "emergencyMonths"] { #expect(welcome.text.contains(#"name="\#(field)""#)) }
        #expect(welcome.text.contains(#"name="language" value="en" checked"#))
        #expect(welcome.text.contains(#"<option value="USD" selected>"#))
        #expect(welcome.text.contains(#"<button type="submit" class="secondary" name="skip" value="1" formnovalidate>Skip</button>"#))
        _ = browser.get("/welcome")
        var other = TestBrowser(app: app, language: "ru")
        #expect(other.get("/welcome").text.contains(#"<option value="RUB" selected>"#))
        #expect(try database.eventCount(.firstRun) == 1)
        #expect(try database.eventCount(.onboardingDone) == 0)
    }

    @Test("finishing saves currency and emergency months, adds the income, records onboarding_done, sets the language")
    func finish() throws {
        let (app, database) = try makeTestApp(onboarded: false)
        var browser = TestBrowser(app: app, language: "en")
        let response = try browser.submit("/welcome", to: "/welcome", [
            ("language", "ru"), ("currency", "EUR"), ("income", "2 500,00"), ("emergencyMonths", "6")])
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/data")
        #expect(browser.cookies["fm_lang"] == "ru")
        let settings = try database.settings()
        #expect(settings["currency"] == "EUR")
        #expect(settings["plan.emergencyMonths"] == "6")
        #expect(settings["onboarding"] == "done")
        #expect(try database.eventCount(.onboardingDone) == 1)
        #expect(try database.eventCount(.incomeAdded) == 1)
        let income = try #require(try database.household(settings: PlanSettings(), entriesFrom: date("2026-11-01"),
                                                         through: date("2026-11-30")).incomes.first)
        #expect(income.amount == cents(250_000))
        #expect(income.periodicity == .monthly)
        #expect(income.start == date("2026-11-21"))
        #expect(income.name == Translations(.ru)["onboarding_income_name"])

        let data = try browser.follow(response)
        #expect(data.status == 200)
        #expect(data.text.contains(#"<html lang="ru""#))
        #expect(data.text.contains(Translations(.ru)["flash_welcome_done"]))
        #expect(data.text.contains("2\u{00A0}500,00\u{00A0}€"))
        // Emergency target = 6 months × monthly expense (0 so far) — the detail names the months.
        #expect(data.text.contains(Translations(.ru).format("budget_emergency_detail", ["months": monthsPhrase(6, .ru)])))
        // Once done, /data stays put and /welcome does not record first_run again.
        #expect(browser.get("/data").status == 200)
        #expect(try database.eventCount(.firstRun) == 1)
    }

    @Test("without an income nothing is added, and the onboarding still completes")
    func finishWithoutIncome() throws {
        let (app, database) = try makeTestApp(onboarded: false)
        var browser = TestBrowser(app: app)
        let response = try browser.submit("/welcome", to: "/welcome", [
            ("language", "en"), ("currency", "USD"), ("income", ""), ("emergencyMonths", "0")])
        #expect(response.status == 303)
        #expect(try database.eventCount(.incomeAdded) == 0)
        #expect(try database.eventCount(.onboardingDone) == 1)
        #expect(try database.settings()["plan.emergencyMonths"] == "0")
    }

    @Test("Skip goes to /data without onboarding_done")
    func skip() throws {
        let (app, database) = try makeTestApp(onboarded: false)
        var browser = TestBrowser(app: app)
        let response = try browser.submit("/welcome", to: "/welcome", [
            ("language", "en"), ("currency", "EUR"), ("income", "abc"), ("emergencyMonths", "99"), ("skip", "1")])
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/data")
        #expect(try database.settings()["onboarding"] == "skipped")
        #expect(try database.settings()["currency"] == nil, "skipping saves none of the answers")
        #expect(try database.eventCount(.onboardingDone) == 0)
        #expect(try database.eventCount(.incomeAdded) == 0)
        #expect(browser.get("/data").status == 200)
    }

    @Test("bad answers are refused with 422, kept, and nothing is saved", arguments: [
        ("emergencyMonths", "25", "Enter a whole number from 0 to 24."),
        ("emergencyMonths", "", "This field is required."),
        ("income", "0", "Enter an amount from 0.01 to 10,000,000,000.00."),
        ("income", "1.999", "Enter an amount like 1234.50, with at most two decimals."),
        ("currency", "XXX", "Choose one of the options."),
        ("language", "fr", "Choose one of the options."),
    ])
    func refused(field: String, value: String, message: String) throws {
        let (app, database) = try makeTestApp(onboarded: false)
        var browser = TestBrowser(app: app)
        let token = try browser.formToken(on: "/welcome", action: "/welcome")
        let version = database.version
        var fields = ["language": "en", "currency": "USD", "income": "3000", "emergencyMonths": "3"]
        fields[field] = value
        let response = browser.post("/welcome", fields.sorted { $0.key < $1.key }, formToken: token)
        #expect(response.status == 422)
        #expect(response.text.contains("<p class=\"error\" id=\"error-\(field)\">\(message)</p>"))
        if field == "income" || field == "emergencyMonths" {
            #expect(response.text.contains("name=\"\(field)\" value=\"\(value)\""))
        }
        #expect(response.text.contains(#"name="income" value="\#(fields["income"]!)""#))
        #expect(database.version == version)
        #expect(browser.get("/data").headers["Location"] == "/welcome", "still not onboarded")
    }
}

@Suite("Onboarding runs once")
struct OnboardingOnceTests {
    @Test("after the onboarding, /welcome goes to the Budget page and an old welcome form adds no second income")
    func welcomeTwice() throws {
        let (app, database) = try makeTestApp(onboarded: false)
        var browser = TestBrowser(app: app)
        // The user keeps the form open (or comes back to it with Back) and submits it twice.
        let first = try browser.form(on: "/welcome")
        let second = try browser.form(on: "/welcome")
        let fields = [("language", "en"), ("currency", "USD"), ("income", "2 500"), ("emergencyMonths", "3")]
        #expect(browser.post(first.action, first.hidden + fields, formToken: first.token).status == 303)
        let again = browser.post(second.action, second.hidden + fields, formToken: second.token)
        #expect(again.status == 303)
        #expect(again.headers["Location"] == "/data")
        #expect(try database.eventCount(.incomeAdded) == 1)
        #expect(try database.eventCount(.onboardingDone) == 1)
        let incomes = try database.household(settings: PlanSettings(), entriesFrom: date("2026-11-01"),
                                             through: date("2026-11-30")).incomes
        #expect(incomes.count == 1)
        #expect(try browser.follow(again).text.contains(Translations(.en)["flash_welcome_already_done"]))
        // The page itself is gone once set up.
        let welcome = browser.get("/welcome")
        #expect(welcome.status == 303)
        #expect(welcome.headers["Location"] == "/data")
    }

    @Test("after Skip, /welcome goes to the Budget page and a later welcome form changes nothing")
    func welcomeAfterSkip() throws {
        let (app, database) = try makeTestApp(onboarded: false)
        var browser = TestBrowser(app: app)
        let form = try browser.form(on: "/welcome")
        #expect(try browser.submit("/welcome", to: "/welcome", [("skip", "1")]).status == 303)
        let late = browser.post(form.action, form.hidden + [("language", "en"), ("currency", "EUR"), ("income", "100"),
                                                            ("emergencyMonths", "6")], formToken: form.token)
        #expect(late.status == 303)
        #expect(try database.eventCount(.incomeAdded) == 0)
        #expect(try database.settings()["currency"] != "EUR")
        #expect(browser.get("/welcome").status == 303)
    }
}
