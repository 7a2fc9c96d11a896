// Splitting a whole amount into parts that sum exactly (docs/engine-rules.md, "Splitting a total").

// MARK: - Largest remainder

/// Splits `total` (≥ 0) in proportion to `weights` so the parts sum exactly to `total`:
/// each part is floor(total × weight ÷ Σweights); the units left over go one each to
/// the largest remainders, ties to the earlier index. All weights zero → equal weights.
/// Weights are exact integers of any size, so rational weights can be passed over a
/// common denominator.
func largestRemainderSplit(_ total: Int64, weights: [BigUInt]) -> [Int64] {
    guard !weights.isEmpty, total > 0 else { return Array(repeating: 0, count: weights.count) }
    let weights = weights.allSatisfy(\.isZero) ? Array(repeating: BigUInt(1), count: weights.count) : weights
    var parts = [Int64](repeating: 0, count: weights.count)
    var order: [Int]
    if let small = smallWeights(weights) {
        // Fast path: every product fits in 128 bits.
        let sum = small.reduce(UInt128(0), +)
        var remainders = [UInt128](repeating: 0, count: small.count)
        for index in small.indices {
            let product = UInt128(total) * small[index]
            parts[index] = Int64(product / sum)
            remainders[index] = product % sum
        }
        order = small.indices.sorted { remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1 }
    } else {
        let sum = weights.reduce(BigUInt(0), +)
        var remainders: [BigUInt] = []
        for (index, weight) in weights.enumerated() {
            let product = weight * UInt64(total)
            let part = BigUInt.floorQuotient(product, sum) ?? 0  // < total < 2^63, never nil
            parts[index] = Int64(part)
            remainders.append(product - sum * part)
        }
        order = weights.indices.sorted { remainders[$0] != remainders[$1] ? remainders[$1] < remainders[$0] : $0 < $1 }
    }
    let leftover = Int(total - parts.reduce(0, +))   // fewer than the number of parts
    for index in order.prefix(leftover) { parts[index] += 1 }
    return parts
}

/// The weights as 128-bit values when each fits in 64 bits (so total × weight and the
/// sum of weights fit in 128 bits), else nil.
private func smallWeights(_ weights: [BigUInt]) -> [UInt128]? {
    var result: [UInt128] = []
    result.reserveCapacity(weights.count)
    for weight in weights {
        guard let value = weight.uint64 else { return nil }
        result.append(UInt128(value))
    }
    return result
}

// MARK: - Capped repeat

/// Splits `total` among buckets with `weights`, none above its cap (docs/engine-rules.md, "Splitting a total"): split
/// what is left among buckets not yet at their cap by their weights (all their weights
/// zero: equally) with the largest remainder, clamp each at its cap, repeat until
/// nothing moves. Ties go to the earlier bucket, so pass buckets in tie-break order.
/// Returns the parts; `total − Σparts` is what no bucket could take.
func cappedSplit(_ total: Int64, weights: [BigUInt], caps: [Int64]) -> [Int64] {
    precondition(weights.count == caps.count)
    var parts = [Int64](repeating: 0, count: caps.count)
    var remaining = max(total, 0)
    while remaining > 0 {
        let open = caps.indices.filter { parts[$0] < caps[$0] }
        guard !open.isEmpty else { break }
        let round = largestRemainderSplit(remaining, weights: open.map { weights[$0] })
        var moved = false
        for (position, index) in open.enumerated() {
            let taken = min(round[position], caps[index] - parts[index])
            if taken > 0 { parts[index] += taken; remaining -= taken; moved = true }
        }
        if !moved { break }
    }
    return parts
}

/// Whole-number shares as split weights.
func shareWeights(_ shares: [Int]) -> [BigUInt] { shares.map { BigUInt(UInt64(max($0, 0))) } }
