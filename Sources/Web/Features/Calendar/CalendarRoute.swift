import Engine
import HTTPCore

/// The addresses under /calendar (CalendarPage.swift). Dates must be real days within `Limits`.
enum CalendarRoute: Equatable, Sendable {
    /// GET /calendar: this month.
    case thisMonth
    /// GET /calendar/<yyyy-mm>: a month.
    case month(YearMonth)
    /// GET /calendar/<yyyy-mm-dd>: a day; POST adds an entry on it.
    case day(Day)
    /// POST /calendar/<yyyy-mm-dd>/confirm: confirms a planned occurrence (GET leads to the day).
    case confirm(Day)

    /// Parses the path components after "calendar" ([] for /calendar itself), or nil.
    init?(_ parts: [String]) {
        switch parts.count {
        case 0:
            self = .thisMonth
        case 1:
            if let month = YearMonth(iso: parts[0]), Limits.months.contains(month) {
                self = .month(month)
            } else if let day = Day(iso: parts[0]), Limits.days.contains(day) {
                self = .day(day)
            } else {
                return nil
            }
        case 2:
            guard parts[1] == "confirm", let day = Day(iso: parts[0]), Limits.days.contains(day) else { return nil }
            self = .confirm(day)
        default:
            return nil
        }
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .thisMonth: "/calendar"
        case .month(let month): "/calendar/" + month.iso
        case .day(let day): "/calendar/" + day.iso
        case .confirm(let day): "/calendar/\(day.iso)/confirm"
        }
    }

    /// True when a GET's HTML may be kept by the page cache until the data changes.
    var isCacheablePage: Bool {
        switch self {
        case .thisMonth, .month, .day: true
        case .confirm: false
        }
    }

    /// One route of every case, for the round-trip test.
    static let examples: [CalendarRoute] = [
        .thisMonth, .month(YearMonth(year: 2026, month: 2)!), .day(Day(year: 2028, month: 2, day: 29)!),
        .confirm(Day(year: 2199, month: 12, day: 31)!),
    ]
}

// MARK: - Handlers

/// The month and the day (CalendarPage.swift, CalendarPastPlanned.swift, CalendarBills.swift).
struct CalendarFeature: Handler {
    let services: Services
}

extension CalendarFeature {
    /// The handler of each address under /calendar, by method: this family's
    /// part of the route table (`App.dispatch`, Routing.swift). Every pairing is listed, the
    /// refused ones last, so a new address that no handler answers does not compile.
    func dispatch(_ method: Method, _ route: CalendarRoute, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // GET /calendar: this month.
        case (.get, .thisMonth): return try calendarMonthPage(today().yearMonth, context)
        // GET /calendar/<yyyy-mm>: a month.
        case (.get, .month(let month)): return try calendarMonthPage(month, context)
        // GET /calendar/<yyyy-mm-dd>: a day.
        case (.get, .day(let day)): return try calendarDayPage(day, context)
        // POST /calendar/<yyyy-mm-dd>: add an entry on it.
        case (.post(let form), .day(let day)): return try addCalendarEntry(day, form, context)
        // GET /calendar/<yyyy-mm-dd>/confirm: only posted to; opened (a reload, a bookmark) it leads to its day.
        case (.get, .confirm(let day)): return context.redirect(to: Route.calendar(.day(day)).path, flash: nil)
        // POST /calendar/<yyyy-mm-dd>/confirm: confirm a planned occurrence.
        case (.post(let form), .confirm(let day)): return try confirmOccurrence(day, form, context)
        // Any other method on these addresses: 405.
        case (.post, .thisMonth), (.post, .month):
            throw AppError(.methodNotAllowed)
        }
    }
}
