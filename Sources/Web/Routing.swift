import Engine
import Foundation
import HTTPCore
import Logging
import Storage

// How a request finds its handler: the checks every request passes (`gate`), the page cache for
// reads, the route table (`dispatch`) and the few addresses answered here.

/// What a request asks of its route: to read it (GET or HEAD) or to submit a form (POST,
/// its body decoded and its CSRF token checked before any handler runs). Handlers name it `Method`.
enum RequestMethod {
    case get
    case post(PostedForm)
}

extension App {
    // MARK: - Routing

    /// Checks the Host, parses the route, signs in, then `dispatch`es. Every error a handler
    /// throws is caught here, once: `AppError` says which status page answers (its one
    /// table), and only `.internal` ones are logged, in full.
    func route(_ request: Request) -> Response {
        var context: RequestContext, route: Route
        switch gate(request) {
        case .refuse(let refusal): return refusal
        case .pass(let passed, let to): (context, route) = (passed, to)
        }
        var response: Response
        do {
            if request.method == "POST" {
                response = try dispatch(.post(try PostedForm(context)), route, context)
                // A write may have earned an achievement: work it out now, off this thread.
                deriveAchievementsInBackground(context.language)
            } else {
                response = try read(route, &context)
            }
        } catch {
            let failure = AppError(error)
            if failure.code == .internal {
                logger.error("500 for \(request.method) \(LogSafe.clip(request.rawPath)): \(LogSafe.clip("\(error)", limit: 500))")
            }
            response = errorPage(failure.status, context, message: failure.message)
        }
        response.fromSignedInClient = context.session != nil
        return response
    }

    /// A GET or HEAD of `route`: from the page cache when it holds the page, else dispatched.
    private func read(_ route: Route, _ context: inout RequestContext) throws -> Response {
        let request = context.request
        let announcing = withPendingAchievementNotice(route, &context)
        if route.isPage && context.flash == nil && context.undo == nil {
            let slot = (key: "\(context.language.rawValue) \(context.session == nil ? "-" : "s") \(request.rawPath)?\(request.rawQuery)",
                        stamp: "\(database.version) \(today().iso)")
            if let body = pageCache.page(slot.key, stamp: slot.stamp) {
                return htmlResponse(.ok, body, context)
            }
            context.cacheSlot = slot
        }
        let response = try dispatch(.get, route, context)
        if announcing, response.status == .ok, response.headers["Content-Type"]?.hasPrefix("text/html") == true {
            achievementNoticeShown(context)
        }
        return response
    }

    /// What the checks before a route decide: go on with its context, or this answer.
    private enum Gate {
        case pass(RequestContext, Route)
        case refuse(Response)
    }

    /// The checks every request passes before its route runs, in order: the Host (421), the
    /// query (400), the method (405), the address (404), then the sign-in (a redirect to sign
    /// in, 401 or 403: `checkSignIn`). Needs no body, so it also runs on a head alone.
    private func gate(_ request: Request) -> Gate {
        guard configuration.allowedHosts.permits(hostHeader: request.headers["Host"])
                || configuration.homeNetwork.permits(hostHeader: request.headers["Host"]) else {
            logger.notice("421 for Host \(request.headers["Host"].map { LogSafe.clip($0) } ?? "(none)") from \(request.clientAddress)")
            return .refuse(plainError(.misdirectedRequest, language: .en))
        }
        var context: RequestContext
        do {
            context = try RequestContext(request: request)
        } catch {
            let cookie = Cookies.parse(request.headers["Cookie"])[RequestContext.languageCookie].flatMap(Language.init(rawValue:))
            let language = cookie ?? RequestContext.browserLanguage(request.headers["Accept-Language"])
            return .refuse(plainError(.badRequest, language: language))
        }
        guard ["GET", "HEAD", "POST"].contains(request.method) else {
            return .refuse(errorPage(.methodNotAllowed, context))
        }
        guard let route = Route(path: request.rawPath) else {
            return .refuse(errorPage(.notFound, context))
        }
        do {
            if let refusal = try auth.checkSignIn(route, &context) { return .refuse(refusal) }
        } catch {
            let failure = AppError(error)
            if failure.code == .internal {
                logger.error("500 for \(request.method) \(LogSafe.clip(request.rawPath)): \(LogSafe.clip("\(error)", limit: 500))")
            }
            return .refuse(errorPage(failure.status, context, message: failure.message))
        }
        return .pass(context, route)
    }

    /// The answer to a POST refused on its head alone, before a byte of its body is read
    /// (docs/product-rules.md, "Running safely"): every check of `gate` (so an anonymous
    /// client of a shared server gets its 401 without sending a 50 MB body), then the origin
    /// and, without a session, the CSRF cookie the form's token must match. Nil: read the body.
    public func refusal(beforeBody head: Request) -> Response? {
        var response: Response
        switch gate(head) {
        case .refuse(let refusal):
            response = refusal
        case .pass(let context, _):
            if PostedForm.sameOrigin(head), context.session != nil || context.cookies[RequestContext.csrfCookie] != nil {
                return nil
            }
            response = errorPage(.forbidden, context, message: context.t["error_403_csrf"])
        }
        SecurityHeaders.apply(to: &response)
        if configuration.secureCookies { SecurityHeaders.markCookiesSecure(in: &response) }
        return response
    }

    // MARK: - Routes

    /// The app's route table: every address, the methods it answers and their handlers. The simple
    /// addresses are answered here; each family of addresses (`Route`'s cases) has its own part of
    /// the table beside its route enum (`BudgetRoute.swift`'s `dispatch`, …). Every pairing of method
    /// and address is listed, the refused ones as 405, so an address that no handler answers does not
    /// compile. The paths are printed by `Route` and its families.
    func dispatch(_ method: Method, _ route: Route, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // GET / leads to Today once the onboarding was finished or skipped (else the Budget page, which asks it).
        case (.get, .root): return try todayFeature.rootRedirect(context)
        // GET /healthz: "ok" while the database answers (503 otherwise).
        case (.get, .healthz): return health()
        // GET /static/…, /favicon.ico: the files in Public/ with ETags.
        case (.get, .staticFile): return staticFile(context.request)
        // POST /language: the header's language switch; back where the user was.
        case (.post(let form), .language): return changeLanguage(form, context)
        // GET /welcome: the first-start questions.
        case (.get, .welcome): return try settings.welcomePage(context)
        // POST /welcome: finish or skip them.
        case (.post(let form), .welcome): return try settings.submitWelcome(form, context)
        // Any other method on these addresses: 405.
        case (.post, .root), (.post, .healthz), (.post, .staticFile), (.get, .language):
            throw AppError(.methodNotAllowed)
        // Every family of addresses: its own part of the table, beside its route enum.
        case (_, .budget(let route)): return try budget.dispatch(method, route, context)  // BudgetRoute.swift
        case (_, .calendar(let route)): return try calendar.dispatch(method, route, context)  // CalendarRoute.swift
        case (_, .plan(let route)): return try plan.dispatch(method, route, context)  // PlanRoute.swift
        case (_, .advisor(let route)): return try advisor.dispatch(method, route, context)  // AdvisorRoute.swift
        case (_, .settings(let route)): return try settings.dispatch(method, route, context)  // SettingsRoute.swift
        case (_, .statements(let route)): return try statementImport.dispatch(method, route, context)  // ImportRoute.swift
        case (_, .auth(let route)): return try auth.dispatch(method, route, context)  // AuthRoute.swift
        case (_, .reconcile(let route)): return try reconcile.dispatch(method, route, context)  // ReconcileRoute.swift
        case (_, .api(let route)): return try api.dispatch(method, route, context)  // APIRoute.swift
        case (_, .transactions(let route)): return try transactions.dispatch(method, route, context)  // TransactionsRoute.swift
        case (_, .forecast(let route)): return try forecasts.dispatch(method, route, context)  // ForecastRoute.swift
        case (_, .explain(let route)): return try explanations.dispatch(method, route, context)  // ExplainRoute.swift
        case (_, .advisorActions(let route)): return try advisor.dispatch(method, route, context)  // AdvisorActionsRoute.swift
        case (_, .advisorProvider(let route)): return try advisor.dispatch(method, route, context)  // AdvisorProviderRoute.swift
        case (_, .today(let route)): return try todayFeature.dispatch(method, route, context)  // TodayRoute.swift
        case (_, .accounts(let route)): return try accounts.dispatch(method, route, context)  // AccountsRoute.swift
        case (_, .limits(let route)): return try limits.dispatch(method, route, context)  // LimitsRoute.swift
        case (_, .bills(let route)): return try bills.dispatch(method, route, context)  // BillsRoute.swift
        case (_, .quick(let route)): return try quick.dispatch(method, route, context)  // QuickRoute.swift
        case (_, .feeds(let route)): return try feeds.dispatch(method, route, context)  // FeedsRoute.swift
        case (_, .challenge(let route)): return try challenge.dispatch(method, route, context)  // ChallengeRoute.swift
        case (_, .playfulSaving(let route)): return try playfulSaving.dispatch(method, route, context)  // PlayfulSavingRoute.swift
        case (_, .wishlist(let route)): return try wishlist.dispatch(method, route, context)  // WishlistRoute.swift
        }
    }

    // MARK: - Small handlers

    private func health() -> Response {
        do {
            try database.checkHealth()
            return Response(status: .ok, contentType: "text/plain; charset=utf-8", text: "ok\n")
        } catch {
            logger.error("health check failed: \(error)")
            return Response(status: .serviceUnavailable, contentType: "text/plain; charset=utf-8", text: "database unavailable\n")
        }
    }

    private func staticFile(_ request: Request) -> Response {
        let components = request.rawPath == Route.faviconPath ? [String(Route.faviconPath.dropFirst())]
            : StaticPath.sanitize(request.rawPath, prefix: Route.staticFile.path)
        guard let components else { return plainError(.badRequest, language: .en) }
        guard let file = staticFiles.file(components) else { return plainError(.notFound, language: .en) }
        return staticFiles.response(for: file, request: request)
    }

    /// POST /language: keeps the chosen language in a cookie and goes back.
    private func changeLanguage(_ form: PostedForm, _ context: RequestContext) -> Response {
        let language = form.fields["lang"].flatMap(Language.init(rawValue:)) ?? context.language
        let back = form.fields["back"].flatMap(Self.localPath) ?? Route.budget(.page).path
        var response = context.redirect(to: back, flash: nil)
        response.headers.add("Set-Cookie", Cookies.setCookie(name: RequestContext.languageCookie, value: language.rawValue,
                                                             maxAge: 31_536_000, httpOnly: true))
        return response
    }

}

extension Handler {
    /// `path` when it is a path on this server ("/…", not "//…"), else nil.
    static func localPath(_ path: String) -> String? {
        guard path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\\"),
              path.unicodeScalars.allSatisfy({ $0.value > 32 && $0.value < 127 }), Route(path: String(path.split(separator: "?").first ?? "")) != nil
        else { return nil }
        return path
    }
}
