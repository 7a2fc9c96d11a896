import Foundation

/// Every address the app answers, parsed from and printed to a path. A test
/// checks that parsing what `path` prints gives the same route back.
enum Route: Equatable, Sendable {
    case root
    case data
    case calendar
    case calendarMonth(year: Int, month: Int)
    case calendarDay(year: Int, month: Int, day: Int)
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
            if let (year, month) = CivilDateText.yearMonth(parts[1]) {
                self = .calendarMonth(year: year, month: month)
            } else if let (year, month, day) = CivilDateText.day(parts[1]) {
                self = .calendarDay(year: year, month: month, day: day)
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
        case .calendarMonth(let year, let month): "/calendar/" + CivilDateText.format(year, month)
        case .calendarDay(let year, let month, let day): "/calendar/" + CivilDateText.format(year, month, day)
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

/// Strict `YYYY-MM` and `YYYY-MM-DD` text within SPEC §1's date limits (1900 … 2199).
enum CivilDateText {
    /// Year and month of "YYYY-MM", or nil.
    static func yearMonth(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
              let year = digits(parts[0]), let month = digits(parts[1]),
              (1900...2199).contains(year), (1...12).contains(month) else { return nil }
        return (year, month)
    }

    /// Year, month and day of "YYYY-MM-DD" naming a real day, or nil.
    static func day(_ text: String) -> (Int, Int, Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = digits(parts[0]), let month = digits(parts[1]), let day = digits(parts[2]),
              (1900...2199).contains(year), (1...12).contains(month),
              (1...daysInMonth(year, month)).contains(day) else { return nil }
        return (year, month, day)
    }

    static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func format(_ year: Int, _ month: Int) -> String {
        String(format: "%04d-%02d", year, month)
    }

    static func format(_ year: Int, _ month: Int, _ day: Int) -> String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    private static func digits(_ text: Substring) -> Int? {
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}
