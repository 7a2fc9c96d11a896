import Testing
@testable import Engine

// The engine's small unsigned big integer (Sources/Engine/BigUInt.swift).
@Suite("BigUInt")
struct BigUIntTests {
    private let twoTo64 = BigUInt(UInt64.max) + BigUInt(1)

    @Test("carries and borrows across the 64-bit limb")
    func carryAndBorrow() {
        #expect(twoTo64.uint64 == nil)
        #expect(twoTo64.bitWidth == 65)
        #expect(twoTo64 == BigUInt(2).power(64))
        #expect((twoTo64 - BigUInt(1)).uint64 == UInt64.max)
        #expect((BigUInt(1) - BigUInt(1)).isZero)
        #expect(BigUInt(0).bitWidth == 0 && BigUInt(5).bitWidth == 3)
        #expect(BigUInt(UInt64.max) < twoTo64 && !(twoTo64 < BigUInt(UInt64.max)))
    }

    @Test("products and powers beyond 128 bits")
    func productsAndPowers() {
        #expect(BigUInt(3) * BigUInt(5) == BigUInt(15))
        #expect(twoTo64 * 3 == twoTo64 + twoTo64 + twoTo64)
        #expect(BigUInt(2).power(100) == BigUInt(2).power(36) * BigUInt(2).power(64))
        #expect(BigUInt(2).power(200).bitWidth == 201)
        #expect(BigUInt(7).power(0) == BigUInt(1))
    }

    @Test("division by a 64-bit divisor and the exact floor quotient")
    func division() {
        let (quotient, remainder) = twoTo64.divided(by: 10)        // 18446744073709551616 ÷ 10
        #expect(quotient.uint64 == 1_844_674_407_370_955_161 && remainder == 6)
        let tenTo20 = BigUInt(10).power(20)                        // 100000000000000000000 = 7 × 14285714285714285714 + 2
        #expect(tenTo20.divided(by: 7).quotient.uint64 == 14_285_714_285_714_285_714)
        #expect(tenTo20.divided(by: 7).remainder == 2)
        #expect(BigUInt.floorQuotient(tenTo20, BigUInt(100)) == 1_000_000_000_000_000_000)
        #expect(BigUInt.floorQuotient(BigUInt(10).power(30), BigUInt(10).power(15)) == 1_000_000_000_000_000)
        #expect(BigUInt.floorQuotient(BigUInt(7), BigUInt(2)) == 3)
        #expect(BigUInt.floorQuotient(tenTo20, BigUInt(3)) == nil)  // 33333333333333333333 ≥ 2^63
    }
}
