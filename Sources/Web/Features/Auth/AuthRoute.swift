import HTTPCore

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

// MARK: - Handlers

/// Signing in and the passcode (AuthPages.swift): the only feature that hashes passcodes and
/// counts failed sign-ins, so it alone holds the hasher and the throttle.
struct AuthFeature: Handler {
    let services: Services
    /// Hashes passcodes one at a time (only on the long-work queue).
    let passcodeHasher: PasscodeHasher
    /// Failed sign-ins per client address.
    let loginThrottle: LoginThrottle
}

extension AuthFeature {
    /// The handler of each address under /login, /logout and /passcode, by method: this family's
    /// part of the route table (`App.dispatch`, Routing.swift). Every pairing is listed, the
    /// refused ones last, so a new address that no handler answers does not compile.
    func dispatch(_ method: Method, _ route: AuthRoute, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // GET /login: the sign-in form.
        case (.get, .login): return try loginPage(context)
        // POST /login: sign in.
        case (.post(let form), .login): return try submitLogin(form, context)
        // POST /logout: sign this browser out.
        case (.post(let form), .logout): return try signOut(everywhere: false, form, context)
        // POST /logout/all: sign every browser out.
        case (.post(let form), .logoutAll): return try signOut(everywhere: true, form, context)
        // GET /passcode: set or change the household passcode.
        case (.get, .passcode): return try passcodePage(context)
        // POST /passcode: save it.
        case (.post(let form), .passcode): return try submitPasscode(form, context)
        // Any other method on these addresses: 405.
        case (.get, .logout), (.get, .logoutAll):
            throw AppError(.methodNotAllowed)
        }
    }
}
