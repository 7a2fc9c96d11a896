import Engine
import Foundation
import HTTPCore
import Storage

// Routes:
//   GET  /limits                    every limit with its progress this period (spent, planned beside, percent, state,
//                                   "at this pace you will exceed on DATE")
//   POST /limits                    create (303 to /limits with a flash, or 422 with the form kept)
//   GET  /limits/new[?category=]    the new limit's form
//   GET  /limits/<id>/edit, POST    its form; save
//   GET  /limits/<id>/delete, POST  "Delete …?"; delete
//   POST /limits/dismiss            hide one banner (category, period, period start, level); 303 back
//   GET  /api/v1/limits             [{category, period, amount, spent, planned, percent, state, projectedExceedOn}]
// Also here: the flash after saving an expense, the banners of the Budget page and the
// Calendar, and the Budget page's "this month by category" block.

extension LimitsFeature {
    // MARK: - Reading

    // MARK: - GET

    /// The limits with their progress.
    func limitsPage(_ context: RequestContext) throws -> Response {
        let t = context.t, today = today()
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        let names = try categoryNames()
        var view = LimitsPageView()
        view.rows = try currentLimitStatuses(today: today).map { LimitRow($0, display: display, names: names) }
        return try page(.limits, .limits, context, view, title: t["limits_title"])
    }

    /// The new limit's form (category from `?category=` when it names one).
    func newLimitPage(_ context: RequestContext) throws -> Response {
        var values = ["period": LimitPeriod.month.rawValue, "threshold": String(CategoryLimit.defaultThreshold)]
        if let category = context.query["category"], Route.isCategoryKey(category) { values["category"] = category }
        return try limitForm(id: nil, FormState(context.t, values: values), context)
    }

    /// An existing limit's form.
    func editLimitPage(_ id: ID<CategoryLimit>, _ context: RequestContext) throws -> Response {
        guard let limit = try database.categoryLimit(id: id) else { throw AppError(.notFound) }
        let values = ["category": limit.category, "period": limit.period.rawValue,
                      "amount": MoneyFormat.formatPlain(limit.amount, context.language), "threshold": String(limit.threshold)]
        return try limitForm(id: id, FormState(context.t, values: values), context)
    }

    /// "Delete the limit …?".
    func deleteLimitPage(_ id: ID<CategoryLimit>, _ context: RequestContext) throws -> Response {
        let t = context.t
        guard let limit = try database.categoryLimit(id: id) else { throw AppError(.notFound) }
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        let title = t.format("confirm_delete_title", ["name": limitName(limit, display: display, names: try categoryNames())])
        return try page(.confirm, .limits, context, ConfirmPageView(
            heading: title, text: t["limit_delete_text"], action: LimitsRoute.delete(id).path,
            submitLabel: t["action_delete"], cancelHref: LimitsRoute.list.path), title: title)
    }

    func limitForm(id: ID<CategoryLimit>?, _ state: FormState, _ context: RequestContext, status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        let names = try categoryNames()
        let categories = try database.categories().map { ($0.key, display.category($0.key, names: names)) }
        func field(_ name: String, _ kind: FieldKind, required: Bool = false, hint: String? = nil,
                   options: [(String, String)] = []) -> FieldView {
            let value = state.values[name] ?? ""
            return FieldView(name: name, label: t[runtime: "limit_field_" + name], kind: kind, value: value, error: state.errors[name],
                             hint: hint, required: required,
                             options: options.map { OptionView(value: $0.0, label: $0.1, selected: $0.0 == value) })
        }
        let fields = [
            field("category", .select, required: true, options: categories),
            field("period", .radio, required: true, options: LimitPeriod.allCases.map { ($0.rawValue, t[$0.stringKey]) }),
            field("amount", .money, required: true),
            field("threshold", .number, required: true, hint: t["limit_hint_threshold"]),
        ]
        let heading = t[id == nil ? "limit_new_title" : "limit_edit_title"]
        return try page(.form, .limits, context, FormPageView(
            heading: heading, intro: t["limit_intro"], action: id.map { LimitsRoute.edit($0).path } ?? LimitsRoute.list.path,
            submitLabel: t[id == nil ? "action_add" : "action_save"], cancelHref: LimitsRoute.list.path,
            fields: fields, hasErrors: !state.isValid), title: heading, status: status)
    }

    // MARK: - POST

    /// Creates (`id` nil) or updates a limit from the posted form.
    func submitLimit(id: ID<CategoryLimit>?, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t
        let token = try Self.formToken(form)
        if let id, try database.categoryLimit(id: id) == nil { throw AppError(.notFound) }
        var state = FormState(t, fields: form.fields)
        state.currency = try householdSettings().currency(for: t.language)
        let keys = Set(try database.categories().map(\.key))
        guard let limit = LimitForm.parse(&state, categories: keys) else {
            return try limitForm(id: id, state, context, status: .unprocessable)
        }
        do {
            if let id {
                _ = try database.updateCategoryLimit(id: id, limit, formToken: token)
            } else {
                _ = try database.addCategoryLimit(limit, formToken: token)
            }
        } catch LimitError.duplicate {
            state.fail("period", "limit_duplicate")
            return try limitForm(id: id, state, context, status: .unprocessable)
        } catch LimitError.unknownCategory {
            state.fail("category", "validation_choice")
            return try limitForm(id: id, state, context, status: .unprocessable)
        }
        try noteLimitLevels(try currentLimitStatuses(today: today()))
        let display = Display(t: t, currency: state.currency ?? Currency.defaultFor(t.language))
        return context.redirect(to: LimitsRoute.list.path,
                                flash: t.format(id == nil ? "flash_added" : "flash_saved",
                                                ["name": limitName(limit, display: display, names: try categoryNames())]))
    }

    /// Deletes a limit.
    func deleteLimit(_ id: ID<CategoryLimit>, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        guard let limit = try database.categoryLimit(id: id) else { throw AppError(.notFound) }
        let display = Display(t: context.t, currency: try householdSettings().currency(for: context.language))
        let name = limitName(limit, display: display, names: try categoryNames())
        _ = try database.deleteCategoryLimit(id: id, formToken: token)
        return context.redirect(to: LimitsRoute.list.path, flash: context.t.format("flash_deleted", ["name": name]))
    }

    /// Hides one banner for its category, period, period start and level. Every field must
    /// be valid (400 otherwise, nothing stored); back to `back` (a local path) or /data.
    func dismissLimitBanner(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let fields = form.fields
        guard let category = fields["category"], Route.isCategoryKey(category),
              let period = fields["period"].flatMap(LimitPeriod.init(rawValue:)),
              let start = fields["start"].flatMap(Day.init(iso:)), Limits.days.contains(start),
              period.bounds(containing: start).start == start,
              let level = fields["level"].flatMap(LimitState.init(rawValue:)), level != .ok
        else { throw AppError(.malformed) }
        guard try database.categories().contains(where: { $0.key == category }) else { throw AppError(.malformed) }
        _ = try database.dismissLimitNotice(LimitNotice(category: category, period: period, periodStart: start, level: level),
                                            formToken: token)
        let back = fields["back"].flatMap(Self.localPath) ?? Route.budget(.page).path
        return context.redirect(to: back, flash: context.t["limit_banner_dismissed"])
    }

    // MARK: - API

    /// GET /api/v1/limits.
    func limitsAPI(_ context: RequestContext) throws -> Response {
        JSON.array(try currentLimitStatuses(today: today()).map { status in
            .object([
                ("category", .string(status.limit.category)),
                ("period", .string(status.limit.period.rawValue)),
                ("amount", .integer(status.limit.amount.minorUnits)),
                ("spent", .integer(status.spent.minorUnits)),
                ("planned", .integer(status.planned.minorUnits)),
                ("percent", .integer(Int64(status.percent))),
                ("state", .string(status.state.rawValue)),
                ("projectedExceedOn", status.projectedExceedOn.map { .string($0.iso) } ?? .null),
            ])
        }).response()
    }

    // MARK: - Rows

    func limitName(_ limit: CategoryLimit, display: Display, names: [String: String]) -> String {
        // "Food, month", «Продукты, месяц», „Lebensmittel, Monat“.
        display.t.format("limit_name", ["category": display.category(limit.category, names: names),
                                        "period": display.t.inSentence(limit.period.stringKey)])
    }
}

/// The limit form's validation.
enum LimitForm {
    /// The validated limit, or nil with messages in `state`.
    static func parse(_ state: inout FormState, categories: Set<String>) -> CategoryLimit? {
        let category = state.text("category")
        if !categories.contains(category) { state.fail("category", state.text("category").isEmpty ? "validation_required" : "validation_choice") }
        let period = state.choice("period", LimitPeriod.self)
        let amount = state.money("amount")
        let threshold = state.integer("threshold", CategoryLimit.thresholdRange, percent: true)
        guard state.isValid, let period, case .some(.some(let amount)) = amount, case .some(.some(let threshold)) = threshold
        else { return nil }
        return CategoryLimit(category: category, period: period, amount: amount, threshold: threshold)
    }
}

extension Handler {
    /// Every limit and its status today (docs/engine-rules.md, "Category limits").
    func currentLimitStatuses(today: Day) throws -> [LimitStatus] {
        let limits = try database.categoryLimits()
        guard !limits.isEmpty else { return [] }
        var from = today, through = today
        for limit in limits {
            let bounds = limit.period.bounds(containing: today)
            from = min(from, bounds.start); through = max(through, bounds.end)
        }
        let settings = try householdSettings()
        // A month around the periods: confirmations dated near their occurrence count for their links.
        let household = try database.household(settings: settings.plan, entriesFrom: from.adding(days: -31),
                                               through: through.adding(days: 31), today: today)
        return limitStatuses(limits, household: household, today: today)
    }

    /// Records each limit's level once per period (and its event).
    func noteLimitLevels(_ statuses: [LimitStatus]) throws {
        try database.noteLimitLevels(statuses.filter { $0.state != .ok }.map {
            LimitNotice(category: $0.limit.category, period: $0.limit.period, periodStart: $0.periodStart, level: $0.state)
        })
    }

    /// `flash` followed by "Food: 84 % of 20 000 ₽ this month" for each limit of a saved
    /// expense's category whose current period holds its date; records the levels reached.
    func withLimitFeedback(_ flash: String, after entry: NewEntry, _ context: RequestContext) throws -> String {
        guard entry.kind == .expense, let category = entry.category else { return flash }
        return try withLimitNotes(flash, context) {
            $0.limit.category == category && $0.periodStart <= entry.date && entry.date <= $0.periodEnd
        }
    }

    /// `flash` followed by one "Food: 84 % of 20 000 ₽ this month" per current limit status that
    /// `shown` keeps, after recording the levels reached (of every limit, shown or not).
    func withLimitNotes(_ flash: String, _ context: RequestContext, shown: (LimitStatus) -> Bool) throws -> String {
        let statuses = try currentLimitStatuses(today: today())
        guard !statuses.isEmpty else { return flash }
        try noteLimitLevels(statuses)
        let t = context.t
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        let names = try categoryNames()
        let notes = statuses.filter(shown).map { status in
            t.format("limit_flash", ["category": display.category(status.limit.category, names: names),
                                     "percent": String(status.percent), "amount": display.money(status.limit.amount),
                                     "period": t[status.limit.period.thisKey]])
        }
        return ([flash] + notes).joined(separator: " ")
    }

    /// The banners not dismissed: one per limit at warning or exceeded, for its period and level.
    func limitBanners(back: String, _ context: RequestContext, today: Day) throws -> [LimitBannerView] {
        let statuses = try currentLimitStatuses(today: today).filter { $0.state != .ok }
        guard !statuses.isEmpty else { return [] }
        let earliest = statuses.map(\.periodStart).min() ?? today
        let dismissed = Set(try database.limitNotices(since: earliest).filter(\.dismissed).map {
            LimitNotice(category: $0.category, period: $0.period, periodStart: $0.periodStart, level: $0.level)
        })
        let t = context.t
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        let names = try categoryNames()
        return statuses.compactMap { status in
            let key = LimitNotice(category: status.limit.category, period: status.limit.period,
                                  periodStart: status.periodStart, level: status.state)
            guard !dismissed.contains(key) else { return nil }
            let text = t.format(status.state == .exceeded ? "limit_banner_exceeded" : "limit_banner_warning", [
                "category": display.category(status.limit.category, names: names), "percent": String(status.percent),
                "amount": display.money(status.limit.amount), "period": t[status.limit.period.thisKey]])
            return LimitBannerView(text: text, isExceeded: status.state == .exceeded, action: LimitsRoute.dismiss.path,
                                   category: status.limit.category, period: status.limit.period.rawValue,
                                   start: status.periodStart.iso, level: status.state.rawValue, back: back,
                                   limitsHref: LimitsRoute.list.path)
        }
    }

    /// The Budget page's block: per category this month, planned (or the monthly limit), actual, left.
    func limitsBlock(household: Household, display: Display, today: Day) throws -> LimitsBlockView {
        let t = display.t
        let names = try categoryNames()
        let order = try database.categories().map(\.key)
        let rows = categoryMonths(household, limits: try database.categoryLimits(), month: today.yearMonth, order: order, today: today)
        return LimitsBlockView(
            title: t.format("limits_block_title", ["month": display.month(today.yearMonth)]),
            rows: rows.map {
                // Nothing planned and no limit: nothing is "left" of it, so no overspending to show.
                let unplanned = $0.planned.minorUnits == 0 && !$0.plannedIsLimit
                return CategoryMonthRow(category: display.category($0.category, names: names), planned: display.money($0.planned),
                                        plannedIsLimit: $0.plannedIsLimit, actual: display.money($0.actual),
                                        left: unplanned ? "—" : display.money($0.left), isOver: !unplanned && $0.left.minorUnits < 0)
            },
            limitsHref: LimitsRoute.list.path)
    }
}
