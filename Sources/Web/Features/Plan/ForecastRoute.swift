import HTTPCore

/// The forecast's addresses: the page and its JSON twin (ForecastPage.swift). The horizon
/// travels as `?days=30|60|90`.
enum ForecastRoute: Equatable, Sendable {
    /// GET /forecast[?days=30|60|90]
    case page
    /// GET /api/v1/forecast[?days=30|60|90]
    case api
    /// GET /forecast/buffer: the emergency buffer's form; POST saves it (ForecastBuffer.swift).
    case buffer

    /// Parses the path components after "/forecast", or nil.
    init?(_ parts: [String]) {
        if parts == ["buffer"] { self = .buffer; return }
        guard parts.isEmpty else { return nil }
        self = .page
    }

    /// Parses the components after "/api/v1/", or nil.
    init?(api parts: [String]) {
        guard parts == ["forecast"] else { return nil }
        self = .api
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .page: "/forecast"
        case .api: "/api/v1/forecast"
        case .buffer: "/forecast/buffer"
        }
    }

    /// True for the HTML page (kept by the page cache per full query).
    var isCacheablePage: Bool { self == .page }

    /// One route of every case, for the round-trip test.
    static let examples: [ForecastRoute] = [.page, .api, .buffer]
}

// MARK: - Handlers

/// The forecast with safe to spend (ForecastPage.swift, ForecastBuffer.swift).
struct ForecastFeature: Handler {
    let services: Services
}

extension ForecastFeature {
    /// The handler of each address under /forecast and /api/v1/forecast, by method: this family's
    /// part of the route table (`App.dispatch`, Routing.swift). Every pairing is listed, the
    /// refused ones last, so a new address that no handler answers does not compile.
    func dispatch(_ method: Method, _ route: ForecastRoute, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // GET /forecast[?days=30|60|90]: the balance forecast and safe to spend.
        case (.get, .page): return try forecastPage(context)
        // GET /api/v1/forecast[?days=30|60|90]: the same as JSON.
        case (.get, .api): return try forecastAPI(context)
        // GET /forecast/buffer: the emergency buffer's form; POST saves it.
        case (.get, .buffer): return try forecastBufferPage(context)
        case (.post(let form), .buffer): return try submitForecastBuffer(form, context)
        // Any other method on these addresses: 405.
        case (.post, .page), (.post, .api):
            throw AppError(.methodNotAllowed)
        }
    }
}
