import Engine
import HTTPCore
import Mustache
import Storage

// The Calendar month's "Did these happen?" list: planned one-offs dated
// before today and not yet confirmed, each with "It happened" (confirm in place, back to
// the month) and "It did not happen — delete".

extension CalendarFeature {
    /// The month's planned entries dated before `today`, by date.
    func pastPlannedRows(_ household: Household, month: YearMonth, today: Day, display: Display) throws -> [PastPlannedRow] {
        let back = Route.calendar(.month(month)).path
        return household.entries
            .filter { !$0.isActual && $0.date < today && $0.date.yearMonth == month }
            .sorted { ($0.date, $0.id) < ($1.date, $1.id) }
            .map { entry in
                PastPlannedRow(id: entry.id, name: entry.name, date: display.day(entry.date), dateISO: entry.date.iso,
                               amount: display.flow(entry.kind, entry.amount),
                               isIncome: entry.kind == .income, dayHref: Route.calendar(.day(entry.date)).path,
                               confirmAction: Route.calendar(.confirm(entry.date)).path, back: back,
                               deleteHref: Route.budget(.delete(entry.id)).path + "?back=" + FormEncoding.encode(back))
            }
    }
}
