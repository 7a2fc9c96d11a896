import Engine
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
