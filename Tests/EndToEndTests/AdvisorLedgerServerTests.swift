import Engine
import Foundation
@testable import Storage
import Testing
import TestSupport
import Web

/// The Advisor's direct answers over real HTTP: the test household
/// (TestSupport/AdvisorHousehold.swift) asks every query shape in English and Russian; each
/// answer carries the figure computed independently over the household's list, in the
/// household's money format, and its evidence link, which opens the ledger filtered to exactly
/// the entries counted.
@Suite("Advisor ledger answers over HTTP")
struct AdvisorLedgerServerTests {
    static func token() -> String { UUID().uuidString }

    static func household() throws -> LiveServer {
        let server = try LiveServer()
        let database = server.database
        try database.saveSettings(["currency": "USD", "advisor.dailyLimit": "200"])
        for name in AdvisorHousehold.ownCategories { _ = try database.addCategory(name: name, formToken: token()) }
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO account (name, type, currency, openingBalance, openedOn, spendable, createdAt)
                VALUES ('Card', 'card', 'USD', 300000, '2026-01-01', 1, '2026-01-01T00:00:00Z')
                """)
            var cards: [String: Int64] = [:]
            for name in AdvisorHousehold.accounts {
                try db.execute(sql: """
                    INSERT INTO account (name, type, currency, openingBalance, openedOn, spendable, createdAt)
                    VALUES (?, 'card', 'USD', 0, '2026-01-01', 0, '2026-01-01T00:00:00Z')
                    """, arguments: [name])
                cards[name] = db.lastInsertedRowID
            }
            for p in AdvisorHousehold.purchases {
                try db.execute(sql: """
                    INSERT INTO entry (date, kind, name, amount, category, isActual, note, createdAt, plannedAmount, payeeRaw, accountID)
                    VALUES (?, 'expense', ?, ?, ?, ?, '', '2026-01-01T00:00:00Z', ?, ?, ?)
                    """, arguments: [p.date, p.name, p.amount, p.category, p.isActual, p.isActual ? nil : p.amount, p.payee,
                                     p.account.flatMap { cards[$0] }])
            }
            for p in AdvisorHousehold.incomes {
                try db.execute(sql: """
                    INSERT INTO entry (date, kind, name, amount, category, isActual, note, createdAt, payeeRaw)
                    VALUES (?, 'income', ?, ?, NULL, 1, '', '2026-01-01T00:00:00Z', ?)
                    """, arguments: [p.date, p.name, p.amount, p.payee])
            }
        }
        for limit in AdvisorHousehold.limits {
            _ = try database.addCategoryLimit(CategoryLimit(category: limit.category, period: .month, amount: Money(minorUnits: limit.amount)), formToken: token())
        }
        let start = Day(iso: "2026-01-01")!, today = Day(iso: AdvisorHousehold.today)!
        _ = try database.addRecurring(NewRecurringItem(kind: .income, name: "Salary", amount: Money(minorUnits: 4_000_00), periodicity: .monthly,
                                                       start: start), formToken: token())
        _ = try database.addRecurring(NewRecurringItem(kind: .expense, name: "Rent", amount: Money(minorUnits: 1_500_00), periodicity: .monthly,
                                                       start: start, category: "housing"), formToken: token())
        _ = try database.addDebt(NewDebt(name: "Car loan", paymentDay: 10, kind: .loan(Loan(
            balance: Money(minorUnits: 8_000_00), asOf: today, apr: APR(hundredths: 900), minimumPayment: Money(minorUnits: 250_00)))),
                                 today: today, formToken: token())
        _ = try database.addGoal(NewGoal(name: "Italy trip", target: Money(minorUnits: 3_000_00), saved: Money(minorUnits: 1_200_00),
                                         deadline: Day(iso: "2027-06-30")), formToken: token())
        _ = try database.addGoal(NewGoal(name: "Ремонт", target: Money(minorUnits: 5_000_00), saved: Money(minorUnits: 500_00)), formToken: token())
        return server
    }

    /// One query shape: the question in each language and the label (measure, category, merchant, days).
    struct Shape: CustomTestStringConvertible, Sendable {
        var en: String
        var ru: String
        var measure: String
        var category: String?
        var merchant: String?
        /// The days for English and for Russian (weeks start on Sunday in English, Monday in Russian).
        var en_days: (String, String)
        var ru_days: (String, String)
        var testDescription: String { en }
    }

    static let shapes: [Shape] = [
        Shape(en: "How much did I spend on food this month?", ru: "сколько я потратил на продукты в этом месяце", measure: "sum", category: "food",
              en_days: ("2026-11-01", "2026-11-21"), ru_days: ("2026-11-01", "2026-11-21")),
        Shape(en: "What did I spend at Starbucks last month?", ru: "сколько я потратил в Starbucks в прошлом месяце", measure: "sum", merchant: "Starbucks",
              en_days: ("2026-10-01", "2026-10-31"), ru_days: ("2026-10-01", "2026-10-31")),
        Shape(en: "How many times was I at Пятёрочка in October?", ru: "сколько раз я был в Пятёрочке в октябре", measure: "count", merchant: "Пятёрочка",
              en_days: ("2026-10-01", "2026-10-31"), ru_days: ("2026-10-01", "2026-10-31")),
        Shape(en: "Average spend on transport in September", ru: "сколько в среднем я тратил на транспорт в сентябре", measure: "average",
              category: "transport", en_days: ("2026-09-01", "2026-09-30"), ru_days: ("2026-09-01", "2026-09-30")),
        Shape(en: "What was my biggest purchase this week?", ru: "самая крупная покупка на этой неделе", measure: "largest",
              en_days: ("2026-11-15", "2026-11-21"), ru_days: ("2026-11-16", "2026-11-21")),
        Shape(en: "How much did I spend last week?", ru: "сколько я потратил на прошлой неделе", measure: "sum",
              en_days: ("2026-11-08", "2026-11-14"), ru_days: ("2026-11-09", "2026-11-15")),
        Shape(en: "How much did I spend today?", ru: "сколько я потратил сегодня", measure: "sum",
              en_days: ("2026-11-21", "2026-11-21"), ru_days: ("2026-11-21", "2026-11-21")),
        Shape(en: "How much did I spend yesterday on coffee at Starbucks?", ru: "сколько ушло вчера на кофе в Starbucks", measure: "sum", category: "custom-1", merchant: "Starbucks",
              en_days: ("2026-11-20", "2026-11-20"), ru_days: ("2026-11-20", "2026-11-20")),
        // Typed loosely: a terse question, typos, the last N days.
        Shape(en: "food oct?", ru: "еда за октябрь?", measure: "sum", category: "food",
              en_days: ("2026-10-01", "2026-10-31"), ru_days: ("2026-10-01", "2026-10-31")),
        Shape(en: "how much did i spen on fod in the last 30 days", ru: "сколько потратил на продукты за последние 30 дней", measure: "sum", category: "food",
              en_days: ("2026-10-23", "2026-11-21"), ru_days: ("2026-10-23", "2026-11-21")),
        Shape(en: "How much did we spend on pets in October?", ru: "сколько ушло на кафе в октябре", measure: "sum", category: "custom-2",
              en_days: ("2026-10-01", "2026-10-31"), ru_days: ("2026-10-01", "2026-10-31")),
    ]

    /// The answer's figure as the household's money format writes it (or the count, for a count).
    static func figure(_ shape: Shape, _ language: Language) -> (text: String, count: Int, days: (String, String), category: String?) {
        let days = language == .en ? shape.en_days : shape.ru_days
        // The Russian pets question asks about «Кафе» (custom-1): its own category's name.
        let category = language == .ru && shape.category == "custom-2" ? "custom-1" : shape.category
        let expected = AdvisorHousehold.figure(shape.measure, category: category, merchant: shape.merchant, from: days.0, through: days.1)
        let text = shape.measure == "count" ? "\(expected.count)" : MoneyFormat.format(Money(minorUnits: expected.value), .usd, language)
        return (text, expected.count, days, category)
    }

    static func ask(_ client: inout HTTPFormClient, _ server: LiveServer, _ question: String) throws -> (text: String, html: String) {
        let response = try client.submit("/advisor", to: "/advisor/ask", [("q", question)])
        #expect(response.status == 303, "\(question)")
        let text = try #require(try server.database.advisorMessages().last { $0.role == .advisor }).text
        return (text, try client.get("/advisor").text)
    }

    @Test("every query shape, in English and Russian: the exact figure and the link to exactly the entries counted", arguments: shapes)
    func shape(_ shape: Shape) throws {
        let server = try Self.household()
        var client = HTTPFormClient(port: server.port)
        _ = try client.submit("/advisor", to: "/advisor/ask", [("checkup", "1")])
        for language in [Language.en, .ru] {
            let question = language == .en ? shape.en : shape.ru
            let (answer, html) = try Self.ask(&client, server, question)
            let expected = Self.figure(shape, language)
            #expect(answer.contains(expected.text), "\(question) → \(answer)")
            var parameters: [String] = []
            if let merchant = shape.merchant { parameters.append("q=" + (merchant.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")) }
            if let category = expected.category { parameters.append("category=" + category) }
            parameters += ["kind=expense", "status=actual", "from=" + expected.days.0, "to=" + expected.days.1]
            let link = "/transactions?" + parameters.joined(separator: "&")
            #expect(answer.contains("](\(link))"), "\(question) → \(answer)")
            #expect(html.contains("<a href=\"\(link.replacingOccurrences(of: "&", with: "&amp;"))\">"), "\(question)")
            // The evidence: the ledger filtered by the link lists exactly the entries counted.
            let ledger = try client.get(link)
            #expect(ledger.status == 200)
            #expect(ledger.text.contains(expected.count == 1 ? "1 entry" : "\(expected.count) entries"), "\(link)")
        }
    }

    @Test("safe to spend today and a goal's missing amount, in English and Russian")
    func safeAndGoal() throws {
        let server = try Self.household()
        var client = HTTPFormClient(port: server.port)
        let today = try #require(try JSONSerialization.jsonObject(with: Data(client.get("/api/v1/today").body)) as? [String: Any])
        let left = try #require((today["safeToSpend"] as? [String: Any])?["leftUntilPayday"] as? Int)
        for (question, language) in [("How much can I safely spend today?", Language.en), ("сколько можно потратить сегодня", .ru)] {
            let (answer, html) = try Self.ask(&client, server, question)
            #expect(answer.contains(MoneyFormat.format(Money(minorUnits: Int64(left)), .usd, language)), "\(answer)")
            #expect(html.contains("<a href=\"/explain/safe-to-spend\">"))
        }
        let (en, _) = try Self.ask(&client, server, "How much more do I need for the Italy trip?")
        #expect(en.contains("$1,800.00 still missing") && en.contains("](/explain/goal-1)"), "\(en)")
        let (ru, _) = try Self.ask(&client, server, "сколько ещё не хватает на ремонт")
        #expect(ru.contains("не хватает \(MoneyFormat.format(Money(minorUnits: 4_500_00), .usd, .ru))") && ru.contains("](/explain/goal-2)"), "\(ru)")
    }

    /// A comparison, since-payday, range, account or income question in one language: what it
    /// counts (the label) and what it is compared with.
    struct Asked: Sendable {
        var question: String
        var category: String? = nil
        /// The account's name (AdvisorHousehold.accounts; ids 2 and 3 after the spendable "Card").
        var account: String? = nil
        var income = false
        var days: (String, String)
        /// The days of the period before, or nil.
        var before: (String, String)? = nil
        /// Compared with the category's monthly limit.
        var limit = false
    }

    struct NewShape: CustomTestStringConvertible, Sendable {
        var en: Asked
        var ru: Asked
        var testDescription: String { en.question }
    }

    static let newShapes: [NewShape] = [
        NewShape(en: Asked(question: "How much did I spend on food this month vs last month?", category: "food",
                           days: ("2026-11-01", "2026-11-21"), before: ("2026-10-01", "2026-10-31")),
                 ru: Asked(question: "потратил ли я больше на продукты чем в прошлом месяце", category: "food",
                           days: ("2026-11-01", "2026-11-21"), before: ("2026-10-01", "2026-10-31"))),
        NewShape(en: Asked(question: "How did my transport spending change?", category: "transport",
                           days: ("2026-11-01", "2026-11-21"), before: ("2026-10-01", "2026-10-31")),
                 ru: Asked(question: "как изменились мои расходы на транспорт", category: "transport",
                           days: ("2026-11-01", "2026-11-21"), before: ("2026-10-01", "2026-10-31"))),
        NewShape(en: Asked(question: "How much did I spend on food compared to my limit?", category: "food", days: ("2026-11-01", "2026-11-21"), limit: true),
                 ru: Asked(question: "сколько ушло на продукты относительно лимита в прошлом месяце", category: "food",
                           days: ("2026-10-01", "2026-10-31"), limit: true)),
        NewShape(en: Asked(question: "How much have I spent since payday?", days: ("2026-11-12", "2026-11-21")),
                 ru: Asked(question: "сколько я потратил с последней зарплаты", days: ("2026-11-12", "2026-11-21"))),
        NewShape(en: Asked(question: "How much did I spend between Oct 3 and Oct 10?", days: ("2026-10-03", "2026-10-10")),
                 ru: Asked(question: "сколько я потратил на продукты с 1 по 15 ноября", category: "food", days: ("2026-11-01", "2026-11-15"))),
        NewShape(en: Asked(question: "How much did I spend from the Visa card last month?", account: "Visa", days: ("2026-10-01", "2026-10-31")),
                 ru: Asked(question: "сколько ушло с карты Тинькофф в октябре", account: "Тинькофф", days: ("2026-10-01", "2026-10-31"))),
        NewShape(en: Asked(question: "How much did I earn in October?", income: true, days: ("2026-10-01", "2026-10-31")),
                 ru: Asked(question: "сколько я заработал в сентябре", income: true, days: ("2026-09-01", "2026-09-30"))),
    ]

    /// The evidence link of `asked` over `days`, as the ledger's parameters are ordered.
    static func link(_ asked: Asked, _ days: (String, String)) -> String {
        var parameters: [String] = []
        if let account = asked.account, let index = AdvisorHousehold.accounts.firstIndex(of: account) { parameters.append("account=\(index + 2)") }
        if let category = asked.category { parameters.append("category=" + category) }
        parameters += ["kind=" + (asked.income ? "income" : "expense"), "status=actual", "from=" + days.0, "to=" + days.1]
        return "/transactions?" + parameters.joined(separator: "&")
    }

    @Test("comparisons, since payday, ranges, accounts and incomes, in English and Russian: the figures and the links to exactly the entries counted",
          arguments: newShapes)
    func newShape(_ shape: NewShape) throws {
        let server = try Self.household()
        var client = HTTPFormClient(port: server.port)
        _ = try client.submit("/advisor", to: "/advisor/ask", [("checkup", "1")])
        for (language, asked) in [(Language.en, shape.en), (.ru, shape.ru)] {
            let (answer, html) = try Self.ask(&client, server, asked.question)
            func figure(_ days: (String, String)) -> (value: Int64, count: Int) {
                let f = AdvisorHousehold.figure("sum", category: asked.category, merchant: nil, from: days.0, through: days.1,
                                                account: asked.account, income: asked.income)
                return (f.value, f.count)
            }
            var periods = [asked.days]
            if let before = asked.before { periods.append(before) }
            for days in periods {
                let expected = figure(days)
                #expect(expected.count > 0, "\(days)")
                #expect(answer.contains(MoneyFormat.format(Money(minorUnits: expected.value), .usd, language)), "\(asked.question) → \(answer)")
                let link = Self.link(asked, days)
                #expect(answer.contains("](\(link))"), "\(asked.question) → \(answer)")
                #expect(html.contains("<a href=\"\(link.replacingOccurrences(of: "&", with: "&amp;"))\">"), "\(asked.question)")
                // The evidence: the ledger filtered by the link lists exactly the entries counted.
                let ledger = try client.get(link)
                #expect(ledger.status == 200)
                #expect(ledger.text.contains(expected.count == 1 ? "1 entry" : "\(expected.count) entries"), "\(link)")
            }
            if asked.limit {
                let limit = try #require(AdvisorHousehold.limits.first { $0.category == asked.category })
                #expect(answer.contains(MoneyFormat.format(Money(minorUnits: limit.amount), .usd, language)) && answer.contains("](/limits)"),
                        "\(asked.question) → \(answer)")
            }
        }
    }
}
