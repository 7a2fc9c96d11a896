import Engine
import Foundation
@testable import Storage
import Testing
import TestSupport
import Web

/// The Advisor's direct answers over real HTTP (issue 32): the test household
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
            for p in AdvisorHousehold.purchases {
                try db.execute(sql: """
                    INSERT INTO entry (date, kind, name, amount, category, isActual, note, createdAt, plannedAmount, payeeRaw)
                    VALUES (?, 'expense', ?, ?, ?, ?, '', '2026-01-01T00:00:00Z', ?, ?)
                    """, arguments: [p.date, p.name, p.amount, p.category, p.isActual, p.isActual ? nil : p.amount, p.payee])
            }
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
        Shape(en: "How much did I spend yesterday on coffee at Starbucks?", ru: "сколько ушло вчера в Starbucks", measure: "sum", merchant: "Starbucks",
              en_days: ("2026-11-20", "2026-11-20"), ru_days: ("2026-11-20", "2026-11-20")),
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
}
