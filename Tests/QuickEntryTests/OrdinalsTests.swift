import Engine
import Testing
@testable import QuickEntry

// Days of the month as ordinal words, and thousands of roubles beside them (Sources/QuickEntry/Ordinals.swift).
@Suite("Quick entry: ordinal days")
struct OrdinalsTests {
    @Test func thousandsOfRoublesAndOrdinalDays() throws {
        #expect(try #require(quickDraft("продукты 15 т.р.", .ru)).amount.minorUnits == 1_500_000)
        #expect(try #require(quickDraft("аренда 30тр", .ru)).amount.minorUnits == 3_000_000)
        #expect(try #require(quickDraft("rent 1500 on the first", .en)).date == Day(year: 2026, month: 11, day: 1)!)
        #expect(try #require(quickDraft("аренда 30000 первого числа", .ru)).date == Day(year: 2026, month: 11, day: 1)!)
        let mortgage = try #require(quickDraft("ипотека 40000 двадцать пятого", .ru))
        #expect(mortgage.date == Day(year: 2026, month: 11, day: 25)! && mortgage.isPlanned)
        // Guard: an ordinal without "the" is not a date in English.
        let aid = try #require(quickDraft("first aid kit 20", .en))
        #expect(aid.date == quickToday && aid.category == "health")
    }
}
