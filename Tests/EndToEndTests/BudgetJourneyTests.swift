import Foundation
import Storage
import Testing

// One household's first evening over real HTTP: forms fetched and posted the way a
// browser does (cookies, CSRF and single-use form tokens), then the Budget page, the
// Calendar and the API compared. Today is pinned to 2026-11-21 (November: 30 days).

/// A browser over real sockets: keeps cookies, fetches a form before posting it.
struct LiveBrowser {
    let port: UInt16
    var cookies: [String: String] = [:]

    mutating func get(_ path: String) throws -> RawResponse {
        try send(path, method: "GET", body: "")
    }

    /// GETs `page`, takes the token of its form posting to `action`, and posts `fields` with it.
    mutating func submit(_ page: String, to action: String, _ fields: [(String, String)]) throws -> RawResponse {
        let html = try get(page).text
        let token = try #require(Self.formToken(in: html, action: action), "no form for \(action) on \(page)")
        let csrf = try #require(cookies["fm_csrf"])
        let body = (fields + [("_csrf", csrf), ("_form", token)])
            .map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try send(action, method: "POST", body: body)
    }

    private mutating func send(_ path: String, method: String, body: String) throws -> RawResponse {
        var headers = ["Accept-Language: en"]
        if !cookies.isEmpty { headers.append("Cookie: " + cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")) }
        if method == "POST" { headers.append("Content-Type: application/x-www-form-urlencoded") }
        let response = try fetch(port, path, method: method, headers: headers, body: body)
        for header in response.headers("Set-Cookie") {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            let name = String(pair[0]), value = pair.count > 1 ? String(pair[1]) : ""
            if header.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
        return response
    }

    static func formToken(in html: String, action: String) -> String? {
        guard let form = html.range(of: #"action="\#(action)""#) else { return nil }
        guard let marker = html[form.upperBound...].range(of: #"name="_form" value=""#) else { return nil }
        return String(html[marker.upperBound...].prefix { $0 != "\"" })
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-_.")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

/// The figure shown in `<dt>label</dt><dd class="num">figure</dd>`.
private func figure(_ label: String, in html: String) -> String? {
    guard let dt = html.range(of: "<dt>\(label)</dt><dd class=\"num\">") else { return nil }
    return String(html[dt.upperBound...].prefix { $0 != "<" })
}

private func json(_ response: RawResponse) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
}

private func minor(_ object: [String: Any], _ key: String) -> Int64? { (object[key] as? NSNumber)?.int64Value }

@Suite("Budget journey over HTTP", .serialized)
struct BudgetJourneyTests {
    @Test("salary, rent, a loan, a goal and an actual expense through real POSTs; Data, Calendar and API agree")
    func journey() throws {
        let live = try LiveServer()
        var browser = LiveBrowser(port: live.port)

        // Given: the five things a household types in on its first evening.
        let steps: [(page: String, action: String, fields: [(String, String)], location: String)] = [
            ("/data/income/new?type=recurring", "/data/income", [
                ("name", "Salary"), ("amount", "3 000,00"), ("periodicity", "monthly"), ("start", "2026-01-01"), ("end", "")],
             "/data#incomes"),
            ("/data/expense/new?type=recurring", "/data/expense", [
                ("name", "Rent"), ("amount", "1200"), ("category", "housing"), ("periodicity", "monthly"), ("start", "2026-01-01"),
                ("end", "")], "/data#expenses"),
            ("/data/debt/new?mode=loan", "/data/debt", [
                ("mode", "loan"), ("name", "Car loan"), ("balance", "6000"), ("asOf", "2026-11-21"), ("apr", "0"), ("term", "12"),
                ("grace", ""), ("minimum", ""), ("paymentDay", "10")], "/data#debts"),
            ("/data/goal/new", "/data/goal", [
                ("name", "Laptop"), ("target", "2000"), ("saved", "0"), ("deadline", ""), ("priority", "2")], "/data#goals"),
            ("/calendar/2026-11-21", "/calendar/2026-11-21", [
                ("kind", "expense"), ("name", "Groceries"), ("amount", "85.40"), ("category", "food"), ("status", "actual"),
                ("note", "")], "/calendar/2026-11-21"),
        ]
        for step in steps {
            let response = try browser.submit(step.page, to: step.action, step.fields)
            #expect(response.status == 303, "\(step.action)")
            #expect(response.header("Location") == step.location, "\(step.action)")
        }
        #expect(try live.database.eventCount(.incomeAdded) == 1)
        #expect(try live.database.eventCount(.expenseAdded) == 1)
        #expect(try live.database.eventCount(.debtAdded) == 1)
        #expect(try live.database.eventCount(.goalAdded) == 1)
        #expect(try live.database.eventCount(.dailyEntryAdded) == 1)

        // Then the Budget page, worked out by hand:
        //   monthly income 300,000; loan minimum ceil(600,000 / 12) = 50,000 (0 % APR);
        //   monthly expense = Rent 120,000 + 50,000 = 170,000;
        //   annual income = 12 × 300,000 = 3,600,000;
        //   annual expense = 12 × 170,000 + Groceries 8,540 = 2,048,540;
        //   planned per day = half-to-even(170,000 / 30 = 5,666.67) = 5,667;
        //   actual per day: the first actual entry is today, so from 2027-02-21.
        let data = try browser.get("/data")
        #expect(data.status == 200)
        let html = data.text
        #expect(figure("Total income a month", in: html) == "$3,000.00")
        #expect(figure("Total expense a month", in: html) == "$1,700.00")
        #expect(html.contains(#"id="annual-income" value="$36,000.00""#))
        #expect(figure("Per year", in: html) == "$20,485.40")
        #expect(figure("Planned per day this month", in: html) == "$56.67")
        #expect(figure("Actual per day this month", in: html) == "—")
        #expect(html.contains("Shown from February 21, 2027, once three months of actual expenses are entered."))
        for shown in ["Salary", "Rent", "Car loan", "Mandatory debt payments", "Laptop", "Groceries", "$500.00 a month (computed)"] {
            #expect(html.contains(shown), "\(shown)")
        }

        // The API says the same, in minor units.
        let budget = try json(try browser.get("/api/v1/budget"))
        #expect(minor(budget, "monthlyRecurringIncome") == 300_000)
        #expect(minor(budget, "monthlyFixedExpense") == 120_000)
        #expect(minor(budget, "minimumDebtPayments") == 50_000)
        #expect(minor(budget, "monthlyExpense") == 170_000)
        #expect(minor(budget, "annualIncome") == 3_600_000)
        #expect(minor(budget, "annualExpense") == 2_048_540)
        #expect(minor(budget, "plannedDailyExpense") == 5_667)
        #expect(budget["actualDailyExpense"] is NSNull)

        // The Calendar: salary and rent planned on the 1st, groceries actual today; the loan
        // (as of November) pays from December 10.
        let november = try json(try browser.get("/api/v1/calendar/2026-11"))
        let days = try #require(november["days"] as? [[String: Any]])
        #expect(days.count == 30)
        #expect(minor(days[0], "plannedIncome") == 300_000)
        #expect(minor(days[0], "plannedExpense") == 120_000)
        #expect(minor(days[20], "actualExpense") == 8_540)
        #expect(minor(days[9], "plannedExpense") == 0)
        let sums = ["plannedIncome", "plannedExpense", "actualIncome", "actualExpense"].map { key in
            days.reduce(Int64(0)) { $0 + (minor($1, key) ?? 0) }
        }
        #expect(sums == [300_000, 120_000, 0, 8_540])
        let grid = try browser.get("/calendar/2026-11").text
        #expect(grid.contains(#"aria-label="November 1, 2026, Planned income $3,000.00, Planned expense $1,200.00, needs confirming""#))
        #expect(grid.contains(#"aria-label="November 21, 2026, Actual expense $85.40""#))
        #expect(grid.contains("Planned income</dt><dd class=\"num\">$3,000.00</dd>"))
        #expect(grid.contains("Actual expense</dt><dd class=\"num\">$85.40</dd>"))
        let december = try #require(try json(try browser.get("/api/v1/calendar/2026-12"))["days"] as? [[String: Any]])
        #expect(minor(december[9], "plannedExpense") == 50_000)
        #expect(try browser.get("/calendar/2026-12-10").text.contains("Car loan"))
    }

    @Test("a double submit over HTTP writes once")
    func doubleSubmit() throws {
        let live = try LiveServer()
        var browser = LiveBrowser(port: live.port)
        let html = try browser.get("/data/goal/new").text
        let token = try #require(LiveBrowser.formToken(in: html, action: "/data/goal"))
        let csrf = try #require(browser.cookies["fm_csrf"])
        let body = "name=Bike&target=500&saved=&deadline=&priority=2&_csrf=\(csrf)&_form=\(token)"
        let cookie = "Cookie: fm_csrf=\(csrf)"
        for _ in 0..<2 {
            let response = try fetch(live.port, "/data/goal", method: "POST",
                                     headers: [cookie, "Content-Type: application/x-www-form-urlencoded"], body: body)
            #expect(response.status == 303)
        }
        #expect(try live.database.eventCount(.goalAdded) == 1)
    }
}
