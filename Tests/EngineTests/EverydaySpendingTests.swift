import Testing
@testable import Engine

// The statistics the forecast and the expected everyday spending share (EverydaySpending.swift).

@Suite("Everyday spending")
struct EverydaySpendingTests {
    @Test("the 95th percentile by nearest rank: the laptop of 30 days caps to 0")
    func nearestRank() {
        #expect(nearestRankPercentile95(Array(repeating: 0, count: 29) + [150_000]) == 0)
        #expect(nearestRankPercentile95(Array(1...20)) == 19)
        #expect(nearestRankPercentile95(Array(1...100)) == 95)
        #expect(nearestRankPercentile95([7]) == 7)
    }
}
