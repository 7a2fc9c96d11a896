import Foundation
import Storage

// Where the household's summary, secrets and feedback may go.
//
// Only the forms decide an endpoint: an import never takes the Advisor's provider, base
// URL or consent, nor the feedback URL (it keeps the household's current values), and a
// stored value that fails the forms' rules counts as unset. The client token and the
// bearer key are bound to the base URL they were typed for: when the base URL changes by
// any path they are dropped (and consent is asked again), and until then they are never
// sent anywhere else.

// MARK: - URL rules (shared by the forms and every read)

public enum EndpointRules {
    /// The Advisor form's rule: http(s), a host, ≤ 300 characters, no spaces or control characters.
    static func isValidAdvisorBaseURL(_ text: String) -> Bool {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false
        else { return false }
        return text.count <= 300 && !text.contains(where: \.isWhitespace) && !FormState.hasControlCharacters(text)
    }

    /// The feedback form's rule: http(s), a host, ≤ 2000 characters, no spaces or control characters.
    static func isValidFeedbackURL(_ text: String) -> Bool {
        let parsed = URLComponents(string: text)
        return text.count <= 2000 && ["http", "https"].contains(parsed?.scheme?.lowercased() ?? "")
            && !(parsed?.host ?? "").isEmpty && !text.contains(where: \.isWhitespace) && !FormState.hasControlCharacters(text)
    }

    /// Setting keys that name where data goes, what the household agreed to, or who can reach
    /// the server: an import and a restore keep the current values of these, whatever the file
    /// says (a restored file with homeNetwork=on must not open the server to the network by itself).
    public static let importKeepsSettings: Set<String> = [
        AdvisorSettings.Key.provider, AdvisorSettings.Key.baseURL, AdvisorSettings.Key.consent,
        HouseholdSettings.Key.feedbackURL, HouseholdSettings.Key.homeNetwork,
    ]
}

// MARK: - Secrets bound to their endpoint

extension AdvisorSettings.Key {
    /// Secret: the base URL the client token and bearer key were typed for.
    static let secretsEndpoint = "advisor.secretsEndpoint"
}

extension AdvisorFeature {
    /// The client token and bearer key when they were typed for the current base URL; nil
    /// for either otherwise (they are never sent to another endpoint). Secrets bound to
    /// another base URL (changed by some path other than the form) are dropped here.
    func boundAdvisorSecrets(_ settings: AdvisorSettings) throws -> (clientToken: String?, bearerKey: String?) {
        let endpoint = try database.secret(AdvisorSettings.Key.secretsEndpoint)
        guard !settings.baseURL.isEmpty, endpoint == settings.baseURL else {
            if endpoint != nil && !settings.baseURL.isEmpty {
                for key in [AdvisorSettings.Key.clientToken, AdvisorSettings.Key.bearerKey, AdvisorSettings.Key.secretsEndpoint] {
                    try database.setSecret(key, nil)
                }
            }
            return (nil, nil)
        }
        return (try database.secret(AdvisorSettings.Key.clientToken), try database.secret(AdvisorSettings.Key.bearerKey))
    }

    /// Installs from before the binding: secrets stored without one are bound to the base
    /// URL stored now (the one the household last saved). Run once at start.
    func bindLegacyAdvisorSecrets() throws {
        guard try database.secret(AdvisorSettings.Key.secretsEndpoint) == nil else { return }
        let hasSecret = try database.secret(AdvisorSettings.Key.clientToken) != nil || database.secret(AdvisorSettings.Key.bearerKey) != nil
        let baseURL = try advisorSettings().baseURL
        guard hasSecret, !baseURL.isEmpty else { return }
        try database.setSecret(AdvisorSettings.Key.secretsEndpoint, baseURL)
    }
}
