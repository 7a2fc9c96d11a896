/// Signing in and out, and the household passcode (AuthPages.swift).
enum AuthRoute: Equatable, Sendable {
    /// GET /login (form), POST (sign in).
    case login
    /// POST /logout: signs this browser out.
    case logout
    /// POST /logout/all: signs every browser out.
    case logoutAll
    /// GET /passcode (form), POST (set or change the passcode).
    case passcode

    /// Parses a whole path's components, or nil when they are not an auth address.
    init?(_ parts: [String]) {
        switch parts {
        case ["login"]: self = .login
        case ["logout"]: self = .logout
        case ["logout", "all"]: self = .logoutAll
        case ["passcode"]: self = .passcode
        default: return nil
        }
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .login: "/login"
        case .logout: "/logout"
        case .logoutAll: "/logout/all"
        case .passcode: "/passcode"
        }
    }

    /// One route of every case, for the round-trip test.
    static let examples: [AuthRoute] = [.login, .logout, .logoutAll, .passcode]
}
