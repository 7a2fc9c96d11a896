import Engine
import HTTPCore

/// The addresses under /limits (LimitsPage.swift) and GET /api/v1/limits. Ids are `Route.id`s.
enum LimitsRoute: Equatable, Sendable {
    /// GET /limits: every limit with its progress; POST creates a limit.
    case list
    /// GET /limits/new[?category=<key>]: the new limit's form.
    case new
    /// GET /limits/<id>/edit: its form; POST saves it.
    case edit(ID<CategoryLimit>)
    /// GET /limits/<id>/delete: "Delete …?"; POST deletes it.
    case delete(ID<CategoryLimit>)
    /// POST /limits/dismiss: hides one banner (category, period, start, level).
    case dismiss
    /// GET /api/v1/limits: every limit's progress as JSON.
    case api

    /// Parses the path components after "limits" ([] for /limits itself), or nil.
    init?(_ parts: [String]) {
        switch parts.count {
        case 0:
            self = .list
        case 1:
            switch parts[0] {
            case "new": self = .new
            case "dismiss": self = .dismiss
            default: return nil
            }
        case 2:
            guard let id = Route.id(parts[0]) else { return nil }
            switch parts[1] {
            case "edit": self = .edit(ID(id))
            case "delete": self = .delete(ID(id))
            default: return nil
            }
        default:
            return nil
        }
    }

    /// Parses the components after "/api/v1/", or nil.
    init?(api parts: [String]) {
        guard parts == ["limits"] else { return nil }
        self = .api
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .list: "/limits"
        case .new: "/limits/new"
        case .edit(let id): "/limits/\(id)/edit"
        case .delete(let id): "/limits/\(id)/delete"
        case .dismiss: "/limits/dismiss"
        case .api: "/api/v1/limits"
        }
    }

    /// True when a GET's HTML may be kept by the page cache until the data changes.
    var isCacheablePage: Bool {
        switch self {
        case .list, .new, .edit, .delete: true
        case .dismiss, .api: false
        }
    }

    /// One route of every case, for the round-trip test.
    static let examples: [LimitsRoute] = [.list, .new, .edit(7), .delete(999_999_999_999_999), .dismiss, .api]
}

// MARK: - Handlers

/// Category limits (LimitsPage.swift; the notes after a write that touches many entries in LimitsAfterWrites.swift).
struct LimitsFeature: Handler {
    let services: Services
}

extension LimitsFeature {
    /// The handler of each address under /limits and /api/v1/limits, by method: this family's
    /// part of the route table (`App.dispatch`, Routing.swift). Every pairing is listed, the
    /// refused ones last, so a new address that no handler answers does not compile.
    func dispatch(_ method: Method, _ route: LimitsRoute, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // Category limits (LimitsPage.swift).
        case (.get, .list): return try limitsPage(context)
        case (.post(let form), .list): return try submitLimit(id: nil, form, context)
        case (.get, .new): return try newLimitPage(context)
        case (.get, .edit(let id)): return try editLimitPage(id, context)
        case (.post(let form), .edit(let id)): return try submitLimit(id: id, form, context)
        case (.get, .delete(let id)): return try deleteLimitPage(id, context)
        case (.post(let form), .delete(let id)): return try deleteLimit(id, form, context)
        case (.post(let form), .dismiss): return try dismissLimitBanner(form, context)
        case (.get, .api): return try limitsAPI(context)
        // Any other method on these addresses: 405.
        case (.post, .new), (.get, .dismiss), (.post, .api):
            throw AppError(.methodNotAllowed)
        }
    }
}
