import Engine
import HTTPCore
import Storage

/// The addresses of playful saving: round-ups and hidden money (PlayfulSavingPage.swift).
enum PlayfulSavingRoute: Equatable, Sendable {
    /// GET /saving: round-ups (status, what waits, transfers with undo) and hidden money (list, total).
    case page
    /// GET, POST /saving/roundups: the round-up settings.
    case roundUps
    /// POST /saving/roundups/done: the suggested round-ups are moved (raises the goal).
    case roundUpsDone
    /// POST /saving/roundups/<id>/undo: undoes a transfer.
    case roundUpsUndo(ID<RoundUpTransfer>)
    /// GET /saving/hidden/new: the form to hide an amount; POST /saving/hidden hides it.
    case newHidden
    case hide
    /// POST /saving/hidden/<id>/reveal: asks to reveal it (effective after its delay).
    case reveal(ID<HiddenAmount>)
    /// POST /saving/hidden/<id>/cancel: cancels a reveal not yet effective.
    case cancelReveal(ID<HiddenAmount>)
    /// POST /saving/hidden/<id>/delete: removes a revealed amount from the list.
    case deleteHidden(ID<HiddenAmount>)

    /// Parses the components after "/saving", or nil.
    init?(_ parts: [String]) {
        switch parts {
        case []: self = .page
        case ["roundups"]: self = .roundUps
        case ["roundups", "done"]: self = .roundUpsDone
        case ["hidden", "new"]: self = .newHidden
        case ["hidden"]: self = .hide
        default:
            guard parts.count == 3, let id = Route.id(parts[1]) else { return nil }
            switch (parts[0], parts[2]) {
            case ("roundups", "undo"): self = .roundUpsUndo(ID(id))
            case ("hidden", "reveal"): self = .reveal(ID(id))
            case ("hidden", "cancel"): self = .cancelReveal(ID(id))
            case ("hidden", "delete"): self = .deleteHidden(ID(id))
            default: return nil
            }
        }
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .page: "/saving"
        case .roundUps: "/saving/roundups"
        case .roundUpsDone: "/saving/roundups/done"
        case .roundUpsUndo(let id): "/saving/roundups/\(id)/undo"
        case .newHidden: "/saving/hidden/new"
        case .hide: "/saving/hidden"
        case .reveal(let id): "/saving/hidden/\(id)/reveal"
        case .cancelReveal(let id): "/saving/hidden/\(id)/cancel"
        case .deleteHidden(let id): "/saving/hidden/\(id)/delete"
        }
    }

    /// One route of every case, for the round-trip test.
    static let examples: [PlayfulSavingRoute] = [.page, .roundUps, .roundUpsDone, .roundUpsUndo(4), .newHidden, .hide, .reveal(2),
                                          .cancelReveal(3), .deleteHidden(9)]
}

// MARK: - Handlers

/// Playful saving: round-ups and hidden money (PlayfulSavingPage.swift).
struct PlayfulSavingFeature: Handler {
    let services: Services
}

extension PlayfulSavingFeature {
    /// The handler of each address under /saving, by method: this family's
    /// part of the route table (`App.dispatch`, Routing.swift). Every pairing is listed, the
    /// refused ones last, so a new address that no handler answers does not compile.
    func dispatch(_ method: Method, _ route: PlayfulSavingRoute, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // Playful saving (PlayfulSavingPage.swift). GET /saving: round-ups and hidden money.
        case (.get, .page): return try savingPage(context)
        // GET, POST /saving/roundups: the round-up settings.
        case (.get, .roundUps): return try roundUpsSettingsPage(context)
        case (.post(let form), .roundUps): return try submitRoundUps(form, context)
        // POST /saving/roundups/done, /saving/roundups/<id>/undo: mark the suggested move done; undo it.
        case (.post(let form), .roundUpsDone): return try submitRoundUpsDone(form, context)
        case (.post(let form), .roundUpsUndo(let id)): return try submitRoundUpsUndo(id, form, context)
        // GET /saving/hidden/new, POST /saving/hidden: hide an amount (422 below the safety buffer).
        case (.get, .newHidden): return try newHiddenPage(context)
        case (.post(let form), .hide): return try submitHide(form, context)
        // POST /saving/hidden/<id>/reveal|cancel|delete: ask to reveal, keep hidden, remove a revealed amount.
        case (.post(let form), .reveal(let id)): return try submitHiddenAction(.reveal(id), form, context)
        case (.post(let form), .cancelReveal(let id)): return try submitHiddenAction(.cancelReveal(id), form, context)
        case (.post(let form), .deleteHidden(let id)): return try submitHiddenAction(.deleteHidden(id), form, context)
        // GET of an address only posted to: leads to /saving.
        case (.get, _): return context.redirect(to: PlayfulSavingRoute.page.path, flash: nil)
        // Any other method on these addresses: 405.
        case (.post, .page), (.post, .newHidden):
            throw AppError(.methodNotAllowed)
        }
    }
}
