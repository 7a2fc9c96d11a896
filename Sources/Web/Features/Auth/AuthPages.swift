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
// A request that came through a proxy (it carries Forwarded, X-Forwarded-For or
// X-Real-IP) counts as from the network whatever the bind: behind a same-host reverse
// proxy or tunnel every remote client would otherwise look like this computer.

extension AuthFeature {
    // MARK: - The gate every request passes

    /// Binds a live session cookie to `context`; then, when a passcode is required, the
    /// answer that replaces the page: 303 to /passcode until one exists, 303 to /login (or
    /// 401 for a POST or the API) without a session. Nil lets the request through.
    func checkSignIn(_ route: Route, _ context: inout RequestContext) throws -> Response? {
        if let token = context.cookies[RequestContext.sessionCookie], !token.isEmpty {
            if Tokens.wellFormed(token), try sessionIsLive(token, &context) {
                context.bindSession(token)
                // A signed-in device is never slowed by others' wrong passcodes (LoginThrottle).
                loginThrottle.recordSignedIn(from: context.request.clientAddress)
            } else {
                context.setCookies.append(sessionCookie(""))
            }
        }
        guard passcodeRequired(for: context.request), !route.isPublic else { return nil }
        let isRead = context.request.method != "POST"
        guard try database.hasPasscode() else {
            if route == .auth(.passcode) { return nil }
            if isRead { return context.redirect(to: Route.auth(.passcode).path, flash: nil) }
            throw AppError(.forbidden, message: context.t["auth_set_passcode_first"])
        }
        if context.session != nil { return nil }
        if isRead && !route.isAPI {
            let here = context.request.rawPath + (context.request.rawQuery.isEmpty ? "" : "?" + context.request.rawQuery)
            let next = Self.localPath(here).map { "?next=" + FormEncoding.encode($0) } ?? ""
            return context.redirect(to: Route.auth(.login).path + next, flash: nil)
        }
        throw AppError(.unauthorized)
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
    func loginPage(_ context: RequestContext, next: String? = nil, status: HTTPStatus = .ok, error: String? = nil) throws -> Response {
        let next = next ?? context.query["next"].flatMap(Self.localPath) ?? Route.budget(.page).path
        guard try database.hasPasscode() else {
            return context.redirect(to: passcodeRequired(for: context.request) ? Route.auth(.passcode).path : next, flash: nil)
        }
        if status == .ok && (context.session != nil || !passcodeRequired(for: context.request)) {
            return context.redirect(to: next, flash: nil)
        }
        let t = context.t
        return try page(.login, nil, context, LoginPageView(next: next, error: error), title: t["login_title"],
                        status: status)
    }

    /// Checks the posted passcode against the stored hash, unless this address (or, after
    /// too many failures from anywhere, everyone) must wait. The try counts as a failure
    /// before the hash is computed, so concurrent guesses cannot outrun the lock-out.
    func submitLogin(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t
        let address = context.request.clientAddress
        let next = form.fields["next"].flatMap(Self.localPath) ?? Route.budget(.page).path
        guard let stored = try database.secret(AppDatabase.passcodeSecretKey) else {
            return context.redirect(to: Route.auth(.passcode).path, flash: nil)
        }
        let lock: TimeInterval?
        switch loginThrottle.admit(address) {
        case .wait(let wait):
            return lockedOut(wait, context) { try loginPage(context, next: next, status: .tooManyRequests, error: $0) }
        case .proceed(let lockIfWrong):
            lock = lockIfWrong
        }
        guard try verifyPasscode(form.fields["passcode"] ?? "", against: stored) else {
            logger.notice("failed sign-in from \(address)\(lock.map { "; locked out for \(Int($0)) s" } ?? "")")
            if loginThrottle.isSlowingEveryone {
                logger.notice("sign-in slowed for every address: \(LoginThrottle.globalBudget) or more wrong passcodes within 15 minutes")
            }
            if let lock {
                return lockedOut(lock, context, after: t["auth_wrong_passcode"]) {
                    try loginPage(context, next: next, status: .tooManyRequests, error: $0)
                }
            }
            return try loginPage(context, next: next, status: .unprocessable, error: t["auth_wrong_passcode"])
        }
        let failures = loginThrottle.recordSuccess(from: address, admitted: true)
        let token = Tokens.random()
        try database.createSession(tokenHash: SessionTokens.hash(token), now: clock())
        logger.info("signed in from \(address)")
        let notice = failures.map { t.format("auth_notice_failures", ["count": String($0)]) }
        var response = context.redirect(to: next, flash: notice)
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
        let target = passcodeRequired(for: context.request) ? Route.auth(.login).path : Route.budget(.page).path
        var response = context.redirect(to: target, flash: context.t[everywhere ? "auth_signed_out_all" : "auth_signed_out"])
        response.headers.add("Set-Cookie", sessionCookie(""))
        return response
    }

    // MARK: - Setting and changing the passcode

    /// The passcode page: the first passcode's form, or the change form with sign-out buttons.
    func passcodePage(_ context: RequestContext, errors: [String: String] = [:], status: HTTPStatus = .ok,
                      back: String? = nil) throws -> Response {
        let exists = try database.hasPasscode()
        let t = context.t
        let view = PasscodePageView(
            words: t, exists: exists, needsSetupCode: !exists && !context.request.isFromLoopback,
            signedIn: context.session != nil, required: passcodeRequired(for: context.request), errors: errors,
            back: back ?? context.query["back"].flatMap(App.localPath))
        return try page(.passcode, exists ? .settings : nil, context, view,
                        title: t[exists ? "passcode_change_title" : "passcode_set_title"], status: status)
    }

    /// Sets the first passcode (from loopback, or with the setup code) or changes it (with
    /// the current one); every other browser is signed out and this one signed in.
    func submitPasscode(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        // Back where the person came from when the link said so (the home-network page), else Settings or the Budget page.
        let back = form.fields["back"].flatMap(App.localPath)
        let t = context.t
        let formToken = try Self.formToken(form)
        let address = context.request.clientAddress
        if let wait = loginThrottle.wait(for: address) {
            return lockedOut(wait, context) { try passcodePage(context, errors: ["form": $0], status: .tooManyRequests, back: back) }
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
                        try passcodePage(context, errors: ["form": $0], status: .tooManyRequests, back: back)
                    }
                }
                return try passcodePage(context, errors: ["setupCode": t["passcode_error_setup_code"]], status: .unprocessable, back: back)
            }
        }
        if let problem = PasscodeHasher.problem(passcode: new, confirmation: form.fields["confirm"] ?? "") {
            errors[problem == .mismatch ? "confirm" : "passcode"] = t[runtime: problem.rawValue]
        }
        if exists {
            let stored = try database.secret(AppDatabase.passcodeSecretKey) ?? ""
            let lock: TimeInterval?
            switch loginThrottle.admit(address) {
            case .wait(let wait):
                return lockedOut(wait, context) { try passcodePage(context, errors: ["form": $0], status: .tooManyRequests, back: back) }
            case .proceed(let lockIfWrong):
                lock = lockIfWrong
            }
            if try verifyPasscode(form.fields["current"] ?? "", against: stored) {
                loginThrottle.recordSuccess(from: address, admitted: true)
            } else {
                logger.notice("wrong current passcode from \(address)")
                if let lock {
                    return lockedOut(lock, context, after: t["auth_wrong_passcode"]) {
                        try passcodePage(context, errors: ["form": $0], status: .tooManyRequests, back: back)
                    }
                }
                errors["current"] = t["auth_wrong_passcode"]
            }
        }
        guard errors.isEmpty else { return try passcodePage(context, errors: errors, status: .unprocessable, back: back) }
        loginThrottle.recordSuccess(from: address)
        let hash = try hashPasscode(new)
        let newSession = context.session == nil ? Tokens.random() : nil
        let now = clock()
        _ = try database.writeOnce(formToken: formToken) { db in
            try AppDatabase.setPasscodeHash(hash, keeping: context.session.map(SessionTokens.hash),
                                            newSession: newSession.map(SessionTokens.hash), now: now, in: db)
        }
        logger.notice("passcode \(exists ? "changed" : "set") from \(address); other sessions signed out")
        var response = context.redirect(to: back ?? (exists ? Route.settings(.page).path : Route.budget(.page).path),
                                        flash: t[exists ? "passcode_changed" : "passcode_set"])
        if let newSession { response.headers.add("Set-Cookie", sessionCookie(newSession)) }
        return response
    }

    // MARK: - The passcode again, before a sensitive action

    /// What a passcode typed again came to.
    enum Recheck: Equatable {
        case right, wrong
        /// Locked out: try again after this many seconds.
        case wait(TimeInterval)
    }

    /// Checks `typed` against the stored passcode under the sign-in throttle (a wrong one counts
    /// as a failed sign-in); `.right` when no passcode is set.
    func recheckPasscode(_ typed: String, _ context: RequestContext) throws -> Recheck {
        let address = context.request.clientAddress
        guard let stored = try database.secret(AppDatabase.passcodeSecretKey) else { return .right }
        if case .wait(let wait) = loginThrottle.admit(address) { return .wait(wait) }
        guard try verifyPasscode(typed, against: stored) else {
            logger.notice("wrong passcode typed again from \(address)")
            return .wrong
        }
        loginThrottle.recordSuccess(from: address, admitted: true)
        return .right
    }

    // MARK: - Helpers

    /// True when `request` needs a passcode and a session: the server is shared on the
    /// network, or the request came through a proxy.
    func passcodeRequired(for request: Request) -> Bool {
        configuration.passcodeRequired || request.isForwarded
    }

    /// `stored` checked against `passcode` on this (long-work) thread; 503 when too many
    /// hashes are already waiting.
    private func verifyPasscode(_ passcode: String, against stored: String) throws -> Bool {
        guard passcode.utf8.count <= PasscodeHasher.maximumBytes else { return false }
        do { return try passcodeHasher.verify(passcode, against: stored) } catch is PasscodeHasher.Busy {
            throw AppError(.unavailable)
        }
    }

    private func hashPasscode(_ passcode: String) throws -> String {
        do { return try passcodeHasher.hash(passcode) } catch is PasscodeHasher.Busy { throw AppError(.unavailable) }
    }

    /// The 429 page `render` makes with the "try again in N minutes" message (after
    /// `after`, the failure that started the lock-out), with Retry-After.
    private func lockedOut(_ wait: TimeInterval, _ context: RequestContext, after: String? = nil,
                           _ render: (String) throws -> Response) -> Response {
        let minutes = max(1, Int((wait / 60).rounded(.up)))
        let locked = context.t.format("auth_locked", ["minutes": String(minutes)])
        let message = after.map { $0 + " " + locked } ?? locked
        var response = (try? render(message)) ?? plainError(.tooManyRequests, language: context.language)
        response.headers.set("Retry-After", String(Int(wait.rounded(.up))))
        return response
    }
}
