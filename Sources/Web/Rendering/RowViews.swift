import Engine
import Storage

// Rows more than one page shows: a stored entry (the Budget page's month, the calendar's day),
// a value with its label, and the payoff strategies side by side (the Budget and Plan pages).

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

struct PayoffRowView: ViewModel {
    var name: String, months: String, interest: String, debtFree: String
    var recommended: Bool, chosen: Bool
}

extension App {
    func entryRow(_ stored: StoredEntry, display: Display, names: [String: String], back: String) -> EntryRow {
        let t = display.t, entry = stored.entry
        let kind = entry.kind == .income ? t["kind_income"] : display.category(entry.category, names: names)
        let status = entry.isActual ? t["status_actual"] : t["status_planned"]
        return EntryRow(date: display.day(entry.date), dateISO: entry.date.iso, name: entry.name,
                        amount: (entry.kind == .income ? "+" : "−") + display.money(entry.amount),
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

/// A ledger's rows (newest first) in runs of one day each, a row's day being `day(row)`: the
/// account page's and the ledger's days.
func runsOfOneDay<Row>(_ rows: [Row], day: (Row) -> String) -> [[Row]] {
    var runs: [[Row]] = []
    for row in rows {
        if let last = runs.last?.last, day(last) == day(row) { runs[runs.count - 1].append(row) } else { runs.append([row]) }
    }
    return runs
}
