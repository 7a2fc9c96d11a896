import Advisor
import Engine
import Foundation
import HTTPCore
import Storage

// Routes:
//   GET  /advisor/actions                   the action log, each with Undo
//   GET  /advisor/actions/preview?action=…  what will change and the figures before and after; nothing is written
//   POST /advisor/actions/apply             the confirmed action (validated again by the forms' rules), logged
//   POST /advisor/actions/<id>/undo         restores exactly what the action replaced
// Rules: docs/engine-rules.md, "Advisor actions".

extension AdvisorFeature {
    // MARK: - The command hook

    /// The action `question` clearly asks for (AdvisorCommands), or nil. Called once, before the router.
    func advisorCommand(_ question: String) throws -> AdvisorAction? {
        let names = try categoryNames()
        let categories = try database.categories().map { record in
            (key: record.key, names: [names[record.key], Translations(.en)[runtime: "category_\(record.key)"],
                                      Translations(.ru)[runtime: "category_\(record.key)"]].compactMap { $0 })
        }
        return AdvisorCommands.parse(question, today: today(), categories: categories)
    }

    // MARK: - Validation

    /// The change `action` makes, validated by the same rules as its form, or the first message.
    func validatedChange(_ action: AdvisorAction, t: Translations) throws -> (change: AdvisorChange?, error: String?) {
        let allowed = AdvisorAction.allowedFields[action.kind] ?? []
        if let extra = action.fields.keys.first(where: { !allowed.contains($0) }) {
            return (nil, t.format("action_error_field", ["field": extra]))
        }
        var state = FormState(t, values: action.fields)
        state.currency = try householdSettings().currency(for: t.language)
        let categories = Set(try database.categories().map(\.key))
        let today = today()
        func first() -> String { state.errors.sorted { $0.key < $1.key }.first.map { "\(t[runtime: "field_" + $0.key]): \($0.value)" } ?? "" }
        switch action.kind {
        case .goal, .income, .expense, .entry:
            let item: ItemKind = switch action.kind { case .goal: .goal; case .income: .income; case .expense: .expense; default: .entry }
            guard let parsed = ItemForms.parse(item, &state, today: today, categories: categories) else { return (nil, first()) }
            // A past deadline or date is questioned as the form does.
            guard ItemForms.confirmPastDate(parsed, &state, today: today, previous: nil) else { return (nil, first()) }
            switch parsed {
            case .goal(let goal): return (.addGoal(goal), nil)
            case .recurring(let recurring): return (.addRecurring(recurring), nil)
            case .entry(var entry):
                // Money an Advisor action records is in the household's default account (SPEC §11).
                if entry.isActual, let account = try database.defaultAccountID() { entry.account = EntryAccount(accountID: account, cleared: false) }
                return (.addEntry(entry), nil)
            case .debt: return (nil, t["action_error_kind"])
            }
        case .limit:
            var values = action.fields
            values["period"] = "month"
            values["threshold"] = String(CategoryLimit.defaultThreshold)
            state.values = values
            guard let limit = LimitForm.parse(&state, categories: categories) else { return (nil, first()) }
            return (.setMonthLimit(category: limit.category, amount: limit.amount), nil)
        case .strategy:
            guard let strategy = state.choice("strategy", PayoffStrategy.self) else { return (nil, first()) }
            return (.setStrategy(strategy), nil)
        case .checklist:
            return try checklistChange(action.fields["step"] ?? "", t: t)
        }
    }

    /// The household as it would be with `change` (ids of new rows are −1).
    static func household(_ h: Household, with change: AdvisorChange) -> Household {
        var h = h
        switch change {
        case .addGoal(let goal):
            h.goals.append(Goal(id: -1, name: goal.name, target: goal.target, saved: goal.saved, deadline: goal.deadline, priority: goal.priority))
        case .addRecurring(let item):
            let recurring = RecurringItem(id: -1, kind: item.kind, name: item.name, amount: item.amount, periodicity: item.periodicity,
                                          start: item.start, end: item.end, category: item.category ?? "")
            if item.kind == .income { h.incomes.append(recurring) } else { h.expenses.append(recurring) }
        case .addEntry(let entry):
            h.entries.append(Entry(id: -1, date: entry.date, kind: entry.kind, name: entry.name, amount: entry.amount,
                                   category: entry.category ?? "", isActual: entry.isActual))
        case .setMonthLimit: break
        case .setStrategy(let strategy): h.settings.strategy = strategy
        case .markChecklistStep(let step, _, let today, let raisesSaved):
            h = householdWithStepDone(h, step, today: today, raisesSaved: raisesSaved)
        }
        return h
    }

    // MARK: - Pages

    /// GET /advisor/actions/preview: the card; a malformed or invalid action is a 422 card with the reason.
    func advisorActionPreview(_ context: RequestContext) throws -> Response {
        guard let kindText = context.query["action"], let kind = AdvisorActionKind(rawValue: kindText) else { throw AppError(.notFound) }
        var fields: [String: String] = [:]
        for (name, value) in context.query.pairs where name != "action" && fields[name] == nil { fields[name] = value }
        let action = AdvisorAction(kind: kind, fields: fields)
        return try previewPage(action, context, status: .ok)
    }

    /// The preview card of `action`, or its refusal (422).
    func previewPage(_ action: AdvisorAction, _ context: RequestContext, status: HTTPStatus) throws -> Response {
        let t = context.t
        let settings = try householdSettings()
        let display = Display(t: t, currency: settings.currency(for: t.language))
        let (change, error) = try validatedChange(action, t: t)
        var view = ActionPreviewView(kind: action.kind.rawValue)
        guard let change else {
            view.error = error ?? t["action_error_kind"]
            return try page(.actionPreview, .advisor, context, view, title: t["action_preview_title"], status: .unprocessable)
        }
        let (household, before) = try currentPlan()
        var changed = Self.household(household, with: change)
        switch change {   // what the plan keeps back for everyday spending moves with a limit or a category's plan
        case .setMonthLimit(let category, let amount): changed.everydaySpending = try everydaySpending(today: today(), limit: (category, amount))
        case .addRecurring(let item) where item.kind == .expense:
            changed.everydaySpending = try everydaySpending(today: today(), expenses: changed.expenses)
        default: break
        }
        let after = makePlan(changed, today: today())
        view.summary = Self.actionSummary(change, display: display, names: try categoryNames())
        view.rows = ActionPreviewView.rows(change, before: before, after: after, limits: try database.categoryLimits(), display: display)
        view.hidden = [HiddenField(name: "action", value: action.kind.rawValue)]
            + action.fields.sorted { $0.key < $1.key }.map { HiddenField(name: $0.key, value: $0.value) }
        view.canApply = true
        return try page(.actionPreview, .advisor, context, view, title: t["action_preview_title"], status: status)
    }

    /// POST /advisor/actions/apply: validates again, writes the change and its log row in one transaction.
    func applyAdvisorAction(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t
        let token = try Self.formToken(form)
        guard let kind = form.fields["action"].flatMap(AdvisorActionKind.init(rawValue:)) else { throw AppError(.malformed) }
        var fields: [String: String] = [:]
        for (name, value) in form.fields.pairs where !name.hasPrefix("_") && name != "action" && fields[name] == nil { fields[name] = value }
        let action = AdvisorAction(kind: kind, fields: fields)
        let (change, _) = try validatedChange(action, t: t)
        guard let change else { return try previewPage(action, context, status: .unprocessable) }
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        let summary = Self.actionSummary(change, display: display, names: try categoryNames())
        do {
            _ = try database.applyAdvisorAction(change, kind: kind.rawValue, summary: summary, formToken: token)
        } catch StorageError.rejected {
            return try previewPage(action, context, status: .unprocessable)
        }
        return context.redirect(to: AdvisorActionsRoute.log.path, flash: t.format("action_flash_applied", ["summary": summary]))
    }

    /// POST /advisor/actions/<id>/undo.
    func undoAdvisorAction(_ id: ID<AdvisorActionRecord>, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        do {
            _ = try database.undoAdvisorAction(id: id, formToken: token)
        } catch AdvisorUndoRefusal.importedSince {
            return context.redirect(to: AdvisorActionsRoute.log.path, flash: context.t["action_flash_undo_imported"])
        }
        return context.redirect(to: AdvisorActionsRoute.log.path, flash: context.t["action_flash_undone"])
    }

    /// GET /advisor/actions.
    func advisorActionsPage(_ context: RequestContext) throws -> Response {
        let t = context.t
        let rows = try database.advisorActions().map { record in
            ActionLogRow(summary: record.summary, when: String(record.createdAt.prefix(16)).replacingOccurrences(of: "T", with: " "),
                         undone: record.undoneAt != nil, undoHref: AdvisorActionsRoute.undo(record.id).path,
                         state: record.undoneAt != nil ? t["action_state_undone"] : t["action_state_applied"])
        }
        return try page(.actionLog, .advisor, context, ActionLogView(rows: rows), title: t["action_log_title"])
    }

    // MARK: - Words

    /// "Add the goal “Vacation”: 100 000 ₽ by 30 June 2027" and the like.
    static func actionSummary(_ change: AdvisorChange, display: Display, names: [String: String]) -> String {
        let t = display.t
        switch change {
        case .addGoal(let goal):
            return t.format(goal.deadline == nil ? "action_summary_goal" : "action_summary_goal_deadline",
                            ["name": goal.name, "amount": display.money(goal.target), "date": goal.deadline.map(display.day) ?? ""])
        case .addRecurring(let item):
            return t.format(item.kind == .income ? "action_summary_income" : "action_summary_expense",
                            ["name": item.name, "amount": display.money(item.amount), "periodicity": display.periodicity(item.periodicity)])
        case .addEntry(let entry):
            return t.format(entry.kind == .income ? "action_summary_entry_income" : "action_summary_entry_expense",
                            ["name": entry.name, "amount": display.money(entry.amount), "date": display.day(entry.date)])
        case .setMonthLimit(let category, let amount):
            return t.format("action_summary_limit", ["category": display.category(category, names: names), "amount": display.money(amount)])
        case .setStrategy(let strategy):
            return t.format("action_summary_strategy", ["strategy": t[strategy.explainKey]])
        case .markChecklistStep(let step, _, _, _):
            return t.format("action_summary_checklist", ["step": stepText(step, display: display, t: t)])
        }
    }
}
