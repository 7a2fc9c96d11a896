import Engine
import Mustache

/// A page's or a row's data as its template reads it: plain properties the handler fills.
/// Templates read every property that is not private (computed ones too) through a
/// `child(named:)` switch that ViewModelLookupPlugin generates at build time.
protocol ViewModel: MustacheParent {}

/// What a view model answers for a declared name whose value is nil: it renders as nothing and
/// is false in a section, and — unlike a bare nil — it stops Mustache from looking the name up in
/// the enclosing contexts (a row without a category must not print its page's `category` field).
struct ViewModelAbsent: MustacheCustomRenderable {
    var renderText: String { "" }
    var isNull: Bool { true }
}

/// A view model's value as the generated lookups return it: nil becomes `ViewModelAbsent`.
func viewModelValue(_ value: Any?) -> Any { value ?? ViewModelAbsent() }

// MARK: - Layout

/// What the layout template shows around every page.
struct LayoutView: ViewModel, Sendable {
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
    /// The top destinations (the header's row on a laptop, the bottom bar on a phone).
    var nav: [NavItem]
    /// The current destination's own places, when it has more than one.
    var sectionNav: SectionNav?
    /// True on Settings' pages (the header's Settings link is marked current).
    var settingsCurrent: Bool
    var languages: [LanguageChoice]
}

/// One link of a navigation: `current` marks the page itself (`aria-current="page"`), `within`
/// a destination whose place below it is shown (`aria-current="true"`).
struct NavItem: ViewModel, Sendable {
    var href: String
    var label: String
    var current: Bool
    var within: Bool
}

/// A destination's sub-navigation: its name (the landmark's label) and its places.
struct SectionNav: ViewModel, Sendable {
    var label: String
    var items: [NavItem]
}

/// One button of the language switch.
struct LanguageChoice: ViewModel, Sendable {
    var code: String
    var label: String
    var current: Bool
}

// MARK: - Page

/// A page: the layout, the translations, the links (`Links`) and the page's own view model. The
/// wrapper reserves `layout`, `t` and `links` (and `page`, once its own name): a view model that
/// declares one of them does not build (Sources/ViewModelLookup), and `ViewModelNamesTests`
/// checks the templates. Every other name resolves in the page's view model.
struct PageView<Content: MustacheParent>: MustacheParent {
    var layout: LayoutView
    var t: Translations
    var page: Content

    func child(named name: String) -> Any? {
        switch name {
        case "layout": layout
        case "t": t
        case "links": Links.all
        default: page.child(named: name)
        }
    }
}

/// A page with nothing but its template's text.
struct NoContent: ViewModel, Sendable {
}

/// The error page's content.
struct ErrorContent: ViewModel, Sendable {
    var status: Int
    var heading: String
    var message: String
}
