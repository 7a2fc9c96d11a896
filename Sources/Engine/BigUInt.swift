// A minimal unsigned big integer for the two places the engine rules need exact rational
// arithmetic whose intermediate values outgrow 128 bits: goal weights priority ÷ months
// (a common denominator of many months) and the exact annuity check ((1 + r)^n).

// MARK: - BigUInt

/// An unsigned integer of any size, little-endian 64-bit limbs, no trailing zero limbs.
struct BigUInt: Comparable, Sendable {
    private(set) var limbs: [UInt64]

    init(_ value: UInt64) { limbs = value == 0 ? [] : [value] }

    private init(limbs: [UInt64]) {
        var trimmed = limbs
        while trimmed.last == 0 { trimmed.removeLast() }
        self.limbs = trimmed
    }

    var isZero: Bool { limbs.isEmpty }

    /// The value when it fits in 64 bits.
    var uint64: UInt64? { limbs.count <= 1 ? (limbs.first ?? 0) : nil }

    /// The number of significant bits (0 for zero).
    var bitWidth: Int { limbs.isEmpty ? 0 : limbs.count * 64 - limbs[limbs.count - 1].leadingZeroBitCount }

    static func < (lhs: BigUInt, rhs: BigUInt) -> Bool {
        if lhs.limbs.count != rhs.limbs.count { return lhs.limbs.count < rhs.limbs.count }
        for index in lhs.limbs.indices.reversed() where lhs.limbs[index] != rhs.limbs[index] {
            return lhs.limbs[index] < rhs.limbs[index]
        }
        return false
    }
}

// MARK: - Arithmetic

extension BigUInt {
    static func + (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
        var result = [UInt64](repeating: 0, count: max(lhs.limbs.count, rhs.limbs.count) + 1)
        var carry: UInt64 = 0
        for index in 0..<(result.count - 1) {
            let a = index < lhs.limbs.count ? lhs.limbs[index] : 0
            let b = index < rhs.limbs.count ? rhs.limbs[index] : 0
            let (s1, o1) = a.addingReportingOverflow(b)
            let (s2, o2) = s1.addingReportingOverflow(carry)
            result[index] = s2
            carry = (o1 ? 1 : 0) + (o2 ? 1 : 0)
        }
        result[result.count - 1] = carry
        return BigUInt(limbs: result)
    }

    /// lhs − rhs; requires lhs ≥ rhs.
    static func - (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
        precondition(!(lhs < rhs), "BigUInt subtraction underflow")
        var result = lhs.limbs
        var borrow: UInt64 = 0
        for index in result.indices {
            let b = index < rhs.limbs.count ? rhs.limbs[index] : 0
            let (d1, o1) = result[index].subtractingReportingOverflow(b)
            let (d2, o2) = d1.subtractingReportingOverflow(borrow)
            result[index] = d2
            borrow = (o1 ? 1 : 0) + (o2 ? 1 : 0)
        }
        return BigUInt(limbs: result)
    }

    static func * (lhs: BigUInt, rhs: UInt64) -> BigUInt {
        guard rhs != 0, !lhs.isZero else { return BigUInt(0) }
        var result = [UInt64](repeating: 0, count: lhs.limbs.count + 1)
        var carry: UInt64 = 0
        for (index, limb) in lhs.limbs.enumerated() {
            let (high, low) = limb.multipliedFullWidth(by: rhs)
            let (sum, overflow) = low.addingReportingOverflow(carry)
            result[index] = sum
            carry = high &+ (overflow ? 1 : 0)
        }
        result[lhs.limbs.count] = carry
        return BigUInt(limbs: result)
    }

    static func * (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
        guard !lhs.isZero, !rhs.isZero else { return BigUInt(0) }
        var result = [UInt64](repeating: 0, count: lhs.limbs.count + rhs.limbs.count)
        for (i, a) in lhs.limbs.enumerated() {
            var carry: UInt64 = 0
            for (j, b) in rhs.limbs.enumerated() {
                let (high, low) = a.multipliedFullWidth(by: b)
                let (s1, o1) = result[i + j].addingReportingOverflow(low)
                let (s2, o2) = s1.addingReportingOverflow(carry)
                result[i + j] = s2
                carry = high &+ (o1 ? 1 : 0) &+ (o2 ? 1 : 0)   // cannot overflow: high ≤ 2^64 − 2
            }
            result[i + rhs.limbs.count] = carry
        }
        return BigUInt(limbs: result)
    }

    /// self^exponent by repeated squaring.
    func power(_ exponent: Int) -> BigUInt {
        var result = BigUInt(1), base = self, e = exponent
        while e > 0 {
            if e & 1 == 1 { result = result * base }
            e >>= 1
            if e > 0 { base = base * base }
        }
        return result
    }

    /// Quotient and remainder of division by a non-zero 64-bit divisor.
    func divided(by divisor: UInt64) -> (quotient: BigUInt, remainder: UInt64) {
        precondition(divisor != 0, "BigUInt division by zero")
        var quotient = limbs
        var remainder: UInt64 = 0
        for index in limbs.indices.reversed() {
            let (q, r) = divisor.dividingFullWidth((high: remainder, low: limbs[index]))
            quotient[index] = q
            remainder = r
        }
        return (BigUInt(limbs: quotient), remainder)
    }

    /// The top bits: self >> shift, as long as the result fits in 128 bits (else nil).
    func shiftedRight(_ shift: Int) -> UInt128? {
        let limbShift = shift / 64, bitShift = shift % 64
        var value: UInt128 = 0
        for index in limbs.indices where index >= limbShift {
            let limb = limbs[index]
            let position = 64 * (index - limbShift) - bitShift
            if position < 0 {
                value |= UInt128(limb >> UInt64(bitShift))
            } else if limb != 0 {
                guard position + (64 - limb.leadingZeroBitCount) <= 128 else { return nil }
                value |= UInt128(limb) << position
            }
        }
        return value
    }

    /// floor(numerator ÷ denominator) when it is below 2^63, else nil. Exact: the
    /// quotient of the top 64 bits is only a first guess, corrected by comparisons.
    static func floorQuotient(_ numerator: BigUInt, _ denominator: BigUInt) -> UInt64? {
        precondition(!denominator.isZero, "BigUInt division by zero")
        let shift = max(0, denominator.bitWidth - 64)
        guard let top = numerator.shiftedRight(shift), let bottom = denominator.shiftedRight(shift) else { return nil }
        let guess = top / bottom
        guard guess < UInt128(1) << 63 else { return nil }
        var quotient = UInt64(guess)
        while quotient > 0, numerator < denominator * quotient { quotient -= 1 }
        while !(numerator < denominator * (quotient + 1)) {
            quotient += 1
            if quotient >= UInt64(1) << 63 { return nil }
        }
        return quotient
    }
}
