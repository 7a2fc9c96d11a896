import Advisor
import Engine
import Foundation
import HTTPCore
import Logging
import Storage

/// The whole web application as one function from `Request` to `Response`; the
/// libmicrohttpd adapter and most tests call `respond(to:)` directly. It builds the shared
/// `Services` once, creates each feature with what it needs, and hands every request to its
/// feature through the route table (`Routing.swift`).
public final class App: Handler {
    let services: Services
    // The features, each created once with what it needs (Handler.swift); the route table
    // (`Routing.swift`) hands each family of addresses to its own.
    let feeds: FeedsFeature
    let explanations: ExplainFeature
    let wishlist: WishlistFeature
    let limits: LimitsFeature
    let bills: BillsFeature
    let calendar: CalendarFeature
    let forecasts: ForecastFeature
    let plan: PlanFeature
    let todayFeature: TodayFeature
    let quick: QuickFeature
    let playfulSaving: PlayfulSavingFeature
    let api: APIFeature
    let statementImport: ImportFeature
    let accounts: AccountsFeature
    let challenge: ChallengeFeature
    let reconcile: ReconcileFeature
    let transactions: TransactionsFeature
    let budget: BudgetFeature
    let auth: AuthFeature
    let settings: SettingsFeature
    let advisor: AdvisorFeature
    /// The daily backup, checked at start-up and on each request (nil in memory).
    let dailyBackups: DailyBackups?

    /// Loads every template and static file (failing fast when one is missing).
    public init(configuration: WebConfiguration, database: AppDatabase, logger: Logger,
                passcodeHasher: PasscodeHasher = PasscodeHasher(), clock: @escaping @Sendable () -> Date = { Date() }) throws {
        services = try Services(configuration: configuration, database: database, logger: logger, clock: clock)
        feeds = FeedsFeature(services: services)
        explanations = ExplainFeature(services: services)
        wishlist = WishlistFeature(services: services)
        limits = LimitsFeature(services: services)
        bills = BillsFeature(services: services)
        calendar = CalendarFeature(services: services)
        forecasts = ForecastFeature(services: services)
        plan = PlanFeature(services: services)
        todayFeature = TodayFeature(services: services)
        quick = QuickFeature(services: services)
        playfulSaving = PlayfulSavingFeature(services: services)
        api = APIFeature(services: services)
        statementImport = ImportFeature(services: services)
        accounts = AccountsFeature(services: services)
        challenge = ChallengeFeature(services: services)
        reconcile = ReconcileFeature(services: services)
        transactions = TransactionsFeature(services: services)
        budget = BudgetFeature(services: services)
        auth = AuthFeature(services: services, passcodeHasher: passcodeHasher, loginThrottle: LoginThrottle(now: clock))
        var zone = Calendar(identifier: .gregorian)
        zone.timeZone = configuration.timeZone
        dailyBackups = DailyBackups(database: database, calendar: zone) { [logger] failed, message in
            if failed { logger.error("\(message)") } else { logger.info("\(message)") }
        }
        settings = SettingsFeature(services: services, auth: auth, dailyBackups: dailyBackups)
        advisor = AdvisorFeature(services: services)
        try advisor.bindLegacyAdvisorSecrets()
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

    // MARK: - Server hooks

    /// Makes the home-network listener match the stored switch (at start-up; Settings does it
    /// after a backup import or a delete-all). Returns the addresses to open.
    @discardableResult
    public func syncHomeNetwork() -> [String] { settings.syncHomeNetwork() }

    /// Waits until a daily backup in progress has finished (benchmarks, shut-down).
    public func waitForBackups() { settings.waitForBackups() }

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
}
