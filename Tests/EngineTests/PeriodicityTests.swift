import Testing
@testable import Engine

struct NormalisingCase: Sendable, CustomTestStringConvertible {
    let name: String, amount: Int64, periodicity: Periodicity, monthly: Int64
    var testDescription: String { name }
}

// Recurring amounts per month (Sources/Engine/Periodicity.swift).
@Suite("Periodicity")
struct PeriodicityTests {
    @Test(arguments: [
        // 1,000.00 × 52/12 = 4,333.333… → 4,333.33
        NormalisingCase(name: "weekly", amount: 1_000_00, periodicity: .weekly, monthly: 4_333_33),
        // 1,000.00 × 26/12 = 2,166.666… → 2,166.67
        NormalisingCase(name: "biweekly", amount: 1_000_00, periodicity: .biweekly, monthly: 2_166_67),
        NormalisingCase(name: "monthly", amount: 1_000_00, periodicity: .monthly, monthly: 1_000_00),
        // 1,000.00 ÷ 3 = 333.333… → 333.33
        NormalisingCase(name: "quarterly", amount: 1_000_00, periodicity: .quarterly, monthly: 333_33),
        // 1,000.00 ÷ 12 = 83.333… → 83.33
        NormalisingCase(name: "yearly", amount: 1_000_00, periodicity: .yearly, monthly: 83_33),
        // 3 × 26/12 = 6.5 minor units → 6 (tie to even)
        NormalisingCase(name: "biweekly tie down", amount: 3, periodicity: .biweekly, monthly: 6),
        // 9 × 26/12 = 19.5 → 20 (tie to even)
        NormalisingCase(name: "biweekly tie up", amount: 9, periodicity: .biweekly, monthly: 20),
        // 6 ÷ 12 = 0.5 → 0; 18 ÷ 12 = 1.5 → 2
        NormalisingCase(name: "yearly tie down", amount: 6, periodicity: .yearly, monthly: 0),
        NormalisingCase(name: "yearly tie up", amount: 18, periodicity: .yearly, monthly: 2),
    ])
    func monthlyNormalisation(_ c: NormalisingCase) {
        #expect(c.periodicity.monthlyAmount(money(c.amount)) == money(c.monthly))
    }
}
