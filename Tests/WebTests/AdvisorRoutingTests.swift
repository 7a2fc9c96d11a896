import Engine
import Testing
@testable import Web

@Suite("Advisor routing")
struct AdvisorRoutingTests {
    @Test("the test set has at least 20 phrasings per intent and language", arguments: [Language.en, .ru])
    func testSetSize(language: Language) {
        let set = language == .en ? AdvisorPhrasings.english : AdvisorPhrasings.russian
        // The newer topics (bills, limits, forecast, challenge, imports) are measured on the corpus (AdvisorCorpusTests).
        for intent in AdvisorIntent.allCases where ![.bills, .limits, .forecast, .challenge, .imports].contains(intent) {
            #expect((set[intent]?.count ?? 0) >= 20, "\(language) \(intent)")
        }
    }

    @Test("at least 90 % of the test set is routed correctly", arguments: [Language.en, .ru])
    func accuracy(language: Language) {
        let set = language == .en ? AdvisorPhrasings.english : AdvisorPhrasings.russian
        var total = 0, correct = 0
        var misses: [String] = []
        for (intent, phrasings) in set.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            for phrasing in phrasings {
                total += 1
                let routed = AdvisorRouter.intent(of: phrasing)
                if routed == intent { correct += 1 } else { misses.append("\(phrasing) → \(routed.rawValue), expected \(intent.rawValue)") }
            }
        }
        let accuracy = Double(correct) / Double(total) * 100
        print("Advisor routing accuracy (\(language.rawValue)): \(correct)/\(total) = \(String(format: "%.1f", accuracy)) %")
        for miss in misses { print("  miss: \(miss)") }
        #expect(accuracy >= 90, "routing accuracy \(accuracy) % in \(language.rawValue)")
    }

    @Test("the question's language is read from its letters")
    func language() {
        #expect(AdvisorRouter.language(of: "Какой долг гасить первым?", fallback: .en) == .ru)
        #expect(AdvisorRouter.language(of: "Which debt first?", fallback: .ru) == .en)
        #expect(AdvisorRouter.language(of: "500?", fallback: .ru) == .ru)
    }

    @Test("amounts are read from questions", arguments: [
        ("Can I afford 300 a month?", Int64(300_00)), ("Могу ли я позволить себе 5 000 в месяц?", 5_000_00),
        ("Can I afford 1,200.50 monthly?", 1_200_50), ("Потянем ли мы 20к в месяц?", 20_000_00), ("аренда за 40 тыс", 40_000_00),
    ])
    func amounts(text: String, minor: Int64) {
        #expect(BankAmount.amount(in: text) == Money(minorUnits: minor))
    }

    @Test("answers naming a model or vendor are detected", arguments: [
        ("I am ChatGPT, made by OpenAI.", true), ("As a large language model I cannot…", true), ("Я — языковая модель.", true),
        ("I'm Claude by Anthropic", true), ("Your fund should hold three months of expenses.", false),
    ])
    func masking(text: String, masked: Bool) {
        #expect(AdvisorMask.namesModelOrVendor(text) == masked)
    }
}
