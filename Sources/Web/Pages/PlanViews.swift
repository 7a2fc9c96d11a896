import Mustache

// MARK: - View models of the Plan page

struct PlanPageView: MustacheParent {
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

    func child(named name: String) -> Any? {
        switch name {
        case "isEmpty": isEmpty
        case "snow": snow
        case "snowflakes": snow ? Array(1...12) : []
        case "isDeficit": isDeficit
        case "hasDebts": hasDebts
        case "freeCashFlow": freeCashFlow
        case "debtLoad": debtLoad
        case "emergencyTarget": emergencyTarget
        case "emergencySaved": emergencySaved
        case "emergencyValue": emergencyValue
        case "emergencyMax": emergencyMax
        case "allocations": allocations
        case "notes": notes
        case "payoff": payoff
        case "schedule": schedule
        case "goals": goals
        case "intervals": intervals
        case "views": views
        case "categoryViews": categoryViews
        case "from": from
        case "to": to
        case "chartError": chartError
        case "cashFlowChart": cashFlowChart
        case "cashFlowTitle": cashFlowTitle
        case "donutTitle": donutTitle
        case "chartSubtitle": chartSubtitle
        case "chartGroupedNote": chartGroupedNote
        case "seriesRows": seriesRows
        case "donutChart": donutChart
        case "categoryRows": categoryRows
        case "hasCategories": !categoryRows.isEmpty
        case "categoryTotal": categoryTotal
        default: nil
        }
    }
}

struct AllocationRow: MustacheParent {
    var kind: String, name: String, amount: String, rationale: String
    func child(named key: String) -> Any? {
        switch key {
        case "kind": kind
        case "name": name
        case "amount": amount
        case "rationale": rationale
        default: nil
        }
    }
}

struct NoteRow: MustacheParent {
    var code: String, text: String
    func child(named key: String) -> Any? {
        switch key {
        case "code": code
        case "text": text
        default: nil
        }
    }
}

struct GoalProgressRow: MustacheParent {
    var name: String, saved: String, target: String
    var value: Int64, max: Int64
    var monthly: String, eta: String
    var warning: String?
    func child(named key: String) -> Any? {
        switch key {
        case "name": name
        case "saved": saved
        case "target": target
        case "value": value
        case "max": max
        case "monthly": monthly
        case "eta": eta
        case "warning": warning
        default: nil
        }
    }
}

struct ScheduleView: MustacheParent {
    var loans: [String]
    var rows: [SeriesRow]
    func child(named key: String) -> Any? {
        switch key {
        case "loans": loans
        case "rows": rows
        default: nil
        }
    }
}

/// A table row: its header cell and its other cells (the payoff schedule, the chart data).
struct SeriesRow: MustacheParent {
    var label: String
    var cells: [String]
    /// Each cell's column name, for the stacked phone layout (`data-label`); empty when unused.
    var cellLabels: [String] = []
    func child(named key: String) -> Any? {
        switch key {
        case "label": label
        case "cells": cells
        case "labeledCells": zip(cellLabels, cells).map { LabeledCell(label: $0.0, value: $0.1) }
        default: nil
        }
    }
}

/// A table cell with its column name; `isEmpty` for "—" (nothing in that column).
struct LabeledCell: MustacheParent {
    var label: String, value: String
    func child(named key: String) -> Any? {
        switch key {
        case "label": label
        case "value": value
        case "isEmpty": value == "—"
        default: nil
        }
    }
}

struct CategoryShareRow: MustacheParent {
    var label: String, amount: String, share: String, swatch: String
    func child(named key: String) -> Any? {
        switch key {
        case "label": label
        case "amount": amount
        case "share": share
        case "swatch": swatch
        default: nil
        }
    }
}
