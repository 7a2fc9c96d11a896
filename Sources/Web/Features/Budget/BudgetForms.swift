import Engine
import HTTPCore
import Storage

// Routes:
//   GET  /data/<kind>/new               a new item's form; income, expense and debt first ask which kind
//   POST /data/<kind>                   create (303 to /data with a flash, or 422 with the form kept)
//   GET  /data/<kind>/<id>/edit         the item's form filled in
//   POST /data/<kind>/<id>              update
//   GET  /data/<kind>/<id>/delete       "Delete …?" confirmation
//   POST /data/<kind>/<id>/delete       soft delete; the next page offers Undo for 10 minutes
//   POST /data/undo                     undo the last delete (thing=<kind>:<id>)
//   GET  /data/emergency, POST          the emergency fund's "saved so far"
//   POST /data/categories               add a category (422 with the Budget page when refused);
//                                       POST /data/categories/<key>/delete removes an unused one
// <kind> is income or expense (recurring), entry (one-off), debt, goal.

extension BudgetFeature {
    // MARK: - GET

    /// The new-item form, or the "which kind?" step before it.
    func newItemPage(_ kind: ItemKind, _ context: RequestContext) throws -> Response {
        let t = context.t
        switch kind {
        case .income where context.query["type"] != "recurring":
            return try page(.choice, .budget, context, ChoicePageView(
                heading: t["form_income_kind_title"], intro: t["form_income_kind_intro"],
                choices: [LinkView(href: Route.budget(.new(.income)).path + "?type=recurring", label: t["form_kind_recurring"],
                                 detail: t["form_kind_recurring_income_hint"]),
                          LinkView(href: Route.budget(.new(.entry)).path + "?kind=income", label: t["form_kind_oneoff"],
                                 detail: t["form_kind_oneoff_income_hint"])],
                cancelHref: ItemForms.anchor(.income)), title: t["form_income_kind_title"])
        case .expense where context.query["type"] != "recurring":
            return try page(.choice, .budget, context, ChoicePageView(
                heading: t["form_expense_kind_title"], intro: nil,
                choices: [LinkView(href: Route.budget(.new(.expense)).path + "?type=recurring", label: t["form_kind_recurring"],
                                 detail: t["form_kind_recurring_expense_hint"]),
                          LinkView(href: Route.budget(.new(.entry)).path + "?kind=expense", label: t["form_kind_oneoff"],
                                 detail: t["form_kind_oneoff_expense_hint"])],
                cancelHref: ItemForms.anchor(.expense)), title: t["form_expense_kind_title"])
        case .debt where DebtMode(rawValue: context.query["mode"] ?? "") == nil:
            return try page(.choice, .budget, context, ChoicePageView(
                heading: t["form_debt_kind_title"], intro: nil,
                choices: [LinkView(href: Route.budget(.new(.debt)).path + "?mode=payment", label: t["form_debt_mode_payment"],
                                 detail: t["form_debt_mode_payment_hint"]),
                          LinkView(href: Route.budget(.new(.debt)).path + "?mode=loan", label: t["form_debt_mode_loan"],
                                 detail: t["form_debt_mode_loan_hint"])],
                cancelHref: ItemForms.anchor(.debt)), title: t["form_debt_kind_title"])
        default:
            let today = today()
            var values = ItemForms.defaults(kind, today: today)
            if kind == .entry {
                values["kind"] = context.query["kind"] == "income" ? "income" : "expense"
                if let date = context.query["date"].flatMap(Day.init(iso:)), Limits.days.contains(date) {
                    values["date"] = date.iso
                    values["status"] = date > today ? "planned" : "actual"
                }
                values["back"] = context.query["back"].flatMap(Self.localPath) ?? ""
                // From quick entry's Edit: the card's values.
                if let name = context.query["name"] { values["name"] = String(name.prefix(80)) }
                if let amount = context.query["amount"] { values["amount"] = String(amount.prefix(24)) }
                if let category = context.query["category"], Route.isCategoryKey(category) { values["category"] = category }
                // From an account's page: that account, if it is open; else the default account.
                values["account"] = try defaultAccountValue()
                if let account = context.query["account"].flatMap(Route.id),
                   try accountChoices(including: nil).contains(where: { $0.key == String(account) }) {
                    values["account"] = String(account)
                }
            }
            if kind == .debt { values["mode"] = context.query["mode"] }
            return try itemForm(kind, id: nil, FormState(context.t, values: values), context)
        }
    }

    /// The edit form of an existing item.
    func editItemPage(_ kind: ItemKind, _ id: Int64, _ context: RequestContext) throws -> Response {
        guard var values = try ItemForms.values(of: kind, id: id, database: database, t: context.t) else {
            throw AppError(.notFound)
        }
        if kind == .entry { values["back"] = context.query["back"].flatMap(Self.localPath) ?? "" }
        return try itemForm(kind, id: id, FormState(context.t, values: values), context)
    }

    /// "Delete …?" before the POST that deletes.
    func deleteItemPage(_ kind: ItemKind, _ id: Int64, _ context: RequestContext, status: HTTPStatus = .ok) throws -> Response {
        guard let name = try ItemForms.name(of: kind, id: id, database: database) else { throw AppError(.notFound) }
        let t = context.t
        // A reconciled entry or a transfer's side says so (ReconcilePage.swift).
        let warning = kind == .entry ? try entryDeleteWarning(ID(id), t) : (text: nil, hidden: [])
        let back = context.query["back"].flatMap(Self.localPath)
        var action = Route.budget(.delete(kind, id)).path
        if let back { action += "?back=" + FormEncoding.encode(back) }
        return try page(.confirm, .budget, context, ConfirmPageView(
            heading: t.format("confirm_delete_title", ["name": name]),
            text: warning.text.map { $0 + " " + t["confirm_delete_text"] } ?? t["confirm_delete_text"],
            action: action, submitLabel: t["action_delete"], cancelHref: back ?? ItemForms.anchor(kind), hidden: warning.hidden),
            title: t.format("confirm_delete_title", ["name": name]), status: status)
    }

    /// The emergency fund's form.
    func emergencyPage(_ context: RequestContext, state: FormState? = nil, status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        let saved = try database.emergencyTypedSaved()
        let linked = try database.savedAccountLinks().emergency
        var state = state ?? FormState(t, values: ["saved": MoneyFormat.formatPlain(saved, t.language),
                                                   "savedAccount": linked.map(String.init) ?? ""])
        if state.values["saved"] == nil { state.values["saved"] = "" }
        let accounts = try accountChoices(including: ID<Account>(state.values["savedAccount"] ?? ""))
        return try page(.form, .budget, context, FormPageView(
            heading: t["form_emergency_title"], intro: t["form_emergency_intro"], action: Route.budget(.emergencyFund).path,
            submitLabel: t["action_save"], cancelHref: ItemForms.anchor(.goal),
            fields: [FieldView(name: "saved", label: t["field_saved"], kind: .money, value: state.values["saved"] ?? "",
                               error: state.errors["saved"], hint: t["hint_amount"], required: true)]
                + ItemForms.savedAccountField(state, t: t, accounts: accounts),
            hasErrors: !state.isValid), title: t["form_emergency_title"], status: status)
    }

    // MARK: - POST

    /// Creates (`id` nil) or updates an item from the posted form.
    func submitItem(_ kind: ItemKind, id: Int64?, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t
        let token = try Self.formToken(form)
        var state = FormState(t, fields: form.fields)
        state.currency = try householdSettings().currency(for: t.language)
        let today = today()
        if kind == .debt, let id, let existing = try database.debt(id: ID(id)) {
            state.values["mode"] = existing.loan == nil ? DebtMode.payment.rawValue : DebtMode.loan.rawValue
        }
        let categoryKeys = Set(try database.categories().map(\.key))
        // The open accounts, and the one the stored item has (even closed).
        let current: ID<Account>? = try id.flatMap { id in
            switch kind {
            case .entry: try database.entryAccounts([ID(id)])[ID(id)]?.accountID
            case .goal: try database.savedAccountLinks().goals[ID(id)]
            default: nil
            }
        }
        let offered = kind == .entry || kind == .goal ? try accountChoices(including: current).compactMap { ID<Account>($0.key) } : []
        // A refund (a negative expense) keeps its sign when it is edited.
        let refund = try kind == .entry && id.flatMap { try database.storedEntry(id: ID($0))?.entry.amount.minorUnits }.map { $0 < 0 } == true
        let parsed = ItemForms.parse(kind, &state, today: today, categories: categoryKeys,
                                     accounts: offered.isEmpty ? nil : Set(offered), refunds: refund)
        guard state.isValid, let parsed else {
            return try itemForm(kind, id: id, state, context, status: .unprocessable)
        }
        let previous = try id.flatMap { try ItemForms.values(of: kind, id: $0, database: database, t: t) }
        guard ItemForms.confirmPastDate(parsed, &state, today: today, previous: previous) else {
            return try itemForm(kind, id: id, state, context, status: .unprocessable)
        }
        // A reconciled entry asks before it changes (ReconcilePage.swift).
        if kind == .entry, let id, let ask = try askBeforeEditingReconciled(ID(id), &state, context) { return ask }
        let name: String
        var splitCleared = false
        switch parsed {
        case .recurring(let item):
            name = item.name
            if let id { _ = try database.updateRecurring(id: ID(id), item, formToken: token) } else { _ = try database.addRecurring(item, formToken: token) }
        case .entry(var entry):
            name = entry.name
            if let id {
                // An entry that confirmed a planned occurrence stays linked to it while it
                // stays actual and of the same kind (else the occurrence would be planned again).
                let existing = try database.storedEntry(id: ID(id))?.entry
                if let existing, let link = existing.confirms, entry.isActual, entry.kind == existing.kind {
                    entry.confirms = link
                }
                // A planned entry marked actual here is confirmed in place: it keeps the
                // amount it was planned at (still planned: the form's amount is the plan).
                if let existing, entry.isActual, let planned = existing.plannedAmount {
                    entry.plannedAmount = planned
                }
                // A new amount or category removes a split (docs/engine-rules.md, "Splits"): the flash says so.
                let wasSplit = !(existing?.parts.isEmpty ?? true)
                _ = try database.updateEntry(id: ID(id), entry, formToken: token)
                splitCleared = try wasSplit && database.entryParts(id: ID(id)).isEmpty
            } else {
                let display = Display(t: t, currency: state.currency ?? Currency.defaultFor(t.language))
                let recorded = try recordWithMatch(entry, origin: .dataPage, token: token, display: display)
                if let note = recorded.note {
                    let back = state.values["back"].flatMap(Self.localPath)
                        ?? Self.entriesView(entry.date.yearMonth, year: entry.date.year, today: today)
                    let flash = try withLimitFeedback(t.format("flash_added", ["name": entry.name]) + " " + note, after: entry, context)
                    return context.redirect(to: back, flash: flash, undo: recorded.undo)
                }
            }
        case .debt(let debt):
            name = debt.name
            if let id { _ = try database.updateDebt(id: ID(id), debt, formToken: token) } else { _ = try database.addDebt(debt, today: today, formToken: token) }
        case .goal(let goal):
            name = goal.name
            if let id { _ = try database.updateGoal(id: ID(id), goal, formToken: token) } else { _ = try database.addGoal(goal, formToken: token) }
        }
        // Back where the user came from; an entry without one goes to its month's list.
        var fallback = ItemForms.anchor(kind)
        if case .entry(let entry) = parsed { fallback = Self.entriesView(entry.date.yearMonth, year: entry.date.year, today: today) }
        let back = state.values["back"].flatMap(Self.localPath) ?? fallback
        var flash = t.format(id == nil ? "flash_added" : "flash_saved", ["name": name])
        if case .entry(let entry) = parsed { flash = try withLimitFeedback(flash, after: entry, context) }
        if splitCleared { flash += " " + t["split_flash_cleared"] }
        return context.redirect(to: back, flash: flash)
    }

    /// Brings back what was deleted less than 10 minutes ago.
    func undoDelete(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        if let batch = Self.bulkDeletion(form.fields["thing"]) { return try undoBulkDelete(batch, form, context) }
        if let ids = Self.separateIDs(form.fields["thing"]) { return try recordSeparately(ids, token: try Self.formToken(form), context) }
        if Self.quickUndoRanges(form.fields["thing"]) != nil { return try undoQuick(form, context) }
        let token = try Self.formToken(form)
        let parts = (form.fields["thing"] ?? "").split(separator: "-")
        if parts.count == 2, parts[0] == "account", let id = ID<Account>(String(parts[1])) { return try undoAccountDelete(id, token: token, context) }
        guard parts.count == 2, let kind = ItemKind(rawValue: String(parts[0])), let id = Int64(parts[1]) else {
            throw AppError(.malformed)
        }
        do {
            _ = try database.undoDelete(ItemForms.thing(kind, id), formToken: token)
            let name = try ItemForms.name(of: kind, id: id, database: database) ?? ""
            return context.redirect(to: ItemForms.anchor(kind), flash: context.t.format("flash_restored_named", ["name": name]))
        } catch StorageError.undoExpired {
            return context.redirect(to: ItemForms.anchor(kind), flash: context.t["flash_undo_expired"])
        }
    }

    func submitEmergency(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        var state = FormState(context.t, fields: form.fields)
        state.currency = try householdSettings().currency(for: context.language)
        let offered = Set(try accountChoices(including: try database.savedAccountLinks().emergency).compactMap { ID<Account>($0.key) })
        let savedAccount = ItemForms.accountChoice("savedAccount", &state, offered: offered)
        guard case .some(.some(let saved)) = state.money("saved", allowZero: true), state.isValid else {
            return try emergencyPage(context, state: state, status: .unprocessable)
        }
        if offered.isEmpty {
            _ = try database.setEmergencySaved(saved, formToken: token)
        } else {
            _ = try database.setEmergencySaved(saved, accountID: savedAccount ?? nil, formToken: token)
        }
        return context.redirect(to: ItemForms.anchor(.goal), flash: context.t["flash_emergency_saved"])
    }

    func removeCategory(_ key: String, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        do {
            _ = try database.removeCategory(key: key, formToken: token)
        } catch StorageError.categoryInUse {
            return context.redirect(to: ItemForms.anchor(.expense), flash: context.t["flash_category_in_use"])
        }
        return context.redirect(to: ItemForms.anchor(.expense), flash: context.t["flash_category_removed"])
    }
}

/// Payment only (mode A) or a loan (mode B).
enum DebtMode: String {
    case payment, loan
}

extension Handler {
    func itemForm(_ kind: ItemKind, id: Int64?, _ state: FormState, _ context: RequestContext, status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        let categories = try database.categories()
        let names = try categoryNames()
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        let accounts = try accountChoices(for: kind, state)
        let fields = ItemForms.fields(kind, state, t: t, categories: categories.map { ($0.key, display.category($0.key, names: names)) },
                                      accounts: accounts)
        let heading = t[runtime: (id == nil ? "form_new_" : "form_edit_") + ItemForms.titleKey(kind, state)]
        var hidden: [HiddenField] = []
        if kind == .debt, let mode = state.values["mode"] { hidden.append(HiddenField(name: "mode", value: mode)) }
        if kind == .entry, let back = state.values["back"], !back.isEmpty { hidden.append(HiddenField(name: "back", value: back)) }
        let action = id.map { Route.budget(.item(kind, $0)).path } ?? Route.budget(.create(kind)).path
        let cancel = state.values["back"].flatMap(Self.localPath) ?? ItemForms.anchor(kind)
        // A stored expense can be split into categories (EntrySplitPage.swift).
        var related: [LinkView] = []
        if kind == .entry, let id, try database.canSplit(id: ID(id)) {
            let parts = try database.entryParts(id: ID(id))
            var href = Route.budget(.splitForm(ID(id))).path
            if let back = state.values["back"].flatMap(Self.localPath) { href += "?back=" + FormEncoding.encode(back) }
            related.append(LinkView(href: href, label: t[parts.isEmpty ? "split_link" : "split_link_change"],
                                    detail: parts.isEmpty ? nil : display.split(parts, names: names)))
        }
        return try page(.form, .budget, context, FormPageView(
            heading: heading, intro: ItemForms.intro(kind, state, t: t), action: action,
            submitLabel: t[id == nil ? "action_add" : "action_save"], cancelHref: cancel, fields: fields,
            hasErrors: !state.isValid, hidden: hidden, related: related), title: heading, status: status)
    }
}

extension BudgetFeature {
    /// Soft-deletes an item; the next page offers Undo.
    func deleteItem(_ kind: ItemKind, _ id: Int64, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        guard let name = try ItemForms.name(of: kind, id: id, database: database) else {
            return context.redirect(to: ItemForms.anchor(kind), flash: nil)
        }
        // A reconciled entry is deleted only from the confirmation that names its reconciliation.
        if kind == .entry, form.fields[Self.confirmReconciled] == nil, try reconciledDay(ofEntry: ID(id)) != nil {
            return try deleteItemPage(kind, id, context, status: HTTPStatus(code: 409))
        }
        _ = try database.delete(ItemForms.thing(kind, id), formToken: token)
        // Land on the flash (top of the page), where the undo button is.
        let back = context.query["back"].flatMap(Self.localPath) ?? ItemForms.anchor(kind)
        let page = String(back.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
        return context.redirect(to: page + "#flash", flash: context.t.format("flash_deleted", ["name": name]),
                                undo: (thing: "\(kind.rawValue)-\(id)", name: name))
    }

    func addCategory(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        var state = FormState(context.t, fields: form.fields)
        guard let name = state.name("name") else {
            return try budgetPage(context, newCategory: state, status: .unprocessable)
        }
        do {
            _ = try database.addCategory(name: name, formToken: token)
        } catch StorageError.duplicateCategory {
            state.fail("name", "flash_category_exists", ["name": name])
            return try budgetPage(context, newCategory: state, status: .unprocessable)
        }
        return context.redirect(to: ItemForms.anchor(.expense), flash: context.t.format("flash_category_added", ["name": name]))
    }
}
