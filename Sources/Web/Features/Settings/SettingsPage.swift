import Engine
import Foundation
import HTTPCore
import Mustache
import Storage

// Routes:
//   GET  /settings                    the index: one link per section with a summary of it
//   GET  /settings/profile            nickname and picture; POST saves the nickname
//   GET  /settings/avatar             the picture with its verified type (404 when none)
//   POST /settings/avatar             upload (multipart, PNG/JPEG/WebP by content, ≤ 2 MB)
//   POST /settings/avatar/delete      remove the picture
//   GET  /settings/appearance         theme, accent, New Year theme; POST saves them
//   GET  /settings/language           language (cookie, one year) and household currency; POST
//   GET  /settings/plan               shares summing to 100, emergency months, horizon, strategy; POST
//   GET  /settings/visibility         which Data sections and figures show; POST
//   GET  /settings/privacy            the privacy policy
// Each section is its own page with one form, so a Save never drops what was typed in another
// section (Public/unsaved-changes.js also warns before leaving a form with unsaved changes).
// Each POST answers 303 back to its section's page + flash, or 422 with that page, the values
// kept and the message beside the field.
// Home network: HomeNetworkPage.swift. Feedback: SettingsFeedback.swift. Your data: YourDataPage.swift.

extension App {
    // MARK: - The section pages

    /// Which section a page shows, and which a 422 re-renders with the user's values and messages.
    enum SettingsSection: String {
        case profile, avatar, appearance, language, plan, visibility

        /// The page the section lives on (the picture's forms are on the profile page).
        var route: SettingsRoute {
            switch self {
            case .profile, .avatar: .profile
            case .appearance: .appearance
            case .language: .language
            case .plan: .plan
            case .visibility: .visibility
            }
        }
    }

    /// One section's page; `failed` is the state of its refused POST, re-rendered with `status`.
    func settingsPage(_ section: SettingsSection, _ context: RequestContext, failed: FormState? = nil,
                      status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        let settings = try householdSettings()
        let shown: SettingsSection = section == .avatar ? .profile : section
        func state(_ values: @autoclosure () -> [String: String]) -> FormState {
            if let failed, section != .avatar { return failed }
            return FormState(t, values: values())
        }
        var view = SettingsSectionView(title: "", intro: nil, form: nil, avatar: nil, errors: [])
        let action = shown.route.path
        switch shown {
        case .profile, .avatar:
            view.title = t["settings_profile"]
            let profile = state(["nickname": settings.stored[HouseholdSettings.Key.nickname] ?? ""])
            view.form = SettingsForm(action: action, submitLabel: t["action_save"], fields: SettingsFields.profile(profile, t))
            view.avatar = AvatarView(src: try database.avatarStamp().map { SettingsRoute.avatar.path + "?v=" + $0 },
                                     error: section == .avatar ? failed?.errors["avatar"] : nil)
        case .appearance:
            view.title = t["settings_appearance"]
            var defaults = ["theme": settings.theme, "accent": settings.accent]
            if settings.stored[HouseholdSettings.Key.newYear] == "on" { defaults["newYear"] = "1" }
            if settings.stored[HouseholdSettings.Key.quickAutoSave] == "on" { defaults["quickAutoSave"] = "1" }
            view.form = SettingsForm(action: action, submitLabel: t["action_save"],
                                     fields: SettingsFields.appearance(state(defaults), t), formClass: "appearance-form")
        case .language:
            view.title = t["settings_language"]
            let values = state(["language": t.language.rawValue, "currency": settings.currency(for: t.language).code])
            view.form = SettingsForm(action: action, submitLabel: t["action_save"], fields: SettingsFields.language(values, t))
        case .plan:
            view.title = t["settings_plan"]
            let plan = settings.plan
            let values = state([
                "emergencyShare": String(plan.emergencyShare), "debtShare": String(plan.debtShare), "goalShare": String(plan.goalShare),
                "emergencyMonths": String(plan.emergencyMonths), "horizonMonths": String(plan.horizonMonths),
                "strategy": plan.strategy.rawValue,
            ])
            view.form = SettingsForm(action: action, submitLabel: t["action_save"], fields: SettingsFields.plan(values, t),
                                     formClass: "plan-form")
        case .visibility:
            view.title = t["settings_visibility"]
            view.intro = t["settings_visibility_intro"]
            var shownThings: [String: String] = [:]
            for thing in HouseholdSettings.Hideable.allCases where !settings.hides(thing) { shownThings[thing.rawValue] = "1" }
            view.form = SettingsForm(action: action, submitLabel: t["action_save"], fields: SettingsFields.visibility(state(shownThings), t))
        }
        view.formRefused = failed != nil && section != .avatar
        if let failed {
            // One message per field: the plan's "shares" message is shown once, beside the first share.
            view.errors = ErrorLink.summary(failed.errors.filter { $0.key != "shares" })
        }
        return try page(.settingsSection, .settings, context, view, title: view.title, status: status)
    }

    /// The index of Settings: each section's link with a one-line summary of what is set.
    func settingsIndex(_ context: RequestContext) throws -> Response {
        let t = context.t
        let settings = try householdSettings()
        let plan = settings.plan
        let nickname = settings.stored[HouseholdSettings.Key.nickname].flatMap { $0.isEmpty ? nil : $0 }
        var profile = nickname ?? t["settings_summary_no_nickname"]
        if try database.avatarStamp() != nil { profile += " · " + t["settings_summary_picture"] }
        var appearance = t[runtime: "settings_theme_" + settings.theme] + " · " + t[runtime: "settings_accent_" + settings.accent]
        if settings.stored[HouseholdSettings.Key.newYear] == "on" { appearance += " · " + t["settings_field_newYear"] }
        let currency = settings.currency(for: t.language)
        let hidden = HouseholdSettings.Hideable.allCases.filter(settings.hides).map { t[$0.showKey] }
        let items = [
            SettingsIndexItem(id: "profile", href: SettingsRoute.profile.path, title: t["settings_profile"], summary: profile),
            SettingsIndexItem(id: "share", href: SettingsRoute.homeNetwork.path, title: t["settings_share"],
                              summary: try homeNetworkSummary(context)),
            SettingsIndexItem(id: "appearance", href: SettingsRoute.appearance.path, title: t["settings_appearance"], summary: appearance),
            SettingsIndexItem(id: "language", href: SettingsRoute.language.path, title: t["settings_language"],
                              summary: t[t.language.nameKey] + " · \(currency.symbol) \(currency.code)"),
            SettingsIndexItem(id: "plan", href: SettingsRoute.plan.path, title: t["settings_plan"], summary: t.format("settings_summary_plan", [
                "fund": String(plan.emergencyShare), "debts": String(plan.debtShare), "goals": String(plan.goalShare),
                "months": monthsPhrase(plan.emergencyMonths, t.language), "horizon": monthsPhrase(plan.horizonMonths, t.language),
                "strategy": t[plan.strategy.summaryKey],
            ])),
            SettingsIndexItem(id: "visibility", href: SettingsRoute.visibility.path, title: t["settings_visibility"],
                              summary: hidden.isEmpty ? t["settings_summary_all_shown"]
                                  : t.format("settings_summary_hidden", ["things": hidden.joined(separator: ", ")])),
            SettingsIndexItem(id: "advisor", href: Route.advisor(.settings).path, title: t["settings_advisor"], summary: t["settings_summary_advisor"]),
            SettingsIndexItem(id: "passcode", href: Route.auth(.passcode).path, title: t["settings_passcode"],
                              summary: t[try database.hasPasscode() ? "settings_summary_passcode_set" : "settings_summary_passcode_none"]),
            SettingsIndexItem(id: "feedback", href: SettingsRoute.feedback.path, title: t["settings_feedback"], summary: t["settings_summary_feedback"]),
            SettingsIndexItem(id: "privacy", href: SettingsRoute.privacy.path, title: t["settings_privacy"], summary: t["settings_summary_privacy"]),
            SettingsIndexItem(id: "data", href: SettingsRoute.yourData.path, title: t["your_data"], summary: t["settings_summary_data"]),
            SettingsIndexItem(id: "calendar-feeds", href: Route.feeds(.settings).path, title: t["feeds_title"],
                              summary: try calendarFeedsSummary(t)),
        ]
        return try page(.settings, .settings, context,
                        SettingsIndexView(items: items, game: GameVisibilityView(hidden: settings.stored[ChallengeKey.hidden] == "on")))
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
        guard state.isValid else { return try settingsPage(.profile, context, failed: state, status: .unprocessable) }
        nickname = nickname.trimmingCharacters(in: .whitespaces)
        _ = try database.saveSettings([HouseholdSettings.Key.nickname: nickname], formToken: token)
        return context.redirect(to: SettingsRoute.profile.path, flash: context.t["settings_flash_profile"])
    }

    func uploadAvatar(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        var state = FormState(context.t)
        guard let file = form.files.first(where: { $0.name == "avatar" }), !(file.filename ?? "").isEmpty || !file.body.isEmpty else {
            state.fail("avatar", "settings_avatar_missing")
            return try settingsPage(.avatar, context, failed: state, status: .unprocessable)
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
            return try settingsPage(.avatar, context, failed: state, status: error == .tooLarge ? .contentTooLarge : .unprocessable)
        }
        _ = try database.setAvatar(mediaType: image.kind.rawValue, bytes: image.bytes, formToken: token)
        return context.redirect(to: SettingsRoute.profile.path, flash: context.t["settings_flash_avatar"])
    }

    func removeAvatar(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        _ = try database.removeAvatar(formToken: token)
        return context.redirect(to: SettingsRoute.profile.path, flash: context.t["settings_flash_avatar_removed"])
    }

    /// The picture with its stored type, never sniffed; revalidated by its ETag.
    func avatarImage(_ context: RequestContext) throws -> Response {
        guard let avatar = try database.avatar() else { throw AppError(.notFound) }
        let tag = "\"" + String(CRC32.checksum(avatar.bytes), radix: 16) + "-\(avatar.bytes.count)\""
        if context.request.headers["If-None-Match"] == tag {
            var response = Response(status: .notModified)
            response.headers.add("ETag", tag)
            return response
        }
        var response = Response(status: .ok, headers: HTTPHeaders([("Content-Type", avatar.mediaType)]), body: avatar.bytes)
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
        guard state.isValid else { return try settingsPage(.appearance, context, failed: state, status: .unprocessable) }
        _ = try database.saveSettings([HouseholdSettings.Key.theme: theme, HouseholdSettings.Key.accent: accent,
                                       HouseholdSettings.Key.newYear: state.flag("newYear") ? "on" : "off",
                                       HouseholdSettings.Key.quickAutoSave: state.flag("quickAutoSave") ? "on" : "off"], formToken: token)
        return context.redirect(to: SettingsRoute.appearance.path, flash: context.t["settings_flash_saved"])
    }

    func submitLanguage(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        var state = FormState(context.t, fields: form.fields)
        let language = state.choice("language", Language.self)
        let currency = Currency.named(state.text("currency"))
        if currency == nil { state.fail("currency", "validation_choice") }
        var follow = GameCurrencyFollow.none
        if let currency, currency.code != (try householdSettings()).currency(for: context.language).code {
            follow = try gameCurrencyFollow(to: currency.code, language: context.language)
            if case .missingRate(let from, let to) = follow { state.fail("currency", "challenge_follow_rate_missing", ["from": from, "to": to]) }
        }
        guard state.isValid, let language, let currency else {
            return try settingsPage(.language, context, failed: state, status: .unprocessable)
        }
        switch follow {
        case .follow(let change):
            // The household currency and the game's switch, in one transaction.
            _ = try database.saveChallengeSettings([HouseholdSettings.Key.currency: currency.code], rates: nil, switchTo: change, formToken: token)
        case .takeBack(let day):
            _ = try database.saveChallengeSettings([HouseholdSettings.Key.currency: currency.code], rates: nil, switchTo: nil,
                                                   clearSwitchOn: day, formToken: token)
        case .none, .missingRate:
            _ = try database.saveSettings([HouseholdSettings.Key.currency: currency.code], formToken: token)
        }
        var response = context.redirect(to: SettingsRoute.language.path, flash: Translations(language)["settings_flash_saved"])
        response.headers.add("Set-Cookie", Cookies.setCookie(name: RequestContext.languageCookie, value: language.rawValue,
                                                             maxAge: 31_536_000, httpOnly: true))
        return response
    }

    func submitPlan(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        var state = FormState(context.t, fields: form.fields)
        let fund = state.integer("emergencyShare", 0...100, percent: true), debts = state.integer("debtShare", 0...100, percent: true)
        let goals = state.integer("goalShare", 0...100, percent: true)
        let months = state.integer("emergencyMonths", Limits.emergencyMonths)
        let horizon = state.integer("horizonMonths", Limits.months600)
        let strategy = state.choice("strategy", PayoffStrategy.self)
        if case .some(.some(let a)) = fund, case .some(.some(let b)) = debts, case .some(.some(let c)) = goals, a + b + c != 100 {
            state.errors["shares"] = context.t.format("settings_shares_sum", ["sum": String(a + b + c)])
            state.errors["emergencyShare"] = state.errors["shares"]
        }
        guard state.isValid, case .some(.some(let a)) = fund, case .some(.some(let b)) = debts, case .some(.some(let c)) = goals,
              case .some(.some(let m)) = months, case .some(.some(let h)) = horizon, let strategy else {
            return try settingsPage(.plan, context, failed: state, status: .unprocessable)
        }
        typealias Key = HouseholdSettings.Key
        _ = try database.saveSettings([Key.emergencyShare: String(a), Key.debtShare: String(b), Key.goalShare: String(c),
                                       Key.emergencyMonths: String(m), Key.horizonMonths: String(h),
                                       Key.strategy: strategy.rawValue], formToken: token)
        return context.redirect(to: SettingsRoute.plan.path, flash: context.t["settings_flash_saved"])
    }

    func submitVisibility(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let state = FormState(context.t, fields: form.fields)
        let hidden = HouseholdSettings.Hideable.allCases.filter { !state.flag($0.rawValue) }.map(\.rawValue).joined(separator: ",")
        _ = try database.saveSettings([HouseholdSettings.Key.hidden: hidden], formToken: token)
        return context.redirect(to: SettingsRoute.visibility.path, flash: context.t["settings_flash_saved"])
    }

    // MARK: - Privacy

    /// The privacy policy, with where the backups live and how long they are kept (`BackupRetention`).
    func privacyPage(_ context: RequestContext) throws -> Response {
        let t = context.t
        let view = database.backupFolder.map { folder in
            PrivacyView(backupsWhere: t.format("privacy_backups_where", ["directory": folder.directory]),
                        backupsKept: t.format("privacy_kept_backups", ["rule": Self.backupRule(t)]))
        } ?? PrivacyView(backupsWhere: t["privacy_backups_none"], backupsKept: nil)
        return try page(.settingsPrivacy, .settings, context, view, title: t["privacy_title"])
    }
}
