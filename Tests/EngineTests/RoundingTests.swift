import Testing
@testable import Engine

struct RoundingCase: Sendable, CustomTestStringConvertible {
    let numerator: Int128, denominator: Int128, expected: Int128
    var testDescription: String { "\(numerator)/\(denominator)" }
}

// Half-to-even rounding and rounding up (Sources/Engine/Rounding.swift).
@Suite("Rounding")
struct RoundingTests {
    @Test(arguments: [
        RoundingCase(numerator: 5, denominator: 2, expected: 2),      // 2.5 → even 2
        RoundingCase(numerator: 7, denominator: 2, expected: 4),      // 3.5 → even 4
        RoundingCase(numerator: -5, denominator: 2, expected: -2),
        RoundingCase(numerator: -7, denominator: 2, expected: -4),
        RoundingCase(numerator: 5, denominator: -2, expected: -2),
        RoundingCase(numerator: 26, denominator: 10, expected: 3),
        RoundingCase(numerator: 24, denominator: 10, expected: 2),
        RoundingCase(numerator: -26, denominator: 10, expected: -3),
        RoundingCase(numerator: 0, denominator: 7, expected: 0),
        RoundingCase(numerator: 1, denominator: 3, expected: 0),
        RoundingCase(numerator: 2, denominator: 3, expected: 1),
    ])
    func halfEvenRounding(_ c: RoundingCase) {
        #expect(roundHalfEven(numerator: c.numerator, denominator: c.denominator) == c.expected)
    }

    @Test func ceilDivision() {
        #expect(ceilDivide(7, 2) == 4)
        #expect(ceilDivide(6, 2) == 3)
        #expect(ceilDivide(0, 5) == 0)
        #expect(ceilDivide(-7, 2) == -3)
    }
}
