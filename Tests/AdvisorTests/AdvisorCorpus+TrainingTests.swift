import Engine
import Testing
@testable import Advisor

/// Tests Sources/Advisor/Resources/advisor-training.txt: the labelled training corpus (its size
/// per topic and language, and the split that keeps the held-out quarter out of it).
@Suite("Advisor training corpus")
struct AdvisorCorpusTrainingTests {
    @Test("the corpus has every topic in both languages, 40+ labelled questions each before the split")
    func corpusSize() {
        let all = AdvisorCorpus.trainingExamples + AdvisorCorpusTests.heldOut
        for language in Language.allCases {
            for intent in AdvisorIntent.allCases {
                let count = all.filter { $0.intent == intent && $0.language == language }.count
                #expect(count >= 34, "\(language) \(intent): \(count)")
            }
        }
        #expect(all.count >= 1400)
    }

    @Test("the held-out quarter is exactly the questions whose FNV-1a hash is 0 modulo 4, and none is trained on")
    func split() {
        let training = Set(AdvisorCorpus.trainingExamples.map(\.text))
        #expect(!AdvisorCorpusTests.heldOut.isEmpty)
        for example in AdvisorCorpusTests.heldOut {
            #expect(AdvisorCorpus.fnv1a(example.text) % 4 == 0, "\(example.text)")
            #expect(!training.contains(example.text), "\(example.text)")
        }
        for example in AdvisorCorpus.trainingExamples { #expect(AdvisorCorpus.fnv1a(example.text) % 4 != 0, "\(example.text)") }
        #expect(AdvisorCorpus.fnv1a("") == 0xcbf2_9ce4_8422_2325 && AdvisorCorpus.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
    }
}
