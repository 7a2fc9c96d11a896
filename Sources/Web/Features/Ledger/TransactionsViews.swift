import Engine
import Statements
import Storage

/// The ledger page: the count and totals of the filter first, the filter form, the chips of the
/// filters in effect, then the newest entries by day with "Show all N entries" (the summary), or
/// one page of all of them (`all=1`), with the bulk actions and the pager.
struct TransactionsView: ViewModel {
    /// Pairs of entries that look like transfers between own accounts ("Make transfer").
    var transfersFound: ProposedTransfersView?
    var action: String
    var q: String
    /// "Type at least 3 characters" when the search text was too short to apply.
    var searchNote: String?
    var amount: String
    var from: String
    var to: String
    /// The messages by the filter fields typed wrong (422).
    var amountError: String?
    var fromError: String?
    var toError: String?
    /// True when the more filters are shown open: a filter in effect or one refused.
    var filtersOpen: Bool
    var accountOptions: [OptionView]
    var categoryOptions: [OptionView]
    var kindOptions: [OptionView]
    var statusOptions: [OptionView]
    var chips: [TransactionsChip]
    var clearHref: String?
    var rows: [TransactionsRow]
    /// The rows shown, under their days.
    var days: [LedgerDay<TransactionsRow>]
    var hasRows: Bool
    /// True on the full list (`all=1`): the filter form keeps it.
    var showsAll: Bool
    /// "Show all N entries" on the summary when it leaves entries out.
    var showAllHref: String?
    var showAllLabel: String
    /// The summary's address, on the full list.
    var summaryHref: String?
    var hasPager: Bool
    var olderHref: String?
    var newerHref: String?
    var footer: String
    var incomeTotal: String
    var expenseTotal: String
    var apiHref: String
    // The bulk form.
    var bulkAction: String
    var back: String
    var bulkCategoryOptions: [OptionView]
    var bulkAccountOptions: [OptionView]
    var bulkError: String?
    var categoryError: String?
    var accountError: String?

    init(_ query: TransactionsQuery, page: LedgerPage, totals: LedgerTotals, lookups: LedgerLookups, t: Translations, bulk: FormState?,
         ticked: Set<String> = []) {
        let display = lookups.display
        let path = Route.transactions(.page).path
        action = path
        q = query.given["q"] ?? ""
        searchNote = query.shortText ? t.format("tx_search_short", ["count": "\(TransactionsQuery.minimumText)"]) : nil
        amount = query.given["amount"] ?? query.typed["amount"] ?? ""
        from = query.given["from"] ?? query.typed["from"] ?? ""
        to = query.given["to"] ?? query.typed["to"] ?? ""
        amountError = query.problems["amount"]
        fromError = query.problems["from"]
        toError = query.problems["to"]
        filtersOpen = !query.given.isEmpty || !query.problems.isEmpty
        let names = Dictionary(lookups.categories.compactMap { record in record.name.map { (record.key, $0) } }, uniquingKeysWith: { a, _ in a })
        let accountNames = Dictionary(lookups.accounts.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        func options(_ pairs: [(String, String)], selected: String?) -> [OptionView] {
            [OptionView(value: "", label: t["tx_any"], selected: selected == nil)]
                + pairs.map { OptionView(value: $0.0, label: $0.1, selected: $0.0 == selected) }
        }
        let accountPairs = lookups.accounts.map { (String($0.id), $0.closed ? t.format("tx_account_closed", ["name": $0.name]) : $0.name) }
        let categoryPairs = lookups.categories.map { ($0.key, display.category($0.key, names: names)) }
        accountOptions = options([("none", t["tx_no_account"])] + accountPairs, selected: query.given["account"])
        categoryOptions = options([("none", t["tx_uncategorised"])] + categoryPairs, selected: query.given["category"])
        kindOptions = options(LedgerFilter.Kind.allCases.map { ($0.rawValue, t[$0.stringKey]) }, selected: query.given["kind"])
        statusOptions = options([("planned", t["tx_planned"]), ("actual", t["tx_actual"])], selected: query.given["status"])

        func label(_ name: String, _ value: String) -> String {
            switch name {
            case "q": t.format("tx_chip_text", ["text": value])
            case "amount": t.format("tx_chip_amount", ["amount": value])
            case "account": value == "none" ? t["tx_no_account"] : Route.id(value).flatMap { accountNames[$0] } ?? value
            case "category": value == "none" ? t["tx_uncategorised"] : display.category(value, names: names)
            case "kind": t[runtime: "tx_kind_\(value)"]
            case "status": t[runtime: "tx_\(value)"]
            case "from": t.format("tx_chip_from", ["date": Day(iso: value).map(display.day) ?? value])
            default: t.format("tx_chip_to", ["date": Day(iso: value).map(display.day) ?? value])
            }
        }
        chips = TransactionsQuery.names.compactMap { name in
            (name == "q" && query.shortText ? nil : query.given[name]).map { value in
                TransactionsChip(label: label(name, value), href: path + query.queryString(leaving: name),
                                 removeLabel: t.format("tx_chip_remove", ["filter": label(name, value)]))
            }
        }
        clearHref = chips.isEmpty ? nil : path

        showsAll = query.showsAll
        let shown = query.showsAll ? page.rows[...] : page.rows.prefix(TransactionsQuery.summaryCount)
        rows = shown.map { row in
            return TransactionsRow(
                id: String(row.id), ticked: ticked.contains(String(row.id)), dateISO: row.date.iso, date: display.day(row.date), name: row.name,
                payee: row.payeeRaw.flatMap { $0 == row.name ? nil : $0 },
                // A transfer is in no category: its ⇄ mark says what it is.
                category: row.transferGroup != nil ? nil
                    : row.parts.isEmpty ? row.category.map { display.category($0, names: names) } : display.split(row.parts, names: names),
                account: row.accountID.map { accountNames[$0] ?? "#\($0)" } ?? t["tx_no_account"],
                amount: display.flow(row.isIncome ? .income : .expense, row.amount), isIncome: row.isIncome,
                status: row.isActual ? t["tx_actual"] : t["tx_planned"], isPlanned: !row.isActual,
                cleared: row.cleared, transfer: row.transferGroup != nil,
                editHref: Route.budget(.edit(row.id)).path,
                selectLabel: t.format("tx_select_row", ["name": row.name, "date": display.day(row.date)]),
                ruleHref: Self.ruleHref(payee: row.payeeRaw, category: row.isIncome ? nil : row.category, back: path + query.queryString()),
                ruleLabel: t.format("import_rule_link_label", ["payee": PayeeCategories.payeeKey(row.payeeRaw ?? "")]))
        }
        hasRows = !rows.isEmpty
        days = LedgerDay.grouped(rows)
        var other = query
        other.showsAll.toggle()
        showAllHref = !query.showsAll && totals.count > rows.count ? path + other.queryString() : nil
        showAllLabel = t.plural("tx_show_all", count: totals.count)
        summaryHref = query.showsAll ? path + other.queryString() : nil
        hasPager = query.showsAll && (page.older != nil || page.newer != nil)
        olderHref = page.older.map { path + query.queryString([("before", TransactionsQuery.text($0))]) }
        newerHref = page.newer.map { path + query.queryString([("after", TransactionsQuery.text($0))]) }
        footer = t.plural("tx_footer", count: totals.count)
        incomeTotal = display.money(totals.income)
        expenseTotal = display.money(totals.expense)
        var current = query.queryString()
        switch query.position {
        case .newest: break
        case .olderThan(let cursor): current += (current.isEmpty ? "?" : "&") + "before=" + TransactionsQuery.text(cursor)
        case .newerThan(let cursor): current += (current.isEmpty ? "?" : "&") + "after=" + TransactionsQuery.text(cursor)
        }
        apiHref = Route.transactions(.api).path + current
        bulkAction = Route.transactions(.bulk).path
        back = path + current
        let chosenCategory = bulk?.values["category"]
        bulkCategoryOptions = [OptionView(value: "", label: t["tx_bulk_category_prompt"], selected: chosenCategory == nil)]
            + categoryPairs.map { OptionView(value: $0.0, label: $0.1, selected: $0.0 == chosenCategory) }
        let chosenAccount = bulk?.values["account"]
        bulkAccountOptions = [OptionView(value: "", label: t["tx_bulk_account_prompt"], selected: chosenAccount == nil),
                              OptionView(value: "none", label: t["tx_no_account"], selected: chosenAccount == "none")]
            + lookups.accounts.filter { !$0.closed }.map { OptionView(value: String($0.id), label: $0.name, selected: String($0.id) == chosenAccount) }
        bulkError = bulk?.errors["bulk"]
        categoryError = bulk?.errors["category"]
        accountError = bulk?.errors["account"]
    }
}

/// A filter in effect: its words, and the link to the same page without it.
struct TransactionsChip: ViewModel {
    var label: String
    var href: String
    var removeLabel: String
}

extension TransactionsView {
    /// "Always…" on an imported entry: the payee rule form filled from the bank's text and the
    /// entry's category, coming back to this ledger page; nil without bank text.
    static func ruleHref(payee: String?, category: String?, back: String) -> String? {
        guard let payee, case let key = PayeeCategories.payeeKey(payee), !key.isEmpty else { return nil }
        return Route.statements(.newRule).path + "?contains=" + App.queryEscaped(key) + "&category=" + App.queryEscaped(category ?? "")
            + "&back=" + App.queryEscaped(back)
    }
}


/// One ledger line, formatted.
struct TransactionsRow: ViewModel, DatedRow {
    var id: String
    /// Ticked in the refused form this page answers.
    var ticked: Bool
    var dateISO: String
    var date: String
    var name: String
    /// The bank's text when it differs from the name.
    var payee: String?
    var category: String?
    var account: String
    var amount: String
    var isIncome: Bool
    var status: String
    var isPlanned: Bool
    var cleared: Bool
    var transfer: Bool
    var editHref: String
    var selectLabel: String
    /// "Always…": a payee rule from this entry's bank text (imported entries).
    var ruleHref: String?
    var ruleLabel: String
}
