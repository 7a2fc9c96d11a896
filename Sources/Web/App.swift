import Engine
import Foundation
import HTTPCore
import Logging
import Storage

/// The whole web application as one function from `Request` to `Response`; the
/// libmicrohttpd adapter and most tests call `respond(to:)` directly.
public final class App: Sendable {
    let database: AppDatabase
    let configuration: WebConfiguration
    let logger: Logger
    let renderer: Renderer
    let staticFiles: StaticFiles
    let pageCache = PageCache()
    let planCache = PlanCache()
    /// One import at a time (issue 14, item 6).
    let importGate = ImportGate()
    /// Hashes passcodes one at a time (only on the long-work queue).
    let passcodeHasher: PasscodeHasher
    /// Failed sign-ins per client address.
    let loginThrottle: LoginThrottle
    /// The wall clock for sessions and lock-outs (tests move it).
    let clock: @Sendable () -> Date

    /// Loads every template and static file (failing fast when one is missing).
    public init(configuration: WebConfiguration, database: AppDatabase, logger: Logger,
                passcodeHasher: PasscodeHasher = PasscodeHasher(), clock: @escaping @Sendable () -> Date = { Date() }) throws {
        self.configuration = configuration
        self.database = database
        self.logger = logger
        self.passcodeHasher = passcodeHasher
        self.clock = clock
        loginThrottle = LoginThrottle(now: clock)
        renderer = try Renderer(directory: configuration.templatesDirectory)
        staticFiles = try StaticFiles(root: configuration.publicDirectory)
        try bindLegacyAdvisorSecrets()
    }

    /// Forgets every cached page and plan (benchmarks measure fresh renders with it).
    public func dropCaches() {
        pageCache.store([], key: "", stamp: "dropped")
        planCache.clear()
    }

    // MARK: - Server hooks

    /// The largest body accepted for `method` on `path` (SPEC §8 limits).
    public func bodyLimit(method: String, path: String) -> Int {
        guard method == "POST" else { return 0 }
        switch Route(path: path) {
        case .advisor(let route): return route.bodyLimit
        case .settings(let route): return route.bodyLimit
        default: return BodyLimit.form
        }
    }

    /// True for requests answered off the request threads (remote advisor calls,
    /// imports, feedback delivery, passcode hashing).
    public func runsLong(_ request: Request) -> Bool {
        guard request.method == "POST" else { return false }
        switch Route(path: request.rawPath) {
        case .login, .passcode: return true
        case .advisor(let route): return route.runsLong
        case .settings(let route): return route.runsLong
        default: return false
        }
    }

    /// The 413 page in the request's language (the server calls this before reading an
    /// oversized body).
    public func tooLarge(_ request: Request) -> Response {
        var response: Response
        if let context = try? RequestContext(request: request) {
            response = errorPage(413, context)
        } else {
            response = plainError(413, language: .en)
        }
        response.headers.set("Connection", "close")
        SecurityHeaders.apply(to: &response)
        return response
    }

    /// The response to `request`. Never throws or traps: a handler's error becomes a
    /// 500 page and a log line. Every response carries the SPEC §8 headers.
    public func respond(to request: Request) -> Response {
        var response = route(request)
        SecurityHeaders.apply(to: &response)
        if configuration.secureCookies { SecurityHeaders.markCookiesSecure(in: &response) }
        return response
    }

    // MARK: - Routing

    private func route(_ request: Request) -> Response {
        guard configuration.allowedHosts.permits(hostHeader: request.headers["Host"])
                || configuration.homeNetwork.permits(hostHeader: request.headers["Host"]) else {
            logger.notice("421 for Host \(request.headers["Host"].map { LogSafe.clip($0) } ?? "(none)") from \(request.clientAddress)")
            return plainError(421, language: .en)
        }
        var context: RequestContext
        do {
            context = try RequestContext(request: request)
        } catch {
            let cookie = Cookies.parse(request.headers["Cookie"])[RequestContext.languageCookie].flatMap(Language.init(rawValue:))
            let language = cookie ?? Language(rawValue: AcceptLanguage.preferred(request.headers["Accept-Language"],
                                                                                supported: ["ru", "en"], fallback: "en"))!
            return plainError(400, language: language)
        }
        guard ["GET", "HEAD", "POST"].contains(request.method) else {
            return errorPage(405, context)
        }
        guard let route = Route(path: request.rawPath) else {
            return errorPage(404, context)
        }
        do {
            if let refusal = try checkSignIn(route, &context) { return refusal }
            if request.method == "POST" { return try post(route, context) }
            if route.isPage && context.flash == nil && context.undo == nil {
                let slot = (key: "\(context.language.rawValue) \(context.session == nil ? "-" : "s") \(request.rawPath)?\(request.rawQuery)",
                            stamp: "\(database.version) \(today().iso)")
                if let body = pageCache.page(slot.key, stamp: slot.stamp) {
                    return htmlResponse(200, body, context)
                }
                context.cacheSlot = slot
            }
            return try get(route, context)
        } catch let error as HTTPError {
            return errorPage(error.status, context, message: error.message)
        } catch {
            logger.error("500 for \(request.method) \(LogSafe.clip(request.rawPath)): \(LogSafe.clip("\(error)", limit: 500))")
            return errorPage(500, context)
        }
    }

    private func get(_ route: Route, _ context: RequestContext) throws -> Response {
        switch route {
        case .root: return context.redirect(to: Route.data.path, flash: nil)
        case .healthz: return health()
        case .staticFile: return staticFile(context.request)
        case .welcome: return try welcomePage(context)
        case .data: return try dataPage(context)
        case .itemNew(let kind): return try newItemPage(kind, context)
        case .itemEdit(let kind, let id): return try editItemPage(kind, id, context)
        case .itemDelete(let kind, let id): return try deleteItemPage(kind, id, context)
        case .emergencyFund: return try emergencyPage(context)
        case .calendar: return try calendarMonthPage(today().yearMonth, context)
        case .calendarMonth(let month): return try calendarMonthPage(month, context)
        case .calendarDay(let day): return try calendarDayPage(day, context)
        case .plan: return try planPage(context)
        case .apiPlan: return try planAPI(context)
        case .advisor(let route): return try advisorGet(route, context)
        case .settings(let route): return try settingsGet(route, context)
        case .apiBudget: return try budgetAPI(context)
        case .apiCalendar(let month): return try calendarAPI(month, context)
        case .login: return try loginPage(context)
        case .passcode: return try passcodePage(context)
        // The confirm form's address is only posted to; opened (a reload after a refusal,
        // a bookmark) it leads to its day.
        case .calendarConfirm(let day): return context.redirect(to: Route.calendarDay(day).path, flash: nil)
        case .language, .logout, .logoutAll, .itemCreate, .item, .undo, .categories, .categoryDelete, .planRecalculate:
            throw HTTPError(status: 405)
        }
    }

    private func post(_ route: Route, _ context: RequestContext) throws -> Response {
        let form = try PostedForm(context)
        switch route {
        case .language: return changeLanguage(form, context)
        case .welcome: return try submitWelcome(form, context)
        case .itemCreate(let kind): return try submitItem(kind, id: nil, form, context)
        case .item(let kind, let id): return try submitItem(kind, id: id, form, context)
        case .itemDelete(let kind, let id): return try deleteItem(kind, id, form, context)
        case .undo: return try undoDelete(form, context)
        case .emergencyFund: return try submitEmergency(form, context)
        case .categories: return try addCategory(form, context)
        case .categoryDelete(let key): return try removeCategory(key, form, context)
        case .calendarDay(let day): return try addCalendarEntry(day, form, context)
        case .calendarConfirm(let day): return try confirmOccurrence(day, form, context)
        case .planRecalculate: return try recalculatePlan(form, context)
        case .advisor(let route): return try advisorPost(route, form, context)
        case .settings(let route): return try settingsPost(route, form, context)
        case .login: return try submitLogin(form, context)
        case .logout: return try signOut(everywhere: false, form, context)
        case .logoutAll: return try signOut(everywhere: true, form, context)
        case .passcode: return try submitPasscode(form, context)
        default: throw HTTPError(status: 405)
        }
    }

    // MARK: - Small handlers

    private func health() -> Response {
        do {
            try database.checkHealth()
            return Response(status: 200, contentType: "text/plain; charset=utf-8", text: "ok\n")
        } catch {
            logger.error("health check failed: \(error)")
            return Response(status: 503, contentType: "text/plain; charset=utf-8", text: "database unavailable\n")
        }
    }

    private func staticFile(_ request: Request) -> Response {
        let components = request.rawPath == "/favicon.ico" ? ["favicon.ico"] : StaticPath.sanitize(request.rawPath, prefix: "/static/")
        guard let components else { return plainError(400, language: .en) }
        guard let file = staticFiles.file(components) else { return plainError(404, language: .en) }
        return staticFiles.response(for: file, request: request)
    }

    /// POST /language: keeps the chosen language in a cookie and goes back.
    private func changeLanguage(_ form: PostedForm, _ context: RequestContext) -> Response {
        let language = form.fields["lang"].flatMap(Language.init(rawValue:)) ?? context.language
        let back = form.fields["back"].flatMap(Self.localPath) ?? Route.data.path
        var response = context.redirect(to: back, flash: nil)
        response.headers.add("Set-Cookie", Cookies.setCookie(name: RequestContext.languageCookie, value: language.rawValue,
                                                             maxAge: 31_536_000, httpOnly: true))
        return response
    }

    /// `path` when it is a path on this server ("/…", not "//…"), else nil.
    static func localPath(_ path: String) -> String? {
        guard path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\\"),
              path.unicodeScalars.allSatisfy({ $0.value > 32 && $0.value < 127 }), Route(path: String(path.split(separator: "?").first ?? "")) != nil
        else { return nil }
        return path
    }
}

/// An error a handler throws to answer with a given status page.
struct HTTPError: Error {
    var status: Int
    var message: String? = nil
}
