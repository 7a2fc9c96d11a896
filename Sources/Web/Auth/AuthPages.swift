import Foundation
import HTTPCore
import Storage

// Routes:
//   GET  /login        the sign-in form (303 away when no sign-in is needed)
//   POST /login        check the passcode: 303 to `next` with a session cookie, 422 wrong
//                      passcode, 429 locked out (runs on the long-work queue)
//   POST /logout       sign this browser out
//   POST /logout/all   sign every browser out
//   GET  /passcode     set the first passcode, or change it; sign-out buttons
//   POST /passcode     set or change it: 303 with a flash, 422 with messages, 429 locked out
//                      (runs on the long-work queue)
// Bound to loopback no sign-in is needed. Bound elsewhere (`passcodeRequired`), every
// other page first needs a passcode to exist, then a signed-in session (`checkSignIn`).

extension App {
    // MARK: - The gate every request passes

    /// Binds a live session cookie to `context`; then, when a passcode is required, the
    /// answer that replaces the page: 303 to /passcode until one exists, 303 to /login (or
    /// 401 for a POST or the API) without a session. Nil lets the request through.
    func checkSignIn(_ route: Route, _ context: inout RequestContext) throws -> Response? {
        if let token = context.cookies[RequestContext.sessionCookie], !token.isEmpty {
            if Tokens.wellFormed(token), try sessionIsLive(token, &context) {
                context.bindSession(token)
            } else {
                context.setCookies.append(sessionCookie(""))
            }
        }
        guard configuration.passcodeRequired, !route.isPublic else { return nil }
        let isRead = context.request.method != "POST"
        guard try database.hasPasscode() else {
            if route == .passcode { return nil }
            if isRead { return context.redirect(to: Route.passcode.path, flash: nil) }
            throw HTTPError(status: 403, message: context.t["auth_set_passcode_first"])
        }
        if context.session != nil { return nil }
        if isRead && !context.request.rawPath.hasPrefix("/api/") {
            let here = context.request.rawPath + (context.request.rawQuery.isEmpty ? "" : "?" + context.request.rawQuery)
            let next = Self.localPath(here).map { "?next=" + FormEncoding.encode($0) } ?? ""
            return context.redirect(to: Route.login.path + next, flash: nil)
        }
        throw HTTPError(status: 401)
    }

    /// True when `token` names a session seen within 30 days; refreshes its "last seen"
    /// (and the cookie) at most hourly, and removes it once expired.
    private func sessionIsLive(_ token: String, _ context: inout RequestContext) throws -> Bool {
        let hash = SessionTokens.hash(token)
        guard let lastSeen = try database.sessionLastSeen(tokenHash: hash) else { return false }
        let now = clock()
        let idle = now.timeIntervalSince(lastSeen)
        if idle > SessionTokens.idleLifetime {
            try database.deleteSession(tokenHash: hash)
            return false
        }
        if idle > SessionTokens.touchInterval {
            guard try database.touchSession(tokenHash: hash, now: now,
                                            expiredBefore: now.addingTimeInterval(-SessionTokens.idleLifetime))
            else { return false }
            context.setCookies.append(sessionCookie(token))
        }
        return true
    }

    /// The Set-Cookie value carrying `token` (empty: deleting the cookie).
    func sessionCookie(_ token: String) -> String {
        Cookies.setCookie(name: RequestContext.sessionCookie, value: token,
                          maxAge: token.isEmpty ? 0 : Int(SessionTokens.idleLifetime), httpOnly: true,
                          sameSite: "Strict", secure: configuration.secureCookies)
    }

    // MARK: - Signing in and out

    /// The sign-in form, or a 303 when there is nothing to sign in to (or already signed in).
    func loginPage(_ context: RequestContext, next: String? = nil, status: Int = 200, error: String? = nil) throws -> Response {
        let next = next ?? context.query["next"].flatMap(Self.localPath) ?? Route.data.path
        guard try database.hasPasscode() else {
            return context.redirect(to: configuration.passcodeRequired ? Route.passcode.path : next, flash: nil)
        }
        if status == 200 && (context.session != nil || !configuration.passcodeRequired) {
            return context.redirect(to: next, flash: nil)
        }
        let t = context.t
        return try page(.login, nil, context, LoginPageView(next: next, error: error), title: t["login_title"],
                        status: status)
    }

    /// Checks the posted passcode against the stored hash, unless this address is locked out.
    func submitLogin(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t
        let address = context.request.clientAddress
        let next = form.fields["next"].flatMap(Self.localPath) ?? Route.data.path
        if let wait = loginThrottle.wait(for: address) {
            return lockedOut(wait, context) { try loginPage(context, next: next, status: 429, error: $0) }
        }
        guard let stored = try database.secret(AppDatabase.passcodeSecretKey) else {
            return context.redirect(to: Route.passcode.path, flash: nil)
        }
        guard try verifyPasscode(form.fields["passcode"] ?? "", against: stored) else {
            let lock = loginThrottle.recordFailure(from: address)
            logger.notice("failed sign-in from \(address)\(lock.map { "; locked out for \(Int($0)) s" } ?? "")")
            if let lock {
                return lockedOut(lock, context, after: t["auth_wrong_passcode"]) {
                    try loginPage(context, next: next, status: 429, error: $0)
                }
            }
            return try loginPage(context, next: next, status: 422, error: t["auth_wrong_passcode"])
        }
        loginThrottle.recordSuccess(from: address)
        let token = Tokens.random()
        try database.createSession(tokenHash: SessionTokens.hash(token), now: clock())
        logger.info("signed in from \(address)")
        var response = context.redirect(to: next, flash: nil)
        response.headers.add("Set-Cookie", sessionCookie(token))
        return response
    }

    /// Signs this browser out, or every browser.
    func signOut(everywhere: Bool, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        if everywhere {
            try database.deleteSessions()
            logger.notice("every session signed out from \(context.request.clientAddress)")
        } else if let token = context.session {
            try database.deleteSession(tokenHash: SessionTokens.hash(token))
        }
        let target = configuration.passcodeRequired ? Route.login.path : Route.data.path
        var response = context.redirect(to: target, flash: context.t[everywhere ? "auth_signed_out_all" : "auth_signed_out"])
        response.headers.add("Set-Cookie", sessionCookie(""))
        return response
    }

    // MARK: - Setting and changing the passcode

    /// The passcode page: the first passcode's form, or the change form with sign-out buttons.
    func passcodePage(_ context: RequestContext, errors: [String: String] = [:], status: Int = 200) throws -> Response {
        let exists = try database.hasPasscode()
        let t = context.t
        let view = PasscodePageView(
            t: t, exists: exists, needsSetupCode: !exists && !context.request.isFromLoopback,
            signedIn: context.session != nil, required: configuration.passcodeRequired, errors: errors)
        return try page(.passcode, exists ? .settings : nil, context, view,
                        title: t[exists ? "passcode_change_title" : "passcode_set_title"], status: status)
    }

    /// Sets the first passcode (from loopback, or with the setup code) or changes it (with
    /// the current one); every other browser is signed out and this one signed in.
    func submitPasscode(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t
        let formToken = try Self.formToken(form)
        let address = context.request.clientAddress
        if let wait = loginThrottle.wait(for: address) {
            return lockedOut(wait, context) { try passcodePage(context, errors: ["form": $0], status: 429) }
        }
        let exists = try database.hasPasscode()
        let new = form.fields["passcode"] ?? ""
        var errors: [String: String] = [:]
        if !exists && !context.request.isFromLoopback {
            let typed = form.fields["setupCode"] ?? ""
            guard let code = configuration.setupCode, SetupCode.matches(typed, code) else {
                let lock = loginThrottle.recordFailure(from: address)
                logger.notice("wrong setup code from \(address)")
                if let lock {
                    return lockedOut(lock, context, after: t["passcode_error_setup_code"]) {
                        try passcodePage(context, errors: ["form": $0], status: 429)
                    }
                }
                return try passcodePage(context, errors: ["setupCode": t["passcode_error_setup_code"]], status: 422)
            }
        }
        if let problem = PasscodeHasher.problem(passcode: new, confirmation: form.fields["confirm"] ?? "") {
            errors[problem == .mismatch ? "confirm" : "passcode"] = t[problem.rawValue]
        }
        if exists {
            let stored = try database.secret(AppDatabase.passcodeSecretKey) ?? ""
            if try !verifyPasscode(form.fields["current"] ?? "", against: stored) {
                let lock = loginThrottle.recordFailure(from: address)
                logger.notice("wrong current passcode from \(address)")
                if let lock {
                    return lockedOut(lock, context, after: t["auth_wrong_passcode"]) {
                        try passcodePage(context, errors: ["form": $0], status: 429)
                    }
                }
                errors["current"] = t["auth_wrong_passcode"]
            }
        }
        guard errors.isEmpty else { return try passcodePage(context, errors: errors, status: 422) }
        loginThrottle.recordSuccess(from: address)
        let hash = try hashPasscode(new)
        let newSession = context.session == nil ? Tokens.random() : nil
        let now = clock()
        _ = try database.writeOnce(formToken: formToken) { db in
            try AppDatabase.setPasscodeHash(hash, keeping: context.session.map(SessionTokens.hash),
                                            newSession: newSession.map(SessionTokens.hash), now: now, in: db)
        }
        logger.notice("passcode \(exists ? "changed" : "set") from \(address); other sessions signed out")
        var response = context.redirect(to: exists ? "/settings" : Route.data.path,
                                        flash: t[exists ? "passcode_changed" : "passcode_set"])
        if let newSession { response.headers.add("Set-Cookie", sessionCookie(newSession)) }
        return response
    }

    // MARK: - Helpers

    /// `stored` checked against `passcode` on this (long-work) thread; 503 when too many
    /// hashes are already waiting.
    private func verifyPasscode(_ passcode: String, against stored: String) throws -> Bool {
        guard passcode.utf8.count <= PasscodeHasher.maximumBytes else { return false }
        do { return try passcodeHasher.verify(passcode, against: stored) } catch is PasscodeHasher.Busy {
            throw HTTPError(status: 503)
        }
    }

    private func hashPasscode(_ passcode: String) throws -> String {
        do { return try passcodeHasher.hash(passcode) } catch is PasscodeHasher.Busy { throw HTTPError(status: 503) }
    }

    /// The 429 page `render` makes with the "try again in N minutes" message (after
    /// `after`, the failure that started the lock-out), with Retry-After.
    private func lockedOut(_ wait: TimeInterval, _ context: RequestContext, after: String? = nil,
                           _ render: (String) throws -> Response) -> Response {
        let minutes = max(1, Int((wait / 60).rounded(.up)))
        let locked = context.t.format("auth_locked", ["minutes": String(minutes)])
        let message = after.map { $0 + " " + locked } ?? locked
        var response = (try? render(message)) ?? plainError(429, language: context.language)
        response.headers.set("Retry-After", String(Int(wait.rounded(.up))))
        return response
    }
}
