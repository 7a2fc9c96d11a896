import Foundation
import Testing
@testable import Engine

// Yearly interest rates in hundredths of a percent (Sources/Engine/APR.swift).
@Suite("APR")
struct APRTests {
    @Test("rates order by value and the monthly denominator is 12 × 100 × 100")
    func orderAndMonthlyDenominator() {
        #expect(APR(hundredths: 999) < APR(hundredths: 1499))
        #expect(!(APR(hundredths: 1499) < APR(hundredths: 1499)))
        #expect([APR(hundredths: 2490), APR(hundredths: 0), APR(hundredths: 1200)].sorted().map(\.hundredths) == [0, 1200, 2490])
        #expect(APR.monthlyDenominator == 120_000)
    }

    @Test("JSON is the bare integer of hundredths")
    func codable() throws {
        #expect(String(decoding: try JSONEncoder().encode([APR(hundredths: 1499)]), as: UTF8.self) == "[1499]")
        #expect(try JSONDecoder().decode([APR].self, from: Data("[2500]".utf8)) == [APR(hundredths: 2500)])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([APR].self, from: Data(#"["14.99"]"#.utf8)) }
    }
}
