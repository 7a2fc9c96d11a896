import Engine
import Foundation
import GRDB

// MARK: - Bills and subscriptions (docs/engine-rules.md, "Bills and subscriptions")

/// What the bills page reads: the detection's input, the entries already linked to each
/// recurring item, the live recurring items and the remembered dismissals.
public struct BillsInput: Sendable {
    /// Actual, live entries of the last 400 days (today − 399 … today), not transfers and not
    /// linked to a recurring item or a loan; names and payees NFKC-normalised.
    public var entries: [BillEntry]
    /// Actual, live entries of the same days confirming a live recurring item, by item id.
    public var linked: [ID<RecurringItem>: [BillEntry]]
    public var items: [RecurringItem]
    public var dismissals: [BillDismissal]
}

/// Why Confirm or Not a bill wrote nothing.
public enum BillsError: Error, Equatable {
    /// The suggestion is no longer among the current ones (confirmed, dismissed or changed).
    case suggestionGone
}

/// What Confirm on /bills did: created a recurring item (named as the payments are, "NETFLIX.COM"),
/// or linked the payments to an existing one.
public enum ConfirmedBill: Sendable, Equatable {
    case created(ID<RecurringItem>, name: String)
    case existing(OccurrenceSource, name: String)
    /// An existing recurring item paid on another schedule: changed to the detected one.
    case rescheduled(ID<RecurringItem>, name: String)
}

extension AppDatabase {
    /// The detection's input as of `today` (one read).
    public func billsInput(today: Day) throws -> BillsInput {
        try read { db in try Self.billsInput(db, today: today) }
    }

    /// The bank's payee of each live, actual, unlinked expense entry dated `from` … `through`
    /// that has one (transfers left out): what the forecast keys a tracked bill's payment by when
    /// the entry's name gives an empty merchant key (`billEntryKey`).
    public func unlinkedExpensePayees(from: Day, through: Day) throws -> [ID<Entry>: String] {
        try read { db in
            var payees: [ID<Entry>: String] = [:]
            let rows = try Row.fetchCursor(db, sql: """
                SELECT id, payeeRaw FROM entry
                WHERE deletedAt IS NULL AND isActual = 1 AND kind = 'expense' AND transferGroup IS NULL AND payeeRaw IS NOT NULL
                    AND confirmsRecurringID IS NULL AND confirmsDebtID IS NULL AND date BETWEEN :from AND :through
                """, arguments: ["from": from.iso, "through": through.iso])
            while let row = try rows.next() { payees[row[0]] = row[1] }
            return payees
        }
    }

    /// The current suggestions as of `today` (docs/engine-rules.md, "Bills and subscriptions").
    public func billSuggestions(today: Day) throws -> [BillSuggestion] {
        let input = try billsInput(today: today)
        return detectBills(input.entries, today: today, tracked: input.items, dismissed: input.dismissals)
    }

    /// Confirm: in one transaction, finds the current suggestion with this merchant key,
    /// direction, period and median amount. When it is an existing recurring item or loan payment
    /// (`existingBill`), its payments confirm that item's occurrences and nothing is created (an
    /// item paid on another schedule is first changed to the detected amount, period and start);
    /// otherwise it creates its recurring item (name, expected amount, period, start, most common
    /// category; a bill, not a category's plan) and links its past entries as confirmed
    /// occurrences (one entry per occurrence). Throws `BillsError.suggestionGone` when no such
    /// suggestion exists now.
    public func confirmBill(merchantKey: String, kind: FlowKind, periodicity: Periodicity, amount: Money, today: Day,
                            formToken: String) throws -> WriteOutcome<ConfirmedBill> {
        try budgetWrite(formToken: formToken) { db in
            let input = try Self.billsInput(db, today: today)
            let found = detectBills(input.entries, today: today, tracked: input.items, dismissed: input.dismissals)
            guard let s = found.first(where: {
                $0.merchantKey == merchantKey && $0.kind == kind && $0.periodicity == periodicity && $0.medianAmount == amount
            }) else { throw BillsError.suggestionGone }
            // A bill that is an existing item or loan payment links its payments to it: never a second item.
            if let first = s.hits.first?.date, let last = s.hits.last?.date {
                let household = try Self.household(db, settings: PlanSettings(), entriesFrom: first.adding(days: -10),
                                                   through: last.adding(days: 10), today: today)
                if let existing = existingBill(for: s, in: household, today: today) {
                    // The same money on another schedule: the item takes the detected amount, period
                    // and start (its id, name, category, end and past confirmations stay).
                    if let item = existing.rescheduled {
                        try db.execute(sql: """
                            UPDATE recurringItem SET amount = :amount, periodicity = :periodicity, startDate = :start
                            WHERE id = :id AND deletedAt IS NULL
                            """, arguments: ["amount": s.expectedAmount.minorUnits, "periodicity": s.periodicity.rawValue,
                                             "start": s.start.iso, "id": item.id])
                    }
                    for link in existing.links {
                        try db.execute(sql: """
                            UPDATE entry SET confirmsRecurringID = :item, confirmsDebtID = :debt, confirmsDate = :date
                            WHERE id = :id AND deletedAt IS NULL AND isActual = 1 AND transferGroup IS NULL AND kind = :kind
                                AND confirmsRecurringID IS NULL AND confirmsDebtID IS NULL
                            """, arguments: ["item": link.key.source.recurringID, "debt": link.key.source.debtID,
                                             "date": link.key.date.iso, "id": link.entryID, "kind": kind.rawValue])
                    }
                    return existing.rescheduled.map { .rescheduled($0.id, name: $0.name) } ?? .existing(existing.source, name: existing.name)
                }
            }
            let category: String? = kind == .income ? nil : (s.category.isEmpty ? "other" : s.category)
            let item = NewRecurringItem(kind: kind, name: String(s.name.prefix(80)), amount: s.expectedAmount,
                                        periodicity: periodicity, start: s.start, category: category,
                                        plansCategory: kind == .expense ? false : nil)
            let id = try Self.insertRecurring(item, createdAt: timestamp(), in: db)
            for link in s.links {
                try db.execute(sql: """
                    UPDATE entry SET confirmsRecurringID = :item, confirmsDate = :date
                    WHERE id = :id AND deletedAt IS NULL AND isActual = 1 AND transferGroup IS NULL AND kind = :kind
                        AND confirmsRecurringID IS NULL AND confirmsDebtID IS NULL
                    """, arguments: ["item": id, "date": link.date.iso, "id": link.entryID, "kind": kind.rawValue])
            }
            try record(kind == .income ? .incomeAdded : .expenseAdded, ["type": .text("recurring")], in: db)
            return .created(id, name: item.name)
        }
    }

    /// Not a bill: remembers (merchant key, direction, period, median amount); a later
    /// dismissal of the same key, direction and period replaces the amount.
    public func dismissBill(_ dismissal: BillDismissal, formToken: String) throws -> WriteOutcome<Void> {
        try budgetWrite(formToken: formToken) { db in
            try db.execute(sql: """
                INSERT INTO billDismissal (merchantKey, kind, periodicity, amount, createdAt)
                VALUES (:key, :kind, :periodicity, :amount, :createdAt)
                ON CONFLICT (merchantKey, kind, periodicity) DO UPDATE SET amount = excluded.amount, createdAt = excluded.createdAt
                """, arguments: ["key": String(dismissal.merchantKey.prefix(500)), "kind": dismissal.kind.rawValue,
                                 "periodicity": dismissal.periodicity.rawValue, "amount": dismissal.amount.minorUnits,
                                 "createdAt": timestamp()])
        }
    }

    private static func billsInput(_ db: Database, today: Day) throws -> BillsInput {
        var items: [RecurringItem] = []
        let itemRows = try Row.fetchCursor(db, sql: """
            SELECT id, kind, name, amount, periodicity, startDate, endDate, category, plansCategory FROM recurringItem
            WHERE deletedAt IS NULL ORDER BY id
            """)
        while let row = try itemRows.next() {
            guard let kind = FlowKind(rawValue: row[1]), let periodicity = Periodicity(rawValue: row[4]),
                  let start = Day(iso: row[5]) else { continue }
            items.append(RecurringItem(id: row[0], kind: kind, name: row[2], amount: Money(minorUnits: row[3]),
                                       periodicity: periodicity, start: start, end: (row[6] as String?).flatMap { Day(iso: $0) },
                                       category: row[7] ?? "", plansCategory: row[8]))
        }
        let live = Set(items.map(\.id))
        var entries: [BillEntry] = []
        var linked: [ID<RecurringItem>: [BillEntry]] = [:]
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT id, date, kind, name, amount, category, payeeRaw, confirmsRecurringID, confirmsDebtID FROM entry
            WHERE deletedAt IS NULL AND isActual = 1 AND transferGroup IS NULL AND date BETWEEN :from AND :through
            ORDER BY date, id
            """), arguments: ["from": today.adding(days: -399).iso, "through": today.iso])
        var normalised: [String: String] = [:]   // names repeat: NFKC once per distinct text
        func nfkc(_ text: String) -> String {
            // ASCII text is its own NFKC form.
            if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
            if let done = normalised[text] { return done }
            let done = text.precomposedStringWithCompatibilityMapping
            normalised[text] = done
            return done
        }
        // Rows come by date: each date's text is read into a Day once.
        var lastDate: (text: String, day: Day?) = ("", nil)
        while let row = try rows.next() {
            let dateText: String = row[1]
            if dateText != lastDate.text { lastDate = (dateText, Day(iso: dateText)) }
            let kindText: String = row[2]
            let kind: FlowKind? = kindText == "expense" ? .expense : kindText == "income" ? .income : nil
            guard let date = lastDate.day, let kind else { continue }
            let name: String = row[3]
            let payee: String? = row[6]
            let entry = BillEntry(id: row[0], date: date, kind: kind, amount: row[4],
                                  name: nfkc(name), payee: payee.map(nfkc), category: row[5] ?? "")
            let recurringID: ID<RecurringItem>? = row[7]
            let debtID: ID<Debt>? = row[8]
            if let recurringID, live.contains(recurringID) {
                linked[recurringID, default: []].append(entry)
            } else if recurringID == nil && debtID == nil {
                entries.append(entry)
            }
        }
        var dismissals: [BillDismissal] = []
        let dismissalRows = try Row.fetchCursor(db, sql: "SELECT merchantKey, kind, periodicity, amount FROM billDismissal ORDER BY id")
        while let row = try dismissalRows.next() {
            guard let kind = FlowKind(rawValue: row[1]), let periodicity = Periodicity(rawValue: row[2]) else { continue }
            dismissals.append(BillDismissal(merchantKey: row[0], kind: kind, periodicity: periodicity, amount: Money(minorUnits: row[3])))
        }
        return BillsInput(entries: entries, linked: linked, items: items, dismissals: dismissals)
    }
}
