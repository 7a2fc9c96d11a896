import Testing
@testable import Engine

struct SplitCase: Sendable, CustomTestStringConvertible {
    let name: String, total: Int64, shares: [Int], caps: [Int64], expected: [Int64]
    var testDescription: String { name }
}

// Largest-remainder and capped splits of a total (Sources/Engine/Split.swift).
@Suite("Split")
struct SplitTests {
    @Test(arguments: [
        SplitCase(name: "40/40/20 of 100.00", total: 100_00, shares: [40, 40, 20], caps: [.max, .max, .max], expected: [40_00, 40_00, 20_00]),
        // 1 unit at 40/40/20: remainders 0.4, 0.4, 0.2 → tie fund/debts → fund.
        SplitCase(name: "one unit tie goes to fund", total: 1, shares: [40, 40, 20], caps: [.max, .max, .max], expected: [1, 0, 0]),
        // 5 units: 2, 2, 1 exactly.
        SplitCase(name: "five units", total: 5, shares: [40, 40, 20], caps: [.max, .max, .max], expected: [2, 2, 1]),
        // 7 units: 2.8, 2.8, 1.4 → floors 2, 2, 1 and 2 left → fund and debts (0.8, 0.8).
        SplitCase(name: "seven units", total: 7, shares: [40, 40, 20], caps: [.max, .max, .max], expected: [3, 3, 1]),
        // Fund capped at 10; its surplus repeats over debts and goals 40:20.
        SplitCase(name: "capped repeat", total: 100, shares: [40, 40, 20], caps: [10, .max, .max], expected: [10, 60, 30]),
        SplitCase(name: "all capped leaves a rest", total: 100, shares: [40, 40, 20], caps: [10, 20, 30], expected: [10, 20, 30]),
        SplitCase(name: "all shares zero splits equally", total: 10, shares: [0, 0, 0], caps: [.max, .max, .max], expected: [4, 3, 3]),
        SplitCase(name: "zero-share bucket waits until the others are capped", total: 100, shares: [50, 50, 0],
                  caps: [10, 10, .max], expected: [10, 10, 80]),
    ])
    func cappedSplitTable(_ c: SplitCase) {
        #expect(cappedSplit(c.total, weights: shareWeights(c.shares), caps: c.caps) == c.expected)
    }

    @Test func cappedSplitSumsExactlyAndRespectsCaps() {
        var g = SplitMix64(seed: 99)
        for _ in 0..<2000 {
            let count = Int.random(in: 1...6, using: &g)
            let total = Int64.random(in: 0...1_000_000_000_000, using: &g)
            let weights = (0..<count).map { _ in BigUInt(UInt64.random(in: 0...(Bool.random(using: &g) ? 100 : UInt64.max), using: &g)) }
            let caps = (0..<count).map { _ in Int64.random(in: 0...total * 2 + 1, using: &g) }
            let parts = cappedSplit(total, weights: weights, caps: caps)
            let capSum = caps.reduce(Int128(0)) { $0 + Int128($1) }
            #expect(Int128(parts.reduce(0, +)) == min(Int128(total), capSum))
            #expect(zip(parts, caps).allSatisfy { $0 >= 0 && $0 <= $1 })
            let uncapped = largestRemainderSplit(total, weights: weights)
            #expect(uncapped.reduce(0, +) == total)
        }
    }
}
