import HTTPCore

/// The addresses under /plan (PlanPage.swift).
enum PlanRoute: Equatable, Sendable {
    /// GET /plan: the plan (query: schedule, chart months).
    case page
    /// POST /plan/recalculate: recomputes the plan now.
    case recalculate

    /// Parses the path components after "plan" ([] for /plan itself), or nil.
    init?(_ parts: [String]) {
        switch parts {
        case []: self = .page
        case ["recalculate"]: self = .recalculate
        default: return nil
        }
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .page: "/plan"
        case .recalculate: "/plan/recalculate"
        }
    }

    /// True when a GET's HTML may be kept by the page cache until the data changes.
    var isCacheablePage: Bool { self == .page }

    /// One route of every case, for the round-trip test.
    static let examples: [PlanRoute] = [.page, .recalculate]
}

// MARK: - Handlers

/// The plan: payoff, goals, charts (PlanPage.swift).
struct PlanFeature: Handler {
    let services: Services
}

extension PlanFeature {
    /// The handler of each address under /plan, by method: this family's
    /// part of the route table (`App.dispatch`, Routing.swift). Every pairing is listed, the
    /// refused ones last, so a new address that no handler answers does not compile.
    func dispatch(_ method: Method, _ route: PlanRoute, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // GET /plan: the plan.
        case (.get, .page): return try planPage(context)
        // POST /plan/recalculate: recompute it now.
        case (.post(let form), .recalculate): return try recalculatePlan(form, context)
        // Any other method on these addresses: 405.
        case (.post, .page), (.get, .recalculate):
            throw AppError(.methodNotAllowed)
        }
    }
}
