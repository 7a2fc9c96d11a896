import Engine
import Foundation
import HTTPCore
import Mustache
import Storage

// Routes:
//   GET  /plan[?interval=day|week|month|quarter|year&from=YYYY-MM-DD&to=YYYY-MM-DD&view=planned|actual
//            &categories=planned|actual&schedule=1]
//        free cash flow, the split with rationales and notes, avalanche vs snowball (and the
//        month-by-month schedule on demand), goals, and two SVG charts with data tables
//   POST /plan/recalculate   recomputes the plan and records plan_recalculated {ms, freeCashFlow}
//   GET  /api/v1/plan        the same figures as JSON (docs/product-rules.md, "Addresses and the JSON API")

extension PlanFeature {
    // MARK: - The plan, computed once per data change

    // MARK: - Page

    func planPage(_ context: RequestContext) throws -> Response {
        let t = context.t, today = today()
        let settings = try householdSettings()
        let display = Display(t: t, currency: settings.currency(for: t.language))
        let (household, plan) = try currentPlan()
        var view = PlanPageView()
        view.isEmpty = household.incomes.isEmpty && household.expenses.isEmpty && household.debts.isEmpty && household.goals.isEmpty
        view.snow = settings.stored[HouseholdSettings.Key.newYear] == "on"
        view.freeCashFlow = display.money(plan.freeCashFlow)
        view.isDeficit = plan.freeCashFlow.minorUnits < 0
        view.debtLoad = plan.debtLoadPermille.map { Self.percent(permille: $0, t.language) } ?? "—"
        view.emergencyTarget = display.money(plan.emergencyTarget)
        view.emergencySaved = display.money(plan.emergencySaved)
        (view.emergencyValue, view.emergencyMax) = progressBar(saved: plan.emergencySaved, target: plan.emergencyTarget)
        view.allocations = plan.allocations.map {
            AllocationRow(kind: t[$0.kind.stringKey], name: $0.title(t.language), amount: display.money($0.amount),
                          rationale: $0.text(t.language, display.currency))
        }
        view.notes = view.isEmpty ? [] : plan.notes.map { NoteRow(code: $0.code, text: $0.text(t.language, display.currency)) }
        view.payoff = payoffRows(plan, display: display)
        if let payoff = plan.payoff, context.query["schedule"] == "1" {
            view.schedule = scheduleView(payoff.schedule, household: household, display: display)
        }
        view.hasDebts = plan.payoff != nil
        view.goals = plan.goals.map { goal in
            let eta: String
            if goal.finished { eta = t["goal_done"] }
            else if let months = goal.etaMonths { eta = t.format("goal_eta", ["months": display.months(months)]) }
            else { eta = t["goal_no_eta"] }
            var flags: [String] = []
            if goal.deadlinePassed { flags.append(t["goal_deadline_passed"]) } else if goal.unreachable { flags.append(t["goal_unreachable"]) }
            let bar = progressBar(saved: goal.saved, target: goal.target)
            return GoalProgressRow(name: goal.name, saved: display.money(goal.saved), target: display.money(goal.target),
                                   value: bar.value, max: bar.max,
                                   monthly: display.money(goal.monthly), eta: eta, warning: flags.first)
        }
        for i in view.allocations.indices { view.allocations[i].explainHref = Route.explain(.page(.allocation(line: i + 1))).path }
        for (i, goal) in plan.goals.enumerated() { view.goals[i].explainHref = Route.explain(.page(.goalETA(id: goal.id))).path }
        view.showAllAllocations = t.format("plan_show_all", ["count": "\(view.allocations.count)"])
        view.showAllGoals = t.format("plan_show_all", ["count": "\(view.goals.count)"])
        try charts(&view, household: household, context: context, display: display, today: today)
        view.safeToSpend = safeToSpendBlock(context, display: display)
        goalAdvice(&view, plan: plan, household: household, display: display, today: today)
        if !view.isEmpty {
            view.checklist = ChecklistView(try checklist(household: household, plan: plan, month: today.yearMonth),
                                           month: today.yearMonth, today: today, started: firstUseDay(), back: Route.plan(.page).path,
                                           display: display)
            view.checklist?.steps += try roundUpChecklistRows(today: today, display: display)
        }
        return try page(.plan, .plan, context, view)
    }

    private func scheduleView(_ schedule: PayoffSchedule, household: Household, display: Display) -> ScheduleView {
        let names = Dictionary(household.debts.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        let loans = schedule.loans.map(\.debtID)
        let rows = schedule.months.map { month in
            let byLoan = Dictionary(month.rows.map { ($0.debtID, $0) }, uniquingKeysWith: { a, _ in a })
            return SeriesRow(label: display.month(month.month), cells: loans.map { id in
                byLoan[id].map { "\(display.money($0.payment)) → \(display.money($0.balanceAfter))" } ?? "—"
            }, cellLabels: loans.map { names[$0] ?? "" })
        }
        return ScheduleView(loans: loans.map { names[$0] ?? "" }, rows: rows)
    }

    // MARK: - Charts

    private func charts(_ view: inout PlanPageView, household: Household, context: RequestContext, display: Display, today: Day) throws {
        let t = context.t
        let interval = context.query["interval"].flatMap(SeriesInterval.init(rawValue:)) ?? .month
        let defaultFrom = today.yearMonth.adding(months: -5).firstDay, defaultTo = today.yearMonth.adding(months: 6).lastDay
        var from = context.query["from"].flatMap(Day.init(iso:)).flatMap { Limits.days.contains($0) ? $0 : nil } ?? defaultFrom
        var to = context.query["to"].flatMap(Day.init(iso:)).flatMap { Limits.days.contains($0) ? $0 : nil } ?? defaultTo
        if to < from { swap(&from, &to) }
        let actualView = context.query["view"] == "actual"
        let actualCategories = context.query["categories"] == "actual"
        view.intervals = SeriesInterval.allCases.map { OptionView(value: $0.rawValue, label: t[$0.stringKey], selected: $0 == interval) }
        view.from = from.iso
        view.to = to.iso
        view.views = [("planned", t["status_planned"]), ("actual", t["status_actual"])].map {
            OptionView(value: $0.0, label: $0.1, selected: ($0.0 == "actual") == actualView)
        }
        view.categoryViews = [("planned", t["status_planned"]), ("actual", t["status_actual"])].map {
            OptionView(value: $0.0, label: $0.1, selected: ($0.0 == "actual") == actualCategories)
        }
        let settings = try householdSettings()
        let withEntries = try database.household(settings: settings.plan, entriesFrom: from, through: to)
        let series: [SeriesBucket]
        do {
            series = try cashFlowSeries(withEntries, from: from, through: to, interval: interval, today: today)
        } catch {
            view.chartError = t.format("chart_too_many_buckets", ["max": "\(SeriesInterval.maximumBuckets)"])
            series = []
        }
        let bars = series.map { bucket in
            SVGCharts.Bar(label: shortBucketLabel(bucket, interval, t.language),
                          income: (actualView ? bucket.actualIncome : bucket.plannedIncome).minorUnits,
                          expense: (actualView ? bucket.actualExpense : bucket.plannedExpense).minorUnits,
                          freeCashFlow: (actualView ? bucket.actualFreeCashFlow : bucket.plannedFreeCashFlow).minorUnits)
        }
        let periodText = t.format("chart_period", ["from": display.day(from), "to": display.day(to)])
        let subtitle = t.format("chart_subtitle", ["from": display.day(from), "to": display.day(to),
                                                   "currency": "\(display.currency.symbol) (\(display.currency.code))"])
        view.chartSubtitle = subtitle
        view.cashFlowTitle = t[actualView ? "chart_cashflow_actual_title" : "chart_cashflow_planned_title"]
        if !series.isEmpty {
            let description = t.format("chart_cashflow_desc", ["period": periodText, "interval": t[interval.stringKey]])
            // A phone shows at most 12 bars: longer series add up neighbouring buckets there.
            let phone = SVGCharts.grouped(bars, atMost: 12)
            view.chartGroupedNote = phone.size > 1 ? t["chart_grouped_note"] : nil
            view.cashFlowChart = [(bars, SVGCharts.Layout.wide), (phone.bars, .narrow)].map {
                SVGCharts.cashFlow($0.0, title: view.cashFlowTitle + " · " + subtitle,
                                   description: description + ($0.1.id == SVGCharts.Layout.narrow.id ? (view.chartGroupedNote.map { " " + $0 } ?? "") : ""),
                                   language: t.language, layout: $0.1)
            }.joined()
        }
        view.seriesRows = series.map { bucket in
            SeriesRow(label: bucketLabel(bucket, interval, t.language),
                      cells: [bucket.plannedIncome, bucket.plannedExpense, bucket.plannedFreeCashFlow,
                              bucket.actualIncome, bucket.actualExpense, bucket.actualFreeCashFlow].map(display.money))
        }
        let names = try categoryNames()
        let categories = expensesByCategory(withEntries, from: from, through: to, actual: actualCategories, today: today)
        let total = categories.map(\.amount).saturatingTotal().minorUnits
        let shares = largestRemainderPercents(categories.map(\.amount.minorUnits))
        view.categoryRows = categories.enumerated().map { index, item in
            CategoryShareRow(label: display.category(item.category, names: names), amount: display.money(item.amount),
                             share: t.format("chart_share", ["percent": "\(shares[index])"]), swatch: "slice-\(index % 10)")
        }
        view.categoryTotal = display.money(Money(minorUnits: total))
        view.donutTitle = t[actualCategories ? "chart_categories_actual_title" : "chart_categories_planned_title"]
        view.donutChart = SVGCharts.donut(
            categories.map { SVGCharts.Slice(label: display.category($0.category, names: names) + ": " + display.money($0.amount), amount: $0.amount.minorUnits) },
            title: view.donutTitle + " · " + subtitle,
            description: t.format("chart_categories_desc", ["period": periodText, "total": display.money(Money(minorUnits: total))]))
    }

    /// Whole percents of each part, summing to 100 (largest remainder); all zero for no
    /// total. Exact for any amounts: the engine splits in big integers, never in 64 bits.
    func largestRemainderPercents(_ parts: [Int64]) -> [Int] {
        wholePercents(of: parts.map { Money(minorUnits: $0) })
    }

    private func bucketLabel(_ bucket: SeriesBucket, _ interval: SeriesInterval, _ language: Language) -> String {
        let start = bucket.start
        switch interval {
        case .day: return "\(start.day).\(start.month < 10 ? "0" : "")\(start.month)"
        case .week: return Translations(language).format("chart_week_of", ["date": DateFormat.long(start, language)])
        case .month: return DateFormat.month(start.yearMonth, language)
        case .quarter: return Translations(language).format("chart_quarter", ["quarter": "\((start.month - 1) / 3 + 1)", "year": "\(start.year)"])
        case .year: return "\(start.year)"
        }
    }

    /// A label short enough for the chart's axis: "Jun 26", "Mar 3" (a week), "Q4 26", "21.11".
    private func shortBucketLabel(_ bucket: SeriesBucket, _ interval: SeriesInterval, _ language: Language) -> String {
        let start = bucket.start
        let year = String(format: "%02d", start.year % 100)
        switch interval {
        case .month: return ChartAxis.shortMonth(start.month, language) + " " + year
        case .quarter: return "Q\((start.month - 1) / 3 + 1) " + year
        case .week: return ChartAxis.week(start, language)
        default: return bucketLabel(bucket, interval, language)
        }
    }

    // MARK: - Recalculate and API

    func recalculatePlan(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let started = ContinuousClock.now
        let (_, plan) = try computePlan(today: today())
        let elapsed = ContinuousClock.now - started
        let milliseconds = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
        _ = try database.writeOnce(formToken: token) { db in
            try database.record(.planRecalculated, ["ms": .integer(milliseconds), "freeCashFlow": .integer(plan.freeCashFlow.minorUnits)], in: db)
        }
        return context.redirect(to: Route.plan(.page).path, flash: context.t.format("flash_recalculated", ["ms": "\(milliseconds)"]))
    }

}

extension Handler {
    /// The household (with this year's and this month's entries) and its plan at the
    /// current data version and day; computed once per change, then reused.
    func currentPlan() throws -> (household: Household, plan: Plan) {
        let today = today()
        return try planCache.value(stamp: "\(database.dataVersion) \(today.iso)") { try computePlan(today: today) }
    }

    func computePlan(today: Day) throws -> (household: Household, plan: Plan) {
        let settings = try householdSettings()
        var household = try database.household(settings: settings.plan,
                                               entriesFrom: min(Day(year: today.year, month: 1, day: 1)!, today.yearMonth.firstDay),
                                               through: today.yearMonth.lastDay, today: today)
        household.everydaySpending = try everydaySpending(today: today)
        return (household, makePlan(household, today: today))
    }

    /// The everyday spending a month the plan keeps back: monthly limits where set, else the pace
    /// of the last 90 days, for the categories no recurring expense plans (SPEC §11). `limit` and
    /// `expenses`: as the household would be (an Advisor action's preview).
    func everydaySpending(today: Day, limit: (category: String, amount: Money)? = nil,
                          expenses: [RecurringItem]? = nil) throws -> Money {
        var recent = try database.household(settings: try householdSettings().plan, entriesFrom: today.adding(days: -91),
                                            through: today, today: today)
        if let expenses { recent.expenses = expenses }
        var limits = Dictionary(try database.categoryLimits().filter { $0.period == .month }.map { ($0.category, $0.amount) },
                                uniquingKeysWith: { a, _ in a })
        if let limit { limits[limit.category] = limit.amount }
        let bills = unlinkedBillEntryIDs(recent, from: today.adding(days: -91), through: today,
                                         normalise: { $0.precomposedStringWithCompatibilityMapping })
        return expectedEverydaySpending(recent, monthlyLimits: limits, billEntryIDs: bills, today: today)
    }

    /// "12.5%" / "12,5 %" from permille.
    static func percent(permille: Int, _ language: Language) -> String {
        let text = "\(permille / 10)" + (permille % 10 == 0 ? "" : language.decimalSeparator + "\(abs(permille % 10))")
        return text + language.percentSuffix
    }

    func planAPI(_ context: RequestContext) throws -> Response {
        let t = context.t
        let settings = try householdSettings()
        let currency = settings.currency(for: t.language)
        let (_, plan) = try currentPlan()
        func summary(_ s: PayoffSummary) -> JSON {
            .object([("months", s.months.map { .integer(Int64($0)) } ?? .null), ("totalInterest", .optional(s.totalInterest?.minorUnits)),
                     ("debtFreeDate", .optional(s.debtFreeMonth?.iso))])
        }
        return JSON.object([
            ("currency", .string(currency.code)),
            ("freeCashFlow", .integer(plan.freeCashFlow.minorUnits)),
            ("everydaySpending", .integer(plan.everydaySpending.minorUnits)),
            ("debtLoadPermille", plan.debtLoadPermille.map { .integer(Int64($0)) } ?? .null),
            ("emergencyTarget", .integer(plan.emergencyTarget.minorUnits)),
            ("allocations", .array(plan.allocations.map {
                .object([("kind", .string($0.kind.rawValue)), ("name", .string($0.title(t.language))),
                         ("amount", .integer($0.amount.minorUnits)), ("rationale", .string($0.text(t.language, currency)))])
            })),
            ("notes", .array(plan.notes.map { .object([("code", .string($0.code)), ("text", .string($0.text(t.language, currency)))]) })),
            ("recommendedStrategy", .optional(plan.recommendedStrategy?.rawValue)),
            ("payoff", plan.payoff.map { payoff in
                .object([("strategy", .string(payoff.strategy.rawValue)), ("avalanche", summary(payoff.avalanche)),
                         ("snowball", summary(payoff.snowball))])
            } ?? .null),
            ("goals", .array(plan.goals.map {
                .object([("name", .string($0.name)), ("missing", .integer($0.missing.minorUnits)),
                         ("monthly", .integer($0.monthly.minorUnits)), ("etaMonths", $0.etaMonths.map { .integer(Int64($0)) } ?? .null)])
            })),
        ]).response()
    }
}
