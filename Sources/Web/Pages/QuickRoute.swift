/// The addresses of quick entry (QuickPage.swift).
enum QuickRoute: Equatable, Sendable {
    /// GET /quick[?text=…&back=…]: the box, or the confirmation card(s) for `text`; POST saves them.
    case page
    /// POST /quick/undo: deletes exactly what one quick entry saved (single-use).
    case undo
    /// GET /api/v1/quick?text=…: the parse as JSON, nothing saved.
    case api

    /// Parses the path components after "quick" ([] for /quick itself), or nil.
    init?(_ parts: [String]) {
        switch parts {
        case []: self = .page
        case ["undo"]: self = .undo
        default: return nil
        }
    }

    /// Parses the components after "/api/v1/", or nil.
    init?(api parts: [String]) {
        guard parts == ["quick"] else { return nil }
        self = .api
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .page: "/quick"
        case .undo: "/quick/undo"
        case .api: "/api/v1/quick"
        }
    }

    /// One route of every case, for the round-trip test.
    static let examples: [QuickRoute] = [.page, .undo, .api]
}
