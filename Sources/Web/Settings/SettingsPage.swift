import Engine
import Foundation
import HTTPCore
import Mustache
import Storage

// Routes:
//   GET  /settings                    every section: profile, share, appearance, language and
//                                     currency, plan, visibility, links to the advisor's settings,
//                                     feedback, privacy and your data
//   POST /settings/profile            nickname
//   GET  /settings/avatar             the picture with its verified type (404 when none)
//   POST /settings/avatar             upload (multipart, PNG/JPEG/WebP by content, ≤ 2 MB)
//   POST /settings/avatar/delete      remove the picture
//   POST /settings/appearance         theme, accent, New Year theme
//   POST /settings/language           language (cookie, one year) and household currency
//   POST /settings/plan               shares summing to 100, emergency months, horizon, strategy
//   POST /settings/visibility         which Data sections and figures show
//   GET  /settings/privacy            the privacy policy
// Each POST answers 303 + flash, or 422 with the page, the values kept and the message beside the field.
// Feedback: SettingsFeedback.swift. Your data and the export: SettingsData.swift.

extension App {
    /// GET requests under /settings and the export API.
    func settingsGet(_ route: SettingsRoute, _ context: RequestContext) throws -> Response {
        switch route {
        case .page: return try settingsPage(context)
        case .avatar: return try avatarImage(context)
        case .feedback: return try feedbackPage(context)
        case .privacy: return try privacyPage(context)
        case .data: return try yourDataPage(context)
        case .exportJSON: return try exportJSON(context, download: true)
        case .apiExport: return try exportJSON(context, download: false)
        case .exportZip: return try exportZip(context)
        default: throw HTTPError(status: 405)
        }
    }

    /// POST requests under /settings.
    func settingsPost(_ route: SettingsRoute, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        switch route {
        case .profile: return try submitProfile(form, context)
        case .avatar: return try uploadAvatar(form, context)
        case .avatarDelete: return try removeAvatar(form, context)
        case .appearance: return try submitAppearance(form, context)
        case .language: return try submitLanguage(form, context)
        case .plan: return try submitPlan(form, context)
        case .visibility: return try submitVisibility(form, context)
        case .feedback: return try submitFeedback(form, context)
        case .feedbackURL: return try submitFeedbackURL(form, context)
        case .feedbackRetry(let id): return try retryFeedback(id, form, context)
        case .importData: return try importData(form, context)
        case .deleteData: return try deleteData(form, context)
        default: throw HTTPError(status: 405)
        }
    }

    // MARK: - The page

    /// Which section a 422 re-renders with the user's values and messages.
    enum SettingsSection: String {
        case profile, avatar, appearance, language, plan, visibility
    }

    /// The settings page; `failed` is the section whose POST was refused, with its state.
    func settingsPage(_ context: RequestContext, failed: (SettingsSection, FormState)? = nil, status: Int = 200) throws -> Response {
        let t = context.t
        let settings = try householdSettings()
        func state(_ section: SettingsSection, _ values: @autoclosure () -> [String: String]) -> FormState {
            if let failed, failed.0 == section { return failed.1 }
            return FormState(t, values: values())
        }
        let plan = settings.plan
        let profile = state(.profile, ["nickname": settings.stored[HouseholdSettings.Key.nickname] ?? ""])
        let avatar = state(.avatar, [:])
        var appearanceDefaults = ["theme": settings.theme, "accent": settings.accent]
        if settings.stored[HouseholdSettings.Key.newYear] == "on" { appearanceDefaults["newYear"] = "1" }
        let appearanceValues = state(.appearance, appearanceDefaults)
        let language = state(.language, ["language": t.language.rawValue, "currency": settings.currency(for: t.language).code])
        let planState = state(.plan, [
            "emergencyShare": String(plan.emergencyShare), "debtShare": String(plan.debtShare), "goalShare": String(plan.goalShare),
            "emergencyMonths": String(plan.emergencyMonths), "horizonMonths": String(plan.horizonMonths),
            "strategy": plan.strategy.rawValue,
        ])
        var shown: [String: String] = [:]
        for thing in HouseholdSettings.Hideable.allCases where !settings.hides(thing) { shown[thing.rawValue] = "1" }
        let visibility = state(.visibility, shown)

        let stored = try database.avatar()
        let view = SettingsPageView(
            profile: SettingsForm(action: SettingsRoute.profile.path, submitLabel: t["action_save"], fields: SettingsFields.profile(profile, t)),
            avatar: AvatarView(src: stored.map { "/settings/avatar?v=" + String(CRC32.checksum($0.bytes), radix: 16) },
                               error: avatar.errors["avatar"]),
            share: shareAddresses(context),
            appearance: SettingsForm(action: SettingsRoute.appearance.path, submitLabel: t["action_save"],
                                     fields: SettingsFields.appearance(appearanceValues, t)),
            language: SettingsForm(action: SettingsRoute.language.path, submitLabel: t["action_save"],
                                   fields: SettingsFields.language(language, t)),
            plan: SettingsForm(action: SettingsRoute.plan.path, submitLabel: t["action_save"], fields: SettingsFields.plan(planState, t),
                               error: planState.errors["shares"]),
            visibility: SettingsForm(action: SettingsRoute.visibility.path, submitLabel: t["action_save"],
                                     fields: SettingsFields.visibility(visibility, t)),
            errors: failed.map { failed in
                // "shares" repeats the message beside the first share: listed once.
                failed.1.errors.filter { $0.key != "shares" }.sorted { $0.key < $1.key }.map { ErrorLink(field: $0.key, text: $0.value) }
            } ?? [])
        return try page("settings", .settings, context, view, status: status)
    }

    /// The URLs a phone on the home network can open: this machine's LAN addresses that
    /// the server answers, with the port the browser used.
    private func shareAddresses(_ context: RequestContext) -> [String] {
        let host = context.request.headers["Host"] ?? ""
        var port = ""
        if let colon = host.lastIndex(of: ":"), !host.hasSuffix("]"), host[host.index(after: colon)...].allSatisfy(\.isNumber) {
            port = String(host[colon...])
        }
        return LANAddresses.current()
            .filter { !$0.hasPrefix("127.") && $0 != "::1" && configuration.allowedHosts.permits(hostHeader: $0.contains(":") ? "[\($0)]" : $0) }
            .map { $0.contains(":") ? "http://[\($0)]\(port)/" : "http://\($0)\(port)/" }
    }

    // MARK: - POST handlers

    func submitProfile(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        var state = FormState(context.t, fields: form.fields)
        var nickname = state.text("nickname").precomposedStringWithCanonicalMapping
        // An empty nickname clears it; a post without the field at all is not the form's.
        if form.fields["nickname"] == nil { state.fail("nickname", "validation_required") }
        if nickname.unicodeScalars.count > 40 { state.fail("nickname", "settings_nickname_length") }
        if FormState.hasControlCharacters(nickname) { state.fail("nickname", "validation_control") }
        guard state.isValid else { return try settingsPage(context, failed: (.profile, state), status: 422) }
        nickname = nickname.trimmingCharacters(in: .whitespaces)
        _ = try database.saveSettings([HouseholdSettings.Key.nickname: nickname], formToken: token)
        return context.redirect(to: "/settings#profile", flash: context.t["settings_flash_profile"])
    }

    func uploadAvatar(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        var state = FormState(context.t)
        guard let file = form.files.first(where: { $0.name == "avatar" }), !(file.filename ?? "").isEmpty || !file.body.isEmpty else {
            state.fail("avatar", "settings_avatar_missing")
            return try settingsPage(context, failed: (.avatar, state), status: 422)
        }
        let image: AvatarImage
        do {
            image = try AvatarImage(file.body)
        } catch {
            switch error {
            case .empty: state.fail("avatar", "settings_avatar_missing")
            case .tooLarge: state.fail("avatar", "settings_avatar_too_large")
            case .notAnImage: state.fail("avatar", "settings_avatar_type")
            }
            return try settingsPage(context, failed: (.avatar, state), status: error == .tooLarge ? 413 : 422)
        }
        _ = try database.setAvatar(mediaType: image.kind.rawValue, bytes: image.bytes, formToken: token)
        return context.redirect(to: "/settings#profile", flash: context.t["settings_flash_avatar"])
    }

    func removeAvatar(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        _ = try database.removeAvatar(formToken: token)
        return context.redirect(to: "/settings#profile", flash: context.t["settings_flash_avatar_removed"])
    }

    /// The picture with its stored type, never sniffed; revalidated by its ETag.
    func avatarImage(_ context: RequestContext) throws -> Response {
        guard let avatar = try database.avatar() else { throw HTTPError(status: 404) }
        let tag = "\"" + String(CRC32.checksum(avatar.bytes), radix: 16) + "-\(avatar.bytes.count)\""
        if context.request.headers["If-None-Match"] == tag {
            var response = Response(status: 304)
            response.headers.add("ETag", tag)
            return response
        }
        var response = Response(status: 200, headers: HTTPHeaders([("Content-Type", avatar.mediaType)]), body: avatar.bytes)
        response.headers.add("Cache-Control", "private, no-cache")
        response.headers.add("ETag", tag)
        response.headers.add("Content-Disposition", "inline; filename=\"avatar\"")
        return response
    }

    func submitAppearance(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        var state = FormState(context.t, fields: form.fields)
        let theme = state.text("theme"), accent = state.text("accent")
        if !["system", "light", "dark"].contains(theme) { state.fail("theme", "validation_choice") }
        if !HouseholdSettings.accents.contains(accent) { state.fail("accent", "validation_choice") }
        guard state.isValid else { return try settingsPage(context, failed: (.appearance, state), status: 422) }
        _ = try database.saveSettings([HouseholdSettings.Key.theme: theme, HouseholdSettings.Key.accent: accent,
                                       HouseholdSettings.Key.newYear: state.flag("newYear") ? "on" : "off"], formToken: token)
        return context.redirect(to: "/settings#appearance", flash: context.t["settings_flash_saved"])
    }

    func submitLanguage(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        var state = FormState(context.t, fields: form.fields)
        let language = state.choice("language", Language.self)
        let currency = Currency.named(state.text("currency"))
        if currency == nil { state.fail("currency", "validation_choice") }
        guard state.isValid, let language, let currency else {
            return try settingsPage(context, failed: (.language, state), status: 422)
        }
        _ = try database.saveSettings([HouseholdSettings.Key.currency: currency.code], formToken: token)
        var response = context.redirect(to: "/settings#language", flash: Translations(language)["settings_flash_saved"])
        response.headers.add("Set-Cookie", Cookies.setCookie(name: RequestContext.languageCookie, value: language.rawValue,
                                                             maxAge: 31_536_000, httpOnly: true))
        return response
    }

    func submitPlan(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        var state = FormState(context.t, fields: form.fields)
        let fund = state.integer("emergencyShare", 0...100), debts = state.integer("debtShare", 0...100)
        let goals = state.integer("goalShare", 0...100)
        let months = state.integer("emergencyMonths", Limits.emergencyMonths)
        let horizon = state.integer("horizonMonths", Limits.months600)
        let strategy = state.choice("strategy", PayoffStrategy.self)
        if case .some(.some(let a)) = fund, case .some(.some(let b)) = debts, case .some(.some(let c)) = goals, a + b + c != 100 {
            state.errors["shares"] = context.t.format("settings_shares_sum", ["sum": String(a + b + c)])
            state.errors["emergencyShare"] = state.errors["shares"]
        }
        guard state.isValid, case .some(.some(let a)) = fund, case .some(.some(let b)) = debts, case .some(.some(let c)) = goals,
              case .some(.some(let m)) = months, case .some(.some(let h)) = horizon, let strategy else {
            return try settingsPage(context, failed: (.plan, state), status: 422)
        }
        typealias Key = HouseholdSettings.Key
        _ = try database.saveSettings([Key.emergencyShare: String(a), Key.debtShare: String(b), Key.goalShare: String(c),
                                       Key.emergencyMonths: String(m), Key.horizonMonths: String(h),
                                       Key.strategy: strategy.rawValue], formToken: token)
        return context.redirect(to: "/settings#plan", flash: context.t["settings_flash_saved"])
    }

    func submitVisibility(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let state = FormState(context.t, fields: form.fields)
        let hidden = HouseholdSettings.Hideable.allCases.filter { !state.flag($0.rawValue) }.map(\.rawValue).joined(separator: ",")
        _ = try database.saveSettings([HouseholdSettings.Key.hidden: hidden], formToken: token)
        return context.redirect(to: "/settings#visibility", flash: context.t["settings_flash_saved"])
    }

    // MARK: - Privacy

    func privacyPage(_ context: RequestContext) throws -> Response {
        try page("settings-privacy", .settings, context, NoContent(), title: context.t["privacy_title"])
    }
}
