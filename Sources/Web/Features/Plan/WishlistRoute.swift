import Engine
import HTTPCore
import Storage

/// The addresses under /wishlist (WishlistPage.swift). Ids are `Route.id`s.
enum WishlistRoute: Equatable, Sendable {
    /// GET /wishlist: the list and the history of bought items; POST adds an item.
    case list
    /// GET /wishlist/new: the new item's form.
    case new
    /// GET /wishlist/<id>/edit: its form; POST saves it.
    case edit(ID<WishItem>)
    /// GET /wishlist/<id>/delete: "Delete …?"; POST deletes it.
    case delete(ID<WishItem>)
    /// POST /wishlist/<id>/bought: moves it to the history, dated today.
    case bought(ID<WishItem>)
    /// POST /wishlist/<id>/undo: brings a bought item back to the list.
    case undoBought(ID<WishItem>)

    /// Parses the path components after "wishlist" ([] for /wishlist itself), or nil.
    init?(_ parts: [String]) {
        switch parts.count {
        case 0:
            self = .list
        case 1:
            guard parts[0] == "new" else { return nil }
            self = .new
        case 2:
            guard let id = Route.id(parts[0]) else { return nil }
            switch parts[1] {
            case "edit": self = .edit(ID(id))
            case "delete": self = .delete(ID(id))
            case "bought": self = .bought(ID(id))
            case "undo": self = .undoBought(ID(id))
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .list: "/wishlist"
        case .new: "/wishlist/new"
        case .edit(let id): "/wishlist/\(id)/edit"
        case .delete(let id): "/wishlist/\(id)/delete"
        case .bought(let id): "/wishlist/\(id)/bought"
        case .undoBought(let id): "/wishlist/\(id)/undo"
        }
    }

    /// True when a GET's HTML may be kept by the page cache until the data changes.
    var isCacheablePage: Bool {
        switch self {
        case .list, .new, .edit, .delete: true
        case .bought, .undoBought: false
        }
    }

    /// One route of every case, for the round-trip test.
    static let examples: [WishlistRoute] = [.list, .new, .edit(4), .delete(999_999_999_999_999), .bought(5), .undoBought(6)]
}

// MARK: - Handlers

/// The wishlist (WishlistPage.swift).
struct WishlistFeature: Handler {
    let services: Services
}

extension WishlistFeature {
    /// The handler of each address under /wishlist, by method: this family's
    /// part of the route table (`App.dispatch`, Routing.swift). Every pairing is listed, the
    /// refused ones last, so a new address that no handler answers does not compile.
    func dispatch(_ method: Method, _ route: WishlistRoute, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // The wishlist (WishlistPage.swift). GET /wishlist: the list and the bought history; POST adds an item.
        case (.get, .list): return try wishlistPage(context)
        case (.post(let form), .list): return try submitWishItem(id: nil, form, context)
        // GET /wishlist/new: the new item's form.
        case (.get, .new): return try wishItemForm(id: nil, FormState(context.t, values: ["priority": "2"]), context)
        // GET, POST /wishlist/<id>/edit: an item's form; save it.
        case (.get, .edit(let id)): return try editWishItemPage(id, context)
        case (.post(let form), .edit(let id)): return try submitWishItem(id: id, form, context)
        // GET, POST /wishlist/<id>/delete: "Delete …?"; delete it.
        case (.get, .delete(let id)): return try deleteWishItemPage(id, context)
        case (.post(let form), .delete(let id)): return try deleteWishItem(id, form, context)
        // POST /wishlist/<id>/bought, /wishlist/<id>/undo: to the history (dated today) and back.
        case (.post(let form), .bought(let id)): return try markWishItem(id, bought: true, form, context)
        case (.post(let form), .undoBought(let id)): return try markWishItem(id, bought: false, form, context)
        // Any other method on these addresses: 405.
        case (.post, .new), (.get, .bought), (.get, .undoBought):
            throw AppError(.methodNotAllowed)
        }
    }
}
