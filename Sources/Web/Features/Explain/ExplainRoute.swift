import Engine
import HTTPCore

/// "How is this computed?": a figure's explanation page and its JSON twin (ExplainPage.swift).
/// An unknown figure's slug does not parse: 404.
enum ExplainRoute: Equatable, Sendable {
    /// GET /explain/<figure>
    case page(ExplainFigure)
    /// GET /api/v1/explain/<figure>
    case api(ExplainFigure)

    /// Parses the path components after "/explain", or nil.
    init?(_ parts: [String]) {
        guard parts.count == 1, let figure = ExplainFigure(slug: parts[0]) else { return nil }
        self = .page(figure)
    }

    /// Parses the components after "/api/v1/", or nil.
    init?(api parts: [String]) {
        guard parts.count == 2, parts[0] == "explain", let figure = ExplainFigure(slug: parts[1]) else { return nil }
        self = .api(figure)
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .page(let figure): "/explain/\(figure.slug)"
        case .api(let figure): "/api/v1/explain/\(figure.slug)"
        }
    }

    /// The page prefix templates append a slug to (`{{links.explain}}free-cash-flow`).
    static let prefix = "/explain/"

    /// True for the HTML page (kept by the page cache).
    var isCacheablePage: Bool { if case .page = self { true } else { false } }

    /// One route of every case, for the round-trip test.
    static let examples: [ExplainRoute] = [.page(.freeCashFlow), .page(.goalETA(id: 7)), .page(.allocation(line: 2)), .api(.risk)]
}

// MARK: - Handlers

/// "How is this computed" for each figure (ExplainPage.swift).
struct ExplainFeature: Handler {
    let services: Services
}

extension ExplainFeature {
    /// The handler of each address under /explain and /api/v1/explain, by method: this family's
    /// part of the route table (`App.dispatch`, Routing.swift). Every pairing is listed, the
    /// refused ones last, so a new address that no handler answers does not compile.
    func dispatch(_ method: Method, _ route: ExplainRoute, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // GET /explain/<figure>, /api/v1/explain/<figure>: how a figure is computed (ExplainPage.swift).
        case (.get, .page(let figure)): return try explainPage(figure, context)
        case (.get, .api(let figure)): return try explainAPI(figure, context)
        // Any other method on these addresses: 405.
        case (.post, .page), (.post, .api):
            throw AppError(.methodNotAllowed)
        }
    }
}
