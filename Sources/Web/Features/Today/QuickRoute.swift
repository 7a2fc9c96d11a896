import HTTPCore

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

// MARK: - Handlers

/// Quick entry in plain words (QuickPage.swift).
struct QuickFeature: Handler {
    let services: Services
}

extension QuickFeature {
    /// The handler of each address under /quick and /api/v1/quick, by method: this family's
    /// part of the route table (`App.dispatch`, Routing.swift). Every pairing is listed, the
    /// refused ones last, so a new address that no handler answers does not compile.
    func dispatch(_ method: Method, _ route: QuickRoute, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // GET /quick: the box or the confirmation card(s); POST saves them (QuickPage.swift).
        case (.get, .page): return try quickPage(context)
        case (.post(let form), .page): return try submitQuick(form, context)
        // POST /quick/undo: delete exactly what one quick entry saved.
        case (.post(let form), .undo): return try undoQuick(form, context)
        // GET /api/v1/quick?text=…: the parse, nothing saved.
        case (.get, .api): return try quickAPI(context)
        // Any other method on these addresses: 405.
        case (.get, .undo), (.post, .api):
            throw AppError(.methodNotAllowed)
        }
    }
}
