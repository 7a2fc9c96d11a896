import Advisor
import Engine
import Foundation
import Storage
import Testing
import TestSupport
@testable import Web

/// Tests Sources/Web/Features/Advisor/AdvisorPrompt.swift: the remote system prompt.
@Suite("Advisor prompt")
struct AdvisorPromptTests {
    @Test("the remote system prompt carries the tone")
    func prompt() throws {
        let (_, facts) = try AdvisorToneTests.facts()
        for tone in AdvisorTone.allCases {
            let prompt = AdvisorPrompt.system(facts, limit: 700, tone: tone)
            #expect(prompt.contains(AdvisorToneTests.text(tone, "prompt")))
            for other in AdvisorTone.allCases where other != tone { #expect(!prompt.contains(AdvisorToneTests.text(other, "prompt"))) }
        }
        #expect(AdvisorToneTests.text(.noMercy, "prompt").contains("safety buffer") && AdvisorToneTests.text(.noMercy, "prompt").contains("rent"))
    }
}
