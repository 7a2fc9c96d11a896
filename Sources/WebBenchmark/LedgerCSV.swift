import Engine
import Foundation
import Storage

/// Loads the peer benchmark's neutral history (`shared/bench-peers/gen_dataset.py` →
/// entries.csv: date,kind,category,name,amount_minor,currency) into a FinMind household
/// through the storage layer, so FinMind and its peers serve the same money.
///
/// The ledger's fixed rows become what a FinMind user would enter: the salary, rent,
/// utilities and weekly groceries as recurring items whose rows confirm their
/// occurrences (linked actual entries); the installment loans as payment-only debts whose
/// rows confirm their payments; everything else is a one-off actual entry. Two goals and
/// an emergency fund complete the household.
struct LedgerCSV {
    struct Row {
        var date: Day
        var kind: FlowKind
        var category: String
        var name: String
        var amount: Money
    }

    /// Parses the CSV; throws on any malformed row.
    static func read(_ path: String) throws -> [Row] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n").dropFirst().map { line in
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard cells.count == 6, let date = Day(iso: cells[0]), let kind = FlowKind(rawValue: cells[1]),
                  let minor = Int64(cells[4]) else { throw CSVError.malformed(String(line)) }
            return Row(date: date, kind: kind, category: cells[2], name: cells[3], amount: Money(minorUnits: minor))
        }
    }

    enum CSVError: Error { case malformed(String) }

    static let categories: Set<String> = ["food", "housing", "transport", "utilities", "health", "education",
                                          "entertainment", "clothing", "subscriptions", "other"]

    /// Writes the household into `database`; `today` dates the debts.
    static func load(_ rows: [Row], into database: AppDatabase, today: Day) throws {
        var counter = 0
        func token() -> String {
            counter += 1
            let hex = String(counter, radix: 16)
            return String(repeating: "b", count: 32 - hex.count) + hex
        }
        // Recurring sources: the first row of each fixed series gives its start and amount.
        var recurring: [String: (id: ID<RecurringItem>, periodicity: Periodicity)] = [:]
        let fixed: [(name: String, periodicity: Periodicity)] = [("Salary", .monthly), ("Rent", .monthly), ("Electricity", .monthly),
                                                                  ("Water", .monthly), ("Internet", .monthly), ("Groceries", .weekly)]
        for series in fixed {
            guard let first = rows.first(where: { $0.name == series.name }) else { continue }
            let item = NewRecurringItem(kind: first.kind, name: series.name, amount: first.amount, periodicity: series.periodicity,
                                        start: first.date, category: first.kind == .income ? nil : mapped(first.category))
            if case .written(let id) = try database.addRecurring(item, formToken: token()) {
                recurring[series.name] = (id, series.periodicity)
            }
        }
        // Loans: payment-only debts from their first payment (rows named "<Loan> loan payment" or in category "loan").
        var debts: [String: ID<Debt>] = [:]
        // Only loans still being paid (a payment in the last month) are debts today; the
        // payments of finished loans stay as one-off actual expenses.
        let open = Set(rows.filter { $0.category == "loan" && $0.kind == .expense && $0.date >= today.addingMonths(-1) }.map(\.name))
        for row in rows where row.category == "loan" && row.kind == .expense && open.contains(row.name) && debts[row.name] == nil {
            let debt = NewDebt(name: row.name, paymentDay: row.date.day, kind: .paymentOnly(monthlyPayment: row.amount))
            if case .written(let id) = try database.addDebt(debt, today: row.date, formToken: token()) { debts[row.name] = id }
        }
        var entries: [NewEntry] = []
        entries.reserveCapacity(rows.count)
        var confirmed: Set<OccurrenceKey> = []
        for row in rows {
            var confirms: OccurrenceKey?
            if let source = recurring[row.name] {
                confirms = OccurrenceKey(source: .recurring(source.id), date: row.date)
            } else if row.category == "loan", let id = debts[row.name] {
                confirms = OccurrenceKey(source: .debt(id), date: row.date)
            }
            if let key = confirms, !confirmed.insert(key).inserted { confirms = nil }
            entries.append(NewEntry(date: row.date, kind: row.kind, name: String(row.name.prefix(80)), amount: row.amount,
                                    category: row.kind == .income ? nil : mapped(row.category), isActual: true, confirms: confirms))
        }
        _ = try database.addEntries(entries, formToken: token())
        _ = try database.addGoal(NewGoal(name: "Vacation", target: Money(minorUnits: 300_000_00), saved: Money(minorUnits: 40_000_00),
                                         deadline: today.addingMonths(9), priority: 2), formToken: token())
        _ = try database.addGoal(NewGoal(name: "New laptop", target: Money(minorUnits: 150_000_00), priority: 3), formToken: token())
        _ = try database.setEmergencySaved(Money(minorUnits: 250_000_00), formToken: token())
        try database.saveSettings(["onboarding": "done", "currency": "RUB"])
    }

    private static func mapped(_ category: String) -> String { categories.contains(category) ? category : "other" }
}
