import Engine
import HTTPCore
import Mustache

/// The places a page can be: each belongs to one top destination (`Destination`), whose
/// sub-navigation lists its places; Settings sits in the header instead.
enum Section: String, CaseIterable {
    case today, budget, accounts, transactions, importStatement, bills, limits,
         plan, forecast, wishlist, calendar, challenge, achievements, saving, advisor, advisorSettings, settings

    var route: Route {
        switch self {
        case .today: .today(.page)
        case .budget: .budget(.page)
        case .accounts: .accounts(.list)
        case .transactions: .transactions(.page)
        case .importStatement: .statements(.page)
        case .limits: .limits(.list)
        case .bills: .bills(.page)
        case .plan: .plan(.page)
        case .forecast: .forecast(.page)
        case .wishlist: .wishlist(.list)
        case .calendar: .calendar(.thisMonth)
        case .challenge: .challenge(.today)
        case .achievements: .challenge(.achievements)
        case .saving: .playfulSaving(.page)
        case .advisor: .advisor(.page)
        case .advisorSettings: .advisor(.settings)
        case .settings: .settings(.page)
        }
    }

    /// The top destination this place belongs to (nil: Settings, reached from the header).
    var destination: Destination? {
        Destination.allCases.first { $0.sections.contains(self) }
    }
}

/// The top destinations of the main navigation (at most six: one row on a laptop, the bottom
/// bar on a phone), each with the places of its sub-navigation, its landing place first.
enum Destination: String, CaseIterable {
    case today, budget, money, plan, play, advisor

    /// The places under this destination, in the sub-navigation's order.
    var sections: [Section] {
        switch self {
        case .today: [.today]
        case .budget: [.budget]
        case .money: [.accounts, .transactions, .importStatement, .bills, .limits]
        case .plan: [.plan, .forecast, .wishlist, .calendar]
        case .play: [.challenge, .achievements, .saving]
        case .advisor: [.advisor, .advisorSettings]
        }
    }

    /// Where the destination's link leads.
    var landing: Section { sections[0] }
}

extension Handler {
    /// Renders `template` inside the layout with `section` marked current, as a 200 page.
    func page<Content: MustacheParent>(_ template: Template, _ section: Section?, _ context: RequestContext,
                                       _ content: Content, title: String? = nil, status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        let settings = (try? householdSettings()) ?? HouseholdSettings([:])
        let layout = LayoutView(
            lang: context.language.rawValue,
            title: title ?? section.map { t[$0.navKey] } ?? t["app_name"],
            path: context.request.rawPath,
            csrf: pageCache.csrfMarker,
            formToken: pageCache.formMarker,
            undo: context.undo,
            undoLabel: context.undo.map {
                $0.hasPrefix("quick-") ? t["quick_undo"]
                    : $0.hasPrefix("separate-") ? t["record_separately"] : t.format("action_restore", ["name": context.undoName ?? ""])
            },
            theme: settings.theme,
            accent: settings.accent,
            assetVersion: staticFiles.version,
            flash: context.flash,
            profile: try? profileBadge(settings),
            signedIn: context.session != nil,
            nav: navigation(section, t, gamesShown: settings.stored[ChallengeKey.hidden] != "on"),
            sectionNav: sectionNavigation(section, t),
            settingsCurrent: section == .settings,
            languages: Language.allCases.map {
                LanguageChoice(code: $0.rawValue, label: t[$0.nameKey], current: $0 == context.language)
            })
        let body = Array(try renderer.render(template, PageView(layout: layout, t: t, page: content)).utf8)
        if status == .ok, let slot = context.cacheSlot {
            pageCache.store(body, key: slot.key, stamp: slot.stamp)
        }
        return htmlResponse(status, body, context)
    }

    /// The main navigation: one link per destination, the current one marked (`page` on its
    /// landing place, `true` below it); Play only while games are shown.
    func navigation(_ section: Section?, _ t: Translations, gamesShown: Bool) -> [NavItem] {
        Destination.allCases.filter { $0 != .play || gamesShown }.map { destination in
            let here = section?.destination == destination
            return NavItem(href: destination.landing.route.path, label: t[destination.navKey],
                           current: here && section == destination.landing, within: here && section != destination.landing)
        }
    }

    /// The current destination's sub-navigation (nil when it has one place only).
    func sectionNavigation(_ section: Section?, _ t: Translations) -> SectionNav? {
        guard let destination = section?.destination, destination.sections.count > 1 else { return nil }
        return SectionNav(label: t[destination.navKey], items: destination.sections.map {
            NavItem(href: $0.route.path, label: t[$0.navKey], current: $0 == section, within: false)
        })
    }

    /// A complete HTML response with the context's cookies; `body` is rendered with the
    /// page cache's markers, which are replaced here by this browser's tokens.
    func htmlResponse(_ status: HTTPStatus, _ body: [UInt8], _ context: RequestContext) -> Response {
        var response = Response(status: status, headers: HTTPHeaders([("Content-Type", "text/html; charset=utf-8")]),
                                body: pageCache.personalise(body, csrfToken: context.csrfToken))
        response.headers.add("Cache-Control", "no-store")
        response.headers.add("Vary", "Cookie, Accept-Language")
        for cookie in context.setCookies { response.headers.add("Set-Cookie", cookie) }
        return response
    }

    /// The error page for `status` in the request's language.
    func errorPage(_ status: HTTPStatus, _ context: RequestContext, message: String? = nil) -> Response {
        let t = context.t
        let content = ErrorContent(status: status.code, heading: t[runtime: "error_\(status)_title"],
                                   message: message ?? t[runtime: "error_\(status)_text"])
        do {
            return try page(.error, nil, context, content, title: content.heading, status: status)
        } catch {
            logger.error("error page \(status) failed to render: \(error)")
            return plainError(status, language: context.language)
        }
    }

    /// A minimal error page that needs no request context (bad Host, bad query).
    func plainError(_ status: HTTPStatus, language: Language) -> Response {
        let t = Translations(language)
        let title = t[runtime: "error_\(status)_title"], text = t[runtime: "error_\(status)_text"]
        let html = "<!doctype html><html lang=\"\(language.rawValue)\"><head><meta charset=\"utf-8\"><title>\(status) \(title)</title>"
            + "<link rel=\"stylesheet\" href=\"\(Route.staticFile.path)app.css\"></head><body><main class=\"error\">"
            + "<h1>\(status) \(title)</h1><p>\(text)</p><p><a href=\"\(Route.budget(.page).path)\">\(t["error_home"])</a></p></main></body></html>"
        return Response(status: status, contentType: "text/html; charset=utf-8", text: html)
    }
}
