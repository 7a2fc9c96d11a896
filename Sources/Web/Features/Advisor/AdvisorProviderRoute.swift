import HTTPCore

/// The remote provider's addresses under /advisor: the connection test (AdvisorProviderPage.swift)
/// and the streamed answer (AdvisorStreamPage.swift). Parsed after `AdvisorRoute` and `AdvisorActionsRoute`.
enum AdvisorProviderRoute: Equatable, Sendable {
    /// POST /advisor/settings/test: "Test connection" (CSRF + single-use form token); 303 to the settings.
    case test
    /// POST /advisor/stream: the question form, answered as a text/event-stream (AdvisorStreamPage.swift).
    case stream
    /// POST /advisor/insights/rephrase: an insight card rephrased by the provider (InsightsRephrase.swift).
    case rephraseInsight

    /// Parses the path components after "advisor", or nil.
    init?(_ parts: [String]) {
        switch parts {
        case ["settings", "test"]: self = .test
        case ["stream"]: self = .stream
        case ["insights", "rephrase"]: self = .rephraseInsight
        default: return nil
        }
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .test: "/advisor/settings/test"
        case .stream: "/advisor/stream"
        case .rephraseInsight: "/advisor/insights/rephrase"
        }
    }

    /// One route of every case, for the round-trip test.
    static let examples: [AdvisorProviderRoute] = [.test, .stream, .rephraseInsight]
}

extension AdvisorFeature {
    /// The handler of each address under /advisor/settings/test, /advisor/stream and /advisor/insights, by method: this family's
    /// part of the route table (`App.dispatch`, Routing.swift). Every pairing is listed, the
    /// refused ones last, so a new address that no handler answers does not compile.
    func dispatch(_ method: Method, _ route: AdvisorProviderRoute, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // POST /advisor/settings/test: "Test connection" with the saved provider settings.
        case (.post(let form), .test): return try testAdvisorConnection(form, context)
        // POST /advisor/stream: the question, answered as server-sent events (Public/advisor-stream.js).
        case (.post(let form), .stream): return try streamAdvisorAnswer(form, context)
        case (.post(let form), .rephraseInsight): return try rephraseInsight(form, context)
        // Any other method on these addresses: 405.
        case (.get, .test), (.get, .stream), (.get, .rephraseInsight):
            throw AppError(.methodNotAllowed)
        }
    }
}
