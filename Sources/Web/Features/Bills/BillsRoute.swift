import HTTPCore

/// The bills page, its two buttons and its JSON twin (BillsPage.swift).
enum BillsRoute: Equatable, Sendable {
    /// GET /bills: suggestions, tracked items with their watch and the totals line.
    case page
    /// POST /bills/confirm: create the recurring item of a suggestion and link its past entries.
    case confirm
    /// POST /bills/dismiss: "Not a bill".
    case dismiss
    /// GET /api/v1/bills.
    case api

    /// Parses the path components after "/bills", or nil.
    init?(_ parts: [String]) {
        switch parts {
        case []: self = .page
        case ["confirm"]: self = .confirm
        case ["dismiss"]: self = .dismiss
        default: return nil
        }
    }

    /// Parses the components after "/api/v1/", or nil.
    init?(api parts: [String]) {
        guard parts == ["bills"] else { return nil }
        self = .api
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .page: "/bills"
        case .confirm: "/bills/confirm"
        case .dismiss: "/bills/dismiss"
        case .api: "/api/v1/bills"
        }
    }

    /// One route of every case, for the round-trip test.
    static let examples: [BillsRoute] = [.page, .confirm, .dismiss, .api]
}

// MARK: - Handlers

/// Bills: the detected regular payments and their watch (BillsPage.swift).
struct BillsFeature: Handler {
    let services: Services
}

extension BillsFeature {
    /// The handler of each address under /bills and /api/v1/bills, by method: this family's
    /// part of the route table (`App.dispatch`, Routing.swift). Every pairing is listed, the
    /// refused ones last, so a new address that no handler answers does not compile.
    func dispatch(_ method: Method, _ route: BillsRoute, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // GET /bills: suggested bills, tracked ones with their watch, totals.
        case (.get, .page): return try billsPage(context)
        // POST /bills/confirm: create the recurring item and link the past entries.
        case (.post(let form), .confirm): return try submitBillConfirm(form, context)
        // POST /bills/dismiss: "Not a bill", remembered.
        case (.post(let form), .dismiss): return try submitBillDismiss(form, context)
        // GET /api/v1/bills: the same as JSON.
        case (.get, .api): return try billsAPI(context)
        // Any other method on these addresses: 405.
        case (.post, .page), (.get, .confirm), (.get, .dismiss), (.post, .api):
            throw AppError(.methodNotAllowed)
        }
    }
}
