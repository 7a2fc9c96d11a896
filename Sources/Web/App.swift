import Advisor
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
    /// The plan of one data version (PlanPage.swift).
    let planCache = VersionedCache<(household: Household, plan: Plan)>()
    /// Bills detection and watch of one data version (BillsPage.swift).
    let billsCache = VersionedCache<BillsFigures>()
    /// The forecast with safe to spend of one data version, by horizon and currency (ForecastPage.swift).
    let forecastCache = VersionedCache<Forecast>()
    /// Achievements derived once per data version, for the notice on the next page (AchievementNotice.swift).
    let achievementNotices = AchievementNoticeMemo()
    /// One import at a time (issue 14, item 6).
    let importGate = ImportGate()
    /// Hashes passcodes one at a time (only on the long-work queue).
    let passcodeHasher: PasscodeHasher
    /// Failed sign-ins per client address.
    let loginThrottle: LoginThrottle
    /// The wall clock for sessions and lock-outs (tests move it).
    let clock: @Sendable () -> Date
    /// The daily backup, checked at start-up and on each request (nil in memory).
    let dailyBackups: DailyBackups?

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
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = configuration.timeZone
        dailyBackups = DailyBackups(database: database, calendar: calendar) { [logger] failed, message in
            if failed { logger.error("\(message)") } else { logger.info("\(message)") }
        }
        try bindLegacyAdvisorSecrets()
        dailyBackups?.tick(now: clock())
        // The advisor's classifier trains on ~3 600 questions at first use; do it now, off the
        // request path, so the household's first question does not wait for it.
        DispatchQueue.global(qos: .utility).async { _ = AdvisorClassifier.shared }
    }

    /// Forgets every cached page and plan (benchmarks measure fresh renders with it).
    public func dropCaches() {
        pageCache.store([], key: "", stamp: "dropped")
        dropDerivedFigures()
        achievementNotices.store("", states: [], unseen: [], hidden: false)
    }

    /// Forgets the rendered pages only, keeping the figures derived once per data version (the
    /// plan, the forecast with safe to spend, the bills): what a page costs when another page has
    /// already computed them since the last write (the benchmark's *page only*).
    public func dropRenderedPages() {
        pageCache.store([], key: "", stamp: "dropped")
        achievementNotices.store("", states: [], unseen: [], hidden: false)
    }

    /// Forgets the figures derived from the data (after a restore or a delete-all, which can
    /// bring an old data version back).
    func dropDerivedFigures() {
        planCache.clear()
        billsCache.clear()
        forecastCache.clear()
    }

    // MARK: - Server hooks

    /// The largest body accepted for `method` on `path` (docs/product-rules.md, "Running safely").
    public func bodyLimit(method: String, path: String) -> Int {
        guard method == "POST" else { return 0 }
        switch Route(path: path) {
        case .advisor(let route): return route.bodyLimit
        case .settings(let route): return route.bodyLimit
        case .statements(let route): return route.bodyLimit
        default: return BodyLimit.form
        }
    }

    /// True for requests answered off the request threads (remote advisor calls,
    /// imports, feedback delivery, passcode hashing).
    public func runsLong(_ request: Request) -> Bool {
        guard request.method == "POST" else { return false }
        switch Route(path: request.rawPath) {
        case .auth(.login), .auth(.passcode): return true
        case .advisor(let route): return route.runsLong
        case .advisorProvider: return true
        case .settings(let route): return route.runsLong
        case .statements(let route): return route.runsLong
        case .challenge(.fxFeed): return true
        default: return false
        }
    }

    /// The 413 page in the request's language (the server calls this before reading an
    /// oversized body).
    public func tooLarge(_ request: Request) -> Response {
        var response = headOnlyPage(.contentTooLarge, request)
        response.headers.set("Connection", "close")
        return response
    }

    /// The 503 for a body refused because too many body bytes are on their way (the server
    /// calls this before reading it), with Retry-After.
    public func busy(_ request: Request) -> Response {
        var response = headOnlyPage(.serviceUnavailable, request)
        response.headers.set("Retry-After", "30")
        return response
    }

    /// The status page for a request known by its head alone, in its language, with the security headers.
    private func headOnlyPage(_ status: HTTPStatus, _ request: Request) -> Response {
        var response = (try? RequestContext(request: request)).map { errorPage(status, $0) } ?? plainError(status, language: .en)
        SecurityHeaders.apply(to: &response)
        return response
    }

    /// The response to `request`. Never throws or traps: a handler's error becomes a
    /// 500 page and a log line. Every response carries the security headers (docs/product-rules.md, "Running safely").
    public func respond(to request: Request) -> Response {
        dailyBackups?.tick(now: clock())
        var response = route(request)
        SecurityHeaders.apply(to: &response)
        if configuration.secureCookies { SecurityHeaders.markCookiesSecure(in: &response) }
        return response
    }

    // MARK: - Routing

    /// Checks the Host, parses the route, signs in, then `dispatch`es. Every error a handler
    /// throws is caught here, once: `AppError` says which status page answers (its one
    /// table), and only `.internal` ones are logged, in full.
    private func route(_ request: Request) -> Response {
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
            if let refusal = try checkSignIn(route, &context) { return .refuse(refusal) }
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


    /// What a request asks of its route: to read it (GET or HEAD) or to submit a form (POST,
    /// its body decoded and its CSRF token checked before any handler runs).
    enum Method {
        case get
        case post(PostedForm)
    }

    // MARK: - Routes

    /// The app's route list: every address, the method it answers and its handler. Any other
    /// pairing of method and address is 405. The paths are printed by `Route` and its families.
    private func dispatch(_ method: Method, _ route: Route, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // GET / leads to Today once the onboarding was finished or skipped (else the Budget page, which asks it).
        case (.get, .root): return try rootRedirect(context)
        // GET /healthz: "ok" while the database answers (503 otherwise).
        case (.get, .healthz): return health()
        // GET /static/…, /favicon.ico: the files in Public/ with ETags.
        case (.get, .staticFile): return staticFile(context.request)
        // POST /language: the header's language switch; back where the user was.
        case (.post(let form), .language): return changeLanguage(form, context)
        // GET /welcome: the first-start questions.
        case (.get, .welcome): return try welcomePage(context)
        // POST /welcome: finish or skip them.
        case (.post(let form), .welcome): return try submitWelcome(form, context)

        // GET /data: the Budget page.
        case (.get, .budget(.page)): return try budgetPage(context)
        // GET /data/<kind>/new: the form for a new income, expense, entry, debt or goal.
        case (.get, .budget(.new(let kind))): return try newItemPage(kind, context)
        // POST /data/<kind>: create it.
        case (.post(let form), .budget(.create(let kind))): return try submitItem(kind, id: nil, form, context)
        // GET /data/<kind>/<id>/edit: its form.
        case (.get, .budget(.edit(let kind, let id))): return try editItemPage(kind, id, context)
        // POST /data/<kind>/<id>: save it.
        case (.post(let form), .budget(.item(let kind, let id))): return try submitItem(kind, id: id, form, context)
        // GET /data/<kind>/<id>/delete: "Delete …?"
        case (.get, .budget(.delete(let kind, let id))): return try deleteItemPage(kind, id, context)
        // POST /data/<kind>/<id>/delete: delete it (undo stays possible for 10 minutes).
        case (.post(let form), .budget(.delete(let kind, let id))): return try deleteItem(kind, id, form, context)
        // POST /data/undo: bring back what was just deleted.
        case (.post(let form), .budget(.undo)): return try undoDelete(form, context)
        // GET /data/emergency: the emergency fund's form.
        case (.get, .budget(.emergencyFund)): return try emergencyPage(context)
        // POST /data/emergency: save it.
        case (.post(let form), .budget(.emergencyFund)): return try submitEmergency(form, context)
        // POST /data/categories: add a category.
        case (.post(let form), .budget(.categories)): return try addCategory(form, context)
        // POST /data/categories/<key>/delete: remove an unused one.
        case (.post(let form), .budget(.categoryDelete(let key))): return try removeCategory(key, form, context)
        // GET /data/entry/<id>/split: an expense's split form (EntrySplitPage.swift)
        case (.get, .budget(.split(let id))): return try splitPage(ID(id), context)
        // POST /data/entry/<id>/split: save the split, add a row, or remove the split
        case (.post(let form), .budget(.split(let id))): return try submitSplit(ID(id), form, context)

        // GET /calendar: this month.
        case (.get, .calendar(.thisMonth)): return try calendarMonthPage(today().yearMonth, context)
        // GET /calendar/<yyyy-mm>: a month.
        case (.get, .calendar(.month(let month))): return try calendarMonthPage(month, context)
        // GET /calendar/<yyyy-mm-dd>: a day.
        case (.get, .calendar(.day(let day))): return try calendarDayPage(day, context)
        // POST /calendar/<yyyy-mm-dd>: add an entry on it.
        case (.post(let form), .calendar(.day(let day))): return try addCalendarEntry(day, form, context)
        // GET /calendar/<yyyy-mm-dd>/confirm: only posted to; opened (a reload, a bookmark) it leads to its day.
        case (.get, .calendar(.confirm(let day))): return context.redirect(to: Route.calendar(.day(day)).path, flash: nil)
        // POST /calendar/<yyyy-mm-dd>/confirm: confirm a planned occurrence.
        case (.post(let form), .calendar(.confirm(let day))): return try confirmOccurrence(day, form, context)

        // GET /plan: the plan.
        case (.get, .plan(.page)): return try planPage(context)
        // POST /plan/recalculate: recompute it now.
        case (.post(let form), .plan(.recalculate)): return try recalculatePlan(form, context)

        // GET /advisor: the conversation.
        case (.get, .advisor(.page)): return try advisorPage(context, question: try advisorPrefill(context))
        // POST /advisor/ask: a question or the check-up (may call the remote provider).
        case (.post(let form), .advisor(.ask)): return try askAdvisor(form, context)
        // GET /advisor/consent?q=…: exactly what the remote provider would receive.
        case (.get, .advisor(.consent)): return try consentPage(context)
        // POST /advisor/reset: "Reset dialog".
        case (.post(let form), .advisor(.reset)): return try resetAdvisorDialog(form, context)
        // GET /advisor/delete: "Delete all advisor history?"
        case (.get, .advisor(.delete)): return try advisorDeletePage(context)
        // POST /advisor/delete: delete it.
        case (.post(let form), .advisor(.delete)): return try deleteAdvisorHistory(form, context)
        // GET /advisor/settings: the Advisor's settings.
        case (.get, .advisor(.settings)): return try advisorSettingsPage(context)
        // POST /advisor/settings: save them.
        case (.post(let form), .advisor(.settings)): return try saveAdvisorSettings(form, context)
        // POST /advisor/settings/reset-count: "Reset today's count".
        case (.post(let form), .advisor(.resetCount)): return try resetAdvisorCount(form, context)

        // GET /settings: one link per section with its summary.
        case (.get, .settings(.page)): return try settingsIndex(context)
        // GET /settings/profile: nickname and picture.
        case (.get, .settings(.profile)): return try settingsPage(.profile, context)
        // POST /settings/profile: save the nickname.
        case (.post(let form), .settings(.profile)): return try submitProfile(form, context)
        // GET /settings/avatar: the picture (404 when none).
        case (.get, .settings(.avatar)): return try avatarImage(context)
        // POST /settings/avatar: upload one (multipart).
        case (.post(let form), .settings(.avatar)): return try uploadAvatar(form, context)
        // POST /settings/avatar/delete: remove it.
        case (.post(let form), .settings(.avatarDelete)): return try removeAvatar(form, context)
        // GET /settings/appearance: theme and accent.
        case (.get, .settings(.appearance)): return try settingsPage(.appearance, context)
        // POST /settings/appearance: save them.
        case (.post(let form), .settings(.appearance)): return try submitAppearance(form, context)
        // GET /settings/language: language and household currency.
        case (.get, .settings(.language)): return try settingsPage(.language, context)
        // POST /settings/language: save them.
        case (.post(let form), .settings(.language)): return try submitLanguage(form, context)
        // GET /settings/plan: shares, emergency months, horizon, strategy.
        case (.get, .settings(.plan)): return try settingsPage(.plan, context)
        // POST /settings/plan: save them.
        case (.post(let form), .settings(.plan)): return try submitPlan(form, context)
        // GET /settings/visibility: which Budget sections and figures show.
        case (.get, .settings(.visibility)): return try settingsPage(.visibility, context)
        // POST /settings/visibility: save it.
        case (.post(let form), .settings(.visibility)): return try submitVisibility(form, context)
        // GET /settings/home-network: the switch, addresses and QR code.
        case (.get, .settings(.homeNetwork)): return try homeNetworkPage(context)
        // POST /settings/home-network: turn it on or off.
        case (.post(let form), .settings(.homeNetwork)): return try submitHomeNetwork(form, context)
        // GET /settings/feedback: the form and what was sent.
        case (.get, .settings(.feedback)): return try feedbackPage(context)
        // POST /settings/feedback: send feedback.
        case (.post(let form), .settings(.feedback)): return try submitFeedback(form, context)
        // POST /settings/feedback/url: where feedback is delivered.
        case (.post(let form), .settings(.feedbackURL)): return try submitFeedbackURL(form, context)
        // POST /settings/feedback/<id>/retry: deliver it again.
        case (.post(let form), .settings(.feedbackRetry(let id))): return try retryFeedback(id, form, context)
        // GET /settings/privacy: the privacy policy.
        case (.get, .settings(.privacy)): return try privacyPage(context)
        // GET /settings/data: export, import, deletion, events.
        case (.get, .settings(.yourData)): return try yourDataPage(context)
        // GET /settings/data/export.json: everything as one JSON download.
        case (.get, .settings(.exportJSON)): return try exportJSON(context, download: true)
        // GET /settings/data/export.zip: one CSV per table.
        case (.get, .settings(.exportZip)): return try exportZip(context)
        // POST /settings/data/import: an export file (multipart) replaces the data.
        case (.post(let form), .settings(.importData)): return try importData(form, context)
        // POST /settings/data/delete: delete everything.
        case (.post(let form), .settings(.deleteData)): return try deleteData(form, context)
        // GET /settings/data/backups/<name>: one backup file without its secrets, streamed (no passcode set; else back to the form).
        case (.get, .settings(.backupDownload(let name))): return try downloadBackup(name, context)
        // POST /settings/data/backups: the chosen backup without its secrets, after the passcode.
        case (.post(let form), .settings(.backupDownloadChecked)): return try downloadBackupChecked(form, context)
        // POST /settings/data/restore: restore a backup after the typed word
        case (.post(let form), .settings(.backupRestore)): return try restoreBackup(form, context)
        // GET /settings/data/restore/<name>: what restoring that backup replaces, and with what; the typed word.
        case (.get, .settings(.backupRestoreConfirm(let name))): return try restoreConfirmation(name, context)
        // POST /settings/data/backup-now: make a backup by hand.
        case (.post(let form), .settings(.backupNow)): return try backUpNow(form, context)

        // GET /import: the statement upload form and past imports.
        case (.get, .statements(.page)): return try importPage(context)
        // POST /import: upload a statement (multipart) and preview it.
        case (.post(let form), .statements(.page)): return try uploadStatement(form, context)
        // GET /import/<batch>: the preview, or what the import did.
        case (.get, .statements(.batch(let id))): return try importPreviewPage(id, context)
        // POST /import/<batch>/choices: save the choices of the rows shown.
        case (.post(let form), .statements(.choices(let id))): return try saveImportChoices(id, form, context)
        // POST /import/<batch>/reread: read the upload again (encoding, date order, columns).
        case (.post(let form), .statements(.reread(let id))): return try rereadStatement(id, form, context)
        // POST /import/<batch>/commit: import what the preview shows.
        case (.post(let form), .statements(.commit(let id))): return try commitStatement(id, form, context)
        // POST /import/<batch>/cancel: drop the preview.
        case (.post(let form), .statements(.cancel(let id))): return try cancelStatement(id, form, context)
        // POST /import/<batch>/undo: undo an import (30 days).
        case (.post(let form), .statements(.undo(let id))): return try undoStatement(id, form, context)
        // The payee rules: the list (and a new one's form), one rule's form, add, save, delete.
        case (.get, .statements(.rules)): return try payeeRulesPage(context)
        case (.get, .statements(.newRule)): return try payeeRuleForm(nil, context)
        case (.get, .statements(.rule(let id))): return try payeeRuleForm(id, context)
        case (.post(let form), .statements(.rules)): return try submitPayeeRule(nil, form, context)
        case (.post(let form), .statements(.rule(let id))): return try submitPayeeRule(id, form, context)
        case (.post(let form), .statements(.deleteRule(let id))): return try deletePayeeRule(id, form, context)

        // GET /login: the sign-in form.
        case (.get, .auth(.login)): return try loginPage(context)
        // POST /login: sign in.
        case (.post(let form), .auth(.login)): return try submitLogin(form, context)
        // POST /logout: sign this browser out.
        case (.post(let form), .auth(.logout)): return try signOut(everywhere: false, form, context)
        // POST /logout/all: sign every browser out.
        case (.post(let form), .auth(.logoutAll)): return try signOut(everywhere: true, form, context)
        // GET /passcode: set or change the household passcode.
        case (.get, .auth(.passcode)): return try passcodePage(context)
        // POST /passcode: save it.
        case (.post(let form), .auth(.passcode)): return try submitPasscode(form, context)

        // GET /accounts/<id>/reconcile: the account's reconcile page.
        case (.get, .reconcile(.reconcile(let id))): return try reconcilePage(id, context)
        // POST /accounts/<id>/reconcile: recalculate, save progress, finish, or add the adjustment and finish.
        case (.post(let form), .reconcile(.reconcile(let id))): return try submitReconcile(id, form, context)
        // GET /transfers/new: the transfer form.
        case (.get, .reconcile(.newTransfer)): return try newTransferPage(context)
        // POST /transfers/new: write the transfer's two entries.
        case (.post(let form), .reconcile(.newTransfer)): return try submitTransfer(form, context)
        // POST /transfers/link: link a proposed outflow and inflow as one transfer.
        case (.post(let form), .reconcile(.linkTransfer)): return try submitLinkTransfer(form, context)
        // POST /transfers/link-all: link every proposed pair of the last 90 days.
        case (.post(let form), .reconcile(.linkAllTransfers)): return try submitLinkAllTransfers(form, context)

        // GET /api/v1/budget: the budget's figures as JSON.
        case (.get, .api(.budget)): return try budgetAPI(context)
        // GET /api/v1/plan: the plan as JSON.
        case (.get, .api(.plan)): return try planAPI(context)
        // GET /api/v1/calendar/<yyyy-mm>: a month's days as JSON.
        case (.get, .api(.calendar(let month))): return try calendarAPI(month, context)
        // GET /transactions: the ledger, filtered by its query, 50 entries a page.
        case (.get, .transactions(.page)): return try transactionsPage(context)
        // POST /transactions/bulk: recategorise, assign an account or delete the ticked entries.
        case (.post(let form), .transactions(.bulk)): return try submitBulk(form, context)
        // GET /api/v1/transactions: the ledger's page as JSON.
        case (.get, .transactions(.api)): return try transactionsAPI(context)
        // GET /forecast[?days=30|60|90]: the balance forecast and safe to spend.
        case (.get, .forecast(.page)): return try forecastPage(context)
        // GET /api/v1/forecast[?days=30|60|90]: the same as JSON.
        case (.get, .forecast(.api)): return try forecastAPI(context)
        // GET /explain/<figure>, /api/v1/explain/<figure>: how a figure is computed (ExplainPage.swift).
        case (.get, .explain(.page(let figure))): return try explainPage(figure, context)
        case (.get, .explain(.api(let figure))): return try explainAPI(figure, context)
        // The advisor's actions (AdvisorActionsPage.swift): the log, the preview, apply, undo.
        case (.get, .advisorActions(.log)): return try advisorActionsPage(context)
        case (.get, .advisorActions(.preview)): return try advisorActionPreview(context)
        case (.post(let form), .advisorActions(.apply)): return try applyAdvisorAction(form, context)
        case (.post(let form), .advisorActions(.undo(let id))): return try undoAdvisorAction(id, form, context)
        // POST /advisor/settings/test: "Test connection" with the saved provider settings.
        case (.post(let form), .advisorProvider(.test)): return try testAdvisorConnection(form, context)
        // POST /advisor/stream: the question, answered as server-sent events (Public/advisor-stream.js).
        case (.post(let form), .advisorProvider(.stream)): return try streamAdvisorAnswer(form, context)
        case (.post(let form), .advisorProvider(.rephraseInsight)): return try rephraseInsight(form, context)
        // GET /forecast/buffer: the emergency buffer's form; POST saves it.
        case (.get, .forecast(.buffer)): return try forecastBufferPage(context)
        case (.post(let form), .forecast(.buffer)): return try submitForecastBuffer(form, context)

        // GET /today: the household's day (safe to spend, quick entry, due items, checklist…).
        case (.get, .today(.page)): return try todayPage(context)
        // GET /api/v1/today: the same figures as JSON.
        case (.get, .today(.api)): return try todayAPI(context)
        // POST /today/checklist/<key>/done: mark a step of this month's checklist done.
        case (.post(let form), .today(.done(let key))): return try markChecklistDone(key, form, context)
        // POST /today/checklist/<key>/undo: undo it.
        case (.post(let form), .today(.undo(let key))): return try undoChecklistDone(key, form, context)
        // GET /today/checklist/<key>/done|undo: only posted to; opened, it leads to Today.
        case (.get, .today): return context.redirect(to: TodayRoute.page.path, flash: nil)
        // GET /api/v1/export: everything as JSON, shown rather than downloaded.
        case (.get, .settings(.apiExport)): return try exportJSON(context, download: false)
        // GET /api/v1/accounts: every account with its balances as JSON.
        case (.get, .api(.accounts)): return try accountsAPI(context)

        // GET /accounts: the accounts, their balances and net worth.
        case (.get, .accounts(.list)): return try accountsPage(context)
        // POST /accounts: create an account.
        case (.post(let form), .accounts(.list)): return try submitAccount(id: nil, form, context)
        // GET /accounts/new: the new account's form.
        case (.get, .accounts(.new)): return try newAccountPage(context)
        // GET /accounts/<id>: its balance and entries with a running balance.
        case (.get, .accounts(.account(let id))): return try accountPage(id, context)
        // GET /accounts/<id>/edit: its form.
        case (.get, .accounts(.edit(let id))): return try editAccountPage(id, context)
        // POST /accounts/<id>/edit: save it.
        case (.post(let form), .accounts(.edit(let id))): return try submitAccount(id: id, form, context)
        // POST /accounts/<id>/close: close it.
        case (.post(let form), .accounts(.close(let id))): return try closeAccount(id, closed: true, form, context)
        // POST /accounts/<id>/reopen: reopen it.
        case (.post(let form), .accounts(.reopen(let id))): return try closeAccount(id, closed: false, form, context)
        // GET /accounts/<id>/delete: "Delete …?", or "close it instead" while entries belong to it.
        case (.get, .accounts(.delete(let id))): return try deleteAccountPage(id, context)
        // POST /accounts/<id>/delete: delete it (undo stays possible for 10 minutes).
        case (.post(let form), .accounts(.delete(let id))): return try deleteAccount(id, form, context)

        // Category limits (LimitsPage.swift).
        case (.get, .limits(.list)): return try limitsPage(context)
        case (.post(let form), .limits(.list)): return try submitLimit(id: nil, form, context)
        case (.get, .limits(.new)): return try newLimitPage(context)
        case (.get, .limits(.edit(let id))): return try editLimitPage(id, context)
        case (.post(let form), .limits(.edit(let id))): return try submitLimit(id: id, form, context)
        case (.get, .limits(.delete(let id))): return try deleteLimitPage(id, context)
        case (.post(let form), .limits(.delete(let id))): return try deleteLimit(id, form, context)
        case (.post(let form), .limits(.dismiss)): return try dismissLimitBanner(form, context)
        case (.get, .limits(.api)): return try limitsAPI(context)
        // GET /bills: suggested bills, tracked ones with their watch, totals.
        case (.get, .bills(.page)): return try billsPage(context)
        // POST /bills/confirm: create the recurring item and link the past entries.
        case (.post(let form), .bills(.confirm)): return try submitBillConfirm(form, context)
        // POST /bills/dismiss: "Not a bill", remembered.
        case (.post(let form), .bills(.dismiss)): return try submitBillDismiss(form, context)
        // GET /api/v1/bills: the same as JSON.
        case (.get, .bills(.api)): return try billsAPI(context)
        // GET /quick: the box or the confirmation card(s); POST saves them (QuickPage.swift).
        case (.get, .quick(.page)): return try quickPage(context)
        case (.post(let form), .quick(.page)): return try submitQuick(form, context)
        // POST /quick/undo: delete exactly what one quick entry saved.
        case (.post(let form), .quick(.undo)): return try undoQuick(form, context)
        // GET /api/v1/quick?text=…: the parse, nothing saved.
        case (.get, .quick(.api)): return try quickAPI(context)

        // GET /calendar/export.ics?from=&to=: the .ics download (FeedsPage.swift).
        case (.get, .feeds(.export)): return try calendarExport(context)
        // GET /feeds/<token>.ics: a subscribed feed, its token its only key.
        case (.get, .feeds(.feed(let token))): return try calendarFeed(token, context)
        // GET /settings/calendar-feeds: the feeds and the form.
        case (.get, .feeds(.settings)): return try calendarFeedsPage(context)
        // POST /settings/calendar-feeds: create a feed (its address shown once).
        case (.post(let form), .feeds(.settings)): return try createCalendarFeed(form, context)
        // POST /settings/calendar-feeds/<id>/revoke: revoke it.
        case (.post(let form), .feeds(.revoke(let id))): return try revokeCalendarFeed(id, form, context)
        // GET /challenge: today's game day (budget, total, remaining, the list, its draft).
        case (.get, .challenge(.today)): return try challengePage(context)
        // POST /challenge/items: add an imagined purchase (422 beyond +5 %).
        case (.post(let form), .challenge(.addItem)): return try submitChallengeItem(id: nil, form, context)
        // POST /challenge/items/<id>: change one of today's items.
        case (.post(let form), .challenge(.editItem(let id))): return try submitChallengeItem(id: id, form, context)
        // POST /challenge/items/<id>/delete: delete one of today's items.
        case (.post(let form), .challenge(.deleteItem(let id))): return try deleteChallengeItem(id, form, context)
        // POST /challenge/save: save today's list.
        case (.post(let form), .challenge(.save)): return try submitChallengeSave(form, context)
        // GET /challenge/history: every day of the game.
        case (.get, .challenge(.history)): return try challengeHistoryPage(context)
        // GET /challenge/YYYY-MM-DD: one day, frozen once over.
        case (.get, .challenge(.day(let day))): return try challengeDayPage(day, context)
        // GET, POST /challenge/settings: currency, limits, behaviour, FX table, reminder.
        case (.get, .challenge(.settings)): return try challengeSettingsPage(context)
        case (.post(let form), .challenge(.settings)): return try submitChallengeSettings(form, context)
        // POST /challenge/switch/cancel: take back the currency switch waiting for tomorrow.
        case (.post(let form), .challenge(.cancelSwitch)): return try cancelChallengeSwitch(form, context)
        // POST /challenge/categories, /challenge/categories/<id>/delete: own categories.
        case (.post(let form), .challenge(.addCategory)): return try submitChallengeCategory(form, context)
        case (.post(let form), .challenge(.deleteCategory(let id))): return try deleteChallengeCategory(id, form, context)
        // GET /challenge/celebration: the trophy at the maximum.
        case (.get, .challenge(.celebration)): return try challengeCelebrationPage(context)
        // POST /challenge/visibility: hide or show games and achievements.
        case (.post(let form), .challenge(.visibility)): return try submitGameVisibility(form, context)
        // GET /achievements: earned and in progress; POST /achievements/check-in: "no spending today".
        case (.get, .challenge(.achievements)): return try achievementsPage(context)
        case (.post(let form), .challenge(.checkIn)): return try submitCheckIn(form, context)
        // Playful saving (PlayfulSavingPage.swift). GET /saving: round-ups and hidden money.
        case (.get, .playfulSaving(.page)): return try savingPage(context)
        // GET, POST /saving/roundups: the round-up settings.
        case (.get, .playfulSaving(.roundUps)): return try roundUpsSettingsPage(context)
        case (.post(let form), .playfulSaving(.roundUps)): return try submitRoundUps(form, context)
        // POST /saving/roundups/done, /saving/roundups/<id>/undo: mark the suggested move done; undo it.
        case (.post(let form), .playfulSaving(.roundUpsDone)): return try submitRoundUpsDone(form, context)
        case (.post(let form), .playfulSaving(.roundUpsUndo(let id))): return try submitRoundUpsUndo(id, form, context)
        // GET /saving/hidden/new, POST /saving/hidden: hide an amount (422 below the safety buffer).
        case (.get, .playfulSaving(.newHidden)): return try newHiddenPage(context)
        case (.post(let form), .playfulSaving(.hide)): return try submitHide(form, context)
        // POST /saving/hidden/<id>/reveal|cancel|delete: ask to reveal, keep hidden, remove a revealed amount.
        case (.post(let form), .playfulSaving(.reveal(let id))): return try submitHiddenAction(.reveal(id), form, context)
        case (.post(let form), .playfulSaving(.cancelReveal(let id))): return try submitHiddenAction(.cancelReveal(id), form, context)
        case (.post(let form), .playfulSaving(.deleteHidden(let id))): return try submitHiddenAction(.deleteHidden(id), form, context)
        // GET of an address only posted to: leads to /saving.
        case (.get, .playfulSaving): return context.redirect(to: PlayfulSavingRoute.page.path, flash: nil)
        // POST /challenge/fx: the FX feed's address; "Refresh rates" fetches it (5 s, 512 KiB) and updates the table.
        case (.post(let form), .challenge(.fxFeed)): return try submitFXFeed(form, context)

        // The wishlist (WishlistPage.swift). GET /wishlist: the list and the bought history; POST adds an item.
        case (.get, .wishlist(.list)): return try wishlistPage(context)
        case (.post(let form), .wishlist(.list)): return try submitWishItem(id: nil, form, context)
        // GET /wishlist/new: the new item's form.
        case (.get, .wishlist(.new)): return try wishItemForm(id: nil, FormState(context.t, values: ["priority": "2"]), context)
        // GET, POST /wishlist/<id>/edit: an item's form; save it.
        case (.get, .wishlist(.edit(let id))): return try editWishItemPage(id, context)
        case (.post(let form), .wishlist(.edit(let id))): return try submitWishItem(id: id, form, context)
        // GET, POST /wishlist/<id>/delete: "Delete …?"; delete it.
        case (.get, .wishlist(.delete(let id))): return try deleteWishItemPage(id, context)
        case (.post(let form), .wishlist(.delete(let id))): return try deleteWishItem(id, form, context)
        // POST /wishlist/<id>/bought, /wishlist/<id>/undo: to the history (dated today) and back.
        case (.post(let form), .wishlist(.bought(let id))): return try markWishItem(id, bought: true, form, context)
        case (.post(let form), .wishlist(.undoBought(let id))): return try markWishItem(id, bought: false, form, context)

        default: throw AppError(.methodNotAllowed)
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

    /// `path` when it is a path on this server ("/…", not "//…"), else nil.
    static func localPath(_ path: String) -> String? {
        guard path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\\"),
              path.unicodeScalars.allSatisfy({ $0.value > 32 && $0.value < 127 }), Route(path: String(path.split(separator: "?").first ?? "")) != nil
        else { return nil }
        return path
    }
}
