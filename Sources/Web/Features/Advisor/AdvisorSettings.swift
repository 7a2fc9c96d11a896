import Advisor
import Foundation
import Storage

/// The Advisor's settings as typed values: the non-secret ones from the `setting` table
/// (keys `advisor.*`), with the defaults of docs/product-rules.md, "The Advisor", for whatever is not stored. The client
/// token and the bearer key live in the `secret` table and are read only to send them.
struct AdvisorSettings: Equatable {
    /// Setting and secret keys.
    enum Key {
        static let provider = "advisor.provider"
        static let baseURL = "advisor.baseURL"
        static let model = "advisor.model"
        static let fallbackModel = "advisor.fallbackModel"
        static let timeout = "advisor.timeoutSeconds"
        static let economy = "advisor.economy"
        static let questionLimit = "advisor.questionLimit"
        static let dailyLimit = "advisor.dailyLimit"
        static let consent = "advisor.consent"
        static let tone = "advisor.tone"
        /// Secrets (table `secret`).
        static let clientToken = "advisor.clientToken"
        static let bearerKey = "advisor.bearerKey"
    }

    /// Where answers come from.
    enum Provider: String, CaseIterable {
        case builtin, remote
    }

    static let questionLimits = 100...150
    static let dailyLimits = 1...1000
    static let timeouts = 1...120
    static let defaultModel = "gpt-4o-mini"
    static let defaultFallbackModel = "gpt-4o"

    var provider = Provider.builtin
    var baseURL = ""
    var model = defaultModel
    var fallbackModel = defaultFallbackModel
    var timeoutSeconds = 20
    var economy = false
    var questionLimit = 100
    var dailyLimit = 20
    /// The base URL the household agreed to send its summary to ("" before consent).
    var consentFor = ""
    /// How the advisor speaks (AdvisorTone.swift).
    var tone = AdvisorTone.straight

    /// The settings stored in `stored` (every key of the `setting` table).
    init(_ stored: [String: String]) {
        func int(_ key: String, _ range: ClosedRange<Int>) -> Int? { stored[key].flatMap(Int.init).flatMap { range.contains($0) ? $0 : nil } }
        provider = stored[Key.provider].flatMap(Provider.init(rawValue:)) ?? .builtin
        // A stored address the form would refuse (an old import, a hand edit) counts as unset.
        baseURL = stored[Key.baseURL].flatMap { EndpointRules.isValidAdvisorBaseURL($0) ? $0 : nil } ?? ""
        model = stored[Key.model].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultModel
        fallbackModel = stored[Key.fallbackModel].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultFallbackModel
        timeoutSeconds = int(Key.timeout, Self.timeouts) ?? 20
        economy = stored[Key.economy] == "on"
        questionLimit = int(Key.questionLimit, Self.questionLimits) ?? 100
        dailyLimit = int(Key.dailyLimit, Self.dailyLimits) ?? 20
        consentFor = stored[Key.consent] ?? ""
        tone = stored[Key.tone].flatMap(AdvisorTone.init(rawValue:)) ?? .straight
    }

    /// True when questions go to the remote endpoint (a base URL is set and chosen).
    var usesRemote: Bool { provider == .remote && !baseURL.isEmpty }

    /// True when the household agreed to send its summary to the current endpoint.
    var hasConsent: Bool { !baseURL.isEmpty && consentFor == baseURL }

    /// The most characters an ordinary answer may have (economy mode halves it).
    var answerLimit: Int { economy ? 350 : 700 }

    /// The most characters of the first check-up.
    static let checkupLimit = 1200

    /// The values to store, by setting key.
    var stored: [String: String] {
        [Key.provider: provider.rawValue, Key.baseURL: baseURL, Key.model: model, Key.fallbackModel: fallbackModel,
         Key.timeout: "\(timeoutSeconds)", Key.economy: economy ? "on" : "off", Key.questionLimit: "\(questionLimit)",
         Key.dailyLimit: "\(dailyLimit)", Key.tone: tone.rawValue]
    }

    /// "…abcd": a secret never shown back in full; nil when none is stored.
    static func masked(_ secret: String?) -> String? {
        guard let secret, !secret.isEmpty else { return nil }
        return "…" + String(secret.suffix(4))
    }

    /// The length of `text` as the browser's `maxlength` counts it (UTF-16 code units).
    static func length(_ text: String) -> Int { text.utf16.count }
}

extension Handler {
    /// The Advisor's settings as stored now.
    func advisorSettings() throws -> AdvisorSettings { AdvisorSettings(try database.settings()) }

    /// Today as the daily limit counts it: the server-local day (or the pinned `--today`).
    var advisorDay: String { today().iso }
}
