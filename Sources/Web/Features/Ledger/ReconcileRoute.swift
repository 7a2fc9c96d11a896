import Engine
import HTTPCore
import Storage
/// The reconcile page of an account and the transfer form (ReconcilePage.swift). They sit in
/// the /accounts family beside the account pages (AccountsRoute.swift), which own the rest
/// of /accounts; `Route(path:)` asks this enum first.
enum ReconcileRoute: Equatable, Sendable {
    /// GET /accounts/<id>/reconcile: the statement's figures, the entries to tick and the
    /// difference; POST: update the figures, save progress, finish, or add the adjustment.
    case reconcile(ID<Account>)
    /// GET /transfers/new: the transfer form; POST: write the transfer (or link the two entries
    /// already recorded for it).
    case newTransfer
    /// POST /transfers/link: link a proposed pair of entries (outflow, inflow) as one transfer.
    case linkTransfer
    /// POST /transfers/link-all: link every proposed pair of the last 90 days.
    case linkAllTransfers

    /// Parses a whole path's components (the family's first one included), or nil.
    init?(_ parts: [String]) {
        switch parts.count {
        case 2 where parts == ["transfers", "new"]:
            self = .newTransfer
        case 2 where parts == ["transfers", "link"]:
            self = .linkTransfer
        case 2 where parts == ["transfers", "link-all"]:
            self = .linkAllTransfers
        case 3 where parts[0] == "accounts" && parts[2] == "reconcile":
            guard let id = Route.id(parts[1]) else { return nil }
            self = .reconcile(ID(id))
        default:
            return nil
        }
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .reconcile(let id): "/accounts/\(id)/reconcile"
        case .newTransfer: "/transfers/new"
        case .linkTransfer: "/transfers/link"
        case .linkAllTransfers: "/transfers/link-all"
        }
    }

    /// One route of every case, for the round-trip test.
    static let examples: [ReconcileRoute] = [.reconcile(7), .newTransfer, .linkTransfer, .linkAllTransfers]
}

// MARK: - Handlers

/// Reconciliation and transfers (ReconcilePage.swift, TransferProposals.swift).
struct ReconcileFeature: Handler {
    let services: Services
}

extension ReconcileFeature {
    /// The handler of each address under /accounts/<id>/reconcile and /transfers, by method: this family's
    /// part of the route table (`App.dispatch`, Routing.swift). Every pairing is listed, the
    /// refused ones last, so a new address that no handler answers does not compile.
    func dispatch(_ method: Method, _ route: ReconcileRoute, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // GET /accounts/<id>/reconcile: the account's reconcile page.
        case (.get, .reconcile(let id)): return try reconcilePage(id, context)
        // POST /accounts/<id>/reconcile: recalculate, save progress, finish, or add the adjustment and finish.
        case (.post(let form), .reconcile(let id)): return try submitReconcile(id, form, context)
        // GET /transfers/new: the transfer form.
        case (.get, .newTransfer): return try newTransferPage(context)
        // POST /transfers/new: write the transfer's two entries.
        case (.post(let form), .newTransfer): return try submitTransfer(form, context)
        // POST /transfers/link: link a proposed outflow and inflow as one transfer.
        case (.post(let form), .linkTransfer): return try submitLinkTransfer(form, context)
        // POST /transfers/link-all: link every proposed pair of the last 90 days.
        case (.post(let form), .linkAllTransfers): return try submitLinkAllTransfers(form, context)
        // Any other method on these addresses: 405.
        case (.get, .linkTransfer), (.get, .linkAllTransfers):
            throw AppError(.methodNotAllowed)
        }
    }
}
