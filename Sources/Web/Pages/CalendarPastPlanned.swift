import Engine
import HTTPCore
import Mustache
import Storage

// The Calendar month's "Did these happen?" list (issue 13, item 8): planned one-offs dated
// before today and not yet confirmed, each with "It happened" (confirm in place, back to
// the month) and "It did not happen — delete".

extension App {
    /// The month's planned entries dated before `today`, by date.
    func pastPlannedRows(_ household: Household, month: YearMonth, today: Day, display: Display) throws -> [PastPlannedRow] {
        let back = Route.calendar(.month(month)).path
        return household.entries
            .filter { !$0.isActual && $0.date < today && $0.date.yearMonth == month }
            .sorted { ($0.date, $0.id) < ($1.date, $1.id) }
            .map { entry in
                PastPlannedRow(id: entry.id, name: entry.name, date: display.day(entry.date), dateISO: entry.date.iso,
                               amount: (entry.kind == .income ? "+" : "−") + display.money(entry.amount),
                               isIncome: entry.kind == .income, dayHref: Route.calendar(.day(entry.date)).path,
                               confirmAction: Route.calendar(.confirm(entry.date)).path, back: back,
                               deleteHref: Route.budget(.delete(.entry, entry.id)).path + "?back=" + FormEncoding.encode(back))
            }
    }
}

/// One past planned entry on the month page.
struct PastPlannedRow: MustacheParent {
    var id: Int64
    var name: String, date: String, dateISO: String, amount: String
    var isIncome: Bool
    var dayHref: String, confirmAction: String, back: String, deleteHref: String

    func child(named key: String) -> Any? {
        switch key {
        case "id": id
        case "name": name
        case "date": date
        case "dateISO": dateISO
        case "amount": amount
        case "isIncome": isIncome
        case "dayHref": dayHref
        case "confirmAction": confirmAction
        case "back": back
        case "deleteHref": deleteHref
        default: nil
        }
    }
}
