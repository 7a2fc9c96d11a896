import Engine
import HTTPCore
import Storage

// Routes:
//   GET  /saving                       round-ups (on/off, what waits, this period so far, transfers with undo)
//                                      and hidden money (each amount, the total, the most that can still be hidden)
//   GET  /saving/roundups, POST        the round-up settings (303 to /saving with a flash, or 422 with the input kept)
//   POST /saving/roundups/done         the suggested round-ups are moved: the goal's saved amount rises (back to `back`)
//   POST /saving/roundups/<id>/undo    undoes a transfer exactly
//   GET  /saving/hidden/new            the form to hide an amount
//   POST /saving/hidden                hide it (422 with the most that may be hidden when it would cut into the buffer)
//   POST /saving/hidden/<id>/reveal    ask to reveal it (effective after its delay)
//   POST /saving/hidden/<id>/cancel    cancel a reveal not yet effective
//   POST /saving/hidden/<id>/delete    remove a revealed amount from the list
// Rules: docs/engine-rules.md, "Round-ups and hidden money". FinMind moves no real money.

/// The round-ups on one day, read once.
struct RoundUpState {
    var settings: RoundUpSettings?
    /// The chosen goal (nil: none or deleted) and whether it follows an account.
    var goal: SavingGoal?
    var step: Int64 = 0
    /// The completed periods' window, and what waits in it.
    var window: (from: Day, through: Day)?
    var pending = RoundUpTally(amount: .zero, parts: [], expenses: 0)
    /// Today's period so far.
    var current = RoundUpTally(amount: .zero, parts: [], expenses: 0)
    var currentStart: Day?

    var isOn: Bool { settings?.enabled == true }
    /// A transfer can be suggested: on, a usable goal, and the pending tally is due.
    var suggestion: (goal: SavingGoal, amount: Money)? {
        guard isOn, let settings, let goal, !goal.followsAccount, roundUpIsDue(pending, minimum: settings.minimum) else { return nil }
        return (goal, pending.amount)
    }
}

extension PlayfulSavingFeature {
    // MARK: - Reading

    /// The hidden amounts, their total today, and what may still be hidden: nil balance when the
    /// household has no spendable account (nothing can be hidden then).
    func hiddenState(today: Day, currency: Currency) throws -> (amounts: [HiddenAmount], total: Money, balance: Money?, buffer: Money) {
        let amounts = try database.hiddenAmounts()
        let total = hiddenTotal(amounts, today: today)
        let f = try currentForecast(days: 30, currency: currency)
        let balance = f.isNetChange ? nil : f.start.saturatingAdding(f.hidden)
        return (amounts, total, balance, f.safetyBuffer)
    }

    // MARK: - GET

    /// GET /saving.
    func savingPage(_ context: RequestContext) throws -> Response {
        let t = context.t, today = today()
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        let roundUps = try roundUpState(today: today, currency: display.currency)
        let transfers = try database.roundUpTransfers(limit: 10)
        let goals = try database.savingGoals()
        let hidden = try hiddenState(today: today, currency: display.currency)
        let view = PlayfulSavingPageView(roundUps: RoundUpsBlockView(roundUps, transfers: transfers, goals: goals, display: display, today: today),
                                  hidden: HiddenBlockView(hidden, goals: goals, display: display, today: today))
        return try page(.saving, .saving, context, view, title: t["saving_title"])
    }

    /// GET /saving/roundups: the settings form with the stored values (defaults when never saved).
    func roundUpsSettingsPage(_ context: RequestContext) throws -> Response {
        let s = try database.roundUpSettings() ?? RoundUpSettings(startsOn: today())
        var values = ["step": String(s.stepIndex), "multiplier": String(s.multiplier), "period": s.period.rawValue,
                      "goal": s.goalID.map(String.init) ?? "",
                      "minimum": s.minimum == .zero ? "" : MoneyFormat.formatPlain(s.minimum, context.language)]
        if s.enabled { values["enabled"] = "1" }
        return try roundUpsForm(FormState(context.t, values: values), context)
    }

    func roundUpsForm(_ state: FormState, _ context: RequestContext, status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        let currency = try householdSettings().currency(for: t.language)
        let display = Display(t: t, currency: currency)
        let goals = try database.savingGoals()
        func field(_ name: String, _ kind: FieldKind, required: Bool = false, hint: String? = nil,
                   options: [(String, String)] = []) -> FieldView {
            let value = state.values[name] ?? ""
            return FieldView(name: name, label: t[runtime: "saving_roundups_field_" + name], kind: kind, value: value, error: state.errors[name],
                             hint: hint, required: required,
                             options: options.map { OptionView(value: $0.0, label: $0.1, selected: $0.0 == value) })
        }
        var enabled = field("enabled", .checkbox, hint: t["saving_roundups_hint_enabled"])
        enabled.checked = state.flag("enabled")
        let steps = roundUpSteps(currency.code).enumerated().map { (String($0.offset), display.money(Money(minorUnits: $0.element))) }
        let goalOptions = [("", t["saving_goal_none"])] + goals.map { goal in
            (String(goal.id), goal.followsAccount ? t.format("saving_goal_follows", ["name": goal.name]) : goal.name)
        }
        let fields = [
            enabled,
            field("step", .radio, required: true, hint: t["saving_roundups_hint_step"], options: steps),
            field("multiplier", .number, required: true, hint: t["saving_roundups_hint_multiplier"]),
            field("period", .radio, required: true, options: RoundUpPeriod.allCases.map { ($0.rawValue, t[$0.stringKey]) }),
            field("goal", .select, hint: goals.isEmpty ? t["saving_roundups_hint_no_goals"] : nil, options: goalOptions),
            field("minimum", .money, hint: t["saving_roundups_hint_minimum"]),
        ]
        let heading = t["saving_roundups_title"]
        return try page(.form, nil, context, FormPageView(
            heading: heading, intro: t["saving_roundups_intro"] + " " + t["saving_no_real_money"], action: PlayfulSavingRoute.roundUps.path,
            submitLabel: t["action_save"], cancelHref: PlayfulSavingRoute.page.path, fields: fields, hasErrors: !state.isValid),
            title: heading, status: status)
    }

    /// GET /saving/hidden/new.
    func newHiddenPage(_ context: RequestContext) throws -> Response {
        try hideForm(FormState(context.t, values: ["purpose": HiddenPurpose.forced.rawValue, "delay": "0"]), context)
    }

    func hideForm(_ state: FormState, _ context: RequestContext, status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        let goals = try database.savingGoals()
        func field(_ name: String, _ kind: FieldKind, required: Bool = false, hint: String? = nil,
                   options: [(String, String)] = []) -> FieldView {
            let value = state.values[name] ?? ""
            var view = FieldView(name: name, label: t[runtime: "saving_hide_field_" + name], kind: kind, value: value, error: state.errors[name],
                                 hint: hint, required: required,
                                 options: options.map { OptionView(value: $0.0, label: $0.1, selected: $0.0 == value) })
            if kind == .textarea { view.maxLength = 500 }
            return view
        }
        let hidden = try hiddenState(today: today(), currency: display.currency)
        let most = hidden.balance.map { maxHideable(balance: $0, hidden: hidden.total, buffer: hidden.buffer) }
        let amountHint = most.map { t.format("saving_hide_hint_most", ["most": display.money($0), "buffer": display.money(hidden.buffer)]) }
            ?? t["saving_hide_no_accounts"]
        let fields = [
            field("amount", .money, required: true, hint: amountHint),
            field("purpose", .radio, required: true, options: HiddenPurpose.allCases.map { ($0.rawValue, t[$0.stringKey]) }),
            field("goal", .select, hint: t["saving_hide_hint_goal"],
                  options: [("", t["saving_goal_none"])] + goals.map { (String($0.id), $0.name) }),
            field("delay", .number, required: true, hint: t["saving_hide_hint_delay"]),
            field("note", .textarea),
        ]
        let heading = t["saving_hide_title"]
        return try page(.form, nil, context, FormPageView(
            heading: heading, intro: t["saving_hide_intro"] + " " + t["saving_no_real_money"], action: PlayfulSavingRoute.hide.path,
            submitLabel: t["saving_hide_submit"], cancelHref: PlayfulSavingRoute.page.path, fields: fields, hasErrors: !state.isValid),
            title: heading, status: status)
    }

    // MARK: - POST: round-ups

    /// POST /saving/roundups: validates every field; round-ups that were off start counting today.
    func submitRoundUps(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t, today = today()
        let token = try Self.formToken(form)
        var state = FormState(t, fields: form.fields)
        state.currency = try householdSettings().currency(for: t.language)
        let enabled = state.flag("enabled")
        let stepIndex = Int(state.text("step")).flatMap { (0...2).contains($0) ? $0 : nil }
        if stepIndex == nil { state.fail("step", "validation_choice") }
        let multiplier = state.integer("multiplier", 1...10)
        let period = state.choice("period", RoundUpPeriod.self)
        let goals = try database.savingGoals()
        var goalID: ID<Goal>?
        let goalText = state.text("goal")
        if !goalText.isEmpty {
            if let goal = Route.id(goalText).flatMap({ id in goals.first { $0.id == ID(id) } }) {
                if goal.followsAccount { state.fail("goal", "saving_error_goal_follows") } else { goalID = goal.id }
            } else {
                state.fail("goal", "validation_choice")
            }
        } else if enabled {
            state.fail("goal", "saving_error_goal_required")
        }
        let minimum = state.money("minimum", required: false, allowZero: true)
        guard let stepIndex, case .some(.some(let multiplier)) = multiplier, let period, case .some(let minimum) = minimum,
              state.isValid else {
            return try roundUpsForm(state, context, status: .unprocessable)
        }
        let stored = try database.roundUpSettings()
        let startsOn = enabled && stored?.enabled == true ? stored!.startsOn : today
        let settings = RoundUpSettings(enabled: enabled, stepIndex: stepIndex, multiplier: multiplier, period: period, goalID: goalID,
                                       minimum: minimum ?? .zero, startsOn: startsOn)
        do {
            _ = try database.saveRoundUpSettings(settings, formToken: token)
        } catch PlayfulSavingError.goalUnavailable {
            state.fail("goal", "validation_choice")
            return try roundUpsForm(state, context, status: .unprocessable)
        }
        return context.redirect(to: PlayfulSavingRoute.page.path, flash: t[enabled ? "saving_roundups_flash_on" : "saving_roundups_flash_off"])
    }

    /// POST /saving/roundups/done: moves what is due now (a flash says so when nothing is). Back
    /// to `back` (Today, Plan or /saving).
    func submitRoundUpsDone(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t, today = today()
        let token = try Self.formToken(form)
        let back = form.fields["back"].flatMap(Self.localPath) ?? PlayfulSavingRoute.page.path
        let state = try roundUpState(today: today, currency: try householdSettings().currency(for: t.language), detailed: true)
        guard let suggestion = state.suggestion, let window = state.window else {
            return context.redirect(to: back, flash: t["saving_roundups_nothing"])
        }
        do {
            _ = try database.markRoundUpsDone(goalID: suggestion.goal.id, tally: state.pending, from: window.from, through: window.through,
                                              today: today, formToken: token)
        } catch PlayfulSavingError.nothingToMove, PlayfulSavingError.goalUnavailable {
            return context.redirect(to: back, flash: t["saving_roundups_nothing"])
        }
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        return context.redirect(to: back, flash: t.format("saving_roundups_flash_done", ["amount": display.money(suggestion.amount),
                                                                                         "name": suggestion.goal.name]))
    }

    /// POST /saving/roundups/<id>/undo.
    func submitRoundUpsUndo(_ id: ID<RoundUpTransfer>, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let back = form.fields["back"].flatMap(Self.localPath) ?? PlayfulSavingRoute.page.path
        let outcome = try database.undoRoundUps(id: id, formToken: token)
        if case .written(nil) = outcome { throw AppError(.notFound) }
        return context.redirect(to: back, flash: context.t["saving_roundups_flash_undone"])
    }

    // MARK: - POST: hidden money

    /// POST /saving/hidden: amount, purpose (a goal named for "goal"), delay 0…365, note; refused
    /// with the most that may be hidden when it would leave less than the safety buffer.
    func submitHide(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t, today = today()
        let token = try Self.formToken(form)
        var state = FormState(t, fields: form.fields)
        let currency = try householdSettings().currency(for: t.language)
        state.currency = currency
        let amount = state.money("amount")
        let purpose = state.choice("purpose", HiddenPurpose.self)
        let delay = state.integer("delay", 0...hiddenRevealDelayMaxDays)
        let note = state.note("note")
        var goalID: ID<Goal>?
        let goalText = state.text("goal")
        if !goalText.isEmpty {
            if let id = Route.id(goalText).map({ ID<Goal>($0) }), try database.savingGoals().contains(where: { $0.id == id }) { goalID = id }
            else { state.fail("goal", "validation_choice") }
        } else if purpose == .goal {
            state.fail("goal", "saving_error_goal_required")
        }
        guard case .some(.some(let amount)) = amount, let purpose, case .some(.some(let delay)) = delay, let note, state.isValid else {
            return try hideForm(state, context, status: .unprocessable)
        }
        let hidden = try hiddenState(today: today, currency: currency)
        let display = Display(t: t, currency: currency)
        guard let balance = hidden.balance else {
            state.fail("amount", "saving_hide_no_accounts")
            return try hideForm(state, context, status: .unprocessable)
        }
        do {
            _ = try database.hideMoney(HiddenAmount(amount: amount, purpose: purpose, goalID: goalID,
                                                    note: note, hiddenOn: today, revealDelayDays: delay),
                                       today: today, allowed: { hideRefusal(amount, balance: balance, hidden: $0, buffer: hidden.buffer) },
                                       formToken: token)
        } catch let refused as HideRefused {
            state.fail("amount", "saving_hide_refused", ["most": display.money(refused.most), "buffer": display.money(hidden.buffer)])
            return try hideForm(state, context, status: .unprocessable)
        } catch PlayfulSavingError.goalUnavailable {
            state.fail("goal", "validation_choice")
            return try hideForm(state, context, status: .unprocessable)
        }
        return context.redirect(to: PlayfulSavingRoute.page.path, flash: t.format("saving_hide_flash", ["amount": display.money(amount)]))
    }

    /// POST /saving/hidden/<id>/reveal, /cancel, /delete.
    func submitHiddenAction(_ route: PlayfulSavingRoute, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t, today = today()
        let token = try Self.formToken(form)
        guard let amount = try database.hiddenAmounts().first(where: { [route] in
            switch route {
            case .reveal(let id), .cancelReveal(let id), .deleteHidden(let id): $0.id == id
            default: false
            }
        }) else { throw AppError(.notFound) }
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        let flash: String
        do {
            switch route {
            case .reveal:
                _ = try database.requestReveal(id: amount.id, today: today, formToken: token)
                let on = today.adding(days: amount.revealDelayDays)
                flash = amount.revealDelayDays == 0 ? t.format("saving_reveal_flash_now", ["amount": display.money(amount.amount)])
                    : t.format("saving_reveal_flash_later", ["amount": display.money(amount.amount), "date": display.day(on)])
            case .cancelReveal:
                _ = try database.cancelReveal(id: amount.id, today: today, formToken: token)
                flash = t.format("saving_reveal_flash_cancelled", ["amount": display.money(amount.amount)])
            default:
                _ = try database.deleteRevealed(id: amount.id, today: today, formToken: token)
                flash = t.format("saving_hidden_flash_removed", ["amount": display.money(amount.amount)])
            }
        } catch PlayfulSavingError.notFound {
            flash = t["saving_hidden_state_changed"]
        }
        return context.redirect(to: PlayfulSavingRoute.page.path, flash: flash)
    }

    // MARK: - Elsewhere: the checklist's round-up rows

}

extension Handler {
    /// The hidden total today (what the forecast takes out of the spendable balance).
    func hiddenMoneyTotal(today: Day) throws -> Money {
        hiddenTotal(try database.hiddenAmounts(), today: today)
    }

    /// The round-up rows of this month's checklist (Today and Plan): the suggestion when one is
    /// due, then this month's transfers as done rows with undo. Empty when round-ups were never on.
    func roundUpChecklistRows(today: Day, display: Display) throws -> [ChecklistRow] {
        let state = try roundUpState(today: today, currency: display.currency)
        let t = display.t
        var rows: [ChecklistRow] = []
        if let suggestion = state.suggestion {
            let text = t.format("saving_roundups_step", ["amount": display.money(suggestion.amount), "name": suggestion.goal.name])
            rows.append(ChecklistRow(key: "roundups", text: text, due: t.format("checklist_due", ["date": display.day(today)]),
                                     dueISO: today.iso, isDone: false, isOverdue: false,
                                     doneAction: PlayfulSavingRoute.roundUpsDone.path, undoAction: PlayfulSavingRoute.page.path))
        }
        guard state.settings != nil else { return rows }
        let goals = try database.savingGoals()
        for transfer in try database.roundUpTransfers(limit: 10) where transfer.doneOn.yearMonth == today.yearMonth {
            let name = goals.first { $0.id == transfer.goalID }?.name ?? ""
            let text = t.format("saving_roundups_step", ["amount": display.money(transfer.amount), "name": name])
            rows.append(ChecklistRow(key: "roundups-\(transfer.id)", text: text,
                                     due: t.format("checklist_due", ["date": display.day(transfer.doneOn)]), dueISO: transfer.doneOn.iso,
                                     isDone: true, isOverdue: false, doneAction: PlayfulSavingRoute.roundUpsDone.path,
                                     undoAction: PlayfulSavingRoute.roundUpsUndo(transfer.id).path))
        }
        return rows
    }
}

extension Handler {
    /// The round-ups' state on `today`. For a page (`detailed` false) SQLite sums the window and
    /// today's period; Done (`detailed`) reads the window's expenses and tallies them with the
    /// engine, which names each expense the transfer covers.
    func roundUpState(today: Day, currency: Currency, detailed: Bool = false) throws -> RoundUpState {
        var state = RoundUpState()
        guard let settings = try database.roundUpSettings() else { return state }
        state.settings = settings
        guard settings.enabled else { return state }
        state.step = settings.step(currency.code)
        state.goal = try settings.goalID.flatMap { id in try database.savingGoals().first { $0.id == id } }
        let periodStart = max(settings.period.bounds(containing: today).start, settings.startsOn)
        state.currentStart = periodStart
        state.window = roundUpWindow(period: settings.period, startsOn: settings.startsOn, today: today)
        let from = state.window?.from ?? periodStart
        guard from <= today else { return state }
        if !detailed {
            if let window = state.window {
                let sum = try database.roundUpSum(from: window.from, through: window.through, step: state.step, multiplier: settings.multiplier)
                state.pending = RoundUpTally(amount: sum.amount, parts: [], expenses: sum.expenses)
            }
            if periodStart <= today {
                let sum = try database.roundUpSum(from: periodStart, through: today, step: state.step, multiplier: settings.multiplier)
                state.current = RoundUpTally(amount: sum.amount, parts: [], expenses: sum.expenses)
            }
            return state
        }
        let candidates = try database.roundUpCandidates(from: from, through: today)
        if let window = state.window {
            state.pending = roundUpTally(candidates.entries, counted: candidates.counted, step: state.step,
                                         multiplier: settings.multiplier, from: window.from, through: window.through)
        }
        state.current = roundUpTally(candidates.entries, counted: candidates.counted, step: state.step,
                                     multiplier: settings.multiplier, from: periodStart, through: today)
        return state
    }
}
