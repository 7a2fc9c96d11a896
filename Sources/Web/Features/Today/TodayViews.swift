import Engine
import Mustache

// The Today page's view models (TodayPage.swift fills them) and the month's checklist block
// the Today and Plan pages share (checklist.mustache).

struct TodayPageView: ViewModel {
    var safe: SafeToSpendView?
    /// The quick-entry box (quick-box.mustache): GET /quick?text=…&back=/today.
    var quickBox: QuickBoxView
    var back = TodayRoute.page.path
    var planned: [TodayPlannedRow] = []
    var bills: [TodayBillRow] = []
    var limits: [LimitRow] = []
    var recent: [TodayEntryRow] = []
    var emergency: TodayProgressRow?
    var goals: [TodayProgressRow] = []
    var checklist: ChecklistView
    /// The Challenge's block (game-links.mustache): the day's reminder and the links; nil when games are hidden.
    var gameLinks: GameLinksView?
    var hasPlanned: Bool { !planned.isEmpty }
    var hasBills: Bool { !bills.isEmpty }
    var hasLimits: Bool { !limits.isEmpty }
    var hasRecent: Bool { !recent.isEmpty }
    var hasProgress: Bool { emergency != nil || !goals.isEmpty }
    var calendarHref: String { Route.calendar(.thisMonth).path }
    var billsHref: String { Route.bills(.page).path }
    var limitsHref: String { Route.limits(.list).path }
    var ledgerHref: String { Route.transactions(.page).path }
    var planHref: String { Route.plan(.page).path }

    init(_ f: TodayFigures, display: Display, names: [String: String]) {
        let t = display.t
        quickBox = QuickBoxView(t, back: TodayRoute.page.path)
        safe = f.forecast.map { SafeToSpendView($0, display: display) }
        planned = f.planned.map { item in
            TodayPlannedRow(name: item.name, date: display.day(item.date), dateISO: item.date.iso,
                            amount: display.flow(item.kind, item.amount),
                            isOverdue: item.date < f.today, confirmAction: Route.calendar(.confirm(item.date)).path,
                            field: item.field, value: item.value)
        }
        bills = f.bills.map { bill in
            TodayBillRow(name: bill.name, due: display.day(bill.date), amount: display.money(bill.amount), isLate: false)
        }
        limits = f.limits.map { LimitRow($0, display: display, names: names) }
        recent = f.recent.map { stored in
            let e = stored.entry
            return TodayEntryRow(name: e.name, date: display.day(e.date),
                                 amount: display.flow(e.kind, e.amount), isIncome: e.kind == .income,
                                 editHref: Route.budget(.edit(e.id)).path)
        }
        if f.plan.emergencyTarget.minorUnits > 0 || f.plan.emergencySaved.minorUnits > 0 {
            let bar = progressBar(saved: f.plan.emergencySaved, target: f.plan.emergencyTarget)
            emergency = TodayProgressRow(name: t["plan_emergency"], saved: display.money(f.plan.emergencySaved),
                                         target: display.money(f.plan.emergencyTarget), value: bar.value, max: bar.max)
        }
        goals = f.plan.goals.map { goal in
            let bar = progressBar(saved: goal.saved, target: goal.target)
            return TodayProgressRow(name: goal.name, saved: display.money(goal.saved), target: display.money(goal.target),
                                    value: bar.value, max: bar.max)
        }
        checklist = ChecklistView(f.checklist, month: f.today.yearMonth, today: f.today, started: f.started, back: TodayRoute.page.path,
                                  display: display)
    }
}

struct TodayPlannedRow: ViewModel {
    var name: String, date: String, dateISO: String, amount: String
    var isOverdue: Bool
    var confirmAction: String, field: String, value: String
}

struct TodayBillRow: ViewModel {
    var name: String, due: String, amount: String
    var isLate: Bool
}

struct TodayEntryRow: ViewModel {
    var name: String, date: String, amount: String
    var isIncome: Bool
    var editHref: String
}

struct TodayProgressRow: ViewModel {
    var name: String, saved: String, target: String
    var value: Int64, max: Int64
}

/// This month's checklist: one row per step, a form to mark it done or undo it.
struct ChecklistView: ViewModel {
    var title: String
    var steps: [ChecklistRow]
    var back: String
    var hasSteps: Bool { !steps.isEmpty }

    init(_ steps: [TodayStep], month: YearMonth, today: Day, started: Day? = nil, back: String, display: Display) {
        let t = display.t
        title = t.format("checklist_title", ["month": display.month(month)])
        self.back = back
        self.steps = steps.map { item in
            let s = item.step
            return ChecklistRow(
                key: s.key,
                text: App.stepText(s, display: display, t: t),
                due: t.format("checklist_due", ["date": display.day(s.due)]),
                dueISO: s.due.iso,
                isDone: item.done,
                isOverdue: !item.done && s.due < today && started.map { s.due >= $0 } ?? true,
                isBeforeStart: !item.done && started.map { s.due < $0 } ?? false,
                doneAction: TodayRoute.done(s.key).path,
                undoAction: TodayRoute.undo(s.key).path)
        }
    }
}

struct ChecklistRow: ViewModel {
    var key: String, text: String, due: String, dueISO: String
    var isDone: Bool, isOverdue: Bool
    /// Due before the household started with FinMind: never overdue, said once ("before you started").
    var isBeforeStart = false
    var doneAction: String, undoAction: String
}
