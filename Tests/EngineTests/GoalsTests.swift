import Testing
@testable import Engine

// Goals in the plan: their order, months to deadline and share (Sources/Engine/Goals.swift).
@Suite("Goals")
struct GoalsTests {
    @Test("unfinished goals in order: priority, then earlier deadline, deadline before none, then id")
    func goalOrderTieBreaks() {
        let today = day("2027-03-15")
        let goals = [
            Goal(id: 1, name: "No deadline", target: money(100_00), priority: 2),
            Goal(id: 2, name: "Late", target: money(100_00), deadline: day("2028-01-01"), priority: 2),
            Goal(id: 3, name: "Early", target: money(100_00), deadline: day("2027-06-30"), priority: 2),
            Goal(id: 4, name: "Important", target: money(100_00), priority: 3),
            Goal(id: 5, name: "Done", target: money(100_00), saved: money(100_00), priority: 5),
            Goal(id: 6, name: "No deadline either", target: money(100_00), saved: money(40_00), priority: 2),
        ]
        let plans = goalOrder(goals, today: today, horizon: 24)
        #expect(plans.map(\.goal.id) == [4, 3, 2, 1, 6])
        // Months on months: March → June is 3, March 2027 → January 2028 is 10; the horizon without a deadline.
        #expect(plans.map(\.months) == [24, 3, 10, 24, 24])
        #expect(plans.map(\.missing) == [money(100_00), money(100_00), money(100_00), money(100_00), money(60_00)])
    }

    @Test func exactRationalGoalWeightsBeyond128Bits() {
        // 30 goals with distinct prime month counts: their common denominator is far beyond 128 bits.
        let primes: [Int] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101, 103, 107, 109, 113]
        let plans = primes.enumerated().map { index, months in
            GoalPlan(goal: Goal(id: ID(Int64(index)), name: "G", target: money(Int64.max / 64), priority: 1), missing: money(Int64.max / 64), months: months)
        }
        let share: Int64 = 1_000_000_000_000
        let parts = splitGoalShare(share, plans)
        #expect(parts.reduce(0, +) == share)
        // Weight 1/2 against Σ 1/p: part₀ / part₁ ≈ 3/2 and each part is within one unit of its exact share.
        var denominator = BigUInt(1)
        for p in primes { denominator = denominator * UInt64(p) }
        let weightSum = primes.map { denominator.divided(by: UInt64($0)).quotient }.reduce(BigUInt(0), +)
        for (index, p) in primes.enumerated() {
            let exact = BigUInt.floorQuotient(denominator.divided(by: UInt64(p)).quotient * UInt64(share), weightSum)!
            #expect(UInt64(parts[index]) == exact || UInt64(parts[index]) == exact + 1)
        }
    }
}
