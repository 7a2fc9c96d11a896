import Engine
import Foundation
import HTTPCore
import Storage

// Routes (docs/engine-rules.md, "Calendar feeds (.ics)"):
//   GET  /calendar/export.ics?from=&to=[&amounts=0]   the household's events as an .ics download (signed in);
//                                                     from/to YYYY-MM-DD, default today … today + 90 days, at
//                                                     most 2 years; 400 on a bad date or range; ETag and 304
//   GET  /feeds/<token>.ics                           a subscribed feed: today − 31 days … today + 13 months with
//                                                     the feed's options; no sign-in, the token is its only key
//                                                     and opens nothing else; 404 for an unknown or revoked token;
//                                                     ETag and 304
//   GET  /settings/calendar-feeds                     the feeds (created, last fetched, Revoke) and the form
//   POST /settings/calendar-feeds                     create a feed: 200 with its address shown once (422 with
//                                                     the input kept on a bad time)
//   POST /settings/calendar-feeds/<id>/revoke         revoke it (303 with a flash)

/// Feed tokens: 32 bytes from the system's secure generator as base64url; only their SHA-256 is stored.
enum FeedTokens {
    /// A new token (43 characters).
    static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = [UInt8]()
        bytes.reserveCapacity(32)
        for _ in 0..<4 {
            let word: UInt64 = generator.next()
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// The SHA-256 of `token` as 64 hex digits: what the `calendarFeed` table keeps.
    static func hash(_ token: String) -> String {
        Sodium.sha256(Array(token.utf8)).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

/// Extra events other features add to every feed and download (the checklist's steps, the
/// Challenge reminder): each returns its events from `from` through `through`.
typealias CalendarEventSource = @Sendable (_ app: App, _ from: Day, _ through: Day, _ language: Language,
                                           _ options: CalendarFeedOptions) throws -> [CalendarEvent]

extension App {
    /// The sources of extra events; a feature adds its function here when it lands.
    static let calendarEventSources: [CalendarEventSource] = [checklistEventSource, challengeEventSource]

    // MARK: - Download and feed

    func calendarExport(_ context: RequestContext) throws -> Response {
        let t = context.t, today = today()
        func date(_ name: String) throws -> Day? {
            guard let text = context.query[name], !text.isEmpty else { return nil }
            guard let day = Day(iso: text), Limits.days.contains(day) else {
                throw AppError(.malformed, message: t.format("feeds_bad_date", ["name": name]))
            }
            return day
        }
        let from = try date("from") ?? today
        let through = try date("to") ?? from.adding(days: 90)
        guard from <= through, through <= from.addingMonths(24) else { throw AppError(.malformed, message: t["feeds_bad_range"]) }
        let options = CalendarFeedOptions(includeAmounts: context.query["amounts"] != "0")
        var response = try calendarResponse(from: from, through: through, options: options, language: t.language, context,
                                            refuseOverLimit: true)
        if response.status == .ok {
            response.headers.set("Content-Disposition", "attachment; filename=\"finmind-\(from.iso)-\(through.iso).ics\"")
        }
        return response
    }

    func calendarFeed(_ token: String, _ context: RequestContext) throws -> Response {
        guard let feed = try database.calendarFeed(tokenHash: FeedTokens.hash(token)) else {
            return plainError(.notFound, language: context.language)
        }
        try database.noteCalendarFeedFetched(id: feed.id, now: clock())
        let today = today()
        var response = try calendarResponse(from: today.adding(days: -31), through: today.addingMonths(13), options: feed.options,
                                            language: feed.language, context)
        response.headers.set("Content-Disposition", "inline; filename=\"finmind.ics\"")
        return response
    }

    /// The .ics of the period, or 304 when If-None-Match names its ETag (a hash of the text
    /// without its DTSTAMP, so an unchanged household keeps its tag between polls).
    /// The most events one .ics document holds (about 5 MB): a download over more is refused
    /// with a message, a subscribed feed keeps the earliest ones (3,600 weekly items over two
    /// years once made a 100 MB feed).
    static let calendarEventLimit = 20_000

    private func calendarResponse(from: Day, through: Day, options: CalendarFeedOptions, language: Language,
                                  _ context: RequestContext, refuseOverLimit: Bool = false) throws -> Response {
        let t = Translations(language)
        let settings = try householdSettings()
        let today = today()
        let household = try database.household(settings: settings.plan, entriesFrom: from, through: through, today: today)
        let display = Display(t: t, currency: settings.currency(for: language))
        let names = try categoryNames()
        var extra: [CalendarEvent] = []
        for source in Self.calendarEventSources { extra += try source(self, from, through, language, options) }
        var events = Engine.calendarEvents(household, from: from, through: through, today: today, options: options,
                                           currency: display.currency, language: language,
                                           categoryName: { display.category($0, names: names) }, extra: extra)
        if events.count > Self.calendarEventLimit {
            if refuseOverLimit {
                throw AppError(.malformed, message: context.t.format("feeds_too_many_events", ["limit": String(Self.calendarEventLimit)]))
            }
            events = Array(events.sorted { $0.date < $1.date }.prefix(Self.calendarEventLimit))
        }
        let stamp = UTCTimestamp(unixSeconds: Int64(clock().timeIntervalSince1970))
        let text = ICalendar.document(name: t["feeds_calendar_name"], language: language, events: events, stamp: stamp)
        let tag = "\"" + FeedTokens.hash(text.replacingOccurrences(of: "DTSTAMP:" + stamp.text, with: "")).prefix(32) + "\""
        var headers = HTTPHeaders([("ETag", tag), ("Cache-Control", "private, no-cache")])
        if let match = context.request.headers["If-None-Match"],
           match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == tag || $0 == "*" }) {
            return Response(status: .notModified, headers: headers)
        }
        headers.set("Content-Type", "text/calendar; charset=utf-8")
        return Response(status: .ok, headers: headers, body: Array(text.utf8))
    }

    // MARK: - Settings

    /// True when the Host header names this computer itself (localhost, 127.x, [::1]).
    static func isLoopback(_ host: String) -> Bool {
        let name = host.hasPrefix("[") ? String(host.prefix { $0 != "]" }.dropFirst()) : String(host.prefix { $0 != ":" })
        return name == "localhost" || name.hasPrefix("127.") || name == "::1"
    }

    func calendarFeedsPage(_ context: RequestContext, state: FormState? = nil, created: String? = nil,
                           status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        let state = state ?? FormState(t, values: ["includeAmounts": "1", "dailyTime": "21:00", "alarmTime": "09:00"])
        let display = Display(t: t, currency: .rub)
        let host = context.request.headers["Host"] ?? "localhost"
        let scheme = configuration.secureCookies ? "https" : "http"
        let feeds = try database.calendarFeeds().map { feed in
            var options: [String] = [t[feed.options.includeAmounts ? "feeds_with_amounts" : "feeds_without_amounts"]]
            if let minutes = feed.options.dailyReminderMinutes { options.append(t.format("feeds_daily_at", ["time": Self.clockTime(minutes)])) }
            if let minutes = feed.options.paymentAlarmMinutes { options.append(t.format("feeds_alarm_at", ["time": Self.clockTime(minutes)])) }
            return FeedRow(created: display.day(Self.localDay(feed.createdAt, configuration.timeZone)),
                           lastFetched: feed.lastFetchedAt.map { display.day(Self.localDay($0, configuration.timeZone)) } ?? t["feeds_never"],
                           options: options.joined(separator: " · "), revokeAction: FeedsRoute.revoke(feed.id).path,
                           label: t.format("feeds_revoke_label", ["date": display.day(Self.localDay(feed.createdAt, configuration.timeZone))]))
        }
        // A phone needs the home-network address (127.0.0.1 is the phone itself): that one first while sharing is on.
        let phoneBase = homeNetworkURLs(context).first.map { String($0.dropLast($0.hasSuffix("/") ? 1 : 0)) }
        let view = FeedsPageView(
            created: created.map { token in
                let path = FeedsRoute.feed(token: token).path
                let here = scheme + "://" + host + path
                guard let phoneBase, let phoneHost = phoneBase.split(separator: "/", omittingEmptySubsequences: true).last else {
                    return CreatedFeedView(url: here, webcal: "webcal://" + host + path, label: t["feeds_created_url"],
                                           note: Self.isLoopback(host) ? t["feeds_created_loopback"] : nil)
                }
                return CreatedFeedView(url: phoneBase + path, webcal: "webcal://" + phoneHost + path, label: t["feeds_created_url_phone"],
                                       note: phoneBase + path == here ? nil : t.format("feeds_created_here", ["url": here]))
            },
            feeds: feeds, includeAmounts: state.flag("includeAmounts"), daily: state.flag("daily"),
            dailyTime: state.values["dailyTime"] ?? "", dailyTimeError: state.errors["dailyTime"],
            alarm: state.flag("alarm"), alarmTime: state.values["alarmTime"] ?? "", alarmTimeError: state.errors["alarmTime"],
            exportHref: FeedsRoute.export.path, createAction: FeedsRoute.settings.path,
            errors: ErrorLink.summary(state.errors))
        var response = try page(.settingsFeeds, .settings, context, view, title: t["feeds_title"], status: status)
        if created != nil { response.headers.set("Cache-Control", "no-store") }
        return response
    }

    func createCalendarFeed(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        var state = FormState(context.t, fields: form.fields)
        var daily: Int?, alarm: Int?
        if state.flag("daily") {
            daily = Self.minutes(state.text("dailyTime"))
            if daily == nil { state.fail("dailyTime", "feeds_bad_time") }
        }
        if state.flag("alarm") {
            alarm = Self.minutes(state.text("alarmTime"))
            if alarm == nil { state.fail("alarmTime", "feeds_bad_time") }
        }
        guard state.isValid else { return try calendarFeedsPage(context, state: state, status: .unprocessable) }
        let feedToken = FeedTokens.generate()
        let options = CalendarFeedOptions(includeAmounts: state.flag("includeAmounts"), dailyReminderMinutes: daily, paymentAlarmMinutes: alarm)
        switch try database.createCalendarFeed(tokenHash: FeedTokens.hash(feedToken), options: options, language: context.language,
                                               formToken: token) {
        case .duplicate:
            return context.redirect(to: FeedsRoute.settings.path, flash: nil)
        case .written(nil):
            state.fail("includeAmounts", "feeds_too_many", ["count": String(AppDatabase.calendarFeedLimit)])
            return try calendarFeedsPage(context, state: state, status: .unprocessable)
        case .written:
            return try calendarFeedsPage(context, created: feedToken)
        }
    }

    func revokeCalendarFeed(_ id: ID<CalendarFeed>, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        guard case .written(let revoked) = try database.revokeCalendarFeed(id: id, formToken: token) else {
            return context.redirect(to: FeedsRoute.settings.path, flash: nil)
        }
        guard revoked else { throw AppError(.notFound) }
        return context.redirect(to: FeedsRoute.settings.path, flash: context.t["feeds_flash_revoked"])
    }

    /// Minutes after midnight of "H:MM" or "HH:MM" (00:00 … 23:59), or nil.
    static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.utf8.allSatisfy { (48...57).contains($0) } }),
              let h = Int(parts[0]), let m = Int(parts[1]), h < 24, m < 60 else { return nil }
        return h * 60 + m
    }

    /// "HH:MM" of minutes after midnight.
    static func clockTime(_ minutes: Int) -> String {
        let (h, m) = (minutes / 60, minutes % 60)
        return (h < 10 ? "0" : "") + String(h) + ":" + (m < 10 ? "0" : "") + String(m)
    }
}

extension App {
    /// The Settings index's line for the feeds: how many addresses exist.
    func calendarFeedsSummary(_ t: Translations) throws -> String {
        let count = try database.calendarFeeds().count
        return count == 0 ? t["feeds_settings_summary_none"] : t.format("feeds_settings_summary_some", ["count": String(count)])
    }
}
