import Engine
import HTTPCore
import Storage

/// The addresses under /accounts (AccountsPage.swift). Ids are `Route.id`s.
enum AccountsRoute: Equatable, Sendable {
    /// GET /accounts: the list with balances and net worth; POST creates an account.
    case list
    /// GET /accounts/new: the new account's form.
    case new
    /// GET /accounts/<id>[?before=<yyyy-mm-dd>&id=<entry>]: its balance and entries, newest first.
    case account(ID<Account>)
    /// GET /accounts/<id>/edit: its form; POST saves it.
    case edit(ID<Account>)
    /// POST /accounts/<id>/close: closes it.
    case close(ID<Account>)
    /// POST /accounts/<id>/reopen: reopens it.
    case reopen(ID<Account>)
    /// GET /accounts/<id>/delete: "Delete …?" (or "close it instead"); POST deletes it.
    case delete(ID<Account>)

    /// The ledger's entries without an account (the /transactions page prints this address).
    static let entriesWithoutAccountHref = Route.transactions(.page).path + "?account=none"

    /// Parses the path components after "accounts" ([] for /accounts itself), or nil.
    init?(_ parts: [String]) {
        switch parts.count {
        case 0:
            self = .list
        case 1:
            if parts[0] == "new" { self = .new; return }
            guard let id = Route.id(parts[0]) else { return nil }
            self = .account(ID(id))
        case 2:
            guard let id = Route.id(parts[0]) else { return nil }
            switch parts[1] {
            case "edit": self = .edit(ID(id))
            case "close": self = .close(ID(id))
            case "reopen": self = .reopen(ID(id))
            case "delete": self = .delete(ID(id))
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .list: "/accounts"
        case .new: "/accounts/new"
        case .account(let id): "/accounts/\(id)"
        case .edit(let id): "/accounts/\(id)/edit"
        case .close(let id): "/accounts/\(id)/close"
        case .reopen(let id): "/accounts/\(id)/reopen"
        case .delete(let id): "/accounts/\(id)/delete"
        }
    }

    /// True when a GET's HTML may be kept by the page cache until the data changes.
    var isCacheablePage: Bool {
        switch self {
        case .list, .new, .account, .edit, .delete: true
        case .close, .reopen: false
        }
    }

    /// One route of every case, for the round-trip test.
    static let examples: [AccountsRoute] = [.list, .new, .account(1), .edit(22), .close(3), .reopen(999_999_999_999_999), .delete(5)]
}

// MARK: - Handlers

/// Accounts and their balances (AccountsPage.swift).
struct AccountsFeature: Handler {
    let services: Services
}

extension AccountsFeature {
    /// The handler of each address under /accounts, by method: this family's
    /// part of the route table (`App.dispatch`, Routing.swift). Every pairing is listed, the
    /// refused ones last, so a new address that no handler answers does not compile.
    func dispatch(_ method: Method, _ route: AccountsRoute, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // GET /accounts: the accounts, their balances and net worth.
        case (.get, .list): return try accountsPage(context)
        // POST /accounts: create an account.
        case (.post(let form), .list): return try submitAccount(id: nil, form, context)
        // GET /accounts/new: the new account's form.
        case (.get, .new): return try newAccountPage(context)
        // GET /accounts/<id>: its balance and entries with a running balance.
        case (.get, .account(let id)): return try accountPage(id, context)
        // GET /accounts/<id>/edit: its form.
        case (.get, .edit(let id)): return try editAccountPage(id, context)
        // POST /accounts/<id>/edit: save it.
        case (.post(let form), .edit(let id)): return try submitAccount(id: id, form, context)
        // POST /accounts/<id>/close: close it.
        case (.post(let form), .close(let id)): return try closeAccount(id, closed: true, form, context)
        // POST /accounts/<id>/reopen: reopen it.
        case (.post(let form), .reopen(let id)): return try closeAccount(id, closed: false, form, context)
        // GET /accounts/<id>/delete: "Delete …?", or "close it instead" while entries belong to it.
        case (.get, .delete(let id)): return try deleteAccountPage(id, context)
        // POST /accounts/<id>/delete: delete it (undo stays possible for 10 minutes).
        case (.post(let form), .delete(let id)): return try deleteAccount(id, form, context)
        // Any other method on these addresses: 405.
        case (.post, .new), (.post, .account), (.get, .close), (.get, .reopen):
            throw AppError(.methodNotAllowed)
        }
    }
}
