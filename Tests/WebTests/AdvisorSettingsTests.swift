import Testing
@testable import Web

/// Tests Sources/Web/Features/Advisor/AdvisorSettings.swift: stored settings read as typed values.
@Suite("Advisor settings")
struct AdvisorSettingsTests {
    @Test("nothing stored gives the documented defaults: built-in, no remote, 700-character answers")
    func defaults() {
        let settings = AdvisorSettings([:])
        #expect(settings.provider == .builtin && settings.baseURL == "" && !settings.usesRemote && !settings.hasConsent)
        #expect(settings.model == "gpt-4o-mini" && settings.fallbackModel == "gpt-4o")
        #expect(settings.timeoutSeconds == 20 && settings.questionLimit == 100 && settings.dailyLimit == 20)
        #expect(settings.answerLimit == 700)
    }

    @Test("stored values are read; out-of-range numbers and a base URL the form would refuse count as unset")
    func stored() {
        let settings = AdvisorSettings([
            "advisor.provider": "remote", "advisor.baseURL": "https://llm.example/v1", "advisor.consent": "https://llm.example/v1",
            "advisor.timeoutSeconds": "500", "advisor.questionLimit": "120", "advisor.dailyLimit": "0", "advisor.economy": "on",
            "advisor.model": "",
        ])
        #expect(settings.usesRemote && settings.hasConsent)
        #expect(settings.timeoutSeconds == 20, "500 s is outside 1…120")
        #expect(settings.questionLimit == 120)
        #expect(settings.dailyLimit == 20, "0 is outside 1…1000")
        #expect(settings.model == "gpt-4o-mini", "an empty model is the default")
        #expect(settings.answerLimit == 350, "economy halves the answer")
        let refused = AdvisorSettings(["advisor.provider": "remote", "advisor.baseURL": "ftp://llm.example/v1"])
        #expect(refused.baseURL == "" && !refused.usesRemote)
        #expect(AdvisorSettings(settings.stored).stored == settings.stored)
    }

    @Test("a secret is shown back only by its last four characters")
    func masked() {
        #expect(AdvisorSettings.masked("sk-1234567890abcd") == "…abcd")
        #expect(AdvisorSettings.masked("") == nil && AdvisorSettings.masked(nil) == nil)
        #expect(AdvisorSettings.length("😀a") == 3)
    }
}
