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
