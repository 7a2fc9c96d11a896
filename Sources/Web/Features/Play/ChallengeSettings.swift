import Engine
import HTTPCore
import Storage

// GET/POST /challenge/settings (ChallengePage.swift lists the family's routes): the game's
// currency, start and maximum per currency, behaviour at the maximum (with its explanation),
// the approximate FX table with its date, the reminder time, own categories.

/// The FX table's pairs, in the form's order.
let fxPairs: [(String, String)] = [("USD", "EUR"), ("EUR", "USD"), ("USD", "RUB"), ("RUB", "USD"), ("EUR", "RUB"), ("RUB", "EUR")]

/// "92.5" or "92,5" → 92 500 000 (per million, up to 6 decimals); nil when not a positive rate.
func parseRatePerMillion(_ text: String) -> Int64? {
    let s = text.replacingOccurrences(of: ",", with: ".").replacingOccurrences(of: " ", with: "")
    let parts = s.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let whole = parts.first, !whole.isEmpty || parts.count == 2,
          whole.utf8.allSatisfy({ (48...57).contains($0) }), whole.utf8.count <= 9 else { return nil }
    let fraction = parts.count == 2 ? String(parts[1]) : ""
    guard fraction.utf8.count <= 6, fraction.utf8.allSatisfy({ (48...57).contains($0) }), !(whole.isEmpty && fraction.isEmpty) else { return nil }
    let value = (Int64(whole) ?? 0) * 1_000_000 + (Int64(fraction.padding(toLength: 6, withPad: "0", startingAt: 0)) ?? 0)
    return value > 0 ? value : nil
}

/// 92 500 000 → "92.5" (trailing zeros dropped; the language's decimal mark).
func formatRatePerMillion(_ rate: Int64, _ language: Language) -> String {
    var fraction = String(rate % 1_000_000)
    fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    let whole = String(rate / 1_000_000)
    return fraction.isEmpty ? whole : whole + language.decimalSeparator + fraction
}

extension ChallengeFeature {
    func challengeSettingsPage(_ context: RequestContext) throws -> Response {
        try challengeSettingsForm(try challengeSettingsFormState(context), context)
    }

    /// The settings form filled with the stored values.
    func challengeSettingsFormState(_ context: RequestContext) throws -> FormState {
        let t = context.t
        let game = try challengeState(today: today(), language: context.language)
        var values: [String: String] = ["currency": game.currency, "behaviour": game.input.behaviour.rawValue, "reminder": game.reminder]
        for c in Currency.all {
            let l = game.input.limits(for: c.code)
            values["start_" + c.code] = MoneyFormat.formatPlain(l.start, context.language)
            values["max_" + c.code] = MoneyFormat.formatPlain(l.max, context.language)
        }
        for (from, to) in fxPairs {
            values["rate_\(from)_\(to)"] = game.fx.ratesPerMillion[FXTable.key(from, to)].map { formatRatePerMillion($0, context.language) } ?? ""
        }
        return FormState(t, values: values)
    }

    /// The settings form; `state` holds the values (typed or stored) and messages.
    func challengeSettingsForm(_ state: FormState, _ context: RequestContext, status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        let game = try challengeState(today: today(), language: context.language)
        func field(_ name: String, _ label: String, _ kind: FieldKind, hint: String? = nil, options: [(String, String)] = []) -> FieldView {
            let value = state.values[name] ?? ""
            return FieldView(name: name, label: label, kind: kind, value: value, error: state.errors[name], hint: hint, required: true,
                             options: options.map { OptionView(value: $0.0, label: $0.1, selected: $0.0 == value) })
        }
        var limits: [FieldView] = []
        for c in Currency.all {
            limits.append(field("start_" + c.code, t.format("challenge_field_start", ["currency": c.code]), .money))
            limits.append(field("max_" + c.code, t.format("challenge_field_max", ["currency": c.code]), .money))
        }
        let rates = fxPairs.map { field("rate_\($0.0)_\($0.1)", t.format("challenge_field_rate", ["from": $0.0, "to": $0.1]), .text) }
        let view = ChallengeSettingsView(
            currency: field("currency", t["challenge_field_currency"], .select, hint: t["challenge_hint_currency"],
                            options: Currency.all.map { ($0.code, $0.code + " " + $0.symbol) }),
            behaviour: field("behaviour", t["challenge_field_behaviour"], .radio,
                             options: ChallengeMaxBehaviour.allCases.map { ($0.rawValue, t[$0.stringKey]) }),
            behaviourHints: ChallengeMaxBehaviour.allCases.map { t[$0.stringKey] + ": " + t[$0.hintKey] },
            reminder: field("reminder", t["challenge_field_reminder"], .text, hint: t["challenge_hint_reminder"]),
            limits: limits, rates: rates,
            fxCaption: t.format("challenge_fx_caption", ["date": DateFormat.long(game.fx.asOf, context.language)]),
            categories: try database.challengeCategories().map { ChallengeCategoryRow(name: $0.name, deleteAction: ChallengeRoute.deleteCategory($0.id).path) },
            categoryName: field("name", t["challenge_field_category_name"], .text),
            hasErrors: !state.isValid, fxFeed: try fxFeedBlock(state),
            pending: pendingSwitchView(game, t, back: ChallengeRoute.settings.path))
        return try page(.challengeSettings, .challenge, context, view, title: t["challenge_settings_title"], status: status)
    }

    func submitChallengeSettings(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t, today = today()
        let token = try Self.formToken(form)
        var state = FormState(t, fields: form.fields)
        let game = try challengeState(today: today, language: context.language)
        var values: [String: String] = [:]
        let currency = state.choice("currency", CurrencyCode.self)
        let behaviour = state.choice("behaviour", ChallengeMaxBehaviour.self)
        let reminder = state.text("reminder")
        if !isClockTime(reminder) { state.fail("reminder", "challenge_reminder_invalid") }
        for c in Currency.all {
            state.currency = c
            let start = state.money("start_" + c.code) ?? nil
            let max = state.money("max_" + c.code) ?? nil
            if let start, let max {
                if max < start { state.fail("max_" + c.code, "challenge_max_below_start") }
                values[ChallengeKey.start(c.code)] = String(start.minorUnits)
                values[ChallengeKey.max(c.code)] = String(max.minorUnits)
            }
        }
        var rates: [String: Int64] = [:]
        for (from, to) in fxPairs {
            let name = "rate_\(from)_\(to)"
            let text = state.text(name)
            if text.isEmpty { continue }
            if let rate = parseRatePerMillion(text) { rates[FXTable.key(from, to)] = rate } else { state.fail(name, "challenge_rate_invalid") }
        }
        // Saving the settings never starts the game (its first day is its first saved item or day):
        // before that, the currency is simply the one the game will start in. Once played, a change
        // is a switch (ChallengeFollowsCurrency.swift), which needs its rate: never a silent 1:1.
        let stored = try database.settings()
        let started = stored[ChallengeKey.started] != nil
        var follow = GameCurrencyFollow.none
        if let code = currency?.rawValue {
            if !started {
                if code != game.currency { values[ChallengeKey.currency] = code }
            } else {
                let table = FXTable(ratesPerMillion: rates, asOf: today)
                var typed = game
                typed.fx = table
                follow = challengeCurrencyChange(typed, to: code, effective: try challengeSwitchDate(game, today: today))
                if case .missingRate(let from, let to) = follow {
                    state.fail("rate_\(from)_\(to)", "challenge_rate_missing", ["from": from, "to": to])
                }
            }
        }
        guard state.isValid, let behaviour else { return try challengeSettingsForm(state, context, status: .unprocessable) }
        values[ChallengeKey.behaviour] = behaviour.rawValue
        values[ChallengeKey.reminder] = reminder
        // A change of behaviour applies from today on: the one it replaces stays in force on the days before.
        var keep: [String: String] = [:]
        if started, behaviour != game.input.behaviour {
            keep[ChallengeKey.behaviourUntil(today.adding(days: -1))] = game.input.behaviour.rawValue
        }
        let ratesChanged = rates != game.fx.ratesPerMillion
        if ratesChanged || stored[ChallengeKey.fxAsOf] == nil { values[ChallengeKey.fxAsOf] = ratesChanged ? today.iso : game.fx.asOf.iso }
        var change: ChallengeCurrencySwitch?, takeBack: Day?
        switch follow {
        case .follow(let s): change = s
        case .takeBack(let day): takeBack = day
        case .none, .missingRate: break
        }
        _ = try database.saveChallengeSettings(values, keepIfSet: keep, rates: rates, switchTo: change, clearSwitchOn: takeBack, formToken: token)
        return context.redirect(to: ChallengeRoute.settings.path, flash: t["challenge_flash_settings"])
    }
}

extension ChallengeFeature {
    /// "From tomorrow: EUR" with its Cancel, when a switch waits for a later day; nil otherwise.
    func pendingSwitchView(_ game: ChallengeState, _ t: Translations, back: String) -> ChallengePendingSwitchView? {
        guard let pending = game.pendingSwitch else { return nil }
        let note = pending.effective == game.timeline.today.date.adding(days: 1)
            ? t.format("challenge_switch_pending", ["currency": pending.to])
            : t.format("challenge_switch_pending_on", ["currency": pending.to, "date": DateFormat.long(pending.effective, t.language)])
        return ChallengePendingSwitchView(note: note, back: back)
    }

    /// POST /challenge/switch/cancel: removes the switch waiting for a later day (the game stays in
    /// today's currency), then 303 back to the Challenge or its settings (the form's `back`) with a
    /// flash; nothing to cancel is a 303 without one. The form token is used once.
    func cancelChallengeSwitch(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let t = context.t
        let game = try challengeState(today: today(), language: context.language)
        let back = form.fields["back"] == ChallengeRoute.settings.path ? ChallengeRoute.settings.path : ChallengeRoute.today.path
        guard let pending = game.pendingSwitch else { return context.redirect(to: back, flash: nil) }
        _ = try database.saveChallengeSettings([:], rates: nil, switchTo: nil, clearSwitchOn: pending.effective, formToken: token)
        return context.redirect(to: back, flash: t.format("challenge_flash_switch_cancelled", [
            "currency": game.input.currency(before: pending.effective)]))
    }
}

/// The game's currencies as a form choice.
enum CurrencyCode: String {
    case RUB, USD, EUR
}

/// "HH:MM", 00:00 … 23:59.
func isClockTime(_ text: String) -> Bool {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ $0.utf8.count == 2 && $0.utf8.allSatisfy { (48...57).contains($0) } }),
          let h = Int(parts[0]), let m = Int(parts[1]) else { return false }
    return h < 24 && m < 60
}
