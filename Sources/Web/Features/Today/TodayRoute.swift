import HTTPCore

/// The addresses of the Today page (TodayPage.swift), its JSON twin and the month's checklist.
/// A step key is "emergency", "debt-<id>" or "goal-<id>".
enum TodayRoute: Equatable, Sendable {
    /// GET /today
    case page
    /// GET /api/v1/today
    case api
    /// POST /today/checklist/<key>/done: marks a step of this month's checklist done.
    case done(String)
    /// POST /today/checklist/<key>/undo: undoes it.
    case undo(String)

    /// Parses the path components after "/today", or nil.
    init?(_ parts: [String]) {
        switch parts.count {
        case 0: self = .page
        case 3 where parts[0] == "checklist" && Self.isStepKey(parts[1]):
            switch parts[2] {
            case "done": self = .done(parts[1])
            case "undo": self = .undo(parts[1])
            default: return nil
            }
        default: return nil
        }
    }

    /// Parses the components after "/api/v1/", or nil.
    init?(api parts: [String]) {
        guard parts == ["today"] else { return nil }
        self = .api
    }

    /// "emergency", "debt-<id>" or "goal-<id>" with a `Route.id`.
    static func isStepKey(_ text: String) -> Bool {
        if text == "emergency" { return true }
        for prefix in ["debt-", "goal-"] where text.hasPrefix(prefix) {
            return Route.id(String(text.dropFirst(prefix.count))) != nil
        }
        return false
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .page: "/today"
        case .api: "/api/v1/today"
        case .done(let key): "/today/checklist/\(key)/done"
        case .undo(let key): "/today/checklist/\(key)/undo"
        }
    }

    /// True for the HTML page (kept by the page cache until the data changes).
    var isCacheablePage: Bool { self == .page }

    /// One route of every case, for the round-trip test.
    static let examples: [TodayRoute] = [.page, .api, .done("emergency"), .undo("goal-12"), .done("debt-7")]
}

// MARK: - Handlers

/// Today: the day's checklist, figures and quick entry's box (TodayPage.swift).
struct TodayFeature: Handler {
    let services: Services
}

extension TodayFeature {
    /// The handler of each address under /today and /api/v1/today, by method: this family's
    /// part of the route table (`App.dispatch`, Routing.swift). Every pairing is listed, the
    /// refused ones last, so a new address that no handler answers does not compile.
    func dispatch(_ method: Method, _ route: TodayRoute, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // GET /today: the household's day (safe to spend, quick entry, due items, checklist…).
        case (.get, .page): return try todayPage(context)
        // GET /api/v1/today: the same figures as JSON.
        case (.get, .api): return try todayAPI(context)
        // POST /today/checklist/<key>/done: mark a step of this month's checklist done.
        case (.post(let form), .done(let key)): return try markChecklistDone(key, form, context)
        // POST /today/checklist/<key>/undo: undo it.
        case (.post(let form), .undo(let key)): return try undoChecklistDone(key, form, context)
        // GET /today/checklist/<key>/done|undo: only posted to; opened, it leads to Today.
        case (.get, _): return context.redirect(to: TodayRoute.page.path, flash: nil)
        // Any other method on these addresses: 405.
        case (.post, .page), (.post, .api):
            throw AppError(.methodNotAllowed)
        }
    }
}
