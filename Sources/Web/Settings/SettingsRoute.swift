/// The addresses under /settings (and the export API). Owned by the Settings feature:
/// add cases here.
enum SettingsRoute: Equatable, Sendable {
    /// GET /settings
    case page
    /// GET /settings/feedback
    case feedback
    /// GET /settings/privacy
    case privacy
    /// GET /settings/data
    case data

    /// Parses the path components after "settings" ([] for /settings itself), or nil.
    init?(_ parts: [String]) {
        switch parts {
        case []: self = .page
        case ["feedback"]: self = .feedback
        case ["privacy"]: self = .privacy
        case ["data"]: self = .data
        default: return nil
        }
    }

    /// Parses the path components after "/api/v1/" that belong to Settings (the export), or nil.
    init?(api parts: [String]) {
        return nil
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .page: "/settings"
        case .feedback: "/settings/feedback"
        case .privacy: "/settings/privacy"
        case .data: "/settings/data"
        }
    }

    /// True when a GET's HTML may be kept by the page cache until the data changes.
    var isCacheablePage: Bool {
        switch self {
        case .page, .feedback, .privacy, .data: true
        }
    }

    /// The largest POST body accepted here, in bytes (avatar 2 MB, import 50 MB).
    var bodyLimit: Int { BodyLimit.form }

    /// True when answering may take long (an import, a remote feedback POST).
    var runsLong: Bool { false }
}
