import HTTPCore

// Routes:
//   GET /advisor    the conversation (empty state for now)

extension App {
    /// GET requests under /advisor.
    func advisorGet(_ route: AdvisorRoute, _ context: RequestContext) throws -> Response {
        switch route {
        case .page: return try page("advisor", .advisor, context, NoContent())
        }
    }

    /// POST requests under /advisor.
    func advisorPost(_ route: AdvisorRoute, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        throw HTTPError(status: 405)
    }
}
