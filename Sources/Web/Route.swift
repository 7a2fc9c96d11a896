import Engine

/// Every address the app answers, parsed from and printed to a path. Each family has
/// its own enum beside its page (BudgetRoute, CalendarRoute, PlanRoute, AdvisorRoute,
/// SettingsRoute, AuthRoute, APIRoute) with its part of the route table, the handler of each method
/// it answers; `App.dispatch` (Routing.swift) is the top of that table.
/// A test checks that parsing what `path` prints gives the same route back, for every case.
enum Route: Equatable, Sendable {
    /// GET /: leads to the Today page (the Budget page, hence the welcome, before onboarding).
    case root
    /// Everything under /data: the Budget page and its forms (BudgetRoute.swift).
    case budget(BudgetRoute)
    /// Everything under /calendar (CalendarRoute.swift).
    case calendar(CalendarRoute)
    /// Everything under /plan (PlanRoute.swift).
    case plan(PlanRoute)
    /// Everything under /advisor (AdvisorRoute.swift).
    case advisor(AdvisorRoute)
    /// Everything under /settings and /api/v1/export (SettingsRoute.swift).
    case settings(SettingsRoute)
    /// Signing in and out, and the household passcode (AuthRoute.swift).
    case auth(AuthRoute)
    /// The JSON API under /api/v1 (APIRoute.swift).
    case api(APIRoute)
    /// Everything under /accounts (AccountsRoute.swift).
    case accounts(AccountsRoute)
    /// The ledger: /transactions and /api/v1/transactions (TransactionsRoute.swift).
    case transactions(TransactionsRoute)
    /// Bank statement import under /import (ImportRoute.swift).
    case statements(ImportRoute)
    /// Bills and subscriptions: /bills and /api/v1/bills (BillsRoute.swift).
    case bills(BillsRoute)
    /// The balance forecast: /forecast and /api/v1/forecast (ForecastRoute.swift).
    case forecast(ForecastRoute)
    /// The advisor's actions: /advisor/actions… (AdvisorActionsRoute.swift).
    case advisorActions(AdvisorActionsRoute)
    /// The remote provider: /advisor/settings/test (AdvisorProviderRoute.swift).
    case advisorProvider(AdvisorProviderRoute)
    /// "How is this computed?": /explain/<figure> and /api/v1/explain/<figure> (ExplainRoute.swift).
    case explain(ExplainRoute)
    /// The Challenge and the achievements: /challenge…, /achievements… (ChallengeRoute.swift).
    case challenge(ChallengeRoute)
    /// Playful saving: round-ups and hidden money under /saving (PlayfulSavingRoute.swift).
    case playfulSaving(PlayfulSavingRoute)
    /// The wishlist: /wishlist… (WishlistRoute.swift).
    case wishlist(WishlistRoute)
    /// GET /welcome (first start), POST (finish or skip).
    case welcome
    /// An account's reconcile page and the transfer form (ReconcileRoute.swift).
    case reconcile(ReconcileRoute)
    /// Category limits: /limits and /api/v1/limits (LimitsRoute.swift).
    case limits(LimitsRoute)
    /// Quick entry in plain words: /quick and /api/v1/quick (QuickRoute.swift).
    case quick(QuickRoute)
    /// POST /language: the language switch in the header.
    case language
    /// The Today page, its API and the month's checklist (TodayRoute.swift).
    case today(TodayRoute)
    /// GET /healthz: "ok" when the database answers.
    case healthz
    /// Calendar feeds: /calendar/export.ics, /feeds/<token>.ics, /settings/calendar-feeds (FeedsRoute.swift).
    case feeds(FeedsRoute)
    /// GET /static/… and /favicon.ico: the files in Public/.
    case staticFile

    /// The browser's default icon address, answered from Public/ like /static/.
    static let faviconPath = "/favicon.ico"

    /// The route for a raw request path, or nil (404). Calendar dates must be real days.
    init?(path: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard path.hasPrefix("/"), let first = parts.first else { return nil }
        let rest = Array(parts.dropFirst())
        let family: Route? = switch first {
        case "data": BudgetRoute(rest).map(Route.budget)
        case "calendar": CalendarRoute(rest).map(Route.calendar) ?? FeedsRoute(calendar: rest).map(Route.feeds)
        case "plan": PlanRoute(rest).map(Route.plan)
        case "advisor": AdvisorRoute(rest).map(Route.advisor) ?? AdvisorActionsRoute(rest).map(Route.advisorActions)
            ?? AdvisorProviderRoute(rest).map(Route.advisorProvider)
        case "settings": SettingsRoute(rest).map(Route.settings) ?? FeedsRoute(settings: rest).map(Route.feeds)
        case "feeds": FeedsRoute(feeds: rest).map(Route.feeds)
        case "api": Self.api(rest)
        case "accounts": ReconcileRoute([first] + rest).map(Route.reconcile) ?? AccountsRoute(rest).map(Route.accounts)
        case "transfers": ReconcileRoute([first] + rest).map(Route.reconcile)
        case "transactions": TransactionsRoute(rest).map(Route.transactions)
        case "static": rest.isEmpty ? nil : .staticFile
        case "import": ImportRoute(rest).map(Route.statements)
        case "limits": LimitsRoute(rest).map(Route.limits)
        case "bills": BillsRoute(rest).map(Route.bills)
        case "forecast": ForecastRoute(rest).map(Route.forecast)
        case "quick": QuickRoute(rest).map(Route.quick)
        case "explain": ExplainRoute(rest).map(Route.explain)
        case "today": TodayRoute(rest).map(Route.today)
        case "challenge": ChallengeRoute(rest).map(Route.challenge)
        case "achievements": ChallengeRoute(achievements: rest).map(Route.challenge)
        case "saving": PlayfulSavingRoute(rest).map(Route.playfulSaving)
        case "wishlist": WishlistRoute(rest).map(Route.wishlist)
        default: AuthRoute(parts).map(Route.auth)
        }
        if let family {
            self = family
        } else if rest.isEmpty, let simple = Self.simple[first] {
            self = simple
        } else if path == Self.faviconPath {
            self = .staticFile
        } else {
            return nil
        }
    }

    private static let simple: [String: Route] = ["": .root, "welcome": .welcome, "language": .language, "healthz": .healthz]

    /// The route for the components after "api": "v1" then an API or Settings (export) address.
    private static func api(_ parts: [String]) -> Route? {
        guard parts.first == "v1" else { return nil }
        let rest = Array(parts.dropFirst())
        // Each family's API addresses, tried in turn (one chain of ?? is too much for the type checker).
        let families: [([String]) -> Route?] = [
            { APIRoute($0).map(Route.api) },
            { SettingsRoute(api: $0).map(Route.settings) },
            { TransactionsRoute(api: $0).map(Route.transactions) },
            { LimitsRoute(api: $0).map(Route.limits) },
            { BillsRoute(api: $0).map(Route.bills) },
            { ForecastRoute(api: $0).map(Route.forecast) },
            { QuickRoute(api: $0).map(Route.quick) },
            { ExplainRoute(api: $0).map(Route.explain) },
            { TodayRoute(api: $0).map(Route.today) },
        ]
        for family in families {
            if let route = family(rest) { return route }
        }
        return nil
    }

    /// A row id: 1 to 15 ASCII digits, no sign, no leading zero.
    static func id(_ text: String) -> Int64? {
        guard (1...15).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }), !text.hasPrefix("0")
        else { return nil }
        return Int64(text)
    }

    /// A row id (`id(_:)`'s digits) as the id of the row kind the context names.
    static func id<Tag>(_ text: String) -> ID<Tag>? {
        id(text).map { ID($0) }
    }

    /// A category key: lower-case letters, digits and dashes, up to 40.
    static func isCategoryKey(_ text: String) -> Bool {
        (1...40).contains(text.utf8.count) && text.utf8.allSatisfy { (97...122).contains($0) || (48...57).contains($0) || $0 == 45 }
    }

    /// True for the HTML pages (what the page cache may keep).
    var isPage: Bool {
        switch self {
        case .budget(let route): route.isCacheablePage
        case .calendar(let route): route.isCacheablePage
        case .plan(let route): route.isCacheablePage
        case .advisor(let route): route.isCacheablePage
        case .settings(let route): route.isCacheablePage
        case .accounts(let route): route.isCacheablePage
        case .root, .auth, .api, .welcome, .language, .healthz, .staticFile, .reconcile, .statements, .feeds: false
        case .bills(let route): route == .page
        case .transactions(let route): route.isCacheablePage
        case .limits(let route): route.isCacheablePage
        case .forecast(let route): route.isCacheablePage
        case .quick: false
        case .explain(let route): route.isCacheablePage
        case .advisorActions: false
        case .advisorProvider: false
        case .today(let route): route.isCacheablePage
        case .challenge: false
        case .playfulSaving: false
        case .wishlist(let route): route.isCacheablePage
        }
    }

    /// True for what a browser may reach without signing in: the login page, static files,
    /// /healthz, the language switch, and a calendar feed (its token is checked by its handler
    /// and opens nothing else).
    var isPublic: Bool {
        switch self {
        case .auth(.login), .staticFile, .healthz, .language, .feeds(.feed): true
        default: false
        }
    }

    /// True for the JSON API (/api/v1/…, the export included): refused, never redirected to sign in.
    var isAPI: Bool {
        switch self {
        case .api, .settings(.apiExport), .transactions(.api), .limits(.api), .bills(.api), .forecast(.api), .quick(.api), .explain(.api), .today(.api): true
        default: false
        }
    }

    /// The path that addresses this route (static files: the folder's prefix).
    var path: String {
        switch self {
        case .root: "/"
        case .budget(let route): route.path
        case .calendar(let route): route.path
        case .plan(let route): route.path
        case .advisor(let route): route.path
        case .settings(let route): route.path
        case .auth(let route): route.path
        case .api(let route): route.path
        case .accounts(let route): route.path
        case .reconcile(let route): route.path
        case .transactions(let route): route.path
        case .statements(let route): route.path
        case .limits(let route): route.path
        case .bills(let route): route.path
        case .forecast(let route): route.path
        case .feeds(let route): route.path
        case .quick(let route): route.path
        case .explain(let route): route.path
        case .advisorActions(let route): route.path
        case .advisorProvider(let route): route.path
        case .today(let route): route.path
        case .challenge(let route): route.path
        case .playfulSaving(let route): route.path
        case .wishlist(let route): route.path
        case .welcome: "/welcome"
        case .language: "/language"
        case .healthz: "/healthz"
        case .staticFile: "/static/"
        }
    }

    /// One route of every case, every family's included, for the round-trip test.
    static var examples: [Route] {
        [.root, .welcome, .language, .healthz, .staticFile]
            + BudgetRoute.examples.map(Route.budget) + CalendarRoute.examples.map(Route.calendar)
            + PlanRoute.examples.map(Route.plan) + AdvisorRoute.examples.map(Route.advisor)
            + SettingsRoute.examples.map(Route.settings) + AuthRoute.examples.map(Route.auth)
            + APIRoute.examples.map(Route.api)
            + AccountsRoute.examples.map(Route.accounts)
            + ReconcileRoute.examples.map(Route.reconcile)
            + TransactionsRoute.examples.map(Route.transactions)
            + ImportRoute.examples.map(Route.statements)
            + LimitsRoute.examples.map(Route.limits)
            + BillsRoute.examples.map(Route.bills)
            + ForecastRoute.examples.map(Route.forecast)
            + FeedsRoute.examples.map(Route.feeds)
            + QuickRoute.examples.map(Route.quick)
            + ExplainRoute.examples.map(Route.explain)
            + AdvisorActionsRoute.examples.map(Route.advisorActions)
            + TodayRoute.examples.map(Route.today)
            + ChallengeRoute.examples.map(Route.challenge)
            + AdvisorProviderRoute.examples.map(Route.advisorProvider)
            + PlayfulSavingRoute.examples.map(Route.playfulSaving)
            + WishlistRoute.examples.map(Route.wishlist)
    }
}

/// The things the Budget page lists and edits: recurring incomes and expenses, one-off
/// entries, debts and goals.
enum ItemKind: String, Sendable, CaseIterable {
    case income, expense, entry, debt, goal
}

/// The limits every form and address enforces (docs/product-rules.md, "Ground limits").
enum Limits {
    static let days = Day(year: 1900, month: 1, day: 1)!...Day(year: 2199, month: 12, day: 31)!
    static let months = YearMonth(year: 1900, month: 1)!...YearMonth(year: 2199, month: 12)!
    static let amounts = Money(minorUnits: 1)...Money(minorUnits: 1_000_000_000_000)
    static let nameLength = 1...80
    static let noteLength = 0...500
    static let aprHundredths: ClosedRange<Int64> = 0...10_000
    static let months600 = 1...600
    static let graceMonths = 0...600
    static let emergencyMonths = 0...24
}
