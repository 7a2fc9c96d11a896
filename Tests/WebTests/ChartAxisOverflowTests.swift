import Engine
import Testing
@testable import Web

// The chart axis at clamped figures of both signs: no trap, labels in one format.
@Suite("Chart axis at the 64-bit ends")
struct ChartAxisOverflowTests {
    static let ranges: [[Int64]] = [[.min, .max], [.min, 0], [0, .max], [-1, .max], [.min, 1],
                                    [-92_233_720_368_547_758, 92_233_720_368_547_758]]

    @Test("ticks and labels never trap", arguments: ranges)
    func extremes(range: [Int64]) {
        let (minimum, maximum) = (range[0], range[1])
        let ticks = ChartAxis.ticks(minimum: minimum, maximum: maximum)
        #expect(ticks.lower <= min(0, minimum) && ticks.upper >= max(0, maximum))
        for language in Language.allCases {
            let labels = ChartAxis.labels(ticks, language)
            #expect(labels.count == ticks.values.count)
            #expect(labels.allSatisfy { !$0.isEmpty })
        }
    }
}
