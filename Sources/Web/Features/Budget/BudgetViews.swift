import Engine
import Mustache

// The Budget page's view models (BudgetPage.swift fills them; budget.mustache reads them).

struct BudgetPageView: ViewModel {
    let words: Translations
    /// "Safe to spend today" with a link to the forecast (ForecastViews.swift).
    var safeToSpend: SafeToSpendView?
    var isEmpty = true
    var settings = HouseholdSettings([:])
    var totalIncome = "", totalExpense = "", annualIncome = "", annualExpense = "", plannedDaily = "", actualDaily = ""
    var annualIncomeLabel = "", receivedLabel = "", received = ""
    /// Category limits (LimitsPage.swift): banners not dismissed, and this month by category.
    var limitBanners: [LimitBannerView] = []
    /// Quick entry's one-line box (quick-box.mustache), returning here.
    var quickBox: QuickBoxView?
    var limitsBlock: LimitsBlockView?
    /// Games and achievements: links and today's reminder (ChallengePage.swift); nil when hidden.
    var actualDailyNote: String?
    var confirmationsNote: String?, confirmationsHref = ""
    var year = 0
    var years: [OptionView] = []
    var incomes: [ItemRow] = [], expenses: [ItemRow] = [], debtLines: [ItemRow] = [], debts: [ItemRow] = []
    var payoff: [PayoffRowView] = []
    var emergency: GoalRow?
    var goals: [GoalRow] = []
    var monthLabel = "", previousMonthHref = "", nextMonthHref = ""
    var entries: [EntryRow] = []
    var pageText: String?, previousPageHref: String?, nextPageHref: String?
    var categories: [CategoryRow] = []
    var addEntryMonthQuery = ""
    var newCategoryName = ""
    var newCategoryError: String?
    var todayTitle = "", todayHref = ""
    /// Each open account's balance today and net worth; nil without accounts.
    var accounts: AccountsBlockView?
    /// The month's transfers between accounts (ReconcilePage.swift), counted in no total.
    var transfers: [TransferRow] = []

    var hasDebtLines: Bool { !debtLines.isEmpty }
    /// The month's entries as HTML (`entriesListHTML` below), read once by budget.mustache.
    var entriesList: String { entriesListHTML(entries, t: words) }
    var hasTransfers: Bool { !transfers.isEmpty }
    var hasPayoff: Bool { !payoff.isEmpty && !settings.hides(.payoff) }
    var showIncomes: Bool { !settings.hides(.incomes) }
    var showExpenses: Bool { !settings.hides(.expenses) }
    var showDebts: Bool { !settings.hides(.debts) }
    var showGoals: Bool { !settings.hides(.goals) }
    var showAnnualIncome: Bool { !settings.hides(.annualIncome) }
    var showAnnualExpense: Bool { !settings.hides(.annualExpense) }
    var showPlannedDaily: Bool { !settings.hides(.plannedDaily) }
    var showActualDaily: Bool { !settings.hides(.actualDaily) }
}

/// One recurring item, debt or debt line.
struct ItemRow: ViewModel {
    var name: String
    var amount: String
    var monthly: String? = nil
    var detail: String
    var href: String
    var deleteHref: String? = nil
}

struct GoalRow: ViewModel {
    var name: String, target: String, saved: String
    var value: Int64, max: Int64
    var detail: String
    var editHref: String
    var deleteHref: String?
}

struct CategoryRow: ViewModel {
    var key: String, label: String
    var removable: Bool
    /// Where its remove button posts.
    var deleteAction: String { Route.budget(.categoryDelete(key)).path }
}

/// The Budget page's list of entries, `<ul class="rows">` to `</ul>`: the text budget.mustache's
/// `{{#entries}}` section gave, written in Swift because its 50 rows through swift-mustache were
/// a fifth of a fresh render's work (docs/PERFORMANCE.md). Every value is escaped as templates
/// escape `{{value}}` (`htmlEscaped`); BudgetEntriesListTests compares it with that section.
func entriesListHTML(_ entries: [EntryRow], t: Translations) -> String {
    let edit = t["action_edit"].htmlEscaped, delete = t["action_delete"].htmlEscaped
    var html = "<ul class=\"rows\">\n"
    html.reserveCapacity(700 * entries.count + 32)
    for row in entries {
        let name = row.name.htmlEscaped, editHref = row.editHref.htmlEscaped
        var detail = "<time datetime=\"\(row.dateISO.htmlEscaped)\">\(row.date.htmlEscaped)</time> · \(row.kind.htmlEscaped) · \(row.status.htmlEscaped)"
        if let account = row.account { detail += " · " + account.htmlEscaped }
        if let note = row.note { detail += " · " + note.htmlEscaped }
        let hidden = "<span class=\"visually-hidden\"> \(name)</span>"
        html += """
                <li class="row">
                  <div class="row-main"><a href="\(editHref)" class="row-name">\(name)</a><span class="row-detail">\(detail)</span></div>
                  <div class="row-amount num \(row.isIncome ? "income" : "expense")">\(row.amount.htmlEscaped)</div>
                  <div class="row-actions"><a href="\(editHref)">\(edit)\(hidden)</a> <a href="\(row.deleteHref.htmlEscaped)">\(delete)\(hidden)</a></div>
                </li>

            """
    }
    return html + "  </ul>"
}
