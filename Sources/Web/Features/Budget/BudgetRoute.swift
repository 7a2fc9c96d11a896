import Engine
import HTTPCore

/// The addresses under /data: the Budget page and its forms (BudgetPage.swift, BudgetForms.swift).
enum BudgetRoute: Equatable, Sendable {
    /// GET /data: the Budget page.
    case page
    /// GET /data/<kind>/new: the form for a new item.
    case new(ItemKind)
    /// POST /data/<kind>: creates an item.
    case create(ItemKind)
    /// POST /data/<kind>/<id>: saves an item.
    case item(ItemKind, Int64)
    /// GET /data/<kind>/<id>/edit: the item's form.
    case edit(ItemKind, Int64)
    /// GET /data/<kind>/<id>/delete (confirmation), POST (delete).
    case delete(ItemKind, Int64)
    /// POST /data/undo: brings back what was just deleted.
    case undo
    /// GET /data/emergency (form), POST (save): the emergency fund.
    case emergencyFund
    /// POST /data/categories: adds a category.
    case categories
    /// POST /data/categories/<key>/delete: removes an unused category.
    case categoryDelete(String)
    /// GET /data/entry/<id>/split: an expense's split form; POST: saves it, adds a row or removes the split.
    case split(Int64)

    /// Parses the path components after "data" ([] for /data itself), or nil.
    init?(_ parts: [String]) {
        switch parts.count {
        case 0:
            self = .page
        case 1:
            switch parts[0] {
            case "undo": self = .undo
            case "emergency": self = .emergencyFund
            case "categories": self = .categories
            default:
                guard let kind = ItemKind(rawValue: parts[0]) else { return nil }
                self = .create(kind)
            }
        case 2:
            guard let kind = ItemKind(rawValue: parts[0]) else { return nil }
            if parts[1] == "new" {
                self = .new(kind)
            } else if let id = Route.id(parts[1]) {
                self = .item(kind, id)
            } else {
                return nil
            }
        case 3:
            if parts[0] == "categories", parts[2] == "delete", Route.isCategoryKey(parts[1]) {
                self = .categoryDelete(parts[1])
                return
            }
            guard let kind = ItemKind(rawValue: parts[0]), let id = Route.id(parts[1]) else { return nil }
            switch parts[2] {
            case "edit": self = .edit(kind, id)
            case "delete": self = .delete(kind, id)
            case "split" where kind == .entry: self = .split(id)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .page: "/data"
        case .new(let kind): "/data/\(kind.rawValue)/new"
        case .create(let kind): "/data/\(kind.rawValue)"
        case .item(let kind, let id): "/data/\(kind.rawValue)/\(id)"
        case .edit(let kind, let id): "/data/\(kind.rawValue)/\(id)/edit"
        case .delete(let kind, let id): "/data/\(kind.rawValue)/\(id)/delete"
        case .undo: "/data/undo"
        case .emergencyFund: "/data/emergency"
        case .categories: "/data/categories"
        case .categoryDelete(let key): "/data/categories/\(key)/delete"
        case .split(let id): "/data/entry/\(id)/split"
        }
    }

    /// True when a GET's HTML may be kept by the page cache until the data changes.
    var isCacheablePage: Bool {
        switch self {
        case .page, .new, .edit, .delete, .emergencyFund: true
        case .create, .item, .undo, .categories, .categoryDelete, .split: false
        }
    }

    /// One route of every case, for the round-trip test.
    static let examples: [BudgetRoute] = [
        .page, .new(.income), .create(.expense), .item(.debt, 7), .edit(.goal, 12), .delete(.entry, 999_999_999_999_999),
        .undo, .emergencyFund, .categories, .categoryDelete("pets-2"), .split(42),
    ]
}

// MARK: - Links from typed ids

// The path's <kind> decides which table <id> is a row of, so the cases above keep the raw
// id and the handlers type it once, in their switch over the kind (`ItemForms`). Links are
// printed from typed ids through these, so a goal's id can only make a goal's address.
extension BudgetRoute {
    /// The edit form of a recurring income or expense.
    static func edit(_ item: RecurringItem) -> BudgetRoute { .edit(ItemKind(item.kind), item.id.rawValue) }
    /// The edit form of an entry.
    static func edit(_ id: ID<Entry>) -> BudgetRoute { .edit(.entry, id.rawValue) }
    /// The split form of an expense entry.
    static func splitForm(_ id: ID<Entry>) -> BudgetRoute { .split(id.rawValue) }
    /// The edit form of a debt.
    static func edit(_ id: ID<Debt>) -> BudgetRoute { .edit(.debt, id.rawValue) }
    /// The edit form of a goal.
    static func edit(_ id: ID<Goal>) -> BudgetRoute { .edit(.goal, id.rawValue) }
    /// "Delete …?" for a recurring income or expense.
    static func delete(_ item: RecurringItem) -> BudgetRoute { .delete(ItemKind(item.kind), item.id.rawValue) }
    /// "Delete …?" for an entry.
    static func delete(_ id: ID<Entry>) -> BudgetRoute { .delete(.entry, id.rawValue) }
    /// "Delete …?" for a debt.
    static func delete(_ id: ID<Debt>) -> BudgetRoute { .delete(.debt, id.rawValue) }
    /// "Delete …?" for a goal.
    static func delete(_ id: ID<Goal>) -> BudgetRoute { .delete(.goal, id.rawValue) }
}

extension ItemKind {
    /// The kind of a recurring item's form: income or expense.
    init(_ kind: FlowKind) { self = kind == .income ? .income : .expense }
}

// MARK: - Handlers

/// The Budget page at /data: the month's figures and items, their forms, undo, and an entry's split (BudgetPage.swift, BudgetForms.swift, EntrySplitPage.swift).
struct BudgetFeature: Handler {
    let services: Services
}

extension BudgetFeature {
    /// The handler of each address under /data, by method: this family's
    /// part of the route table (`App.dispatch`, Routing.swift). Every pairing is listed, the
    /// refused ones last, so a new address that no handler answers does not compile.
    func dispatch(_ method: Method, _ route: BudgetRoute, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // GET /data: the Budget page.
        case (.get, .page): return try budgetPage(context)
        // GET /data/<kind>/new: the form for a new income, expense, entry, debt or goal.
        case (.get, .new(let kind)): return try newItemPage(kind, context)
        // POST /data/<kind>: create it.
        case (.post(let form), .create(let kind)): return try submitItem(kind, id: nil, form, context)
        // GET /data/<kind>/<id>/edit: its form.
        case (.get, .edit(let kind, let id)): return try editItemPage(kind, id, context)
        // POST /data/<kind>/<id>: save it.
        case (.post(let form), .item(let kind, let id)): return try submitItem(kind, id: id, form, context)
        // GET /data/<kind>/<id>/delete: "Delete …?"
        case (.get, .delete(let kind, let id)): return try deleteItemPage(kind, id, context)
        // POST /data/<kind>/<id>/delete: delete it (undo stays possible for 10 minutes).
        case (.post(let form), .delete(let kind, let id)): return try deleteItem(kind, id, form, context)
        // POST /data/undo: bring back what was just deleted.
        case (.post(let form), .undo): return try undoDelete(form, context)
        // GET /data/emergency: the emergency fund's form.
        case (.get, .emergencyFund): return try emergencyPage(context)
        // POST /data/emergency: save it.
        case (.post(let form), .emergencyFund): return try submitEmergency(form, context)
        // POST /data/categories: add a category.
        case (.post(let form), .categories): return try addCategory(form, context)
        // POST /data/categories/<key>/delete: remove an unused one.
        case (.post(let form), .categoryDelete(let key)): return try removeCategory(key, form, context)
        // GET /data/entry/<id>/split: an expense's split form (EntrySplitPage.swift)
        case (.get, .split(let id)): return try splitPage(ID(id), context)
        // POST /data/entry/<id>/split: save the split, add a row, or remove the split
        case (.post(let form), .split(let id)): return try submitSplit(ID(id), form, context)
        // Any other method on these addresses: 405.
        case (.post, .page), (.post, .new), (.get, .create), (.get, .item), (.post, .edit), (.get, .undo),
             (.get, .categories), (.get, .categoryDelete):
            throw AppError(.methodNotAllowed)
        }
    }
}
