import Engine
import HTTPCore
import Storage
/// Calendar feeds (FeedsPage.swift): the download under /calendar, the subscription address
/// under /feeds and their management under /settings.
enum FeedsRoute: Equatable, Sendable {
    /// GET /calendar/export.ics?from=&to=: the .ics download (signed in).
    case export
    /// GET /feeds/<token>.ics: a subscribed feed; the token is its only key (no sign-in).
    case feed(token: String)
    /// GET /settings/calendar-feeds (the list and the form), POST (create a feed).
    case settings
    /// POST /settings/calendar-feeds/<id>/revoke.
    case revoke(ID<CalendarFeed>)

    /// The length of a token: 32 random bytes in base64url without padding.
    static let tokenLength = 43

    /// Parses the components after "/calendar" that belong here, or nil.
    init?(calendar parts: [String]) {
        guard parts == ["export.ics"] else { return nil }
        self = .export
    }

    /// Parses the components after "/feeds": one `<token>.ics`, the token 43 base64url characters.
    init?(feeds parts: [String]) {
        guard parts.count == 1, parts[0].hasSuffix(".ics") else { return nil }
        let token = String(parts[0].dropLast(4))
        guard Self.isToken(token) else { return nil }
        self = .feed(token: token)
    }

    /// Parses the components after "/settings" that belong here, or nil.
    init?(settings parts: [String]) {
        switch parts.count {
        case 1 where parts[0] == "calendar-feeds": self = .settings
        case 3 where parts[0] == "calendar-feeds" && parts[2] == "revoke":
            guard let id = Route.id(parts[1]) else { return nil }
            self = .revoke(ID(id))
        default: return nil
        }
    }

    /// True for text that could be a feed token: 43 characters of A–Z, a–z, 0–9, "-" and "_".
    static func isToken(_ text: String) -> Bool {
        text.utf8.count == tokenLength && text.utf8.allSatisfy {
            (65...90).contains($0) || (97...122).contains($0) || (48...57).contains($0) || $0 == 45 || $0 == 95
        }
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .export: "/calendar/export.ics"
        case .feed(let token): "/feeds/\(token).ics"
        case .settings: "/settings/calendar-feeds"
        case .revoke(let id): "/settings/calendar-feeds/\(id)/revoke"
        }
    }

    /// One route of every case, for the round-trip test.
    static let examples: [FeedsRoute] = [
        .export, .feed(token: "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde"), .settings, .revoke(7),
    ]
}

// MARK: - Handlers

/// The calendar download and the .ics feeds (FeedsPage.swift, FeedsSources.swift).
struct FeedsFeature: Handler {
    let services: Services
}

extension FeedsFeature {
    /// The handler of each address under /calendar/export.ics, /feeds and /settings/calendar-feeds, by method: this family's
    /// part of the route table (`App.dispatch`, Routing.swift). Every pairing is listed, the
    /// refused ones last, so a new address that no handler answers does not compile.
    func dispatch(_ method: Method, _ route: FeedsRoute, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // GET /calendar/export.ics?from=&to=: the .ics download (FeedsPage.swift).
        case (.get, .export): return try calendarExport(context)
        // GET /feeds/<token>.ics: a subscribed feed, its token its only key.
        case (.get, .feed(let token)): return try calendarFeed(token, context)
        // GET /settings/calendar-feeds: the feeds and the form.
        case (.get, .settings): return try calendarFeedsPage(context)
        // POST /settings/calendar-feeds: create a feed (its address shown once).
        case (.post(let form), .settings): return try createCalendarFeed(form, context)
        // POST /settings/calendar-feeds/<id>/revoke: revoke it.
        case (.post(let form), .revoke(let id)): return try revokeCalendarFeed(id, form, context)
        // Any other method on these addresses: 405.
        case (.post, .export), (.post, .feed), (.get, .revoke):
            throw AppError(.methodNotAllowed)
        }
    }
}
