import Engine
import Foundation
import Storage

// The Calendar's "Bills due" block: the next due date of each tracked bill (a
// confirmed recurring item the Bills watch follows) and of each high-confidence suggestion
// ("expected bill"), when it falls in the month shown. Rules: docs/engine-rules.md,
// "Bills and subscriptions" (next due, watch).

/// One bill due in the month shown.
struct CalendarBillRow: ViewModel {
    var name: String
    var date: String
    var dateISO: String
    var dayHref: String
    var amount: String
    var isIncome: Bool
    /// "Tracked bill" or "Expected bill" (a suggestion not confirmed yet).
    var label: String
    var isExpected: Bool
}

extension CalendarFeature {
    /// The bills due in `month`: tracked ones at their watch's next due, high-confidence
    /// suggestions at theirs; by date, then name.
    func calendarBillDues(_ month: YearMonth, display: Display) throws -> [CalendarBillRow] {
        let today = today()
        // Next dues are today or later, or a late bill's last month: older months show none.
        guard month >= today.yearMonth.previous else { return [] }
        let figures = try billsFigures()
        let t = display.t
        var rows: [(Day, CalendarBillRow)] = []
        func add(_ date: Day, _ name: String, _ amount: Money, _ kind: FlowKind, expected: Bool) {
            guard date.yearMonth == month else { return }
            rows.append((date, CalendarBillRow(
                name: name, date: display.day(date), dateISO: date.iso, dayHref: Route.calendar(.day(date)).path,
                amount: display.money(amount), isIncome: kind == .income,
                label: t[expected ? "calendar_bill_expected" : "calendar_bill_tracked"], isExpected: expected)))
        }
        for watch in figures.watch {
            guard let due = watch.nextDue else { continue }   // ended: nothing due
            add(due, watch.item.name, watch.item.amount, watch.item.kind, expected: false)
        }
        for suggestion in figures.suggestions where suggestion.confidence.level == .high {
            add(suggestion.nextDue, suggestion.name, suggestion.expectedAmount, suggestion.kind, expected: true)
        }
        return rows.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1.name < $1.1.name }.map(\.1)
    }
}
