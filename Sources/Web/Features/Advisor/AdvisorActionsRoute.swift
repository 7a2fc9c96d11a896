import Advisor
import Engine
import Storage
import HTTPCore

/// The advisor's actions under /advisor/actions (AdvisorActionsPage.swift): the log, the
/// preview card, applying and undoing. Parsed after `AdvisorRoute`, which owns /advisor.
enum AdvisorActionsRoute: Equatable, Sendable {
    /// GET /advisor/actions: the action log with Undo.
    case log
    /// GET /advisor/actions/preview?action=<kind>&<fields>: what will change, before and after.
    case preview
    /// POST /advisor/actions/apply: the confirmed action (CSRF + single-use form token).
    case apply
    /// POST /advisor/actions/<id>/undo: restores what the action replaced.
    case undo(ID<AdvisorActionRecord>)

    /// Parses the path components after "advisor", or nil.
    init?(_ parts: [String]) {
        switch parts {
        case ["actions"]: self = .log
        case ["actions", "preview"]: self = .preview
        case ["actions", "apply"]: self = .apply
        default:
            guard parts.count == 3, parts[0] == "actions", parts[2] == "undo", let id = Route.id(parts[1]) else { return nil }
            self = .undo(ID(id))
        }
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .log: "/advisor/actions"
        case .preview: "/advisor/actions/preview"
        case .apply: "/advisor/actions/apply"
        case .undo(let id): "/advisor/actions/\(id)/undo"
        }
    }

    /// The preview address of `action`: its kind and fields as the query.
    static func previewPath(_ action: AdvisorAction) -> String {
        let query = [("action", action.kind.rawValue)] + action.fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return AdvisorActionsRoute.preview.path + "?" + query.map { FormEncoding.encode($0.0) + "=" + FormEncoding.encode($0.1) }.joined(separator: "&")
    }

    /// One route of every case, for the round-trip test.
    static let examples: [AdvisorActionsRoute] = [.log, .preview, .apply, .undo(3)]
}

extension AdvisorFeature {
    /// The handler of each address under /advisor/actions, by method: this family's
    /// part of the route table (`App.dispatch`, Routing.swift). Every pairing is listed, the
    /// refused ones last, so a new address that no handler answers does not compile.
    func dispatch(_ method: Method, _ route: AdvisorActionsRoute, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // The advisor's actions (AdvisorActionsPage.swift): the log, the preview, apply, undo.
        case (.get, .log): return try advisorActionsPage(context)
        case (.get, .preview): return try advisorActionPreview(context)
        case (.post(let form), .apply): return try applyAdvisorAction(form, context)
        case (.post(let form), .undo(let id)): return try undoAdvisorAction(id, form, context)
        // Any other method on these addresses: 405.
        case (.post, .log), (.post, .preview), (.get, .apply), (.get, .undo):
            throw AppError(.methodNotAllowed)
        }
    }
}
