/// The addresses under /advisor. Owned by the Advisor feature: add cases here.
enum AdvisorRoute: Equatable, Sendable {
    /// GET /advisor: the conversation.
    case page

    /// Parses the path components after "advisor" ([] for /advisor itself), or nil.
    init?(_ parts: [String]) {
        switch parts {
        case []: self = .page
        default: return nil
        }
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .page: "/advisor"
        }
    }

    /// True when a GET's HTML may be kept by the page cache until the data changes.
    var isCacheablePage: Bool { self == .page }

    /// The largest POST body accepted here, in bytes.
    var bodyLimit: Int { BodyLimit.form }

    /// True when answering may take long (a remote call): answered on a worker.
    var runsLong: Bool { false }
}
