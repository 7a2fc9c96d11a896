import Testing
@testable import Web

/// Tests Sources/Web/Features/Advisor/InsightsRephrase.swift: which provider replies a rephrased card may keep.
@Suite("Insight rephrase")
struct InsightsRephraseTests {
    @Test("a plain reply of at most 600 characters is kept", arguments: [
        "You logged 6 of the last 7 days; food took $120, less than last week.",
        "Две строки.\nВторая тоже простая.",
        String(repeating: "a", count: 600),
    ])
    func kept(text: String) {
        #expect(InsightRephrase.problem(text) == nil)
    }

    @Test("empty, too long, marked-up or naming a model is refused", arguments: [
        ("  \n ", InsightRephrase.Problem.empty), (String(repeating: "a", count: 601), .long),
        ("<b>Food</b> went up", .markup), ("Food went **up**", .markup), ("# Summary\nFood went up", .markup),
        ("Items:\n- food", .markup), ("[link](https://x.example)", .markup), ("tab\u{7}bell", .markup),
        ("As a large language model I think food went up.", .markup),
    ])
    func refused(text: String, problem: InsightRephrase.Problem) {
        #expect(InsightRephrase.problem(text) == problem)
    }
}
