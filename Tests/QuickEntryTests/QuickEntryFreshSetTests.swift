import Testing
@testable import QuickEntry

// Phrases written blind after the parser was tuned (Data/fresh2.tsv before the generalisation
// pass, Data/fresh3.tsv after it, measured once; Data/fresh4.tsv, a dev set written by someone who
// never saw the parser, measured before any change it drove; Data/fresh5.tsv, 160 phrases by the same
// writer, kept outside the repository while the parser changed and measured once after the last
// change; Data/fresh6.tsv, 200 phrases by a second blind writer, kept outside until measured once after
// the second round). Reported, not tuned on; the floors only catch a
// broken parser, and the figures are recorded in docs/PERFORMANCE.md.
@Suite("Quick entry fresh sets")
struct QuickEntryFreshSetTests {
    @Test func freshSetsAreReported() throws {
        for (file, floor) in [("fresh2.tsv", 70), ("fresh3.tsv", 70), ("fresh4.tsv", 70), ("fresh5.tsv", 70), ("fresh6.tsv", 70)] {
            guard let phrases = try? LabelledSet.load(file) else { continue }
            let accuracy = LabelledSet.measure(phrases)
            print("Quick entry, \(file): \(accuracy.summary)")
            for miss in accuracy.misses { print("  miss: \(miss)") }
            #expect(accuracy.allFour * 100 >= accuracy.total * floor)
        }
    }
}
