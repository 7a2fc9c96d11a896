import Engine
import HTTPCore

/// The JSON addresses under /api/v1 (BudgetAPI.swift); /api/v1/export belongs to Settings.
enum APIRoute: Equatable, Sendable {
    /// GET /api/v1/budget: the budget's figures.
    case budget
    /// GET /api/v1/plan: the plan.
    case plan
    /// GET /api/v1/calendar/<yyyy-mm>: a month's days.
    case calendar(YearMonth)
    /// GET /api/v1/accounts: every account with its balances.
    case accounts

    /// Parses the path components after "/api/v1/", or nil.
    init?(_ parts: [String]) {
        switch parts {
        case ["budget"]: self = .budget
        case ["plan"]: self = .plan
        case ["accounts"]: self = .accounts
        default:
            guard parts.count == 2, parts[0] == "calendar", let month = YearMonth(iso: parts[1]), Limits.months.contains(month)
            else { return nil }
            self = .calendar(month)
        }
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .budget: "/api/v1/budget"
        case .plan: "/api/v1/plan"
        case .calendar(let month): "/api/v1/calendar/\(month.iso)"
        case .accounts: "/api/v1/accounts"
        }
    }

    /// One route of every case, for the round-trip test.
    static let examples: [APIRoute] = [.budget, .plan, .calendar(YearMonth(year: 1900, month: 1)!), .accounts]
}

// MARK: - Handlers

/// The JSON addresses under /api/v1 (BudgetAPI.swift, AccountsAPI.swift; the plan's is planAPI in PlanPage.swift).
struct APIFeature: Handler {
    let services: Services
}

extension APIFeature {
    /// The handler of each address under /api/v1 (budget, plan, calendar, accounts), by method: this family's
    /// part of the route table (`App.dispatch`, Routing.swift). Every pairing is listed, the
    /// refused ones last, so a new address that no handler answers does not compile.
    func dispatch(_ method: Method, _ route: APIRoute, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // GET /api/v1/budget: the budget's figures as JSON.
        case (.get, .budget): return try budgetAPI(context)
        // GET /api/v1/plan: the plan as JSON.
        case (.get, .plan): return try planAPI(context)
        // GET /api/v1/calendar/<yyyy-mm>: a month's days as JSON.
        case (.get, .calendar(let month)): return try calendarAPI(month, context)
        // GET /api/v1/accounts: every account with its balances as JSON.
        case (.get, .accounts): return try accountsAPI(context)
        // Any other method on these addresses: 405.
        case (.post, .budget), (.post, .plan), (.post, .calendar), (.post, .accounts):
            throw AppError(.methodNotAllowed)
        }
    }
}
