import Engine

/// Every address the app answers, parsed from and printed to a path. A test
/// checks that parsing what `path` prints gives the same route back.
enum Route: Equatable, Sendable {
    case root
    case data
    case calendar
    case calendarMonth(YearMonth)
    case calendarDay(Day)
    case plan
    /// Everything under /advisor (AdvisorRoute.swift).
    case advisor(AdvisorRoute)
    /// Everything under /settings and /api/v1/export (SettingsRoute.swift).
    case settings(SettingsRoute)
    case language
    case healthz
    case staticFile
    case welcome
    /// A Data-page item's pages: /data/<kind>/new, /data/<kind> (create), /data/<kind>/<id>[/edit|/delete].
    case itemNew(ItemKind)
    case itemCreate(ItemKind)
    case item(ItemKind, Int64)
    case itemEdit(ItemKind, Int64)
    case itemDelete(ItemKind, Int64)
    case undo
    case emergencyFund
    case categories
    case categoryDelete(String)
    case calendarConfirm(Day)
    case planRecalculate
    case apiPlan
    case apiBudget
    case apiCalendar(YearMonth)
    /// Signing in and out, and the household passcode (Auth/AuthPages.swift).
    case login
    case logout
    case logoutAll
    case passcode

    /// The route for a raw request path, or nil (404). Calendar dates must be real days.
    init?(path: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard path.hasPrefix("/"), let first = parts.first else { return nil }
        if parts.count == 1, let simple = Self.simple[first] {
            self = simple
        } else if parts.count == 2, first == "calendar" {
            if let month = YearMonth(iso: parts[1]), Limits.months.contains(month) {
                self = .calendarMonth(month)
            } else if let day = Day(iso: parts[1]), Limits.days.contains(day) {
                self = .calendarDay(day)
            } else {
                return nil
            }
        } else if parts.count == 3, first == "calendar", parts[2] == "confirm", let day = Day(iso: parts[1]),
                  Limits.days.contains(day) {
            self = .calendarConfirm(day)
        } else if parts == ["logout", "all"] {
            self = .logoutAll
        } else if parts == ["plan", "recalculate"] {
            self = .planRecalculate
        } else if first == "advisor", let route = AdvisorRoute(Array(parts.dropFirst())) {
            self = .advisor(route)
        } else if first == "settings", let route = SettingsRoute(Array(parts.dropFirst())) {
            self = .settings(route)
        } else if first == "data", parts.count >= 2, let route = Self.dataRoute(Array(parts.dropFirst())) {
            self = route
        } else if first == "api", parts.count >= 3, parts[1] == "v1", let route = Self.apiRoute(Array(parts.dropFirst(2))) {
            self = route
        } else if parts == ["favicon.ico"] {
            self = .staticFile
        } else if first == "static", parts.count >= 2 {
            self = .staticFile
        } else {
            return nil
        }
    }

    private static let simple: [String: Route] = [
        "": .root, "data": .data, "calendar": .calendar, "plan": .plan,
        "language": .language, "healthz": .healthz, "welcome": .welcome,
        "login": .login, "logout": .logout, "passcode": .passcode,
    ]

    private static func dataRoute(_ parts: [String]) -> Route? {
        switch parts.count {
        case 1:
            if parts[0] == "undo" { return .undo }
            if parts[0] == "emergency" { return .emergencyFund }
            if parts[0] == "categories" { return .categories }
            return ItemKind(rawValue: parts[0]).map(Route.itemCreate)
        case 2:
            guard let kind = ItemKind(rawValue: parts[0]) else { return nil }
            if parts[1] == "new" { return .itemNew(kind) }
            return Self.id(parts[1]).map { .item(kind, $0) }
        case 3:
            if parts[0] == "categories", parts[2] == "delete", Self.isCategoryKey(parts[1]) { return .categoryDelete(parts[1]) }
            guard let kind = ItemKind(rawValue: parts[0]), let id = Self.id(parts[1]) else { return nil }
            if parts[2] == "edit" { return .itemEdit(kind, id) }
            if parts[2] == "delete" { return .itemDelete(kind, id) }
            return nil
        default:
            return nil
        }
    }

    private static func apiRoute(_ parts: [String]) -> Route? {
        if parts == ["budget"] { return .apiBudget }
        if parts == ["plan"] { return .apiPlan }
        if let route = SettingsRoute(api: parts) { return .settings(route) }
        if parts.count == 2, parts[0] == "calendar", let month = YearMonth(iso: parts[1]), Limits.months.contains(month) {
            return .apiCalendar(month)
        }
        return nil
    }

    /// A row id: 1 to 15 ASCII digits, no sign, no leading zero.
    private static func id(_ text: String) -> Int64? {
        guard (1...15).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }), !text.hasPrefix("0")
        else { return nil }
        return Int64(text)
    }

    /// A category key: lower-case letters, digits and dashes, up to 40.
    static func isCategoryKey(_ text: String) -> Bool {
        (1...40).contains(text.utf8.count) && text.utf8.allSatisfy { (97...122).contains($0) || (48...57).contains($0) || $0 == 45 }
    }

    /// True for the HTML pages (what the page cache may keep).
    var isPage: Bool {
        switch self {
        case .data, .calendar, .calendarMonth, .calendarDay, .plan, .itemNew, .itemEdit, .itemDelete, .emergencyFund: true
        case .advisor(let route): route.isCacheablePage
        case .settings(let route): route.isCacheablePage
        default: false
        }
    }

    /// True for what a browser may reach without signing in: the login page, static files,
    /// /healthz and the language switch.
    var isPublic: Bool {
        switch self {
        case .login, .staticFile, .healthz, .language: true
        default: false
        }
    }

    /// The path that addresses this route (static files: the folder's prefix).
    var path: String {
        switch self {
        case .root: "/"
        case .data: "/data"
        case .calendar: "/calendar"
        case .calendarMonth(let month): "/calendar/" + month.iso
        case .calendarDay(let day): "/calendar/" + day.iso
        case .plan: "/plan"
        case .advisor(let route): route.path
        case .settings(let route): route.path
        case .language: "/language"
        case .healthz: "/healthz"
        case .staticFile: "/static/"
        case .welcome: "/welcome"
        case .itemNew(let kind): "/data/\(kind.rawValue)/new"
        case .itemCreate(let kind): "/data/\(kind.rawValue)"
        case .item(let kind, let id): "/data/\(kind.rawValue)/\(id)"
        case .itemEdit(let kind, let id): "/data/\(kind.rawValue)/\(id)/edit"
        case .itemDelete(let kind, let id): "/data/\(kind.rawValue)/\(id)/delete"
        case .undo: "/data/undo"
        case .emergencyFund: "/data/emergency"
        case .categories: "/data/categories"
        case .categoryDelete(let key): "/data/categories/\(key)/delete"
        case .calendarConfirm(let day): "/calendar/\(day.iso)/confirm"
        case .planRecalculate: "/plan/recalculate"
        case .apiPlan: "/api/v1/plan"
        case .apiBudget: "/api/v1/budget"
        case .apiCalendar(let month): "/api/v1/calendar/\(month.iso)"
        case .login: "/login"
        case .logout: "/logout"
        case .logoutAll: "/logout/all"
        case .passcode: "/passcode"
        }
    }
}

/// The things the Data page lists and edits: recurring incomes and expenses, one-off
/// entries, debts and goals.
enum ItemKind: String, Sendable, CaseIterable {
    case income, expense, entry, debt, goal
}

/// The limits of SPEC §1 every form and address enforces.
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
