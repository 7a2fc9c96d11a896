import Mustache

// MARK: - View models of the Plan page

struct PlanPageView: ViewModel {
    /// "Safe to spend today" and a high risk's note (ForecastViews.swift).
    var safeToSpend: SafeToSpendView?
    /// This month's checklist (TodayViews.swift).
    var checklist: ChecklistView?
    var isEmpty = true, snow = false, isDeficit = false, hasDebts = false
    var freeCashFlow = "", debtLoad = "", emergencyTarget = "", emergencySaved = ""
    var emergencyValue: Int64 = 0, emergencyMax: Int64 = 1
    var allocations: [AllocationRow] = []
    var notes: [NoteRow] = []
    var payoff: [PayoffRowView] = []
    var schedule: ScheduleView?
    var goals: [GoalProgressRow] = []
    var intervals: [OptionView] = [], views: [OptionView] = [], categoryViews: [OptionView] = []
    var from = "", to = ""
    var chartError: String?
    var cashFlowChart: String?
    var cashFlowTitle = "", donutTitle = "", chartSubtitle = ""
    var chartGroupedNote: String?
    var seriesRows: [SeriesRow] = []
    var donutChart = ""
    var categoryRows: [CategoryShareRow] = []
    var categoryTotal = ""

    /// How many rows of a long section (the split, the goals) show before "Show all (N)".
    static let rowsShown = 3
    /// "Show all (N)" of the split and of the goals.
    var showAllAllocations = "", showAllGoals = ""

    /// The strategy followed (else the recommended one): the debts' summary above the comparison.
    var payoffHeadline: PayoffRowView? { payoff.first(where: \.chosen) ?? payoff.first(where: \.recommended) ?? payoff.first }
    var firstAllocations: [AllocationRow] { Array(allocations.prefix(Self.rowsShown)) }
    var moreAllocations: [AllocationRow] { Array(allocations.dropFirst(Self.rowsShown)) }
    var hasMoreAllocations: Bool { allocations.count > Self.rowsShown }
    var firstGoals: [GoalProgressRow] { Array(goals.prefix(Self.rowsShown)) }
    var moreGoals: [GoalProgressRow] { Array(goals.dropFirst(Self.rowsShown)) }
    var hasMoreGoals: Bool { goals.count > Self.rowsShown }
    var snowflakes: [Int] { snow ? Array(1...12) : [] }
    var hasCategories: Bool { !categoryRows.isEmpty }
}

struct AllocationRow: ViewModel {
    var kind: String, name: String, amount: String, rationale: String
    /// Its "how?" link (/explain/allocation-N).
    var explainHref = ""
}

struct NoteRow: ViewModel {
    var code: String, text: String
}

struct GoalProgressRow: ViewModel {
    var name: String, saved: String, target: String
    var value: Int64, max: Int64
    var monthly: String, eta: String
    var warning: String?
    /// Its "how?" link (/explain/goal-ID).
    var explainHref = ""
    /// Why it gets less than a lower-priority goal, what a month would reach it, when the pace does.
    var advice: [String] = []
}

struct ScheduleView: ViewModel {
    var loans: [String]
    var rows: [SeriesRow]
}

/// A table row: its header cell and its other cells (the payoff schedule, the chart data).
struct SeriesRow: ViewModel {
    var label: String
    var cells: [String]
    /// Each cell's column name, for the stacked phone layout (`data-label`); empty when unused.
    var cellLabels: [String] = []

    var labeledCells: [LabeledValue] { zip(cellLabels, cells).map { LabeledValue(label: $0.0, value: $0.1) } }
}

struct CategoryShareRow: ViewModel {
    var label: String, amount: String, share: String, swatch: String
}
