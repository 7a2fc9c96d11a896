import Engine
import HTTPCore
import Storage
import Foundation

// Routes (docs/engine-rules.md, "The Challenge, streaks and achievements"):
//   GET  /challenge                    today: budget, total, remaining, the list (its draft until saved), add/edit/delete
//   POST /challenge/items              add an item to today (303; 422 with the form kept, beyond +5 % saying by how much)
//   POST /challenge/items/<id>         change one of today's items (303 / 422)
//   POST /challenge/items/<id>/delete  delete one of today's items (303)
//   POST /challenge/save               save today's list (303; at the maximum 303 to the celebration)
//   GET  /challenge/history            every day: date, currency, budget, status, total
//   GET  /challenge/YYYY-MM-DD         one day's details (frozen once the day is over)
//   GET  /challenge/settings, POST     currency, start and maximum per currency, behaviour at the maximum,
//                                      the approximate FX table, reminder time (303 / 422)
//   POST /challenge/categories         add an own category; POST /challenge/categories/<id>/delete
//   GET  /challenge/celebration        the trophy, CSS-only confetti and a share text
//   POST /challenge/visibility         hide or show games and achievements (Settings)
//   POST /challenge/switch/cancel      take back the currency switch waiting for tomorrow (ChallengeSettings.swift)

/// The game's settings keys (in the settings table).
enum ChallengeKey {
    static let hidden = "game.hidden"
    static let started = "challenge.started"
    static let currency = "challenge.currency"
    static let behaviour = "challenge.behaviour"
    /// The behaviour in force through `day`, stored when a change on the next day replaced it.
    static func behaviourUntil(_ day: Day) -> String { behaviourUntilPrefix + day.iso }
    static let behaviourUntilPrefix = "challenge.behaviour.until."
    static let reminder = "challenge.reminder"
    static let fxAsOf = "fx.asOf"
    static func start(_ code: String) -> String { "challenge.start." + code }
    static func max(_ code: String) -> String { "challenge.max." + code }
}

/// Preset categories of imagined purchases.
let challengePresetCategories = ["food", "fun", "travel", "home", "gifts", "clothes", "tech", "other"]

/// The game's state as read for one request.
struct ChallengeState {
    var input: ChallengeInput
    var timeline: ChallengeTimeline
    var fx: FXTable
    var reminder: String
    var hidden: Bool
    /// The currency new days use: after every stored switch (one made today is effective today or tomorrow).
    var currency: String { input.currency(before: timeline.today.date.adding(days: 2)) }
    /// The currency switch stored for a day after today (one made today, effective tomorrow), if any.
    var pendingSwitch: ChallengeCurrencySwitch? {
        input.switches.filter { $0.effective > timeline.today.date }.max { $0.effective < $1.effective }
    }
}

extension ChallengeFeature {
    // MARK: - Reading

    // MARK: - GET

    func challengePage(_ context: RequestContext) throws -> Response {
        try challengeToday(FormState(context.t), editing: nil, context)
    }

    /// Today's page; `state` holds the add form (or the edited item's form, `editing`).
    func challengeToday(_ state: FormState, editing: ID<ChallengeItem>?, _ context: RequestContext, status: HTTPStatus = .ok) throws -> Response {
        let t = context.t, today = today()
        let game = try challengeState(today: today, language: context.language)
        let items = try database.challengeItems(on: today)
        var view = ChallengeDayView(day: game.timeline.today, items: items, editable: true,
                                    isToday: true, form: state, editing: editing, categories: try database.challengeCategories(),
                                    display: challengeDisplay(t, game.timeline.today.currency), timeline: game.timeline)
        view.pending = pendingSwitchView(game, t, back: ChallengeRoute.today.path)
        return try page(.challenge, .challenge, context, view, title: t["challenge_title"], status: status)
    }

    func challengeDayPage(_ date: Day, _ context: RequestContext) throws -> Response {
        let today = today()
        if date == today { return context.redirect(to: ChallengeRoute.today.path, flash: nil) }
        let t = context.t
        let game = try challengeState(today: today, language: context.language)
        guard let day = game.timeline.days.first(where: { $0.date == date }) else { throw AppError(.notFound) }
        let view = ChallengeDayView(day: day, items: try database.challengeItems(on: date), editable: false, isToday: false,
                                    form: FormState(t), editing: nil, categories: [], display: challengeDisplay(t, day.currency),
                                    timeline: game.timeline)
        return try page(.challenge, .challenge, context, view, title: t["challenge_title"])
    }

    func challengeHistoryPage(_ context: RequestContext) throws -> Response {
        let t = context.t
        let game = try challengeState(today: today(), language: context.language)
        let rows = game.timeline.days.reversed().map { d in
            ChallengeHistoryRow(d, display: challengeDisplay(t, d.currency))
        }
        let view = ChallengeHistoryView(rows: Array(rows), streak: t.plural("challenge_streak", count: game.timeline.streak,
                                                                                                ["best": String(game.timeline.bestStreak)]))
        return try page(.challengeHistory, .challenge, context, view, title: t["challenge_history_title"])
    }

    func challengeCelebrationPage(_ context: RequestContext) throws -> Response {
        let t = context.t
        let game = try challengeState(today: today(), language: context.language)
        guard let last = game.timeline.days.last(where: { $0.reachedMax }) else { throw AppError(.notFound) }
        let display = challengeDisplay(t, last.currency)
        let share = t.format("challenge_share_text", ["amount": display.money(last.budget), "days": String(last.number)])
        let view = ChallengeCelebrationView(amount: display.money(last.budget), days: String(last.number), shareText: share,
                                            behaviour: t[game.input.behaviour(on: last.date).hintKey])
        return try page(.challengeCelebration, .challenge, context, view, title: t["challenge_celebration_title"])
    }

    // MARK: - POST: items and saving

    /// Reads title, amount and category; nil (with messages) when invalid.
    private func parseChallengeItem(_ state: inout FormState, date: Day, id: ID<ChallengeItem> = 0, own: [String]) -> ChallengeItem? {
        let title = state.name("title")
        let amount = state.money("amount")
        let raw = state.text("category")
        var category: String?
        if !raw.isEmpty {
            if challengePresetCategories.contains(raw) || own.contains(raw) { category = raw } else { state.fail("category", "validation_choice") }
        }
        guard state.isValid, let title, let amount = amount ?? nil else { return nil }
        return ChallengeItem(id: id, date: date, title: title, amount: amount, category: category)
    }

    /// Adds (`id` nil) or changes an item of today.
    func submitChallengeItem(id: ID<ChallengeItem>?, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t, today = today()
        let token = try Self.formToken(form)
        let game = try challengeState(today: today, language: context.language)
        var state = FormState(t, fields: form.fields)
        state.currency = Currency.named(game.timeline.today.currency)
        if let id, !(try database.challengeItems(on: today).contains { $0.id == id }) { throw AppError(.notFound) }
        let own = try database.challengeCategories().map(\.name)
        guard let item = parseChallengeItem(&state, date: today, id: id ?? 0, own: own) else {
            return try challengeToday(state, editing: id, context, status: .unprocessable)
        }
        let budget = game.timeline.today.budget
        do {
            if let id {
                _ = try database.updateChallengeItem(ChallengeItem(id: id, date: today, title: item.title, amount: item.amount,
                                                                   category: item.category), budget: budget, formToken: token)
            } else {
                _ = try database.addChallengeItem(item, budget: budget, formToken: token)
                if (try database.settings())[ChallengeKey.started] == nil {
                    try database.saveSettings([ChallengeKey.started: game.input.startedOn.iso,
                                               ChallengeKey.currency: game.input.initialCurrency])
                }
            }
        } catch ChallengeError.overAllowance(let over) {
            state.fail("amount", "challenge_over", ["amount": challengeDisplay(t, game.timeline.today.currency).money(over)])
            return try challengeToday(state, editing: id, context, status: .unprocessable)
        } catch ChallengeError.itemNotFound {
            throw AppError(.notFound)
        }
        return context.redirect(to: ChallengeRoute.today.path, flash: t.format(id == nil ? "flash_added" : "flash_saved", ["name": item.title]))
    }

    func deleteChallengeItem(_ id: ID<ChallengeItem>, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let today = today()
        guard let item = try database.challengeItems(on: today).first(where: { $0.id == id }) else { throw AppError(.notFound) }
        do { _ = try database.deleteChallengeItem(id: id, date: today, formToken: token) } catch ChallengeError.itemNotFound { throw AppError(.notFound) }
        return context.redirect(to: ChallengeRoute.today.path, flash: context.t.format("flash_deleted", ["name": item.title]))
    }

    func submitChallengeSave(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t, today = today()
        let token = try Self.formToken(form)
        let game = try challengeState(today: today, language: context.language)
        let day = game.timeline.today
        do {
            guard case .written(let saved) = try database.saveChallengeDay(today, currency: day.currency, budget: day.budget, formToken: token)
            else { return context.redirect(to: ChallengeRoute.today.path, flash: nil) }
            if (try database.settings())[ChallengeKey.started] == nil {
                try database.saveSettings([ChallengeKey.started: game.input.startedOn.iso, ChallengeKey.currency: game.input.initialCurrency])
            }
            if saved.budget >= game.input.limits(for: saved.currency).max {
                return context.redirect(to: ChallengeRoute.celebration.path, flash: try withAchievementNotice(t["challenge_flash_max"], context))
            }
            return context.redirect(to: ChallengeRoute.today.path,
                                    flash: try withAchievementNotice(t[saved.total == saved.budget ? "challenge_flash_perfect" : "challenge_flash_saved"], context))
        } catch ChallengeError.itemNotFound {
            var state = FormState(t)
            state.fail("title", "challenge_empty")
            return try challengeToday(state, editing: nil, context, status: .unprocessable)
        } catch ChallengeError.overAllowance(let over) {
            var state = FormState(t)
            state.fail("amount", "challenge_over", ["amount": challengeDisplay(t, day.currency).money(over)])
            return try challengeToday(state, editing: nil, context, status: .unprocessable)
        }
    }

    // MARK: - POST: own categories

    func submitChallengeCategory(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t
        let token = try Self.formToken(form)
        var state = FormState(t, fields: form.fields)
        guard let name = state.name("name") else {
            return try challengeSettingsForm(state, context, status: .unprocessable)
        }
        do { _ = try database.addChallengeCategory(name, formToken: token) } catch ChallengeError.duplicateCategory {
            state.fail("name", "challenge_category_duplicate")
            return try challengeSettingsForm(state, context, status: .unprocessable)
        }
        return context.redirect(to: ChallengeRoute.settings.path, flash: t.format("flash_added", ["name": name]))
    }

    func deleteChallengeCategory(_ id: ID<ChallengeCategory>, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        guard let category = try database.challengeCategories().first(where: { $0.id == id }) else { throw AppError(.notFound) }
        _ = try database.deleteChallengeCategory(id: id, formToken: token)
        return context.redirect(to: ChallengeRoute.settings.path, flash: context.t.format("flash_deleted", ["name": category.name]))
    }

    func submitGameVisibility(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        _ = try Self.formToken(form)
        let hide = form.fields["hide"] == "on"
        try database.saveSettings([ChallengeKey.hidden: hide ? "on" : "off"])
        return context.redirect(to: SettingsRoute.page.path, flash: context.t[hide ? "game_flash_hidden" : "game_flash_shown"])
    }
}

extension ChallengeFeature {

}

/// "14:15" → 855 (an invalid time: 14:15).
func clockMinutes(_ text: String) -> Int {
    guard isClockTime(text) else { return 14 * 60 + 15 }
    let parts = text.split(separator: ":")
    return Int(parts[0])! * 60 + Int(parts[1])!
}

extension Handler {
    /// The Budget page's games block: nil when hidden; the reminder once the reminder time has
    /// passed (server zone) and the game was started: "not filled yet", or softer when saved.
    func gameLinks(_ context: RequestContext, today: Day) throws -> GameLinksView? {
        let stored = try database.settings()
        guard stored[ChallengeKey.hidden] != "on" else { return nil }
        guard stored[ChallengeKey.started] != nil else { return GameLinksView(reminder: nil, isSoft: true) }
        let game = try challengeState(today: today, language: context.language)
        let day = game.timeline.today
        if day.status == .filled { return GameLinksView(reminder: context.t["game_reminder_soft"], isSoft: true) }
        guard day.status == .open, clockMinutes(game.reminder) <= currentClockMinutes() else { return GameLinksView(reminder: nil, isSoft: true) }
        let budget = challengeDisplay(context.t, day.currency).money(day.budget)
        return GameLinksView(reminder: context.t.format("game_reminder_open", ["budget": budget]), isSoft: false)
    }
}

extension Handler {
    /// The game as of `today`.
    func challengeState(today: Day, language: Language) throws -> ChallengeState {
        let stored = try database.settings()
        let settings = HouseholdSettings(stored)
        let game = try database.challengeStored()
        let household = settings.currency(for: language).code
        let initial = stored[ChallengeKey.currency].flatMap(Currency.named)?.code ?? household
        var limits: [String: ChallengeLimits] = [:]
        for c in Currency.all {
            var l = ChallengeLimits.defaults(for: c.code)
            if let s = stored[ChallengeKey.start(c.code)].flatMap(Int64.init), s > 0 { l.start = Money(minorUnits: s) }
            if let m = stored[ChallengeKey.max(c.code)].flatMap(Int64.init), m >= l.start.minorUnits { l.max = Money(minorUnits: m) }
            limits[c.code] = l
        }
        let started = stored[ChallengeKey.started].flatMap(Day.init(iso:)) ?? min(today, game.filled.first?.date ?? today)
        // Read-time mapping: a stored "stop" (no longer offered) is read as "ceiling".
        let behaviour = ChallengeMaxBehaviour(stored: stored[ChallengeKey.behaviour])
        var until: [Day: ChallengeMaxBehaviour] = [:]
        for (key, value) in stored where key.hasPrefix(ChallengeKey.behaviourUntilPrefix) {
            if let day = Day(iso: String(key.dropFirst(ChallengeKey.behaviourUntilPrefix.count))) { until[day] = ChallengeMaxBehaviour(stored: value) }
        }
        let input = ChallengeInput(startedOn: min(started, today), initialCurrency: initial, limits: limits, behaviour: behaviour,
                                   behaviourUntil: until, filled: game.filled, switches: game.switches)
        var rates = try database.fxRates()
        if rates.isEmpty && stored[ChallengeKey.fxAsOf] == nil { rates = FXTable.defaults.ratesPerMillion }
        let fx = FXTable(ratesPerMillion: rates, asOf: stored[ChallengeKey.fxAsOf].flatMap(Day.init(iso:)) ?? FXTable.defaults.asOf)
        return ChallengeState(input: input, timeline: challengeTimeline(input, today: today), fx: fx,
                              reminder: stored[ChallengeKey.reminder] ?? "14:15", hidden: stored[ChallengeKey.hidden] == "on")
    }

    /// A Display in the game currency `code`.
    func challengeDisplay(_ t: Translations, _ code: String) -> Display {
        Display(t: t, currency: Currency.named(code) ?? .usd)
    }

    /// Minutes since midnight now, in the server's zone (a pinned --today counts as after any reminder time).
    func currentClockMinutes() -> Int {
        if configuration.pinnedToday != nil { return 24 * 60 }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = configuration.timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: Date())
        return (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    }
}
