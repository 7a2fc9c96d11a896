import Engine
import Testing
@testable import Web

/// Tests Sources/Web/Features/Advisor/AdvisorFacts.swift: the small calculations answers quote.
@Suite("Advisor facts")
struct AdvisorFactsTests {
    @Test("a percentage of an amount rounds half to even, in minor units")
    func percent() {
        #expect(AdvisorFacts.percent(15, of: Money(minorUnits: 1_000_00)) == Money(minorUnits: 150_00))
        #expect(AdvisorFacts.percent(50, of: Money(minorUnits: 1)) == Money(minorUnits: 0))
        #expect(AdvisorFacts.percent(50, of: Money(minorUnits: 3)) == Money(minorUnits: 2))
        #expect(AdvisorFacts.percent(10, of: Money(minorUnits: -25)) == Money(minorUnits: -2))
    }

    @Test("months to save an amount round up; nothing saved a month gives no answer")
    func months() {
        #expect(AdvisorFacts.months(Money(minorUnits: 1_000_00), at: Money(minorUnits: 300_00)) == 4)
        #expect(AdvisorFacts.months(Money(minorUnits: 900_00), at: Money(minorUnits: 300_00)) == 3)
        #expect(AdvisorFacts.months(Money(minorUnits: 900_00), at: Money(minorUnits: 0)) == nil)
    }

    @Test("the test household's facts are not empty and name its biggest category")
    func household() throws {
        let (_, facts) = try AdvisorToneTests.facts()
        #expect(!facts.isEmpty)
        let biggest = try #require(facts.biggestCategory)
        #expect(biggest.percent > 0 && biggest.percent <= 100 && biggest.amount.minorUnits > 0)
    }
}
