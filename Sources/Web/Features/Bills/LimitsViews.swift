import Engine
import Mustache

// The limits' view models (LimitsPage.swift fills them; limits*.mustache read them).

/// GET /limits.
struct LimitsPageView: ViewModel {
    var rows: [LimitRow] = []
    var newHref = LimitsRoute.new.path

    var isEmpty: Bool { rows.isEmpty }
}

/// One limit with its progress in the current period.
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
