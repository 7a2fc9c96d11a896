import Mustache

// MARK: - View models of the Advisor's pages

/// The conversation page.
struct AdvisorPageView: ViewModel {
    /// Where Public/advisor-stream.js posts the question (nil when answers are not remote: no streaming).
    var streamAction: String?
    var isEmptyHousehold = false
    var messages: [AdvisorMessageView] = []
    var today = ""
    var limitReached = false
    var maxLength = 100
    var lengthHint = ""
    var counter = ""
    var question = ""
    var error: String?
    var provider = ""
    var consentNote = false
    var firstIsCheckup = true
    var chips: [String] = []
    /// The week's and month's insight cards (InsightsViews.swift), and the action log's address.
    var insights: InsightsView?
    var actionsHref = AdvisorActionsRoute.log.path

    var hasMessages: Bool { !messages.isEmpty }
}

/// One message of the conversation.
struct AdvisorMessageView: ViewModel {
    var role: String
    var label: String
    var text: String
    /// The text as runs and links (links only in the built-in advisor's answers).
    var parts: [AdvisorTextPart]
    /// Buttons that ask a question (a clarifying answer's), under the text.
    var asks: [AdvisorAskView] = []
    var hasAsks: Bool { !asks.isEmpty }
    var time: String
    var meta: String?
    var isLast = false
}

/// A button under an answer that asks `question`.
struct AdvisorAskView: ViewModel {
    var label: String
    var question: String
}

/// The consent page: exactly what the remote provider receives.
struct AdvisorConsentView: ViewModel {
    var endpoint: String
    var model: String
    var modelLabel: String
    var headers: String
    var systemPrompt: String
    var question: String
    var hasQuestion: Bool
}

/// The Advisor's settings form.
struct AdvisorSettingsView: ViewModel {
    var fields: [FieldView]
    var secrets: [SecretFieldView]
    var hasErrors: Bool
    var today: String
    /// "Test connection" and the usage tables (AdvisorProviderPage.swift).
    var provider = ProviderPanelView(days: [], months: [])

    var errors: [ErrorLink] {
        ErrorLink.summary(fields) + secrets.compactMap { secret in secret.error.map { ErrorLink(field: secret.name, text: secret.label + ": " + $0) } }
    }
    /// The tone, first and with its own Save beside it; the remote provider's fields follow.
    var toneField: FieldView? { fields.first { $0.name == "tone" } }
    var providerFields: [FieldView] { fields.filter { $0.name != "tone" } }
}

/// A secret's field: never shown back, only "…last 4" when one is stored.
struct SecretFieldView: ViewModel {
    var name: String
    var label: String
    var stored: String?
    var hint: String
    var removeLabel: String
    var error: String?

    var id: String { "field-" + name }
}
