import Engine
import HTTPCore
import Mustache
import Storage

// Routes:
//   GET /data[?year=YYYY&month=YYYY-MM&page=N]   the budget: figures, incomes, expenses, debts,
//                                                goals, and the selected month's entries (50 a page)
// The forms behind its links are in BudgetForms.swift. Rows other pages show too (an entry, the
// payoff strategies) are in Rendering/RowViews.swift; the household's settings and category names
// in Household/HouseholdSettings.swift.

extension BudgetFeature {
    /// The Budget page; `newCategory` is a refused "new category" form to show again
    /// (with `status` 422) beside its field.
    func budgetPage(_ context: RequestContext, newCategory: FormState? = nil, status: HTTPStatus = .ok) throws -> Response {
        let today = today()
        let settings = try householdSettings()
        if !settings.onboardingSeen {
            return context.redirect(to: Route.welcome.path, flash: nil)
        }
        let display = Display(t: context.t, currency: settings.currency(for: context.language))
        let year = context.query["year"].flatMap(Int.init).flatMap { (1900...2199).contains($0) ? $0 : nil } ?? today.year
        let listed = context.query["month"].flatMap(YearMonth.init(iso:)).flatMap { Limits.months.contains($0) ? $0 : nil }
            ?? today.yearMonth
        // The plan (computed once per data change) carries this year's totals; another
        // year needs that year's entries.
        let (household, plan) = try currentPlan()
        let totals: BudgetTotals
        // The household whose entries cover the selected year (for what was received).
        let yearHousehold: Household
        if year == today.year {
            totals = plan.totals
            yearHousehold = household
        } else {
            let from = min(Day(year: year, month: 1, day: 1)!, today.yearMonth.firstDay)
            let through = max(Day(year: year, month: 12, day: 31)!, today.yearMonth.lastDay)
            yearHousehold = try database.household(settings: settings.plan, entriesFrom: from, through: through, today: today)
            totals = budgetTotals(yearHousehold, today: today, year: year)
        }

        // One-off entries only: confirmations of recurring items and debt payments are
        // counted in a note (they are on the Calendar).
        let entryCount = try database.entryCount(from: listed.firstDay, through: listed.lastDay)
        let oneOffCount = try database.entryCount(from: listed.firstDay, through: listed.lastDay, oneOff: true)
        let pages = max(1, (oneOffCount + Self.entriesPerPage - 1) / Self.entriesPerPage)
        let pageNumber = min(max(1, context.query["page"].flatMap(Int.init) ?? 1), pages)
        let entries = try database.oneOffEntries(from: listed.firstDay, through: listed.lastDay,
                                                 limit: Self.entriesPerPage, offset: (pageNumber - 1) * Self.entriesPerPage)
        let categories = try database.categories()
        let categoryNames = Dictionary(categories.compactMap { category in category.name.map { (category.key, $0) } },
                                       uniquingKeysWith: { a, _ in a })

        var view = BudgetPageView(words: context.t)
        view.isEmpty = household.incomes.isEmpty && household.expenses.isEmpty && household.debts.isEmpty
            && household.goals.isEmpty && entryCount == 0
        view.settings = settings
        view.totalIncome = display.money(totals.monthlyRecurringIncome)
        view.totalExpense = display.money(totals.monthlyExpense)
        view.annualIncome = display.money(totals.annualIncome)
        view.annualIncomeLabel = context.t.format("budget_annual_income_formula", ["year": String(year)])
        view.receivedLabel = context.t.format("budget_received_year", ["year": String(year)])
        view.received = actualIncomeReceived(yearHousehold.entries, year: year).map(display.money) ?? "—"
        view.annualExpense = display.money(totals.annualExpense)
        view.plannedDaily = display.money(totals.plannedDailyExpense)
        // A figure or "—"; the explanation goes below the figure, never in its place.
        view.actualDaily = totals.actualDailyExpense.map(display.money) ?? "—"
        view.actualDailyNote = totals.actualDailyExpense != nil ? nil
            : totals.actualDailyAvailableFrom.map { context.t.format("budget_actual_daily_from", ["date": display.day($0)]) }
            ?? context.t["budget_actual_daily_none"]
        view.year = year
        view.years = ((today.year - 5)...(today.year + 5)).map {
            OptionView(value: String($0), label: String($0), selected: $0 == year)
        }
        view.incomes = household.incomes.map { itemRow($0, totals: totals, display: display, names: categoryNames) }
        view.expenses = household.expenses.map { itemRow($0, totals: totals, display: display, names: categoryNames) }
        // One line for all debts: each debt itself is listed once, under Debts.
        let payingDebts = household.debts.filter { totals.debtMonthlyPayments[$0.id] != nil }
        view.debtLines = payingDebts.isEmpty ? [] : [ItemRow(
            name: context.t["budget_mandatory_debt"], amount: display.money(totals.minimumDebtPayments),
            detail: context.t["budget_debt_total_hint"], href: "#debts")]
        view.debts = household.debts.map { debtRow($0, plan: plan, display: display) }
        view.payoff = payoffRows(plan, display: display)
        let emergencyBar = progressBar(saved: plan.emergencySaved, target: plan.emergencyTarget)
        view.emergency = GoalRow(
            name: context.t["goal_emergency"], target: display.money(plan.emergencyTarget),
            saved: display.money(plan.emergencySaved), value: emergencyBar.value,
            max: emergencyBar.max, detail: context.t.format("budget_emergency_detail", [
                "months": display.months(settings.plan.emergencyMonths)]),
            editHref: Route.budget(.emergencyFund).path, deleteHref: nil)
        view.goals = household.goals.map { goal in
            let bar = progressBar(saved: goal.saved, target: goal.target)
            return GoalRow(name: goal.name, target: display.money(goal.target), saved: display.money(goal.saved),
                    value: bar.value, max: bar.max,
                    detail: [goal.deadline.map { context.t.format("budget_goal_deadline", ["date": display.day($0)]) },
                             context.t[runtime: "priority_\(goal.priority)"]].compactMap { $0 }.joined(separator: " · "),
                    editHref: Route.budget(.edit(goal.id)).path, deleteHref: Route.budget(.delete(goal.id)).path)
        }
        view.monthLabel = display.month(listed)
        let budget = Route.budget(.page).path
        view.previousMonthHref = budget + "?month=\(listed.previous.iso)&year=\(year)#entries"
        view.nextMonthHref = budget + "?month=\(listed.next.iso)&year=\(year)#entries"
        view.entries = entries.map { entryRow($0, display: display, names: categoryNames, back: budget + "?month=\(listed.iso)") }
        try addAccounts(to: &view, entries: entries, household: household, display: display, today: today)
        let confirmations = try database.entryCount(from: listed.firstDay, through: listed.lastDay, oneOff: false)
        view.transfers = try transferRows(from: listed.firstDay, through: listed.lastDay, display: display,
                                          back: budget + "?month=\(listed.iso)")
        view.confirmationsNote = confirmations == 0 ? nil
            : context.t.format("budget_confirmations_note", ["count": String(confirmations)])
        view.confirmationsHref = Route.calendar(.month(listed)).path
        view.pageText = pages > 1 ? context.t.format("budget_page_of", ["page": "\(pageNumber)", "pages": "\(pages)"]) : nil
        view.previousPageHref = pageNumber > 1 ? budget + "?month=\(listed.iso)&year=\(year)&page=\(pageNumber - 1)#entries" : nil
        view.nextPageHref = pageNumber < pages ? budget + "?month=\(listed.iso)&year=\(year)&page=\(pageNumber + 1)#entries" : nil
        view.categories = categories.map {
            CategoryRow(key: $0.key, label: display.category($0.key, names: categoryNames), removable: !$0.inUse && $0.key != "other")
        }
        view.addEntryMonthQuery = listed == today.yearMonth ? "" : "&date=\(listed.firstDay.iso)"
        // Back to the month the list showed after adding, not to this month's view.
        view.addEntryMonthQuery += "&back=" + FormEncoding.encode(Self.entriesView(listed, year: year, today: today))
        view.newCategoryName = newCategory?.values["name"] ?? ""
        view.newCategoryError = newCategory?.errors["name"]
        view.todayTitle = context.t.format("budget_today_title", ["date": display.day(today)])
        // Today lists today's items and the overdue ones, each with Confirm (the Calendar day only its own).
        view.todayHref = TodayRoute.page.path + "#planned"
        view.limitBanners = try limitBanners(back: budget, context, today: today)
        view.quickBox = QuickBoxView(context.t, back: budget)
        view.limitsBlock = try limitsBlock(household: household, display: display, today: today)
        view.safeToSpend = safeToSpendBlock(context, display: display)
        return try page(.budget, .budget, context, view, status: status)
    }

    static let entriesPerPage = 50

    func itemRow(_ item: RecurringItem, totals: BudgetTotals, display: Display, names: [String: String]) -> ItemRow {
        let t = display.t
        var detail = display.periodicity(item.periodicity) + " · "
        detail += item.end.map { t.format("budget_period_from_to", ["start": display.day(item.start), "end": display.day($0)]) }
            ?? t.format("budget_period_from", ["start": display.day(item.start)])
        if item.kind == .expense { detail = display.category(item.category, names: names) + " · " + detail }
        let monthly = totals.itemMonthlyAmounts[item.id].map { t.format("budget_per_month", ["amount": display.money($0)]) }
        return ItemRow(name: item.name, amount: display.money(item.amount), monthly: item.periodicity == .monthly ? nil : monthly,
                       detail: detail, href: Route.budget(.edit(item)).path, deleteHref: Route.budget(.delete(item)).path)
    }

    func debtRow(_ debt: Debt, plan: Plan, display: Display) -> ItemRow {
        let t = display.t
        switch debt.kind {
        case .paymentOnly(let payment):
            return ItemRow(name: debt.name, amount: display.money(payment),
                           detail: t.format("budget_debt_payment_only", ["day": "\(debt.paymentDay)"]),
                           href: Route.budget(.edit(debt.id)).path, deleteHref: Route.budget(.delete(debt.id)).path)
        case .loan(let loan):
            var parts = [t.format("budget_debt_balance", ["amount": display.money(loan.balance), "date": display.day(loan.asOf)]),
                         t.format("budget_debt_apr", ["apr": display.apr(loan.apr)])]
            if let term = loan.termMonths { parts.append(t.format("budget_debt_term", ["term": display.months(term)])) }
            if loan.graceMonths > 0 { parts.append(t.format("budget_debt_grace", ["grace": display.months(loan.graceMonths)])) }
            parts.append(t.format("budget_debt_day", ["day": "\(debt.paymentDay)"]))
            let minimum = loan.effectiveMinimum.map(display.money) ?? "—"
            let label = loan.minimumPayment == nil ? t.format("budget_debt_minimum_computed", ["amount": minimum])
                : t.format("budget_debt_minimum", ["amount": minimum])
            return ItemRow(name: debt.name, amount: label, detail: parts.joined(separator: " · "),
                           href: Route.budget(.edit(debt.id)).path, deleteHref: Route.budget(.delete(debt.id)).path)
        }
    }
}

extension Handler {
    /// The address of the Budget page's entries of `month` (the year kept when not this year's).
    static func entriesView(_ month: YearMonth, year: Int, today: Day) -> String {
        Route.budget(.page).path + "?month=\(month.iso)" + (year == today.year ? "" : "&year=\(year)") + "#entries"
    }
}
