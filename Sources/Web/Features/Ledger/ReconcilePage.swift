import Engine
import Foundation
import HTTPCore
import Storage

// Routes:
//   GET  /accounts/<id>/reconcile   the statement's date and balance (pre-filled from the account's last
//                                   statement), its uncleared entries to tick, the difference and hints
//   POST /accounts/<id>/reconcile   action=update: the same page recomputed (200, ticks kept, nothing written);
//                                   save: the ticks stored as cleared (303); finish: only with a difference of 0
//                                   (303; else 422); adjust: one "balance adjustment" entry of exactly the
//                                   difference shown on its button, then finish (303)
//   GET  /transfers/new             the transfer form
//   POST /transfers/new             write both entries (303 to the month's entries, or 422 with the form kept)

extension ReconcileFeature {
    // MARK: - Reconcile

    /// The reconcile page, from the account's stored figures and cleared flags.
    func reconcilePage(_ accountID: ID<Account>, _ context: RequestContext) throws -> Response {
        guard let account = try database.reconcileAccount(id: accountID) else { throw AppError(.notFound) }
        let settings = try householdSettings()
        let display = Display(t: context.t, currency: settings.currency(for: context.language))
        var state = FormState(context.t, values: [
            "statementDate": (account.statementDate ?? today()).iso,
            "statementBalance": account.statementBalance.map(display.plain) ?? ""])
        state.currency = settings.currency(for: context.language)
        let through = account.statementDate ?? today()
        let ticked = Set(try database.reconcileEntries(accountID: accountID, through: through).filter(\.cleared).map(\.id))
        return try reconcileForm(account, state, ticked: ticked, display: display, context)
    }

    /// The reconcile page's buttons.
    func submitReconcile(_ accountID: ID<Account>, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        guard let account = try database.reconcileAccount(id: accountID) else { throw AppError(.notFound) }
        let t = context.t
        let settings = try householdSettings()
        let display = Display(t: t, currency: settings.currency(for: context.language))
        var state = FormState(t, fields: form.fields)
        state.currency = settings.currency(for: context.language)
        let ticked = Set(form.fields.values("e").compactMap(Route.id).map { ID<Entry>($0) })
        let action = form.fields["action"] ?? "update"
        let date = state.day("statementDate")
        let balance = Self.signedMoney("statementBalance", &state, required: action != "save")
        guard ["update", "save", "finish", "adjust"].contains(action) else { throw AppError(.malformed) }
        guard action != "update", state.isValid, case .some(.some(let statementDate)) = date else {
            let status: HTTPStatus = action == "update" && state.isValid ? .ok : .unprocessable
            return try reconcileForm(account, state, ticked: ticked, display: display, context, status: status)
        }
        let token = try Self.formToken(form)
        let back = Route.reconcile(.reconcile(accountID)).path
        do {
            switch action {
            case "save":
                _ = try database.saveReconcileProgress(accountID: accountID, through: statementDate, ticked: ticked, formToken: token)
                return context.redirect(to: back, flash: t["reconcile_flash_saved"])
            default:
                guard case .some(.some(let statementBalance)) = balance else {
                    return try reconcileForm(account, state, ticked: ticked, display: display, context, status: .unprocessable)
                }
                var finish = ReconcileFinish.balanced
                if action == "adjust" {
                    guard let expected = form.fields["adjustment"].flatMap(Int64.init) else { throw AppError(.malformed) }
                    finish = .adjusting(expected: Money(minorUnits: expected), name: t["reconcile_adjustment_name"])
                }
                _ = try database.finishReconciliation(accountID: accountID, statementDate: statementDate,
                                                      statementBalance: statementBalance, ticked: ticked, finish,
                                                      formToken: token)
                return context.redirect(to: Route.accounts(.account(accountID)).path, flash: t.format("reconcile_flash_finished", [
                    "balance": display.money(statementBalance), "date": display.day(statementDate)]))
            }
        } catch let error as ReconcileError {
            switch error {
            case .accountNotFound: throw AppError(.notFound)
            case .difference(let difference):
                state.fail("statementBalance", "reconcile_error_difference", ["amount": display.money(difference)])
            case .adjustmentChanged(let difference):
                state.fail("statementBalance", "reconcile_error_adjustment_changed", ["amount": display.money(difference)])
            case .adjustmentOutOfRange:
                state.fail("statementBalance", "validation_amount_range")
            }
            return try reconcileForm(account, state, ticked: ticked, display: display, context, status: .unprocessable)
        }
    }

    /// Renders the reconcile page for the state's figures and the ticked ids.
    private func reconcileForm(_ account: ReconcileAccount, _ state: FormState, ticked: Set<ID<Entry>>, display: Display,
                               _ context: RequestContext, status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        var state = state
        // Figures as far as they are valid (a bad date lists up to today).
        var probe = state
        probe.errors = [:]
        var through = today()
        if case .some(.some(let day)) = probe.day("statementDate") { through = day }
        var statementBalance: Money?
        if case .some(.some(let balance)) = Self.signedMoney("statementBalance", &probe, required: false) {
            statementBalance = balance
        }
        let entries = try database.reconcileEntries(accountID: account.id, through: through)
        let items = entries.map { ReconcileItem(id: $0.id, date: $0.date, signed: $0.signed, ticked: ticked.contains($0.id)) }
        let reconciled = try database.reconciledBalance(accountID: account.id, through: through)
        let cleared = Reconcile.clearedBalance(reconciled: reconciled, items: items)
        let difference = statementBalance.flatMap { balance in cleared.flatMap { balance.subtracting($0) } }
        let byID = Dictionary(uniqueKeysWithValues: entries.map { ($0.id, $0) })
        if state.values["statementBalance"] == nil { state.values["statementBalance"] = "" }

        var view = ReconcilePageView(words: t)
        view.heading = t.format("reconcile_title", ["name": account.name])
        view.action = Route.reconcile(.reconcile(account.id)).path
        view.fields = [
            FieldView(name: "statementDate", label: t["reconcile_field_date"], kind: .date,
                      value: state.values["statementDate"] ?? "", error: state.errors["statementDate"], required: true),
            FieldView(name: "statementBalance", label: t["reconcile_field_balance"], kind: .text,
                      value: state.values["statementBalance"] ?? "", error: state.errors["statementBalance"],
                      hint: t["reconcile_field_balance_hint"], required: true, maxLength: 24)]
        view.hasErrors = !state.isValid
        if let statementDate = account.statementDate, let balance = account.statementBalance {
            view.statementNote = t.format("reconcile_statement_note", ["date": display.day(statementDate),
                                                                       "amount": display.money(balance)])
        }
        view.entries = entries.map { entry in
            ReconcileRow(id: String(entry.id), date: display.day(entry.date), dateISO: entry.date.iso, name: entry.name,
                         amount: display.flow(entry.kind, entry.amount),
                         isIncome: entry.kind == .income, ticked: ticked.contains(entry.id))
        }
        view.clearedTotal = cleared.map(display.money) ?? "—"
        view.statementBalance = statementBalance.map(display.money) ?? "—"
        view.difference = difference.map(display.money) ?? "—"
        view.isBalanced = difference == .zero
        if let difference, difference != .zero {
            view.adjustment = String(difference.minorUnits)
            view.adjustLabel = t.format("reconcile_action_adjust", ["amount": display.money(difference)])
            if let balance = statementBalance, difference.minorUnits.magnitude * 10 > balance.minorUnits.magnitude {
                view.largeDifference = t["reconcile_large_difference"]
            }
            view.hints = Reconcile.hints(difference: difference, items: items).map { hint in
                Self.hintText(hint, byID: byID, display: display)
            }
        }
        view.transferHref = Self.newTransferHref(back: Route.reconcile(.reconcile(account.id)).path)
        return try page(.reconcile, .accounts, context, view, title: view.heading, status: status)
    }

    /// One hint's sentence.
    private static func hintText(_ hint: DifferenceHint, byID: [ID<Entry>: ReconcileEntry], display: Display) -> String {
        let t = display.t
        func describe(_ id: ID<Entry>) -> String {
            guard let entry = byID[id] else { return "#\(id)" }
            return t.format("reconcile_hint_entry", ["name": entry.name, "date": display.day(entry.date),
                                                     "amount": display.flow(entry.kind, entry.amount)])
        }
        switch hint {
        case .single(let id): return t.format("reconcile_hint_single", ["entry": describe(id)])
        case .pair(let a, let b): return t.format("reconcile_hint_pair", ["first": describe(a), "second": describe(b)])
        case .signError(let id): return t.format("reconcile_hint_sign", ["entry": describe(id)])
        case .transposedDigits: return t["reconcile_hint_nine"]
        case .duplicate(let a, let b): return t.format("reconcile_hint_duplicate", ["first": describe(a), "second": describe(b)])
        }
    }

    // MARK: - Reconciled entries ask first

    // MARK: - Transfers

    /// The transfer form's address, coming back to `back` (a local path) after the transfer or Cancel.
    static func newTransferHref(back: String) -> String {
        Route.reconcile(.newTransfer).path + "?back=" + FormEncoding.encode(back)
    }

    /// The transfer form; `?back=` (a local path) is where it returns, else the Budget page's entries.
    func newTransferPage(_ context: RequestContext) throws -> Response {
        var values = ["date": today().iso]
        // Money leaves the default account unless the address names another (SPEC §11: every path
        // that records money starts on the household's default account).
        values["from"] = try context.query["from"] ?? defaultAccountValue()
        values["to"] = context.query["to"]
        values["back"] = context.query["back"].flatMap(Self.localPath)
        return try transferForm(FormState(context.t, values: values), context)
    }

    /// Writes a transfer: one expense on "from", one income on "to".
    func submitTransfer(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t
        let token = try Self.formToken(form)
        var state = FormState(t, fields: form.fields)
        state.currency = try householdSettings().currency(for: context.language)
        let open = Dictionary(uniqueKeysWithValues: try database.accounts().filter { !$0.closed }.map { ($0.id, $0.name) })
        let from = Route.id(state.text("from")).flatMap { open[$0] == nil ? nil : $0 }
        let to = Route.id(state.text("to")).flatMap { open[$0] == nil ? nil : $0 }
        if from == nil { state.fail("from", "validation_choice") }
        if to == nil { state.fail("to", "validation_choice") }
        if let from, from == to { state.fail("to", "transfer_error_same") }
        let amount = state.money("amount")
        let date = state.day("date")
        if case .some(.some(let day)) = date, day > today() { state.fail("date", "transfer_error_future") }
        let note = state.note("note")
        guard state.isValid, let from, let to, case .some(.some(let amount)) = amount, case .some(.some(let day)) = date,
              let note else {
            return try transferForm(state, context, status: .unprocessable)
        }
        let name = Self.clipped(t.format("transfer_entry_name", ["from": open[from]!, "to": open[to]!]), to: Limits.nameLength.upperBound)
        // Back where the form was opened from (Accounts, a reconciliation), else the month's entries.
        let back = form.fields["back"].flatMap(Self.localPath) ?? Self.entriesView(day.yearMonth, year: day.year, today: today())
        // Both sides already recorded (two imported statements): link them, never a second pair.
        if let recorded = try recordedTransfer(from: from, to: to, amount: amount, date: day),
           case .written(true) = try database.linkTransfer(outflow: recorded.outflow.id, inflow: recorded.inflow.id, formToken: token) {
            return context.redirect(to: back, flash: t["transfers_flash_existing"])
        }
        do {
            _ = try database.addTransfer(NewTransfer(from: from, to: to, amount: amount, date: day, name: name, note: note),
                                         formToken: token)
        } catch let error as TransferError {
            state.fail(error == .sameAccount ? "to" : "from", error == .sameAccount ? "transfer_error_same" : "validation_choice")
            return try transferForm(state, context, status: .unprocessable)
        }
        return context.redirect(to: back, flash: t.format("flash_added", ["name": name]))
    }

    private func transferForm(_ state: FormState, _ context: RequestContext, status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        let accounts = try database.accounts().filter { !$0.closed }
        func select(_ name: String) -> FieldView {
            let value = state.values[name] ?? ""
            let options = [OptionView(value: "", label: t["transfer_choose_account"], selected: value.isEmpty)]
                + accounts.map { OptionView(value: String($0.id), label: $0.name, selected: String($0.id) == value) }
            return FieldView(name: name, label: t[runtime: "transfer_field_" + name], kind: .select, value: value,
                             error: state.errors[name], required: true, options: options)
        }
        func field(_ name: String, _ kind: FieldKind, label: String, hint: String? = nil, required: Bool = false,
                   maxLength: Int? = nil) -> FieldView {
            FieldView(name: name, label: label, kind: kind, value: state.values[name] ?? "", error: state.errors[name],
                      hint: hint, required: required, maxLength: maxLength)
        }
        let display = Display(t: t, currency: try householdSettings().currency(for: context.language))
        let view = TransferPageView(
            heading: t["transfer_title"], intro: t["transfer_intro"], action: Route.reconcile(.newTransfer).path,
            canTransfer: accounts.count >= 2, back: state.values["back"].flatMap(Self.localPath),
            cancelHref: state.values["back"].flatMap(Self.localPath) ?? Route.budget(.page).path + "#entries",
            fields: [select("from"), select("to"),
                     field("amount", .money, label: t["field_amount"], hint: t["hint_amount"], required: true),
                     field("date", .date, label: t["field_date"], required: true),
                     field("note", .textarea, label: t["field_note"], maxLength: 500)],
            hasErrors: !state.isValid,
            transfersFound: try proposedTransfersView(back: Route.reconcile(.newTransfer).path, display: display))
        return try page(.transfer, .accounts, context, view, title: view.heading, status: status)
    }

}

extension Handler {
    /// A balance that may be negative (an overdrawn card): a leading `-`, `−` or `–`, then an
    /// amount as `FormState.money` reads it (0 allowed). `.some(nil)` when empty and not required.
    static func signedMoney(_ field: String, _ state: inout FormState, required: Bool) -> Money?? {
        var text = state.text(field)
        var negative = false
        if let first = text.first, ["-", "−", "–"].contains(first) {
            negative = true
            text = String(text.dropFirst()).trimmingCharacters(in: .whitespaces)
        }
        if text.isEmpty && !negative {
            if required { state.fail(field, "validation_required"); return nil }
            return .some(nil)
        }
        var probe = state
        probe.errors = [:]
        probe.values[field] = text
        guard case .some(.some(let money)) = probe.money(field, allowZero: true) else {
            state.fail(field, "validation_amount_format")
            if let message = probe.errors[field] { state.errors[field] = message }
            return nil
        }
        return .some(negative ? Money(minorUnits: -money.minorUnits) : money)
    }

    /// The checkbox a reconciled entry's edit form needs ticked before it saves.
    static var confirmReconciled: String { "confirmReconciled" }

    /// When the entry `id` was reconciled (its day), nil when it was not.
    func reconciledDay(ofEntry id: ID<Entry>) throws -> Day? {
        try database.entryReconciledAt(id: id).flatMap { Day(iso: String($0.prefix(10))) }
    }

    /// Before saving the reconciled entry `id`: nil to go on (not reconciled, or the box is
    /// ticked), else the 409 form asking first.
    func askBeforeEditingReconciled(_ id: ID<Entry>, _ state: inout FormState, _ context: RequestContext) throws -> Response? {
        guard let day = try reconciledDay(ofEntry: id), !state.flag(Self.confirmReconciled) else { return nil }
        let display = Display(t: context.t, currency: try householdSettings().currency(for: context.language))
        state.fail(Self.confirmReconciled, "reconcile_edit_question", ["date": display.day(day)])
        state.values[Self.confirmReconciled + "Asked"] = display.day(day)
        return try itemForm(.entry, id: id.rawValue, state, context, status: HTTPStatus(code: 409))
    }

    /// The "save anyway" box once a reconciled entry's edit was questioned (kept, ticked,
    /// when the form comes back for another field's error).
    static func reconciledField(_ state: FormState, t: Translations) -> [FieldView] {
        let label: String
        if let day = state.values[confirmReconciled + "Asked"] {
            label = t.format("reconcile_edit_confirm", ["date": day])
        } else if state.flag(confirmReconciled) {
            label = t["reconcile_edit_confirm_again"]
        } else {
            return []
        }
        return [FieldView(name: confirmReconciled, label: label, kind: .checkbox,
                          error: state.errors[confirmReconciled], checked: state.flag(confirmReconciled))]
    }

    /// What the delete confirmation of entry `id` adds: a warning for a reconciled entry or a
    /// transfer, and the hidden field that confirms deleting a reconciled one.
    func entryDeleteWarning(_ id: ID<Entry>, _ t: Translations) throws -> (text: String?, hidden: [HiddenField]) {
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        var texts: [String] = []
        var hidden: [HiddenField] = []
        if let day = try reconciledDay(ofEntry: id) {
            texts.append(t.format("reconcile_delete_question", ["date": display.day(day)]))
            hidden.append(HiddenField(name: Self.confirmReconciled, value: "1"))
        }
        if try database.transferGroup(ofEntry: id) != nil { texts.append(t["transfer_delete_both"]) }
        return (texts.isEmpty ? nil : texts.joined(separator: " "), hidden)
    }

    /// The Budget page's rows of the transfers dated `from` … `through`.
    func transferRows(from: Day, through: Day, display: Display, back: String) throws -> [TransferRow] {
        try database.transfers(from: from, through: through).map { transfer in
            TransferRow(name: display.t.format("transfer_row_name", ["from": transfer.fromName, "to": transfer.toName]),
                        date: display.day(transfer.date), dateISO: transfer.date.iso, amount: display.money(transfer.amount),
                        note: transfer.note.isEmpty ? nil : transfer.note,
                        deleteHref: Route.budget(.delete(transfer.fromEntryID)).path + "?back=" + FormEncoding.encode(back))
        }
    }

    /// `text` cut to `limit` Unicode scalars (names are limited as the database counts).
    static func clipped(_ text: String, to limit: Int) -> String {
        guard text.unicodeScalars.count > limit else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.prefix(limit - 1))
        return String(scalars) + "…"
    }
}
