import Engine
import HTTPCore
import Storage

// Routes:
//   GET  /transactions[?filters]          the ledger: every entry, newest first, 50 a page, filters as links
//   POST /transactions/bulk               recategorise, assign to an account or delete the ticked entries
//   POST /data/undo (thing=entries-<n>)   bring back exactly what a bulk delete took (BudgetForms.swift hands it here)
//   GET  /api/v1/transactions[?filters]   the same page as JSON, amounts in minor units

extension TransactionsFeature {
    /// The ledger page for the request's query. Bad parameters are a 400 (the app's page).
    func transactionsPage(_ context: RequestContext) throws -> Response {
        try transactionsPage(query: context.query, context)
    }

    /// The ledger page for `query` (the request's, or the one a refused bulk form came from),
    /// with `bulk` kept and its message shown when the form was refused (422).
    func transactionsPage(query: FormFields, _ context: RequestContext, bulk: FormState? = nil, ticked: Set<String> = [],
                          status: HTTPStatus = .ok) throws -> Response {
        let lookups = try ledgerLookups(context)
        let parsed = try TransactionsQuery(query, currency: lookups.display.currency, language: context.language, t: context.t,
                                           accounts: Set(lookups.accounts.map(\.id)), categories: Set(lookups.categories.map(\.key)))
        let (ledger, totals) = try database.ledger(parsed.filter, at: parsed.position)
        var view = TransactionsView(parsed, page: ledger, totals: totals, lookups: lookups, t: context.t, bulk: bulk, ticked: ticked)
        view.transfersFound = try proposedTransfersView(back: Route.transactions(.page).path, display: lookups.display)
        // A filter typed wrong: the ledger without it, the filters open and the message by the field.
        return try page(.transactions, .transactions, context, view, status: parsed.problems.isEmpty ? status : .unprocessable)
    }

    /// POST /transactions/bulk: one transaction over the ticked entries (or the whole page with
    /// "all"), then 303 back to the same filtered address with a flash; nothing ticked or no
    /// category/account chosen: 422 with the page and a message by the actions.
    func submitBulk(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let back = Self.ledgerBack(form.fields["back"])
        var state = FormState(context.t, fields: form.fields)
        let source = form.fields["all"] == "1" ? "page" : "id"
        var ids: [ID<Entry>] = []
        for text in form.fields.values(source) {
            guard let id = Route.id(text) else { throw AppError(.malformed) }
            ids.append(ID(id))
        }
        guard ids.count <= AppDatabase.bulkLimit else { throw AppError(.malformed) }
        let action = form.fields["action"] ?? ""
        guard ["recategorise", "account", "delete"].contains(action) else { throw AppError(.malformed) }
        if ids.isEmpty { state.fail("bulk", "tx_bulk_none") }
        let t = context.t
        let query = (try? FormDecoding.query(back.query)) ?? FormFields()
        func refused() throws -> Response {
            try transactionsPage(query: query, context, bulk: state, ticked: Set(form.fields.values("id")), status: .unprocessable)
        }
        do {
            switch action {
            case "recategorise":
                let category = state.text("category")
                if category.isEmpty { state.fail("category", "tx_bulk_choose_category") }
                guard state.isValid else { return try refused() }
                guard case .written(let outcome) = try database.recategorise(ids, category: category, formToken: token) else {
                    return context.redirect(to: back.location, flash: nil)
                }
                var flash = t.plural("tx_flash_recategorised", count: outcome.changed)
                if outcome.skippedNotExpense > 0 { flash += " " + t.plural("tx_flash_skipped_income", count: outcome.skippedNotExpense) }
                return context.redirect(to: back.location, flash: try withLimitLevels(flash, categories: [category], context))
            case "account":
                let choice = state.text("account")
                let account: ID<Account>?
                if choice == "none" {
                    account = nil
                } else if let id: ID<Account> = Route.id(choice) {
                    account = id
                } else {
                    state.fail("account", "tx_bulk_choose_account")
                    return try refused()
                }
                guard state.isValid else { return try refused() }
                guard case .written(let outcome) = try database.assignAccount(ids, account: account, formToken: token) else {
                    return context.redirect(to: back.location, flash: nil)
                }
                var flash = t.plural("tx_flash_assigned", count: outcome.changed)
                if outcome.skippedTransfers > 0 { flash += " " + t.plural("tx_flash_skipped_transfers", count: outcome.skippedTransfers) }
                if outcome.skippedReconciled > 0 { flash += " " + t.format("tx_flash_skipped_reconciled", ["count": "\(outcome.skippedReconciled)"]) }
                return context.redirect(to: back.location, flash: flash)
            default:
                guard state.isValid else { return try refused() }
                guard case .written(let outcome) = try database.deleteEntries(ids, formToken: token) else {
                    return context.redirect(to: back.location, flash: nil)
                }
                var flash = t.plural("tx_flash_deleted", count: outcome.changed)
                if outcome.skippedReconciled > 0 { flash += " " + t.format("tx_flash_skipped_reconciled", ["count": "\(outcome.skippedReconciled)"]) }
                let undo = outcome.deletionBatch > 0
                    ? (thing: "entries-\(outcome.deletionBatch)", name: t.plural("tx_undo_name", count: outcome.changed)) : nil
                return context.redirect(to: back.location, flash: flash, undo: undo)
            }
        } catch StorageError.notFound {
            // The category or account went away since the page was shown.
            state.fail(action == "recategorise" ? "category" : "account", "tx_bulk_gone")
            return try refused()
        }
    }

    /// GET /api/v1/transactions: the page's rows as JSON and the cursor of the next (older) page.
    func transactionsAPI(_ context: RequestContext) throws -> Response {
        let lookups = try ledgerLookups(context)
        let parsed = try TransactionsQuery(context.query, currency: lookups.display.currency, language: context.language, t: context.t,
                                           accounts: Set(lookups.accounts.map(\.id)), categories: Set(lookups.categories.map(\.key)))
            .checked(context.t)
        if parsed.shortText {
            throw AppError(.malformed, message: context.t.format("tx_search_short", ["count": "\(TransactionsQuery.minimumText)"]))
        }
        let page = try database.ledgerPage(parsed.filter, at: parsed.position)
        return JSON.object([
            ("items", .array(page.rows.map { row in
                .object([
                    ("id", .integer(row.id.rawValue)),
                    ("date", .string(row.date.iso)),
                    ("name", .string(row.name)),
                    ("payee", row.payeeRaw.map(JSON.string) ?? .null),
                    ("kind", .string(row.isIncome ? "income" : "expense")),
                    ("amount", .integer(row.amount.minorUnits)),
                    ("category", row.category.map(JSON.string) ?? .null),
                    ("accountID", .optional(row.accountID?.rawValue)),
                    ("isActual", .bool(row.isActual)),
                    ("cleared", .bool(row.cleared)),
                    ("transferGroup", .optional(row.transferGroup)),
                ])
            })),
            ("next", page.older.map { .string(TransactionsQuery.text($0)) } ?? .null),
        ]).response()
    }

    /// What the ledger names things by: accounts, categories, the page's formats.
    func ledgerLookups(_ context: RequestContext) throws -> LedgerLookups {
        let settings = try householdSettings()
        return LedgerLookups(display: Display(t: context.t, currency: settings.currency(for: context.language)),
                             accounts: try database.accounts(), categories: try database.categories())
    }
}

/// The accounts and categories the ledger shows by name, and its formats.
struct LedgerLookups {
    var display: Display
    var accounts: [Account]
    var categories: [CategoryRecord]
}

extension Handler {
    /// POST /data/undo with thing=entries-<n>: brings back what bulk delete n took, then
    /// the ledger the undo was pressed on (its Referer), else the unfiltered ledger.
    func undoBulkDelete(_ batch: Int64, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        var location = Route.transactions(.page).path
        if let referer = context.request.headers["Referer"], let range = referer.range(of: Route.transactions(.page).path),
           referer[..<range.lowerBound].hasSuffix("//\(context.request.headers["Host"] ?? "-")") {
            location = Self.ledgerBack(String(referer[range.lowerBound...])).location
        }
        do {
            guard case .written(let count) = try database.undoDeleteEntries(batch: batch, formToken: token) else {
                return context.redirect(to: location, flash: nil)
            }
            return context.redirect(to: location, flash: context.t.plural("tx_flash_restored", count: count))
        } catch StorageError.undoExpired {
            return context.redirect(to: location, flash: context.t["flash_undo_expired"])
        }
    }

    /// The bulk delete an undo button names ("entries-<n>"), or nil for another thing.
    static func bulkDeletion(_ thing: String?) -> Int64? {
        guard let thing, thing.hasPrefix("entries-") else { return nil }
        return Route.id(String(thing.dropFirst("entries-".count)))
    }
}

extension Handler {
    /// Where a bulk form returns: its `back` when it is the ledger on this server, else the
    /// unfiltered ledger; with its query apart (to re-render a refused form).
    static func ledgerBack(_ back: String?) -> (location: String, query: String) {
        let page = Route.transactions(.page).path
        guard let back, let local = localPath(back) else { return (page, "") }
        let parts = local.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts[0] == page else { return (page, "") }
        return (local, parts.count == 2 ? String(parts[1]) : "")
    }
}
