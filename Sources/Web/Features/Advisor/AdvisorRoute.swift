import HTTPCore

/// The addresses under /advisor. Owned by the Advisor feature.
enum AdvisorRoute: Equatable, Sendable {
    /// GET /advisor: the conversation.
    case page
    /// POST /advisor/ask: a question (or the check-up); may call the remote provider.
    case ask
    /// GET /advisor/consent?q=…: exactly what the remote provider would receive.
    case consent
    /// POST /advisor/reset: "Reset dialog".
    case reset
    /// GET /advisor/delete (confirmation), POST: "Delete all advisor history".
    case delete
    /// GET /advisor/settings (form), POST (save).
    case settings
    /// POST /advisor/settings/reset-count: "Reset today's count".
    case resetCount

    /// Parses the path components after "advisor" ([] for /advisor itself), or nil.
    init?(_ parts: [String]) {
        switch parts {
        case []: self = .page
        case ["ask"]: self = .ask
        case ["consent"]: self = .consent
        case ["reset"]: self = .reset
        case ["delete"]: self = .delete
        case ["settings"]: self = .settings
        case ["settings", "reset-count"]: self = .resetCount
        default: return nil
        }
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .page: "/advisor"
        case .ask: "/advisor/ask"
        case .consent: "/advisor/consent"
        case .reset: "/advisor/reset"
        case .delete: "/advisor/delete"
        case .settings: "/advisor/settings"
        case .resetCount: "/advisor/settings/reset-count"
        }
    }

    /// True when a GET's HTML may be kept by the page cache until the data changes
    /// (everything the conversation page shows is in the database, keyed by its version).
    var isCacheablePage: Bool { self == .page }

    /// The largest POST body accepted here, in bytes.
    var bodyLimit: Int { BodyLimit.form }

    /// True when answering may take long (a remote call): answered on a worker.
    var runsLong: Bool { self == .ask }

    /// One route of every case, for the round-trip test.
    static let examples: [AdvisorRoute] = [.page, .ask, .consent, .reset, .delete, .settings, .resetCount]
}

// MARK: - Handlers

/// The Advisor: the conversation and its settings (AdvisorPage.swift, AdvisorSettingsPage.swift),
/// its actions (AdvisorActionsRoute.swift) and the remote provider's calls (AdvisorProviderRoute.swift),
/// one feature for the three families, which share the conversation, the facts and the provider.
struct AdvisorFeature: Handler {
    let services: Services
}

extension AdvisorFeature {
    /// The handler of each address under /advisor, by method: this family's
    /// part of the route table (`App.dispatch`, Routing.swift). Every pairing is listed, the
    /// refused ones last, so a new address that no handler answers does not compile.
    func dispatch(_ method: Method, _ route: AdvisorRoute, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // GET /advisor: the conversation.
        case (.get, .page): return try advisorPage(context, question: try advisorPrefill(context))
        // POST /advisor/ask: a question or the check-up (may call the remote provider).
        case (.post(let form), .ask): return try askAdvisor(form, context)
        // GET /advisor/consent?q=…: exactly what the remote provider would receive.
        case (.get, .consent): return try consentPage(context)
        // POST /advisor/reset: "Reset dialog".
        case (.post(let form), .reset): return try resetAdvisorDialog(form, context)
        // GET /advisor/delete: "Delete all advisor history?"
        case (.get, .delete): return try advisorDeletePage(context)
        // POST /advisor/delete: delete it.
        case (.post(let form), .delete): return try deleteAdvisorHistory(form, context)
        // GET /advisor/settings: the Advisor's settings.
        case (.get, .settings): return try advisorSettingsPage(context)
        // POST /advisor/settings: save them.
        case (.post(let form), .settings): return try saveAdvisorSettings(form, context)
        // POST /advisor/settings/reset-count: "Reset today's count".
        case (.post(let form), .resetCount): return try resetAdvisorCount(form, context)
        // Any other method on these addresses: 405.
        case (.post, .page), (.get, .ask), (.post, .consent), (.get, .reset), (.get, .resetCount):
            throw AppError(.methodNotAllowed)
        }
    }
}
