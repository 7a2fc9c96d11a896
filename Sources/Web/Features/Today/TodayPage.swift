import Engine
import HTTPCore
import Storage

// Routes:
//   GET  /today                          the household's day: safe to spend today and until the next
//                                        income, the quick-entry box, today's and overdue planned items
//                                        with confirm, bills due in 7 days, limits near or over, the 5
//                                        latest entries, goal and fund progress, this month's checklist
//   GET  /api/v1/today                   the same figures as JSON (minor units, ISO dates)
//   POST /today/checklist/<key>/done     marks a checklist step done (back to `back`: /today or /plan)
//   POST /today/checklist/<key>/undo     restores the state before "done"
//   GET  /                               leads here once the onboarding was finished or skipped
// Rules: docs/engine-rules.md, "Today and the month's checklist".

/// Everything the Today page and its API show, read once.
struct TodayFigures {
    var today: Day
    /// The 30-day forecast with safe to spend (nil when it cannot be read).
    var forecast: Forecast?
    var planned: [TodayPlanned] = []
    /// Bills due tomorrow … in 7 days: unconfirmed occurrences of recurring expenses and loan payments.
    var bills: [Occurrence] = []
    var limits: [LimitStatus] = []
    var recent: [StoredEntry] = []
    var household: Household
    var plan: Plan
    var checklist: [TodayStep] = []
    /// The household's first day with FinMind (nil: unknown).
    var started: Day?
}

/// One planned item due today or overdue: an occurrence of a recurring item or debt, or a planned entry.
struct TodayPlanned {
    var date: Day, kind: FlowKind, name: String, amount: Money
    /// The calendar confirm form's field and value: ("source", "recurring-3") or ("entry", "12").
    var field: String, value: String
}

/// A checklist step with whether it is done (a done step shows the amount it moved).
struct TodayStep {
    var step: ChecklistStep
    var done: Bool
}

extension TodayFeature {
    /// Planned items shown: at most this many, the latest first dropped.
    static let todayPlannedLimit = 10
    /// How far back an unconfirmed item still counts as overdue.
    static let todayOverdueDays = 30

    /// GET /: Today once the onboarding was finished or skipped, else the Budget page (which asks it).
    func rootRedirect(_ context: RequestContext) throws -> Response {
        let seen = try householdSettings().onboardingSeen
        return context.redirect(to: seen ? TodayRoute.page.path : Route.budget(.page).path, flash: nil)
    }

    /// The figures of the Today page on today's date.
    func todayFigures(currency: Currency) throws -> TodayFigures {
        let today = today()
        let settings = try householdSettings()
        let (household, plan) = try currentPlan()
        var figures = TodayFigures(today: today, household: household, plan: plan)
        // Safe to spend: the one figure of the forecast every page shows.
        figures.forecast = try? currentForecast(days: 30, currency: currency)
        // Planned items due today and overdue ones not confirmed. The plan's household holds this
        // year's entries (confirmations are dated on or before today); early in January a read reaches back.
        // Not before the household's first day: what was planned before it started is not overdue.
        let from = max(today.adding(days: -Self.todayOverdueDays), firstUseDay() ?? .init(year: 1900, month: 1, day: 1)!)
        let window = from >= Day(year: today.year, month: 1, day: 1)! ? household
            : try database.household(settings: settings.plan, entriesFrom: from, through: today.adding(days: 31), today: today)
        // Pending only: an item that plans its category (groceries) is consumed by the category's purchases.
        var planned = plannedOccurrences(window, from: from, through: today, today: today).filter(\.isPending).map {
            TodayPlanned(date: $0.date, kind: $0.kind, name: $0.name, amount: $0.amount, field: "source", value: Self.sourceText($0.key.source))
        }
        planned += window.entries.filter { !$0.isActual && $0.date >= from && $0.date <= today }.map {
            TodayPlanned(date: $0.date, kind: $0.kind, name: $0.name, amount: $0.amount, field: "entry", value: String($0.id))
        }
        planned.sort { ($0.date, $0.name) > ($1.date, $1.name) }
        figures.planned = Array(planned.prefix(Self.todayPlannedLimit))
        // Bills due in the next 7 days (today's are among the planned items): the tracked recurring
        // expenses and loan payments not confirmed yet. Limits at their warning or over.
        figures.bills = plannedOccurrences(window, from: today.adding(days: 1), through: today.adding(days: 7), today: today)
            .filter { $0.kind == .expense && $0.isPending }
        figures.limits = try currentLimitStatuses(today: today).filter { $0.state != .ok }
        figures.recent = try database.recentEntries(through: today, limit: 5)
        figures.checklist = try checklist(household: household, plan: plan, month: today.yearMonth)
        figures.started = firstUseDay()
        return figures
    }

    // MARK: - GET

    /// GET /today.
    func todayPage(_ context: RequestContext) throws -> Response {
        let settings = try householdSettings()
        if !settings.onboardingSeen { return context.redirect(to: Route.welcome.path, flash: nil) }
        let display = Display(t: context.t, currency: settings.currency(for: context.language))
        var view = TodayPageView(try todayFigures(currency: display.currency), display: display, names: try categoryNames())
        view.gameLinks = try gameLinks(context, today: today())
        view.checklist.steps += try roundUpChecklistRows(today: today(), display: display)
        return try page(.today, .today, context, view)
    }

    /// GET /api/v1/today.
    func todayAPI(_ context: RequestContext) throws -> Response {
        let f = try todayFigures(currency: try householdSettings().currency(for: context.language))
        func money(_ value: Money?) -> JSON { value.map { .integer($0.minorUnits) } ?? .null }
        let emergency = JSON.object([("saved", money(f.plan.emergencySaved)), ("target", money(f.plan.emergencyTarget))])
        return JSON.object([
            ("date", .string(f.today.iso)),
            ("safeToSpend", f.forecast.map(Self.safeToSpendJSON) ?? .null),
            ("risk", f.forecast.map { .string($0.risk.rawValue) } ?? .null),
            ("planned", .array(f.planned.map { item in
                .object([("date", .string(item.date.iso)), ("kind", .string(item.kind.rawValue)), ("name", .string(item.name)),
                         ("amount", .integer(item.amount.minorUnits)), ("overdue", .bool(item.date < f.today)),
                         (item.field, item.field == "entry" ? .integer(Int64(item.value) ?? 0) : .string(item.value))])
            })),
            ("bills", .array(f.bills.map { bill in
                .object([("name", .string(bill.name)), ("due", .string(bill.date.iso)), ("amount", .integer(bill.amount.minorUnits)),
                         ("source", .string(Self.sourceText(bill.key.source)))])
            })),
            ("limits", .array(f.limits.map { status in
                .object([("category", .string(status.limit.category)), ("period", .string(status.limit.period.rawValue)),
                         ("amount", .integer(status.limit.amount.minorUnits)), ("spent", .integer(status.spent.minorUnits)),
                         ("percent", .integer(Int64(status.percent))), ("state", .string(status.state.rawValue))])
            })),
            ("recent", .array(f.recent.map { stored in
                let e = stored.entry
                return .object([("id", .integer(e.id.rawValue)), ("date", .string(e.date.iso)), ("kind", .string(e.kind.rawValue)),
                                ("name", .string(e.name)), ("amount", .integer(e.amount.minorUnits)),
                                ("category", e.kind == .income ? .null : .string(e.category))])
            })),
            ("emergencyFund", emergency),
            ("goals", .array(f.plan.goals.map { goal in
                .object([("id", .integer(goal.id.rawValue)), ("name", .string(goal.name)), ("saved", .integer(goal.saved.minorUnits)),
                         ("target", .integer(goal.target.minorUnits)), ("monthly", .integer(goal.monthly.minorUnits))])
            })),
            ("checklist", .object([
                ("month", .string(f.today.yearMonth.iso)),
                ("steps", .array(f.checklist.map { item in
                    let s = item.step
                    return .object([("key", .string(s.key)), ("kind", .string(s.kind.rawValue)), ("name", .string(s.name)),
                                    ("amount", .integer(s.amount.minorUnits)), ("minimum", money(s.minimum)),
                                    ("total", .integer(s.total.minorUnits)), ("due", .string(s.due.iso)), ("done", .bool(item.done))])
                })),
            ])),
        ]).response()
    }

    // MARK: - POST

    /// POST /today/checklist/<key>/done: the step of this month's checklist is done.
    func markChecklistDone(_ key: String, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let t = context.t, today = today()
        let back = form.fields["back"].flatMap(Self.localPath) ?? TodayRoute.page.path
        let (household, plan) = try currentPlan()
        guard let step = monthChecklist(plan, household: household, month: today.yearMonth).first(where: { $0.key == key }) else {
            throw AppError(.notFound)
        }
        // The money leaves the account the form names (one of the open ones), else the default one.
        let accounts = try database.accounts().filter { !$0.closed }
        let posted: ID<Account>? = form.fields["account"].flatMap(Route.id).flatMap { id in accounts.first { $0.id == id }?.id }
        let account = try posted ?? database.defaultAccountID()
        _ = try database.markChecklistStepDone(step.namedForEntry(t), month: today.yearMonth, today: today, from: account, formToken: token)
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        var flash = t.format("checklist_flash_done", ["step": Self.stepText(step, display: display, t: t)])
        // What left the account: the step's amount (a loan's extra only: its minimum stays the contract's payment).
        if let name = accounts.first(where: { $0.id == account })?.name {
            flash += " " + t.format("checklist_flash_from", ["amount": display.money(step.amount), "account": name])
        }
        return context.redirect(to: back, flash: flash)
    }

    /// POST /today/checklist/<key>/undo: back to the state before "done".
    func undoChecklistDone(_ key: String, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let back = form.fields["back"].flatMap(Self.localPath) ?? TodayRoute.page.path
        let outcome = try database.undoChecklistStep(key: key, month: today().yearMonth, formToken: token)
        if case .written(false) = outcome { throw AppError(.notFound) }
        return context.redirect(to: back, flash: context.t["checklist_flash_undone"])
    }

}

// MARK: - The Plan page's goal advice

extension Handler {
    /// This month's checklist with what is done: the engine's steps (a done one with the amount
    /// it moved), then steps done this month that the plan no longer lists.
    func checklist(household: Household, plan: Plan, month: YearMonth) throws -> [TodayStep] {
        let done = try database.checklistDone(month: month)
        var steps = monthChecklist(plan, household: household, month: month).map { step in
            var step = step
            if let record = done[step.key] { step.amount = record.amount }
            return TodayStep(step: step, done: done[step.key] != nil)
        }
        let listed = Set(steps.map(\.step.key))
        for record in done.values.sorted(by: { $0.stepKey < $1.stepKey }) where !listed.contains(record.stepKey) {
            let parts = record.stepKey.split(separator: "-")
            let id = parts.count == 2 ? Int64(parts[1]) : nil
            let kind: ChecklistStepKind = record.stepKey == "emergency" ? .emergency : parts.first == "debt" ? .debt : .goal
            var name: String?
            switch kind {
            case .emergency: name = ""
            case .goal: name = household.goals.first(where: { $0.id.rawValue == id })?.name
            case .debt: name = household.debts.first(where: { $0.id.rawValue == id })?.name
            }
            steps.append(TodayStep(step: ChecklistStep(kind: kind, key: record.stepKey, name: name ?? "", sourceID: id,
                                                       amount: record.amount, minimum: nil, due: month.lastDay, fundedBy: nil),
                                   done: true))
        }
        return steps
    }

    /// Adds to each goal row of the Plan page: why a higher-priority goal gets less than a
    /// lower-priority one with a nearer deadline, and for an unfinished goal with a deadline the
    /// monthly amount that reaches it by then and the month the current pace reaches it.
    func goalAdvice(_ view: inout PlanPageView, plan: Plan, household: Household, display: Display, today: Day) {
        let t = display.t
        let goals = Dictionary(household.goals.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for (index, progress) in plan.goals.enumerated() where index < view.goals.count && !progress.finished {
            guard let goal = goals[progress.id] else { continue }
            var lines: [String] = []
            if let other = plan.goals.first(where: { other in
                guard let o = goals[other.id], !other.finished else { return false }
                return o.priority < goal.priority && other.monthly > progress.monthly && other.monthsToDeadline < progress.monthsToDeadline
            }) {
                lines.append(t.format("plan_goal_why_less", ["name": goal.name, "other": other.name,
                                                             "months": display.months(progress.monthsToDeadline),
                                                             "otherMonths": display.months(other.monthsToDeadline)]))
            }
            let advice = Engine.goalAdvice(progress, deadline: goal.deadline, today: today)
            if progress.unreachable || progress.deadlinePassed || (progress.etaMonths ?? 0) > 12 || progress.etaMonths == nil {
                if let monthly = advice.monthlyToDeadline, let deadline = goal.deadline {
                    lines.append(t.format("plan_goal_needs", ["deadline": display.day(deadline), "amount": display.money(monthly)]))
                }
                if let month = advice.reachedAt {
                    lines.append(t.format("plan_goal_pace", ["month": display.month(month)]))
                } else {
                    lines.append(t["plan_goal_never"])
                }
            }
            view.goals[index].advice = lines
        }
    }
}

extension ChecklistStep {
    /// The step as "Done" records it: the fund's transfer is named in the household's language
    /// («Резервный фонд»), never the storage's English fallback; other steps keep their name.
    func namedForEntry(_ t: Translations) -> ChecklistStep {
        guard kind == .emergency, name.isEmpty else { return self }
        var named = self
        named.name = t["goal_emergency"]
        return named
    }
}

extension Handler {
    /// The step as a sentence without its date ("Move 38 052 ₽ to the emergency fund"), amounts
    /// always in the household's money format: a sentence never shows a bare number.
    static func stepText(_ step: ChecklistStep, display: Display, t: Translations) -> String {
        func money(_ value: Money) -> String { display.money(value) }
        switch step.kind {
        case .emergency:
            return t.format("checklist_step_emergency", ["amount": money(step.amount)])
        case .goal:
            return t.format("checklist_step_goal", ["amount": money(step.amount), "name": step.name])
        case .debt:
            guard let minimum = step.minimum, minimum.minorUnits > 0 else {
                return t.format("checklist_step_debt_extra", ["amount": money(step.amount), "name": step.name])
            }
            return t.format("checklist_step_debt", ["total": money(step.total), "name": step.name, "extra": money(step.amount)])
        }
    }
}
