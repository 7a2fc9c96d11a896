import Engine
import Testing
@testable import Web

@Suite("Routes")
struct RouteTests {
    @Test("every route prints a path that parses back to it", arguments: [
        Route.root, .data, .calendar, .advisor(.page), .settings(.page), .settings(.feedback), .settings(.privacy), .settings(.data), .calendarMonth(YearMonth(year: 2026, month: 2)!), .calendarDay(Day(year: 2028, month: 2, day: 29)!),
        .plan, .language, .healthz,
    ])
    func roundTrip(route: Route) {
        #expect(Route(path: route.path) == route)
    }

    @Test("addresses that are not pages", arguments: [
        "/calendar/2026-02-30", "/calendar/abc", "/calendar/2026-13", "/calendar/2027-02-29", "/calendar/26-01-01",
        "/calendar/2026-1-01", "/calendar/+026-01", "/calendar/1899-12", "/calendar/2200-01-01", "/data/", "/nope",
        "/settings/other", "data", "", "/static", "/plan/x",
    ])
    func unknown(path: String) {
        #expect(Route(path: path) == nil)
    }

    @Test("leap days and month ends are real days")
    func realDays() {
        #expect(Route(path: "/calendar/2028-02-29") == .calendarDay(Day(year: 2028, month: 2, day: 29)!))
        #expect(Route(path: "/calendar/2000-02-29") == .calendarDay(Day(year: 2000, month: 2, day: 29)!))
        #expect(Route(path: "/calendar/1900-02-29") == nil)
        #expect(Route(path: "/calendar/2026-04-31") == nil)
        #expect(Route(path: "/calendar/2026-12-31") == .calendarDay(Day(year: 2026, month: 12, day: 31)!))
    }

    @Test("a redirect target must stay on this server", arguments: [
        ("/plan", "/plan"), ("/calendar/2026-02", "/calendar/2026-02"), ("//evil.com/x", nil), ("https://evil.com", nil),
        ("/\\evil.com", nil), ("/nope", nil), ("plan", nil),
    ] as [(String, String?)])
    func localPath(input: String, expected: String?) {
        #expect(App.localPath(input) == expected)
    }
}
