import Advisor
import Foundation
import HTTPCore
import Storage

// Routes:
//   GET  /advisor/settings                 provider, endpoint, models, token and key ("…last 4"),
//                                          timeout, economy mode, limits, today's count
//   POST /advisor/settings                 save (422 with the values kept, or 303 + flash)
//   POST /advisor/settings/reset-count     (AdvisorPage.swift)

extension AdvisorFeature {
    /// The settings form, filled from storage or with the values just posted.
    func advisorSettingsPage(_ context: RequestContext, state: FormState? = nil, status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        let settings = try advisorSettings()
        let state = state ?? FormState(t, values: [
            "provider": settings.provider.rawValue, "baseURL": settings.baseURL, "model": settings.model,
            "fallbackModel": settings.fallbackModel, "timeout": "\(settings.timeoutSeconds)",
            "questionLimit": "\(settings.questionLimit)", "dailyLimit": "\(settings.dailyLimit)",
            "tone": settings.tone.rawValue,
        ].merging(settings.economy ? ["economy": "1"] : [:]) { a, _ in a })
        func text(_ name: String, _ kind: FieldKind = .text, required: Bool = false, maxLength: Int? = nil) -> FieldView {
            FieldView(name: name, label: t[runtime: "advisor_field_\(name)"], kind: kind, value: state.values[name] ?? "",
                      error: state.errors[name], hint: t[runtime: "advisor_hint_\(name)"], required: required, maxLength: maxLength)
        }
        var provider = text("provider", .radio)
        provider.options = AdvisorSettings.Provider.allCases.map {
            OptionView(value: $0.rawValue, label: t[$0.optionKey], selected: state.values["provider"] == $0.rawValue)
        }
        var tone = text("tone", .radio)
        tone.options = AdvisorTone.allCases.map {
            OptionView(value: $0.rawValue, label: t[$0.optionKey], selected: state.values["tone"] == $0.rawValue)
        }
        var economy = text("economy", .checkbox)
        economy.checked = state.flag("economy")
        // The tone first: it is what most households come here for; the remote provider's fields follow.
        let fields = [tone, provider, text("baseURL", maxLength: 300), text("model", required: true, maxLength: 100),
                      text("fallbackModel", required: true, maxLength: 100), text("timeout", .number, required: true), economy,
                      text("questionLimit", .number, required: true), text("dailyLimit", .number, required: true)]
        let bound = try boundAdvisorSecrets(settings)
        let secrets = [
            SecretFieldView(name: "clientToken", label: t["advisor_field_clientToken"],
                            stored: AdvisorSettings.masked(bound.clientToken),
                            hint: t["advisor_hint_secret"], removeLabel: t["advisor_secret_remove"], error: state.errors["clientToken"]),
            SecretFieldView(name: "bearerKey", label: t["advisor_field_bearerKey"],
                            stored: AdvisorSettings.masked(bound.bearerKey),
                            hint: t["advisor_hint_secret"], removeLabel: t["advisor_secret_remove"], error: state.errors["bearerKey"]),
        ]
        let used = try database.advisorAnsweredCount(day: advisorDay)
        var view = AdvisorSettingsView(fields: fields, secrets: secrets, hasErrors: !state.isValid,
                                       today: t.format("advisor_today", ["used": "\(used)", "limit": "\(settings.dailyLimit)"]))
        view.provider = try providerPanel(t)
        return try page(.advisorSettings, .advisorSettings, context, view, title: t["advisor_settings_title"], status: status)
    }

    /// Validates and saves the settings (secrets only when typed; consent is asked again
    /// when the endpoint changes).
    func saveAdvisorSettings(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        var state = FormState(context.t, fields: form.fields)
        let old = try advisorSettings()
        var new = old
        new.provider = state.choice("provider", AdvisorSettings.Provider.self) ?? .builtin
        let baseURL = state.text("baseURL")
        if !baseURL.isEmpty {
            if EndpointRules.isValidAdvisorBaseURL(baseURL) {
                new.baseURL = baseURL
            } else {
                state.fail("baseURL", "advisor_error_url")
            }
        } else {
            new.baseURL = ""
            if new.provider == .remote { state.fail("baseURL", "advisor_error_url_required") }
        }
        for name in ["model", "fallbackModel"] {
            let value = state.text(name)
            if value.isEmpty { state.fail(name, "validation_required") }
            else if value.count > 100 || !value.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 32 && $0.value < 127 }) {
                state.fail(name, "advisor_error_model")
            }
        }
        new.model = state.text("model")
        new.fallbackModel = state.text("fallbackModel")
        if case .some(.some(let value)) = state.integer("timeout", AdvisorSettings.timeouts) { new.timeoutSeconds = value }
        if case .some(.some(let value)) = state.integer("questionLimit", AdvisorSettings.questionLimits) { new.questionLimit = value }
        if case .some(.some(let value)) = state.integer("dailyLimit", AdvisorSettings.dailyLimits) { new.dailyLimit = value }
        new.economy = state.flag("economy")
        if let typedTone = form.fields["tone"], !typedTone.isEmpty {
            if let tone = AdvisorTone(rawValue: typedTone) { new.tone = tone } else { state.fail("tone", "advisor_error_tone") }
        }
        var secrets: [String: String?] = [:]
        for (field, key) in [("clientToken", AdvisorSettings.Key.clientToken), ("bearerKey", AdvisorSettings.Key.bearerKey)] {
            let typed = (form.fields[field] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if form.fields[field + "Remove"] != nil { secrets[key] = .some(nil) }
            else if !typed.isEmpty {
                if typed.count > 512 || !typed.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 32 && $0.value < 127 }) {
                    state.fail(field, "advisor_error_secret")
                } else {
                    secrets[key] = .some(typed)
                }
            }
        }
        guard state.isValid else {
            state.values["clientToken"] = nil
            state.values["bearerKey"] = nil
            return try advisorSettingsPage(context, state: state, status: .unprocessable)
        }
        var values = new.stored
        if new.baseURL != old.baseURL {
            // Another endpoint: consent is asked again, and secrets typed for the old one are dropped.
            values[AdvisorSettings.Key.consent] = ""
            for key in [AdvisorSettings.Key.clientToken, AdvisorSettings.Key.bearerKey] where secrets[key] == nil {
                secrets[key] = .some(nil)
            }
        }
        if secrets.values.contains(where: { $0 != nil }) {
            secrets[AdvisorSettings.Key.secretsEndpoint] = .some(new.baseURL)
        } else if new.baseURL != old.baseURL {
            secrets[AdvisorSettings.Key.secretsEndpoint] = .some(nil)
        }
        _ = try database.writeOnce(formToken: token) { db in
            try database.saveSettings(values, in: db)
            for (key, value) in secrets { try AppDatabase.setSecret(key, value, in: db) }
        }
        return context.redirect(to: AdvisorRoute.settings.path, flash: context.t["advisor_flash_settings_saved"])
    }
}
