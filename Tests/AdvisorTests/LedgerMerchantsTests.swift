import Engine
import Testing
@testable import Advisor

/// Merchants in ledger questions (docs/engine-rules.md, "Advisor: questions over the ledger").
@Suite("Ledger question merchants")
struct LedgerMerchantsTests {
    @Test("merchants as the ledger spells them, in any case and inflection; counts and the largest")
    func merchants() throws {
        let uber = try #require(LedgerQuestionTests.read("How many times did I order Uber in November?"))
        #expect(uber.measure == .count && uber.merchant == "Uber" && uber.period.name == .thisMonth)
        let five = try #require(LedgerQuestionTests.read("сколько раз я был в пятёрочке", language: .ru))
        #expect(five.measure == .count && five.merchant == "Пятёрочка" && !five.periodGiven)
        let starbucks = try #require(LedgerQuestionTests.read("What did I spend at starbuks last month?"))
        #expect(starbucks.merchant == "Starbucks" && starbucks.period.name == .lastMonth)
        let largest = try #require(LedgerQuestionTests.read("самая крупная покупка в кафе на этой неделе", language: .ru))
        #expect(largest.measure == .largest && largest.category == "custom-1" && largest.period.name == .thisWeek)
        #expect([largest.period.from, largest.period.through] == LedgerQuestionTests.days("2026-11-16", "2026-11-21"))
        let average = try #require(LedgerQuestionTests.read("average spend on transport last week"))
        #expect(average.measure == .average && average.category == "transport")
        // English weeks start on Sunday.
        #expect([average.period.from, average.period.through] == LedgerQuestionTests.days("2026-11-08", "2026-11-14"))
    }
}
