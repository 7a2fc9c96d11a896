import HTTPCore

/// The ledger's addresses: the page, its bulk actions and its JSON twin (TransactionsPage.swift).
/// The filters travel as query parameters (`TransactionsQuery`), so the path stays these three.
enum TransactionsRoute: Equatable, Sendable {
    /// GET /transactions[?q=…&amount=…&account=…&category=…&kind=…&status=…&from=…&to=…&before|after=…]
    case page
    /// POST /transactions/bulk: recategorise, assign to an account or delete the ticked entries.
    case bulk
    /// GET /api/v1/transactions with the page's parameters.
    case api

    /// Parses the path components after "/transactions", or nil.
    init?(_ parts: [String]) {
        switch parts {
        case []: self = .page
        case ["bulk"]: self = .bulk
        default: return nil
        }
    }

    /// Parses the components after "/api/v1/", or nil.
    init?(api parts: [String]) {
        guard parts == ["transactions"] else { return nil }
        self = .api
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .page: "/transactions"
        case .bulk: "/transactions/bulk"
        case .api: "/api/v1/transactions"
        }
    }

    /// True for the HTML page (kept by the page cache per full query).
    var isCacheablePage: Bool { self == .page }

    /// One route of every case, for the round-trip test.
    static let examples: [TransactionsRoute] = [.page, .bulk, .api]
}

// MARK: - Handlers

/// The ledger's transactions: search, filters, bulk actions (TransactionsPage.swift).
struct TransactionsFeature: Handler {
    let services: Services
}

extension TransactionsFeature {
    /// The handler of each address under /transactions and /api/v1/transactions, by method: this family's
    /// part of the route table (`App.dispatch`, Routing.swift). Every pairing is listed, the
    /// refused ones last, so a new address that no handler answers does not compile.
    func dispatch(_ method: Method, _ route: TransactionsRoute, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // GET /transactions: the ledger, filtered by its query, 50 entries a page.
        case (.get, .page): return try transactionsPage(context)
        // POST /transactions/bulk: recategorise, assign an account or delete the ticked entries.
        case (.post(let form), .bulk): return try submitBulk(form, context)
        // GET /api/v1/transactions: the ledger's page as JSON.
        case (.get, .api): return try transactionsAPI(context)
        // Any other method on these addresses: 405.
        case (.post, .page), (.get, .bulk), (.post, .api):
            throw AppError(.methodNotAllowed)
        }
    }
}
