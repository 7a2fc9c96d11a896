import Engine
import HTTPCore
import Mustache

/// The sections of the main navigation, in order.
enum Section: String, CaseIterable {
    case today, budget, accounts, transactions, bills, limits, calendar, plan, forecast, advisor, settings

    var route: Route {
        switch self {
        case .today: .today(.page)
        case .budget: .budget(.page)
        case .accounts: .accounts(.list)
        case .transactions: .transactions(.page)
        case .limits: .limits(.list)
        case .bills: .bills(.page)
        case .calendar: .calendar(.thisMonth)
        case .plan: .plan(.page)
        case .forecast: .forecast(.page)
        case .advisor: .advisor(.page)
        case .settings: .settings(.page)
        }
    }
}

extension App {
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
            nav: Section.allCases.map { NavItem(href: $0.route.path, label: t[$0.navKey], current: $0 == section) },
            languages: Language.allCases.map {
                LanguageChoice(code: $0.rawValue, label: t[$0.nameKey], current: $0 == context.language)
            })
        let body = Array(try renderer.render(template, PageView(layout: layout, t: t, page: content)).utf8)
        if status == .ok, let slot = context.cacheSlot {
            pageCache.store(body, key: slot.key, stamp: slot.stamp)
        }
        return htmlResponse(status, body, context)
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
