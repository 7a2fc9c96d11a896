import Engine
import Mustache

// MARK: - Layout

/// What the layout template shows around every page.
struct LayoutView: MustacheParent, Sendable {
    var lang: String
    var title: String
    var path: String
    var csrf: String
    var formToken: String
    var undo: String?
    /// The undo button's label, naming what it brings back ("Restore «Milk»").
    var undoLabel: String?
    var theme: String
    var accent: String
    var assetVersion: String
    var flash: String?
    var profile: ProfileBadge?
    var signedIn: Bool
    var nav: [NavItem]
    var languages: [LanguageChoice]

    func child(named name: String) -> Any? {
        switch name {
        case "lang": lang
        case "title": title
        case "path": path
        case "csrf": csrf
        case "formToken": formToken
        case "undo": undo
        case "undoLabel": undoLabel
        case "theme": theme
        case "accent": accent
        case "assetVersion": assetVersion
        case "flash": flash
        case "profile": profile
        case "signedIn": signedIn
        case "nav": nav
        case "languages": languages
        default: nil
        }
    }
}

/// One link of the main navigation.
struct NavItem: MustacheParent, Sendable {
    var href: String
    var label: String
    var current: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "href": href
        case "label": label
        case "current": current
        default: nil
        }
    }
}

/// One button of the language switch.
struct LanguageChoice: MustacheParent, Sendable {
    var code: String
    var label: String
    var current: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "code": code
        case "label": label
        case "current": current
        default: nil
        }
    }
}

// MARK: - Page

/// A page: the layout, the translations, the links (`Links`) and the page's own view model. Names the
/// page template uses resolve in the page's view model first.
struct PageView<Content: MustacheParent>: MustacheParent {
    var layout: LayoutView
    var t: Translations
    var page: Content

    func child(named name: String) -> Any? {
        switch name {
        case "layout": layout
        case "t": t
        case "links": Links.all
        case "page": page
        default: page.child(named: name)
        }
    }
}

/// A page with nothing but its template's text.
struct NoContent: MustacheParent, Sendable {
    func child(named name: String) -> Any? { nil }
}

/// The error page's content.
struct ErrorContent: MustacheParent, Sendable {
    var status: Int
    var heading: String
    var message: String

    func child(named name: String) -> Any? {
        switch name {
        case "status": status
        case "heading": heading
        case "message": message
        default: nil
        }
    }
}
