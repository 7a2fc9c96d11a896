import Engine
import HTTPCore
import Mustache
import Storage

// Routes:
//   GET  /calendar                       this month's grid
//   GET  /calendar/YYYY-MM               a month's grid: planned, actual and pending sums per day, today and
//                                        days with past items still to confirm marked
//   GET  /calendar/YYYY-MM-DD            a day: planned occurrences and entries, actual entries, "+ Income / + Expense"
//   POST /calendar/YYYY-MM-DD            add an entry on that day (daily_entry_added)
//   POST /calendar/YYYY-MM-DD/confirm    confirm a planned occurrence (source=recurring-ID|debt-ID) or a planned
//                                        entry (entry=ID) as actual, optionally with another amount

extension CalendarFeature {
    // MARK: - Month

    func calendarMonthPage(_ month: YearMonth, _ context: RequestContext) throws -> Response {
        let t = context.t, today = today()
        let settings = try householdSettings()
        let household = try database.household(settings: settings.plan, entriesFrom: month.firstDay, through: month.lastDay)
        let totals = calendarMonth(household, month: month, today: today)
        let display = Display(t: t, currency: settings.currency(for: t.language))
        let mondayFirst = t.language.weekStartsMonday
        let weekdayNames = (mondayFirst ? [1, 2, 3, 4, 5, 6, 7] : [7, 1, 2, 3, 4, 5, 6]).map { t[runtime: "weekday_short_\($0)"] }
        let leading = mondayFirst ? month.firstDay.weekday - 1 : month.firstDay.weekday % 7
        var cells: [CalendarCell] = Array(repeating: CalendarCell.blank, count: leading)
        let started = firstUseDay()
        for day in totals {
            cells.append(calendarCell(day, today: today, started: started, display: display))
        }
        let hasOverdue = totals.contains { isOverdue($0.day, today: today, started: started) && ($0.pendingIncome > .zero || $0.pendingExpense > .zero) }
        while cells.count % 7 != 0 { cells.append(.blank) }
        let weeks = stride(from: 0, to: cells.count, by: 7).map { CalendarWeek(days: Array(cells[$0..<$0 + 7])) }
        let sum = { (pick: (DayTotals) -> Money) in display.money(totals.map(pick).saturatingTotal()) }
        var view = CalendarMonthView(
            heading: display.month(month), weekdays: weekdayNames, weeks: weeks,
            previousHref: Limits.months.contains(month.previous) ? Route.calendar(.month(month.previous)).path : nil,
            nextHref: Limits.months.contains(month.next) ? Route.calendar(.month(month.next)).path : nil,
            todayHref: Route.calendar(.day(today)).path,
            plannedIncome: sum(\.plannedIncome), plannedExpense: sum(\.plannedExpense),
            actualIncome: sum(\.actualIncome), actualExpense: sum(\.actualExpense),
            pendingIncome: sum(\.pendingIncome), pendingExpense: sum(\.pendingExpense),
            unitsNote: t.format("calendar_units_note", ["currency": display.currency.symbol]), hasOverdue: hasOverdue,
            isEmpty: household.incomes.isEmpty && household.expenses.isEmpty && household.debts.isEmpty && household.entries.isEmpty)
        view.pastPlanned = try pastPlannedRows(household, month: month, today: today, display: display)
        view.limitBanners = try limitBanners(back: Route.calendar(.month(month)).path, context, today: today)
        view.quickBox = QuickBoxView(t, back: Route.calendar(.month(month)).path)
        view.billDues = try calendarBillDues(month, display: display)
        return try page(.calendar, .calendar, context, view, title: t["calendar_title"] + " · " + display.month(month))
    }

    /// A grid cell: planned income and expense (what the plan scheduled, confirmed or not)
    /// and actual income and expense; a day before today with planned items still to
    /// confirm is marked "needs confirming".
    private func calendarCell(_ totals: DayTotals, today: Day, started: Day?, display: Display) -> CalendarCell {
        let t = display.t
        var lines: [CalendarLine] = []
        var spoken: [String] = [display.day(totals.day)]
        for (amount, key, css, sign) in [(totals.plannedIncome, "calendar_planned_income", "planned income", "+"),
                                         (totals.plannedExpense, "calendar_planned_expense", "planned expense", "−"),
                                         (totals.actualIncome, "calendar_actual_income", "actual income", "+"),
                                         (totals.actualExpense, "calendar_actual_expense", "actual expense", "−")]
        where amount > .zero {
            lines.append(CalendarLine(text: sign + Self.compact(amount, display.language), css: css))
            spoken.append(t[runtime: key] + " " + display.money(amount))
        }
        let needsConfirming = isOverdue(totals.day, today: today, started: started) && (totals.pendingIncome > .zero || totals.pendingExpense > .zero)
        if needsConfirming { spoken.append(t["calendar_needs_confirming"]) }
        return CalendarCell(day: totals.day.day, href: Route.calendar(.day(totals.day)).path, isToday: totals.day == today,
                            lines: lines, label: spoken.joined(separator: ", "), needsConfirming: needsConfirming)
    }

    /// A short amount for a calendar cell, one format for every size: whole units below
    /// 1,000, else thousands or millions with at most one decimal — "450", "6.5k",
    /// "17.2k", "1.2M" (en); "450", "6,5к", "17,2к", "1,2М" (ru). Integer arithmetic,
    /// rounded half up; the exact figure is on the day page.
    static func compact(_ money: Money, _ language: Language) -> String {
        let minor = money.minorUnits
        func tenths(_ unit: Int64) -> String {
            let count = minor / (unit / 10) + (minor % (unit / 10) >= unit / 20 ? 1 : 0)
            return count % 10 == 0 ? "\(count / 10)" : "\(count / 10)" + language.decimalSeparator + "\(count % 10)"
        }
        if minor >= 99_995_000 { return tenths(100_000_000) + Translations(language)["number_millions_suffix"] }
        if minor >= 99_950 { return tenths(100_000) + Translations(language)["number_thousands_suffix"] }
        return "\(minor / 100 + (minor % 100 >= 50 ? 1 : 0))"
    }

    // MARK: - Day

    func calendarDayPage(_ day: Day, _ context: RequestContext, state: FormState? = nil, status: HTTPStatus = .ok,
                         confirmError: String? = nil, confirmFailure: ConfirmFailure? = nil) throws -> Response {
        let t = context.t, today = today()
        let settings = try householdSettings()
        let display = Display(t: t, currency: settings.currency(for: t.language))
        let household = try database.household(settings: settings.plan, entriesFrom: day, through: day)
        let occurrences = plannedOccurrences(household, from: day, through: day, today: today)
        let stored = try database.entries(from: day, through: day, limit: 1000, offset: 0)
        let names = try categoryNames()
        let back = Route.calendar(.day(day)).path
        let canConfirm = day <= today
        let overdue = isOverdue(day, today: today, started: firstUseDay())
        let sign = { (kind: FlowKind) in kind == .income ? "+" : "−" }
        // Planned: every occurrence and every entry entered as planned, confirmed or not;
        // a confirmed one says what actually happened instead of offering to confirm.
        let confirmations = Dictionary(household.entries.compactMap { entry in entry.confirms.map { ($0, entry.amount) } },
                                       uniquingKeysWith: { a, _ in a })
        let planned = occurrences.map { occurrence in
            let confirmedAmount = confirmations[occurrence.key]
            return PlannedRow(
                name: occurrence.name, amount: sign(occurrence.kind) + display.money(occurrence.amount),
                detail: occurrence.kind == .income ? t["kind_income"] : display.category(occurrence.category, names: names),
                isIncome: occurrence.kind == .income, confirmField: "source", confirmValue: Self.sourceText(occurrence.key.source),
                plainAmount: display.plain(occurrence.amount), canConfirm: canConfirm && confirmedAmount == nil,
                editHref: nil, deleteHref: nil,
                confirmedNote: confirmedAmount.map { t.format("calendar_confirmed_as", ["amount": display.money($0)]) },
                needsConfirming: overdue && confirmedAmount == nil)
        } + stored.filter(\.entry.wasPlanned).map { stored in
            let entry = stored.entry
            return PlannedRow(
                name: entry.name, amount: sign(entry.kind) + display.money(entry.plannedAmount ?? entry.amount),
                detail: entry.kind == .income ? t["kind_income"] : display.category(entry.category, names: names),
                isIncome: entry.kind == .income, confirmField: "entry", confirmValue: String(entry.id),
                plainAmount: display.plain(entry.plannedAmount ?? entry.amount), canConfirm: canConfirm && !entry.isActual,
                editHref: Route.budget(.edit(entry.id)).path + "?back=" + FormEncoding.encode(back),
                deleteHref: entry.isActual ? nil : Route.budget(.delete(entry.id)).path + "?back=" + FormEncoding.encode(back),
                confirmedNote: entry.isActual ? t.format("calendar_confirmed_as", ["amount": display.money(entry.amount)]) : nil,
                needsConfirming: overdue && !entry.isActual)
        }
        // The day alone (the household was read for this day only).
        let dayTotals = try? cashFlowSeries(household, from: day, through: day, interval: .day, today: today).first
        // A refused "confirm with another amount": the typed text and the message on its row.
        let plannedRows = planned.map { row in
            var row = row
            if let confirmFailure, confirmFailure.field == row.confirmField, confirmFailure.value == row.confirmValue {
                row.typed = confirmFailure.typed
                row.error = confirmFailure.message
            }
            row.askHappened = day < today && row.confirmField == "entry" && row.canConfirm
            return row
        }
        let unplacedError = confirmFailure.flatMap { failure in
            plannedRows.contains { $0.error != nil } ? nil : failure.message
        } ?? confirmError
        let actual = stored.filter(\.entry.isActual).map { entryRow($0, display: display, names: names, back: back) }
        let account = try defaultAccountValue()
        var form = state ?? FormState(t, values: ["kind": "expense", "status": day > today ? "planned" : "actual", "category": "other",
                                                  "account": account])
        if form.values["kind"] == nil { form.values["kind"] = "expense" }
        let categories = try database.categories().map { ($0.key, display.category($0.key, names: names)) }
        let fields = ItemForms.fields(.entry, form, t: t, categories: categories, accounts: try accountChoices(for: .entry, form))
            .filter { $0.name != "date" }
        let view = CalendarDayView(
            heading: display.day(day), monthHref: Route.calendar(.month(day.yearMonth)).path, monthLabel: display.month(day.yearMonth),
            previousHref: Route.calendar(.day(day.adding(days: -1))).path, nextHref: Route.calendar(.day(day.adding(days: 1))).path,
            planned: plannedRows, actual: actual, action: back, fields: fields, hasErrors: !form.isValid,
            confirmAction: Route.calendar(.confirm(day)).path, isFuture: day > today, confirmError: unplacedError,
            figures: dayTotals.map { totals in
                [FigureView(label: t["kind_income"], values: [totals.plannedIncome, totals.actualIncome, totals.pendingIncome].map(display.money)),
                 FigureView(label: t["kind_expense"], values: [totals.plannedExpense, totals.actualExpense, totals.pendingExpense].map(display.money))]
            } ?? [])
        return try page(.calendarDay, .calendar, context, view, title: display.day(day), status: status)
    }

    /// POST /calendar/YYYY-MM-DD: adds an entry on that day.
    func addCalendarEntry(_ day: Day, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        var state = FormState(context.t, fields: form.fields)
        state.currency = try householdSettings().currency(for: context.language)
        state.values["date"] = day.iso
        let categoryKeys = Set(try database.categories().map(\.key))
        let offered = Set(try accountChoices(including: nil).compactMap { ID<Account>($0.key) })
        guard case .entry(let entry)? = ItemForms.parse(.entry, &state, today: today(), categories: categoryKeys,
                                                        accounts: offered.isEmpty ? nil : offered), state.isValid,
              ItemForms.confirmPastDate(.entry(entry), &state, today: today(), previous: nil) else {
            // The day form has no date field: a question about the date goes beside the status.
            if let question = state.errors.removeValue(forKey: "date") { state.errors["status"] = question }
            return try calendarDayPage(day, context, state: state, status: .unprocessable)
        }
        let display = Display(t: context.t, currency: state.currency ?? Currency.defaultFor(context.language))
        let recorded = try recordWithMatch(entry, origin: .calendar, token: token, display: display)
        let added = context.t.format("flash_added", ["name": entry.name]) + (recorded.note.map { " " + $0 } ?? "")
        let flash = try withLimitFeedback(added, after: entry, context)
        return context.redirect(to: Route.calendar(.day(day)).path, flash: flash, undo: recorded.undo)
    }

    /// POST /calendar/YYYY-MM-DD/confirm: a planned occurrence or entry becomes actual.
    func confirmOccurrence(_ day: Day, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t
        let token = try Self.formToken(form)
        guard day <= today() else { throw AppError(.invalid, message: t["validation_future_actual"]) }
        var state = FormState(t, fields: form.fields)
        state.currency = try householdSettings().currency(for: t.language)
        let override = state.money("amount", required: false)
        guard case .some(let amount) = override else {
            // 422: the day again with the typed text and the message on the row; nothing written.
            let field = form.fields["entry"] != nil ? "entry" : "source"
            return try calendarDayPage(day, context, status: .unprocessable, confirmFailure: ConfirmFailure(
                field: field, value: form.fields[field] ?? "", typed: state.values["amount"] ?? "",
                message: state.errors["amount"] ?? ""))
        }
        if let entryID = form.fields["entry"].flatMap(ID<Entry>.init) {
            guard let stored = try database.storedEntry(id: entryID), stored.entry.date == day, !stored.entry.isActual else {
                throw AppError(.notFound)
            }
            // Confirmed in place: it keeps its planned amount and date, and is actual at
            // the amount typed (or the planned one).
            let entry = stored.entry
            var inPlace = NewEntry(
                date: day, kind: entry.kind, name: entry.name, amount: amount ?? entry.amount,
                category: entry.kind == .income ? nil : entry.category, isActual: true, note: stored.note,
                plannedAmount: entry.plannedAmount ?? entry.amount)
            // A planned entry without an account is paid from the confirming account; one with keeps it.
            if try database.entryAccounts([entryID])[entryID]?.accountID == nil { inPlace.account = try confirmingAccount(form) }
            _ = try database.updateEntry(id: entryID, inPlace, formToken: token)
            let back = form.fields["back"].flatMap(Self.localPath) ?? Route.calendar(.day(day)).path
            let confirmed = t.format("flash_confirmed", ["name": entry.name])
            return context.redirect(to: back, flash: entry.kind == .expense
                ? try withLimitLevels(confirmed, categories: [entry.category], context) : confirmed)
        }
        let settings = try householdSettings()
        let household = try database.household(settings: settings.plan, entriesFrom: day, through: day)
        let source = form.fields["source"] ?? ""
        guard let occurrence = plannedOccurrences(household, from: day, through: day, today: today())
            .first(where: { Self.sourceText($0.key.source) == source }) else { throw AppError(.notFound) }
        // Back where the form came from (the Today page sends back=/today), else the day.
        let back = form.fields["back"].flatMap(Self.localPath) ?? Route.calendar(.day(day)).path
        guard !occurrence.isConfirmed else {
            return context.redirect(to: back, flash: t.format("flash_confirmed", ["name": occurrence.name]))
        }
        do {
            var confirmation = NewEntry(
                date: day, kind: occurrence.kind, name: occurrence.name, amount: amount ?? occurrence.amount,
                category: occurrence.kind == .income ? nil : (occurrence.category == debtCategory ? "other" : occurrence.category),
                isActual: true, confirms: occurrence.key)
            confirmation.account = try confirmingAccount(form)
            _ = try database.addEntry(confirmation, origin: .calendar, formToken: token)
        } catch StorageError.occurrenceAlreadyConfirmed {
            // Another tab confirmed it between our read and this write: the same outcome.
        }
        let confirmed = t.format("flash_confirmed", ["name": occurrence.name])
        return context.redirect(to: back, flash: occurrence.kind == .expense
            ? try withLimitLevels(confirmed, categories: [occurrence.category], context) : confirmed)
    }
}

extension CalendarFeature {
    /// The account a confirmation is paid from: the form's (one of the open accounts), else the
    /// default one (SPEC §11); nil keeps no account (none open: cash).
    func confirmingAccount(_ form: PostedForm) throws -> EntryAccount? {
        let open = try accountChoices(including: nil).compactMap { ID<Account>($0.key) }
        guard !open.isEmpty else { return nil }
        if let posted = form.fields["account"].flatMap(Route.id).flatMap({ (id: ID<Account>) in open.contains(id) ? id : nil }) {
            return EntryAccount(accountID: posted, cleared: false)
        }
        return try database.defaultAccountID().map { EntryAccount(accountID: $0, cleared: false) }
    }
}

// MARK: - View models

/// A refused confirm form: which row (its hidden field and value), the text typed and why.
struct ConfirmFailure {
    var field: String, value: String, typed: String, message: String
}

extension Handler {
    static func sourceText(_ source: OccurrenceSource) -> String {
        switch source {
        case .recurring(let id): "recurring-\(id)"
        case .debt(let id): "debt-\(id)"
        }
    }
}
