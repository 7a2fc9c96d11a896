import Engine
import Mustache

// The limits' view models (LimitsPage.swift fills them; limits*.mustache read them).

/// GET /limits.
struct LimitsPageView: ViewModel {
    var rows: [LimitRow] = []
    var newHref = LimitsRoute.new.path

    var isEmpty: Bool { rows.isEmpty }
}

/// One limit with its progress in the current period (the Limits page; Today shows its
/// category, spent, percent, state and bar).
struct LimitRow: ViewModel {
    var id: ID<CategoryLimit>
    var category: String
    /// "monthly limit 20 000 ₽".
    var title: String
    /// "1 Mar – 31 Mar".
    var range: String
    /// "16 800 ₽ spent of 20 000 ₽".
    var spent: String
    /// "+ 2 000 ₽ planned", nil when nothing is planned.
    var planned: String?
    /// "84 %".
    var percent: String
    /// ok, warning, exceeded.
    var state: String
    var stateLabel: String
    /// The progress bar's value and maximum (the amount; capped at it).
    var value: Int64
    var max: Int64
    /// "At this pace you will exceed it on 26 Mar", nil when not projected.
    var projected: String?
    var editHref: String
    var deleteHref: String

    var isWarning: Bool { state == "warning" }
    var isExceeded: Bool { state == "exceeded" }
}

extension LimitRow {
    /// The row of `status`, in `display`'s words (`names`: the own categories' names).
    init(_ status: LimitStatus, display: Display, names: [String: String]) {
        let t = display.t, limit = status.limit
        let range = status.periodStart == status.periodEnd ? display.day(status.periodStart)
            : display.day(status.periodStart) + " – " + display.day(status.periodEnd)
        self.init(
            id: limit.id, category: display.category(limit.category, names: names),
            title: t.format(limit.period.titleKey, ["amount": display.money(limit.amount)]),
            range: range,
            spent: t.format("limit_spent_of", ["spent": display.money(status.spent), "amount": display.money(limit.amount)]),
            planned: status.planned.minorUnits == 0 ? nil : t.format("limit_planned_beside", ["amount": display.money(status.planned)]),
            percent: "\(status.percent) %", state: status.state.rawValue, stateLabel: t[status.state.stringKey],
            value: Swift.min(Swift.max(status.spent.minorUnits, 0), limit.amount.minorUnits), max: limit.amount.minorUnits,
            projected: status.projectedExceedOn.map { t.format("limit_projected", ["date": display.day($0)]) },
            editHref: LimitsRoute.edit(limit.id).path, deleteHref: LimitsRoute.delete(limit.id).path)
    }
}

/// One dismissible banner (the Budget page and the Calendar).
struct LimitBannerView: ViewModel {
    var text: String
    var isExceeded: Bool
    var action: String
    var category: String
    var period: String
    var start: String
    var level: String
    var back: String
    var limitsHref: String
}

/// The Budget page's block "This month by category".
struct LimitsBlockView: ViewModel {
    var title: String
    var rows: [CategoryMonthRow]
    var limitsHref: String

    var hasRows: Bool { !rows.isEmpty }
}

/// One category's planned, actual and left this month.
struct CategoryMonthRow: ViewModel {
    var category: String
    var planned: String
    var plannedIsLimit: Bool
    var actual: String
    var left: String
    var isOver: Bool
}
