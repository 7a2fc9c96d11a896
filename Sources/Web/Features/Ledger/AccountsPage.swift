import Engine
import Foundation
import HTTPCore
import Storage

// Routes:
//   GET  /accounts                      the accounts with balance and cleared balance, closed ones apart, net worth
//   POST /accounts                      create (303 to the account with a flash, or 422 with the form kept)
//   GET  /accounts/new[?type=…]         the new account's form (spendable ticked for checking, card, cash)
//   GET  /accounts/<id>                 its balance and its newest 10 actual entries by day, "Show all N entries"
//   GET  /accounts/<id>?all=1[&before=&id=]  all its actual entries, newest first, 50 a page (keyset on date, id)
//   GET  /accounts/<id>/edit, POST      its form; save
//   POST /accounts/<id>/close, /reopen  close or reopen it
//   GET  /accounts/<id>/delete, POST    "Delete …?" (or "close it instead" while entries belong to it); soft delete,
//                                       undo for 10 minutes through POST /data/undo (thing=account-<id>)

extension AccountsFeature {
    static let accountEntriesPerPage = 50
    /// How many entries an account's summary shows.
    static let accountSummaryEntries = 10

    // MARK: - GET

    /// The accounts, their balances today and net worth.
    func accountsPage(_ context: RequestContext) throws -> Response {
        let t = context.t, today = today()
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        let accounts = try database.accounts()
        let balances = try database.balances(on: today)
        let household = try currentPlan().household
        var view = AccountsPageView()
        let rows = accounts.map { accountRow($0, balances[$0.id], display: display) }
        view.open = rows.filter { !$0.closed }
        view.closed = rows.filter(\.closed)
        let worth = netWorth(openBalances: accounts.filter { !$0.closed }.compactMap { balances[$0.id]?.balance },
                             debts: household.debts, today: today)
        view.netWorth = display.money(worth)
        view.netWorthNote = household.debts.contains { $0.loan != nil } ? t["accounts_net_worth_loans"] : nil
        let unassigned = try database.entriesWithoutAccount()
        view.unassigned = unassigned == 0 ? nil : t.plural("accounts_unassigned", count: unassigned)
        return try page(.accounts, .accounts, context, view, title: t["accounts_title"])
    }

    /// One account's header and its newest entries by day (the summary), or a page of all its
    /// entries with the running balance (`all=1`, or a page's `before` and `id`).
    func accountPage(_ id: ID<Account>, _ context: RequestContext) throws -> Response {
        let t = context.t, today = today()
        guard let account = try database.account(id: id) else { throw AppError(.notFound) }
        var after: (date: Day, id: ID<Entry>)?
        if context.query["before"] != nil || context.query["id"] != nil {
            guard let date = context.query["before"].flatMap(Day.init(iso:)), Limits.days.contains(date),
                  let entryID = context.query["id"].flatMap(Route.id) else { throw AppError(.malformed) }
            after = (date, ID(entryID))
        }
        guard [nil, "1"].contains(context.query["all"]) else { throw AppError(.malformed) }
        let showsAll = context.query["all"] != nil || after != nil
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        let balance = try database.balance(accountID: id, on: today)
        let names = try categoryNames()
        let entries = try database.accountEntries(accountID: id, after: after,
                                                  limit: showsAll ? Self.accountEntriesPerPage + 1 : Self.accountSummaryEntries)
        var view = AccountPageView(row: accountRow(account, balance, display: display))
        view.openedOn = t.format("account_opened_on", ["date": display.day(account.openedOn),
                                                       "amount": display.money(account.openingBalance)])
        let here = Route.accounts(.account(id)).path
        let parts = try database.entryParts(ids: entries.map(\.stored.entry.id))
        view.entries = entries.prefix(Self.accountEntriesPerPage).map { item in
            let entry = item.stored.entry
            let category = item.isTransfer ? t["tx_kind_transfer"] : entry.kind == .income ? t["kind_income"]
                : parts[entry.id].map { display.split($0, names: names) } ?? display.category(entry.category, names: names)
            return AccountEntryRow(
                date: display.day(entry.date), dateISO: entry.date.iso, name: entry.name,
                amount: display.flow(entry.kind, entry.amount), isIncome: entry.kind == .income,
                category: category, cleared: item.cleared, running: item.runningBalance.map(display.money) ?? "—",
                editHref: Route.budget(.edit(entry.id)).path + "?back=" + FormEncoding.encode(here))
        }
        if showsAll {
            if entries.count > Self.accountEntriesPerPage, let last = entries.dropLast().last {
                view.olderHref = here + "?all=1&before=\(last.stored.entry.date.iso)&id=\(last.stored.entry.id)"
            }
            if after != nil { view.newestHref = here + "?all=1" }
            view.summaryHref = here
        } else {
            view.days = LedgerDay.grouped(view.entries)
            let count = try database.ledgerTotals(LedgerFilter(account: .id(id), isActual: true)).count
            view.showAllLabel = t.plural("tx_show_all", count: count)
            if count > view.entries.count { view.showAllHref = here + "?all=1" }
        }
        // After an import that carried the bank's closing balance (OFX LEDGERBAL, MT940 :62F:, CAMT CLBD): do we agree?
        if let statement = try database.reconcileAccount(id: id), let stated = statement.statementBalance,
           let statedOn = statement.statementDate {
            let ours = try database.balance(accountID: id, on: statedOn).balance
            let figures = ["amount": display.money(stated), "date": display.day(statedOn), "ours": display.money(ours)]
            if ours == stated {
                view.statementNote = t.format("account_statement_agrees", figures)
            } else {
                // Both are within the money limits; a difference past 64 bits shows as the largest.
                let apart = stated.subtracting(ours).map { Money(minorUnits: $0.minorUnits == .min ? .max : abs($0.minorUnits)) }
                view.statementNote = t.format("account_statement_differs", figures.merging(
                    ["difference": display.money(apart ?? Money(minorUnits: .max))]) { $1 })
                view.statementDiffers = true
            }
        }
        view.importHref = Route.statements(.page).path + "?account=\(id)"
        view.reconcileHref = Route.reconcile(.reconcile(id)).path
        view.addEntryHref = Route.budget(.new(.entry)).path + "?kind=expense&account=\(id)&back=" + FormEncoding.encode(here)
        return try page(.account, .accounts, context, view, title: account.name)
    }

    /// The new account's form: type from `?type=` (checking by default), spendable ticked for its type.
    func newAccountPage(_ context: RequestContext) throws -> Response {
        let type = context.query["type"].flatMap(AccountType.init(rawValue:)) ?? .checking
        var values = ["type": type.rawValue, "openedOn": today().iso, "openingBalance": ""]
        if type.spendableByDefault { values["spendable"] = "1" }
        if context.query["then"] == "import" { values["then"] = "import" }
        return try accountForm(id: nil, FormState(context.t, values: values), context)
    }

    /// An existing account's form.
    func editAccountPage(_ id: ID<Account>, _ context: RequestContext) throws -> Response {
        guard let account = try database.account(id: id) else { throw AppError(.notFound) }
        var values = ["name": account.name, "type": account.type.rawValue, "openedOn": account.openedOn.iso,
                      "openingBalance": MoneyFormat.formatPlain(account.openingBalance, context.language)]
        if account.spendable { values["spendable"] = "1" }
        return try accountForm(id: id, FormState(context.t, values: values), context, account: account)
    }

    /// "Delete …?", or, while entries belong to the account, an offer to close it instead.
    func deleteAccountPage(_ id: ID<Account>, _ context: RequestContext) throws -> Response {
        let t = context.t
        guard let account = try database.account(id: id) else { throw AppError(.notFound) }
        let used = try database.accountEntryCount(id)
        let title = t.format("confirm_delete_title", ["name": account.name])
        if used > 0 {
            return try page(.confirm, .accounts, context, ConfirmPageView(
                heading: title, text: t["account_delete_in_use"], action: Route.accounts(.close(id)).path,
                submitLabel: t["account_close"], cancelHref: Route.accounts(.edit(id)).path), title: title)
        }
        return try page(.confirm, .accounts, context, ConfirmPageView(
            heading: title, text: t["confirm_delete_text"], action: Route.accounts(.delete(id)).path,
            submitLabel: t["action_delete"], cancelHref: Route.accounts(.edit(id)).path), title: title)
    }

    func accountForm(id: ID<Account>?, _ state: FormState, _ context: RequestContext, account: Account? = nil,
                     status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        func field(_ name: String, _ kind: FieldKind, required: Bool = false, hint: String? = nil,
                   options: [(String, String)] = [], maxLength: Int? = nil) -> FieldView {
            let value = state.values[name] ?? ""
            return FieldView(name: name, label: t[runtime: "account_field_" + name], kind: kind, value: value, error: state.errors[name],
                             hint: hint, required: required, maxLength: maxLength,
                             options: options.map { OptionView(value: $0.0, label: $0.1, selected: $0.0 == value) },
                             checked: state.flag(name))
        }
        let fields = [
            field("name", .text, required: true, maxLength: 80),
            field("type", .select, options: AccountType.allCases.map { ($0.rawValue, t[$0.stringKey]) }),
            field("openingBalance", .money, hint: t["account_hint_opening"]),
            field("openedOn", .date, required: true, hint: t["account_hint_opened_on"]),
            field("spendable", .checkbox, hint: t["account_hint_spendable"]),
        ]
        let heading = id == nil ? t["account_new_title"] : t.format("account_edit_title", ["name": account?.name ?? ""])
        var view = AccountFormView(form: FormPageView(
            heading: heading, intro: nil, action: id.map { Route.accounts(.edit($0)).path } ?? Route.accounts(.list).path,
            submitLabel: t[id == nil ? "action_add" : "action_save"],
            cancelHref: id.map { Route.accounts(.account($0)).path } ?? Route.accounts(.list).path,
            fields: fields, hasErrors: !state.isValid))
        if id == nil, state.values["then"] == "import" {
            view.returnTo = "import"
            view.form.cancelHref = Route.statements(.page).path
        }
        if let id, let account {
            view.closeAction = account.closed ? nil : Route.accounts(.close(id)).path
            view.reopenAction = account.closed ? Route.accounts(.reopen(id)).path : nil
            view.deleteHref = Route.accounts(.delete(id)).path
        }
        return try page(.accountForm, .accounts, context, view, title: heading, status: status)
    }

    // MARK: - POST

    /// Creates (`id` nil) or updates an account from the posted form.
    func submitAccount(id: ID<Account>?, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t
        let token = try Self.formToken(form)
        let existing = try id.map { id -> Account in
            guard let account = try database.account(id: id) else { throw AppError(.notFound) }
            return account
        }
        var state = FormState(t, fields: form.fields)
        let currency = try householdSettings().currency(for: t.language)
        state.currency = currency
        guard let parsed = AccountForm.parse(&state, currency: existing?.currency ?? currency.code) else {
            return try accountForm(id: id, state, context, account: existing, status: .unprocessable)
        }
        let newID: ID<Account>
        do {
            if let id {
                _ = try database.updateAccount(id: id, parsed, formToken: token)
                newID = id
            } else {
                guard case .written(let created) = try database.addAccount(parsed, formToken: token) else {
                    return context.redirect(to: Route.accounts(.list).path, flash: nil)
                }
                newID = created
            }
        } catch AccountError.duplicateName {
            state.fail("name", "account_name_taken", ["name": parsed.name])
            return try accountForm(id: id, state, context, account: existing, status: .unprocessable)
        }
        if id == nil, state.values["then"] == "import" {
            // The detour from /import: back to it, the new account chosen.
            return context.redirect(to: Route.statements(.page).path + "?account=\(newID)", flash: t.format("flash_added", ["name": parsed.name]))
        }
        return context.redirect(to: Route.accounts(.account(newID)).path,
                                flash: t.format(id == nil ? "flash_added" : "flash_saved", ["name": parsed.name]))
    }

    /// Closes or reopens an account.
    func closeAccount(_ id: ID<Account>, closed: Bool, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        guard let account = try database.account(id: id) else { throw AppError(.notFound) }
        _ = try database.setAccountClosed(id: id, closed: closed, formToken: token)
        return context.redirect(to: Route.accounts(.account(id)).path,
                                flash: context.t.format(closed ? "account_flash_closed" : "account_flash_reopened", ["name": account.name]))
    }

    /// Soft-deletes an account no entry belongs to; the next page offers Undo. While entries
    /// belong to it, nothing changes and the flash says to close it instead.
    func deleteAccount(_ id: ID<Account>, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        guard let account = try database.account(id: id) else { throw AppError(.notFound) }
        do {
            _ = try database.deleteAccount(id: id, formToken: token)
        } catch AccountError.inUse {
            return context.redirect(to: Route.accounts(.edit(id)).path, flash: context.t["account_delete_in_use"])
        }
        return context.redirect(to: Route.accounts(.list).path + "#flash", flash: context.t.format("flash_deleted", ["name": account.name]),
                                undo: (thing: "account-\(id)", name: account.name))
    }

    // MARK: - Rows

}

/// The account form's validation.
enum AccountForm {
    /// The validated account, or nil with messages in `state`.
    static func parse(_ state: inout FormState, currency: String) -> NewAccount? {
        let name = state.name("name")
        let type = state.choice("type", AccountType.self)
        let opening = signedMoney("openingBalance", &state)
        let openedOn = state.day("openedOn")
        guard state.isValid, let name, let type, let opening, case .some(.some(let openedOn)) = openedOn else { return nil }
        return NewAccount(name: name, type: type, openingBalance: opening, openedOn: openedOn,
                          spendable: state.flag("spendable"), currency: currency)
    }

    /// An amount that may carry a leading minus (`-`, `−`); empty is 0.
    static func signedMoney(_ field: String, _ state: inout FormState) -> Money? {
        var text = state.text(field)
        var negative = false
        if let first = text.first, first == "-" || first == "\u{2212}" {
            negative = true
            text = String(text.dropFirst()).trimmingCharacters(in: .whitespaces)
        }
        if text.isEmpty && !negative { return .zero }
        var inner = state
        inner.values[field] = text
        let parsed = inner.money(field, allowZero: true)
        if let error = inner.errors[field] { state.errors[field] = error; return nil }
        guard case .some(.some(let money)) = parsed else { return nil }
        return negative ? money.negated : money
    }
}

// MARK: - The Budget page's Accounts block

extension Handler {
    /// POST /data/undo for thing=account-<id>: brings the account back.
    func undoAccountDelete(_ id: ID<Account>, token: String, _ context: RequestContext) throws -> Response {
        let list = Route.accounts(.list).path
        do {
            _ = try database.undoDeleteAccount(id: id, formToken: token)
        } catch StorageError.undoExpired {
            return context.redirect(to: list, flash: context.t["flash_undo_expired"])
        } catch AccountError.duplicateName {
            return context.redirect(to: list, flash: context.t["account_name_taken_undo"])
        }
        let name = try database.account(id: id)?.name ?? ""
        return context.redirect(to: list, flash: context.t.format("flash_restored_named", ["name": name]))
    }

    /// Fills the Budget page's Accounts block (nothing without accounts) and each listed
    /// entry's account name.
    func addAccounts(to view: inout BudgetPageView, entries: [StoredEntry], household: Household, display: Display,
                     today: Day) throws {
        let accounts = try database.accounts()
        guard !accounts.isEmpty else { return }
        let balances = try database.balances(on: today)
        let open = accounts.filter { !$0.closed }
        let worth = netWorth(openBalances: open.compactMap { balances[$0.id]?.balance }, debts: household.debts, today: today)
        view.accounts = AccountsBlockView(rows: open.map { accountRow($0, balances[$0.id], display: display) },
                                          netWorth: display.money(worth))
        let names = Dictionary(uniqueKeysWithValues: accounts.map { ($0.id, $0.name) })
        let links = try database.entryAccounts(entries.map(\.entry.id))
        for (index, stored) in entries.enumerated() where index < view.entries.count {
            view.entries[index].account = links[stored.entry.id]?.accountID.flatMap { names[$0] }
        }
    }
}

extension Handler {
    func accountRow(_ account: Account, _ balance: AccountBalance?, display: Display) -> AccountRow {
        let t = display.t
        let balance = balance ?? AccountBalance(balance: account.openingBalance, cleared: account.openingBalance)
        return AccountRow(id: account.id, name: account.name, type: t[account.type.stringKey],
                          balance: display.money(balance.balance), cleared: display.money(balance.cleared),
                          isNegative: balance.balance.minorUnits < 0, spendable: account.spendable, closed: account.closed,
                          href: Route.accounts(.account(account.id)).path, editHref: Route.accounts(.edit(account.id)).path)
    }
}
