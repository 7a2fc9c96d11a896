import Engine
import Foundation
import Testing
@testable import Storage

// The remote provider's usage (Sources/Storage/AdvisorUsage.swift).

@Suite("Advisor usage")
struct AdvisorUsageTests {
    @Test("calls are summed by day and by month, newest first, and nonsense token counts are clamped")
    func totals() throws {
        let database = try budgetDatabase()
        for (day, model, tokensIn, tokensOut) in [("2026-10-31", "small", 10, 1), ("2026-11-01", "small", 20, 2), ("2026-11-01", "small", 30, 3),
                                                  ("2026-11-01", "big", -5, 500_000_000), ("2026-11-02", "small", 1, 1)] {
            try database.recordAdvisorUsage(AdvisorUsageCall(day: day, provider: "api.example.com", model: model,
                                                             tokensIn: tokensIn, tokensOut: tokensOut))
        }
        func total(_ period: String, _ model: String, _ calls: Int, _ tokensIn: Int, _ tokensOut: Int) -> AdvisorUsageTotal {
            AdvisorUsageTotal(period: period, provider: "api.example.com", model: model, calls: calls, tokensIn: tokensIn, tokensOut: tokensOut)
        }
        #expect(try database.advisorUsageByDay(days: 2) == [
            total("2026-11-02", "small", 1, 1, 1),
            total("2026-11-01", "big", 1, 0, AppDatabase.maxUsageTokens),
            total("2026-11-01", "small", 2, 50, 5),
        ])
        #expect(try database.advisorUsageByMonth() == [
            total("2026-11", "big", 1, 0, AppDatabase.maxUsageTokens),
            total("2026-11", "small", 3, 51, 6),
            total("2026-10", "small", 1, 10, 1),
        ])
    }
}
