import Engine
import Mustache

// The calendar's view models: the month (calendar.mustache) and the day (calendar-day.mustache);
// CalendarPage.swift and CalendarPastPlanned.swift fill them. EntryRow is also the Budget page's month list.

struct CalendarMonthView: ViewModel {
    var heading: String
    var weekdays: [String]
    var weeks: [CalendarWeek]
    var previousHref: String?, nextHref: String?, todayHref: String
    var plannedIncome: String, plannedExpense: String, actualIncome: String, actualExpense: String
    var pendingIncome: String, pendingExpense: String
    /// "Amounts in ₽; k = thousand".
    var unitsNote: String
    /// Some day before today has planned items still to confirm.
    var hasOverdue: Bool
    var isEmpty: Bool
    /// Planned entries dated before today, still unconfirmed: "Did these happen?"
    var pastPlanned: [PastPlannedRow] = []
    /// Category limits' banners not dismissed (LimitsPage.swift).
    var limitBanners: [LimitBannerView] = []
    /// Quick entry's one-line box (quick-box.mustache), returning to this month.
    var quickBox: QuickBoxView?

    var hasPastPlanned: Bool { !pastPlanned.isEmpty }
    /// Tracked bills and high-confidence suggestions due this month (CalendarBills.swift).
    var billDues: [CalendarBillRow] = []
    var hasBillDues: Bool { !billDues.isEmpty }
}

struct CalendarWeek: ViewModel {
    var days: [CalendarCell]
}

struct CalendarCell: ViewModel {
    var day: Int?
    var href: String?
    var isToday: Bool
    var lines: [CalendarLine]
    var label: String
    /// A day before today with planned items not confirmed yet.
    var needsConfirming = false

    static let blank = CalendarCell(day: nil, href: nil, isToday: false, lines: [], label: "")
}

struct CalendarLine: ViewModel {
    var text: String
    var css: String
}

struct CalendarDayView: ViewModel {
    var heading: String, monthHref: String, monthLabel: String, previousHref: String, nextHref: String
    var planned: [PlannedRow]
    var actual: [EntryRow]
    var action: String
    var fields: [FieldView]
    var hasErrors: Bool
    var confirmAction: String
    var isFuture: Bool
    var confirmError: String?
    /// The day's planned, actual and pending income and expense.
    var figures: [FigureView]

    var errorFields: [FieldView] { fields.filter { $0.error != nil } }
    var hasFigures: Bool { !figures.isEmpty }
}

struct PlannedRow: ViewModel {
    var name: String, amount: String, detail: String
    var isIncome: Bool
    var confirmField: String, confirmValue: String, plainAmount: String
    var canConfirm: Bool
    var editHref: String?, deleteHref: String?
    /// "Confirmed: ₽65,000.00" once it happened.
    var confirmedNote: String?
    /// Before today and not confirmed.
    var needsConfirming: Bool
    /// The amount typed into a refused confirm form, and its message.
    var typed = ""
    var error: String? = nil
    /// A planned entry on a past day: "Did it happen?" (confirm, or delete).
    var askHappened = false
}

/// One row of the day's figures: income or expense, planned, actual and still expected.
struct FigureView: ViewModel {
    var label: String, values: [String]
}

/// One past planned entry on the month page.
struct PastPlannedRow: ViewModel {
    var id: ID<Entry>
    var name: String, date: String, dateISO: String, amount: String
    var isIncome: Bool
    var dayHref: String, confirmAction: String, back: String, deleteHref: String
}

