import Engine
import Foundation
import HTTPCore
@testable import Storage
import Testing
import TestSupport
@testable import Web

/// The built-in advisor's check-up and "can I afford X" use the forecast and the limits (today 2026-11-21).
@Suite("Advisor forecast answers")
struct AdvisorForecastTests {
    /// Account at 5 000.00 today (opened at 5 200.00, food 10.00 a day 1 … 20 Nov paid from it); rent
    /// 1 000.00 on the 1st, salary 3 000.00 on the 15th. Expected low point: 14 Dec at 5 000 − 230 −
    /// 1 000 = 3 770.00 (σ = 0); safety buffer 2 × 1 000.00 + the default emergency buffer 500.00.
    /// Safe to spend: payday 15 Dec is day 24, the window's lowest is 3 770.00, so 3 270.00 is left
    /// until payday, ⌊327 000 ÷ 24⌋ = 136.25 a day.
    static func seed(_ database: AppDatabase) throws {
        try ForecastPageTests.account(database, balance: 5_200_00)
        _ = try database.seed(NewRecurringItem(kind: .expense, name: "Rent", amount: cents(1_000_00), periodicity: .monthly,
                                               start: date("2026-01-01"), category: "housing"))
        _ = try database.seed(NewRecurringItem(kind: .income, name: "Salary", amount: cents(3_000_00), periodicity: .monthly,
                                               start: date("2026-01-15")))
        for day in 1...20 {
            try TransactionsPageTests.insert(database, String(format: "2026-11-%02d", day), "Shop", 10_00, account: 1)
        }
    }

    static func ask(_ app: App, _ database: AppDatabase, _ question: String?) throws -> String {
        var browser = TestBrowser(app: app)
        if question != nil { _ = try AdvisorPageTests.ask(&browser) }  // the check-up comes first
        _ = try AdvisorPageTests.ask(&browser, question)
        return try AdvisorPageTests.lastAnswer(database)
    }

    @Test("an affordability answer weighs X against what is left until payday, then says what X does to the low point and the risk", arguments: [
        ("Can I afford 1000 a month?", "Yes: $1,000.00 fits in what is left until payday — Left until payday (December 15, 2026): $3,270.00. After it $2,270.00 is left, $94.58 per day.",
         "After $1,000.00 the lowest balance on", "$2,770.00; the risk stays low"),
        ("Can I afford 4000 a month?", "Not from this pay: Left until payday (December 15, 2026): $3,270.00 (after keeping the emergency buffer of $500.00), so $4,000.00 is $730.00 more than that.",
         "After $4,000.00 the lowest balance on", "-$230.00; risk becomes high"),
    ])
    func affordability(_ question: String, _ first: String, _ second: String, _ third: String) throws {
        let (app, database) = try makeTestApp()
        try Self.seed(database)
        let answer = try Self.ask(app, database, question)
        #expect(answer.contains(first), "\(answer)")
        #expect(answer.contains(second), "\(answer)")
        #expect(answer.contains(third) || answer.contains(third.replacingOccurrences(of: "-", with: "−")), "\(answer)")
    }

    @Test("more than is left until payday: the plan's 'yes' is left out")
    func overWhatIsLeft() throws {
        let (app, database) = try makeTestApp()
        try Self.seed(database)
        let answer = try Self.ask(app, database, "Can I afford 3300 a month?")
        #expect(answer.contains("Not from this pay") && answer.contains("$30.00 more"), "\(answer)")
        #expect(!answer.contains("Yes:") && !answer.contains("Possible but tight"), "\(answer)")
    }

    @Test("the check-up names the 30-day low point, the risk, safe to spend and a limit projected to be exceeded")
    func checkup() throws {
        let (app, database) = try makeTestApp()
        try Self.seed(database)
        _ = try database.addCategoryLimit(CategoryLimit(category: "food", period: .month, amount: cents(250_00)), formToken: "l1")
        let answer = try Self.ask(app, database, nil)
        #expect(answer.contains("Next 30 days: the lowest balance is"), "\(answer)")
        #expect(answer.contains("risk medium"), "\(answer)")
        #expect(answer.contains("Food: 80 % of $250.00 this month"), "\(answer)")
        #expect(!answer.contains("No acute risks"), "\(answer)")
    }
}
