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
    case advisor
    case settings
    case settingsFeedback
    case settingsPrivacy
    case settingsData
    case language
    case healthz
    case staticFile

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
        } else if parts.count == 2, first == "settings", let sub = Self.settingsPages[parts[1]] {
            self = sub
        } else if first == "static", parts.count >= 2 {
            self = .staticFile
        } else {
            return nil
        }
    }

    private static let simple: [String: Route] = [
        "": .root, "data": .data, "calendar": .calendar, "plan": .plan, "advisor": .advisor,
        "settings": .settings, "language": .language, "healthz": .healthz,
    ]
    private static let settingsPages: [String: Route] = [
        "feedback": .settingsFeedback, "privacy": .settingsPrivacy, "data": .settingsData,
    ]

    /// True for the HTML pages (what the page cache may keep).
    var isPage: Bool {
        switch self {
        case .root, .language, .healthz, .staticFile: false
        default: true
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
        case .advisor: "/advisor"
        case .settings: "/settings"
        case .settingsFeedback: "/settings/feedback"
        case .settingsPrivacy: "/settings/privacy"
        case .settingsData: "/settings/data"
        case .language: "/language"
        case .healthz: "/healthz"
        case .staticFile: "/static/"
        }
    }
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
