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
