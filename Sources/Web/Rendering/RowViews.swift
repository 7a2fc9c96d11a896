import Engine
import Storage

// Rows more than one page shows: a stored entry (the Budget page's month, the calendar's day),
// a value with its label, the payoff strategies side by side (the Budget and Plan pages), and a
// ledger's rows under their days (an account's page, the ledger).

struct EntryRow: ViewModel {
    var date: String, dateISO: String, name: String, amount: String
    var isIncome: Bool
    var kind: String, status: String
    var isActual: Bool
    var note: String?
    var editHref: String, deleteHref: String
    /// The account's name (Budget page), nil for none.
    var account: String? = nil
}

/// A value with its label: a table cell with its column's name (the plan's tables, stacked on a
/// phone), an item of a breakdown ("how is this computed"). `isEmpty` for "—" (nothing there).
struct LabeledValue: ViewModel {
    var label: String, value: String

    var isEmpty: Bool { value == "—" }
}

/// A bar of what is saved towards a target (`<progress value max>`), drawn alike on Budget, Plan
/// and Today: max is the target, at least 1 (a progress bar's max must be above zero), value what
/// is saved, from 0 to max (more than the target is a full bar).
func progressBar(saved: Money, target: Money) -> (value: Int64, max: Int64) {
    let max = Swift.max(target.minorUnits, 1)
    return (Swift.min(Swift.max(saved.minorUnits, 0), max), max)
}

struct PayoffRowView: ViewModel {
    var name: String, months: String, interest: String, debtFree: String
    var recommended: Bool, chosen: Bool
}

extension Handler {
    func entryRow(_ stored: StoredEntry, display: Display, names: [String: String], back: String) -> EntryRow {
        let t = display.t, entry = stored.entry
        let kind = entry.kind == .income ? t["kind_income"] : display.category(entry.category, names: names)
        let status = entry.isActual ? t["status_actual"] : t["status_planned"]
        return EntryRow(date: display.day(entry.date), dateISO: entry.date.iso, name: entry.name,
                        amount: display.flow(entry.kind, entry.amount),
                        isIncome: entry.kind == .income, kind: kind, status: status, isActual: entry.isActual,
                        note: stored.note.isEmpty ? nil : stored.note,
                        editHref: Route.budget(.edit(entry.id)).path + "?back=" + FormEncoding.encode(back),
                        deleteHref: Route.budget(.delete(entry.id)).path + "?back=" + FormEncoding.encode(back))
    }

    func payoffRows(_ plan: Plan, display: Display) -> [PayoffRowView] {
        guard let payoff = plan.payoff else { return [] }
        let t = display.t
        return [(PayoffStrategy.avalanche, payoff.avalanche), (.snowball, payoff.snowball)].map { strategy, summary in
            PayoffRowView(
                name: t[strategy.stringKey],
                months: summary.months.map(display.months) ?? "—",
                interest: summary.totalInterest.map(display.money) ?? "—",
                debtFree: summary.debtFreeMonth.map(display.month) ?? t["payoff_never"],
                recommended: plan.recommendedStrategy == strategy, chosen: payoff.strategy == strategy)
        }
    }
}

/// A row of a ledger, shown under its day: the account page's entries, the ledger's rows.
protocol DatedRow {
    var date: String { get }
    var dateISO: String { get }
}

/// One day of a ledger's rows, under its date.
struct LedgerDay<Row>: ViewModel {
    var date: String, dateISO: String
    var rows: [Row]
}

extension LedgerDay where Row: DatedRow {
    /// `rows` (in the ledger's order, newest first) in runs of one day each.
    static func grouped(_ rows: [Row]) -> [LedgerDay] {
        var days: [LedgerDay] = []
        for row in rows {
            if days.last?.dateISO == row.dateISO {
                days[days.count - 1].rows.append(row)
            } else {
                days.append(LedgerDay(date: row.date, dateISO: row.dateISO, rows: [row]))
            }
        }
        return days
    }
}
