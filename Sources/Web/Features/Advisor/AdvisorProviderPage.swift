import Foundation
import HTTPCore
import Storage

// Routes:
//   POST /advisor/settings/test    "Test connection": the saved endpoint's models list (or a one-token
//                                  completion) with a timeout; 303 to the settings with the outcome in
//                                  the flash — never the client token or the bearer key
// The settings page (AdvisorSettingsPage.swift) shows the button and the usage by day and month.
// Rules: docs/engine-rules.md, "Advisor provider: contract, checklist action, usage, streaming".

extension AdvisorFeature {
    /// POST /advisor/settings/test.
    func testAdvisorConnection(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t
        let token = try Self.formToken(form)
        let back = AdvisorRoute.settings.path
        if try database.formTokenUsed(token) { return context.redirect(to: back, flash: nil) }
        let settings = try advisorSettings()
        guard !settings.baseURL.isEmpty else {
            _ = try database.writeOnce(formToken: token) { _ in }
            return context.redirect(to: back, flash: t["provider_test_no_url"])
        }
        let remote = try remoteAdvisor(settings)
        let outcome = remote.testConnection()
        _ = try database.writeOnce(formToken: token) { _ in }
        let host = Self.providerName(settings.baseURL)
        let message: String
        switch outcome {
        case .ok(let models, let listed, let milliseconds):
            let key = listed == nil ? "provider_test_ok" : listed == true ? "provider_test_ok_listed" : "provider_test_ok_unlisted"
            message = t.format(runtime: key, ["host": host, "ms": "\(milliseconds)", "models": "\(models)", "model": settings.model])
        case .refused(let status, let text):
            message = t.format("provider_test_refused", ["host": host, "status": "\(status)", "message": text])
        case .timeout:
            message = t.format("provider_test_timeout", ["host": host, "seconds": "\(min(settings.timeoutSeconds, RemoteAdvisor.connectionTestLimit))"])
        case .noConnection:
            message = t.format("provider_test_no_connection", ["host": host])
        case .failed(let reason):
            message = t.format("provider_test_failed", ["host": host, "reason": reason])
        }
        logger.notice("advisor: connection test to \(LogSafe.clip(host)): \(LogSafe.clip("\(outcome)"))")
        return context.redirect(to: back, flash: message)
    }

    /// The provider's name in the usage table: the base URL's host (and port), never its path or query.
    static func providerName(_ baseURL: String) -> String {
        guard let url = URL(string: baseURL), let host = url.host, !host.isEmpty else { return "remote" }
        return url.port.map { "\(host):\($0)" } ?? host
    }

    /// The usage row of a remote answer (nil when no remote model answered).
    func advisorUsage(_ reply: AdvisorReply, settings: AdvisorSettings) -> AdvisorUsageCall? {
        guard reply.provider == "remote", let model = reply.model else { return nil }
        return AdvisorUsageCall(day: advisorDay, provider: Self.providerName(settings.baseURL), model: model,
                                tokensIn: reply.tokensIn, tokensOut: reply.tokensOut)
    }

    /// The settings page's "Test connection" and usage panel.
    func providerPanel(_ t: Translations) throws -> ProviderPanelView {
        func rows(_ totals: [AdvisorUsageTotal]) -> [ProviderUsageRow] {
            totals.map { ProviderUsageRow(period: $0.period, provider: $0.provider, model: $0.model, calls: "\($0.calls)",
                                          tokensIn: "\($0.tokensIn)", tokensOut: "\($0.tokensOut)") }
        }
        return ProviderPanelView(days: rows(try database.advisorUsageByDay()), months: rows(try database.advisorUsageByMonth()))
    }
}

/// "Test connection" and the usage by day and month on the Advisor settings page.
struct ProviderPanelView: ViewModel {
    var days: [ProviderUsageRow]
    var months: [ProviderUsageRow]
    var testAction = AdvisorProviderRoute.test.path
    var hasUsage: Bool { !days.isEmpty || !months.isEmpty }
}

/// Calls and tokens of one day or month, provider and model.
struct ProviderUsageRow: ViewModel {
    var period: String, provider: String, model: String, calls: String, tokensIn: String, tokensOut: String
}
