import Testing
@testable import Engine

/// Clamps an exact 128-bit figure as the engine shows it.
func clamped(_ value: Int128) -> Int64 {
    value > Int128(Int64.max) ? .max : value < Int128(Int64.min) ? .min : Int64(value)
}

// Clamped money arithmetic and whole percents (Sources/Engine/Saturation.swift).
@Suite("Saturation")
struct SaturationTests {
    static let saturatingCases: [(Int64, Int64, Int64, Int64)] = [
        (Int64.max, 1, Int64.max, Int64.max - 1),
        (Int64.min, 1, Int64.min + 1, Int64.min),
        (Int64.min, Int64.max, -1, Int64.min),
        (5, 7, 12, -2),
    ]

    @Test("saturating money arithmetic clamps at both ends", arguments: saturatingCases)
    func saturating(a: Int64, b: Int64, sum: Int64, difference: Int64) {
        #expect(money(a).saturatingAdding(money(b)) == money(sum))
        #expect(money(a).saturatingSubtracting(money(b)) == money(difference))
        #expect(money(a).saturatingMultiplied(by: 100) == money(clamped(Int128(a) * 100)))
        #expect(money(a).saturatingMultiplied(by: -3) == money(clamped(Int128(a) * -3)))
        #expect(money(a).saturatingNegated == money(clamped(-Int128(a))))
        #expect(money(a).saturatingMagnitude == money(clamped(Int128(a.magnitude))))
        #expect([money(a), money(b), money(a)].saturatingTotal() == money(clamped(Int128(a) * 2 + Int128(b))))
    }

    @Test("whole percents sum to 100 and stay within one of the exact share, for any amounts")
    func percents() {
        var g = SplitMix64(seed: 14)
        let pool: [Int64] = [0, 1, 99, 1_000_000_000_000, Int64.max / 3, Int64.max - 1, Int64.max]
        for _ in 0..<500 {
            let parts = (0..<Int.random(in: 1...12, using: &g)).map { _ in
                Bool.random(using: &g) ? pool.randomElement(using: &g)! : Int64.random(in: 0...Int64.max, using: &g)
            }
            let shares = wholePercents(of: parts.map(money))
            let total = parts.reduce(Int128(0)) { $0 + Int128($1) }
            guard total > 0 else { #expect(shares.allSatisfy { $0 == 0 }); continue }
            #expect(shares.reduce(0, +) == 100, "\(parts) → \(shares)")
            for (part, share) in zip(parts, shares) {
                let floor = Int128(part) * 100 / total
                #expect(Int128(share) == floor || Int128(share) == floor + 1, "\(part) of \(total) → \(share)")
            }
        }
        #expect(wholePercents(of: []) == [])
        #expect(wholePercents(of: [.zero, .zero]) == [0, 0])
        #expect(wholePercents(of: [money(Int64.max), money(Int64.max), money(Int64.max)]) == [34, 33, 33])
    }
}
