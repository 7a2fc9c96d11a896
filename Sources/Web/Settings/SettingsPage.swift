import HTTPCore

// Routes:
//   GET /settings, /settings/feedback, /settings/privacy, /settings/data   (empty states for now)

extension App {
    /// GET requests under /settings.
    func settingsGet(_ route: SettingsRoute, _ context: RequestContext) throws -> Response {
        switch route {
        case .page, .feedback, .privacy, .data: return try page("settings", .settings, context, NoContent())
        }
    }

    /// POST requests under /settings.
    func settingsPost(_ route: SettingsRoute, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        throw HTTPError(status: 405)
    }
}
