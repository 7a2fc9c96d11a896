import Engine
import GRDB

// MARK: - Recurring items, debts, goals, the emergency fund, entries

// Each method is one `writeOnce` transaction (a double submit writes once) that records
// its SPEC §10 event in the same transaction. Constraint failures throw
// `StorageError.rejected` and write nothing.

extension AppDatabase {
    /// Adds a recurring income or expense and records income_added / expense_added {type: recurring}.
    /// Returns the new id.
    public func addRecurring(_ item: NewRecurringItem, formToken: String) throws -> WriteOutcome<Int64> {
        try budgetWrite(formToken: formToken) { db in
            try db.execute(sql: """
                INSERT INTO recurringItem (kind, name, amount, periodicity, startDate, endDate, category, createdAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: Self.arguments(item) + [timestamp()])
            let id = db.lastInsertedRowID
            try record(item.kind == .income ? .incomeAdded : .expenseAdded, ["type": .text("recurring")], in: db)
            return id
        }
    }

    /// Replaces every field of a recurring item. Throws `StorageError.notFound` for a
    /// missing or deleted id.
    public func updateRecurring(id: Int64, _ item: NewRecurringItem, formToken: String) throws -> WriteOutcome<Void> {
        try budgetWrite(formToken: formToken) { db in
            try db.execute(sql: """
                UPDATE recurringItem SET kind = ?, name = ?, amount = ?, periodicity = ?, startDate = ?, endDate = ?,
                    category = ?
                WHERE id = ? AND deletedAt IS NULL
                """, arguments: Self.arguments(item) + [id])
            guard db.changesCount == 1 else { throw StorageError.notFound }
        }
    }

    /// Adds a debt created on `today` and records debt_added. Returns the new id.
    public func addDebt(_ debt: NewDebt, today: Day, formToken: String) throws -> WriteOutcome<Int64> {
        try budgetWrite(formToken: formToken) { db in
            try db.execute(sql: """
                INSERT INTO debt (name, paymentDay, mode, monthlyPayment, balance, asOf, aprHundredths, termMonths,
                    graceMonths, minimumPayment, endsOn, createdOn, createdAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: Self.arguments(debt) + [(debt.start ?? today).iso, timestamp()])
            let id = db.lastInsertedRowID
            try record(.debtAdded, in: db)
            return id
        }
    }

    /// Replaces every field of a debt but its creation day (a debt may change mode).
    /// Throws `StorageError.notFound` for a missing or deleted id.
    public func updateDebt(id: Int64, _ debt: NewDebt, formToken: String) throws -> WriteOutcome<Void> {
        try budgetWrite(formToken: formToken) { db in
            try db.execute(sql: """
                UPDATE debt SET name = ?, paymentDay = ?, mode = ?, monthlyPayment = ?, balance = ?, asOf = ?,
                    aprHundredths = ?, termMonths = ?, graceMonths = ?, minimumPayment = ?, endsOn = ?,
                    createdOn = coalesce(?, createdOn)
                WHERE id = ? AND deletedAt IS NULL
                """, arguments: Self.arguments(debt) + [debt.start?.iso, id])
            guard db.changesCount == 1 else { throw StorageError.notFound }
        }
    }

    /// Adds a goal and records goal_added. Returns the new id.
    public func addGoal(_ goal: NewGoal, formToken: String) throws -> WriteOutcome<Int64> {
        try budgetWrite(formToken: formToken) { db in
            try db.execute(sql: """
                INSERT INTO goal (name, target, saved, deadline, priority, createdAt) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: Self.arguments(goal) + [timestamp()])
            let id = db.lastInsertedRowID
            try record(.goalAdded, in: db)
            return id
        }
    }

    /// Replaces every field of a goal. Throws `StorageError.notFound` for a missing or deleted id.
    public func updateGoal(id: Int64, _ goal: NewGoal, formToken: String) throws -> WriteOutcome<Void> {
        try budgetWrite(formToken: formToken) { db in
            try db.execute(sql: """
                UPDATE goal SET name = ?, target = ?, saved = ?, deadline = ?, priority = ?
                WHERE id = ? AND deletedAt IS NULL
                """, arguments: Self.arguments(goal) + [id])
            guard db.changesCount == 1 else { throw StorageError.notFound }
        }
    }

    /// Sets what the emergency fund has saved (0 … 10^12 minor units).
    public func setEmergencySaved(_ saved: Money, formToken: String) throws -> WriteOutcome<Void> {
        try budgetWrite(formToken: formToken) { db in
            try db.execute(sql: "UPDATE emergencyFund SET saved = ? WHERE id = 1", arguments: [saved.minorUnits])
        }
    }

    /// Adds an entry and records income_added / expense_added {type: oneOff} (Data page) or
    /// daily_entry_added {kind} (Calendar). Returns the new id. Throws
    /// `StorageError.notFound` when it confirms an occurrence of a missing or deleted
    /// source, `.occurrenceAlreadyConfirmed` when another entry confirms it already.
    public func addEntry(_ entry: NewEntry, origin: EntryOrigin, formToken: String) throws -> WriteOutcome<Int64> {
        try budgetWrite(formToken: formToken) { db in
            try Self.checkSource(of: entry, in: db)
            try db.execute(sql: """
                INSERT INTO entry (date, kind, name, amount, category, isActual, note, confirmsRecurringID,
                    confirmsDebtID, confirmsDate, plannedAmount, createdAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: Self.arguments(entry) + [timestamp()])
            let id = db.lastInsertedRowID
            switch origin {
            case .dataPage: try record(entry.kind == .income ? .incomeAdded : .expenseAdded, ["type": .text("oneOff")], in: db)
            case .calendar: try record(.dailyEntryAdded, ["kind": .text(entry.kind.rawValue)], in: db)
            }
            return id
        }
    }

    /// Replaces every field of an entry, its link included. Throws `StorageError.notFound`
    /// for a missing or deleted id (or source), `.occurrenceAlreadyConfirmed` as `addEntry`.
    public func updateEntry(id: Int64, _ entry: NewEntry, formToken: String) throws -> WriteOutcome<Void> {
        try budgetWrite(formToken: formToken) { db in
            try Self.checkSource(of: entry, in: db)
            try db.execute(sql: """
                UPDATE entry SET date = ?, kind = ?, name = ?, amount = ?, category = ?, isActual = ?, note = ?,
                    confirmsRecurringID = ?, confirmsDebtID = ?, confirmsDate = ?, plannedAmount = ?
                WHERE id = ? AND deletedAt IS NULL
                """, arguments: Self.arguments(entry) + [id])
            guard db.changesCount == 1 else { throw StorageError.notFound }
        }
    }

    // MARK: - Helpers

    /// Throws `StorageError.notFound` when `entry` confirms an occurrence of a missing or
    /// deleted source, `.rejected` when its kind differs from the source's.
    static func checkSource(of entry: NewEntry, in db: Database) throws {
        guard let key = entry.confirms else { return }
        let sourceKind: String?
        switch key.source {
        case .recurring(let id):
            sourceKind = try String.fetchOne(db, sql: "SELECT kind FROM recurringItem WHERE id = ? AND deletedAt IS NULL",
                                             arguments: [id])
        case .debt(let id):
            sourceKind = try Bool.fetchOne(db, sql: "SELECT 1 FROM debt WHERE id = ? AND deletedAt IS NULL",
                                           arguments: [id]) == nil ? nil : FlowKind.expense.rawValue
        }
        guard let sourceKind else { throw StorageError.notFound }
        guard sourceKind == entry.kind.rawValue else {
            throw StorageError.rejected("an entry confirming an occurrence has the kind of its source")
        }
    }

    /// kind, name, amount, periodicity, startDate, endDate, category.
    private static func arguments(_ item: NewRecurringItem) -> StatementArguments {
        [item.kind.rawValue, item.name, item.amount.minorUnits, item.periodicity.rawValue, item.start.iso,
         item.end?.iso, item.category]
    }

    /// name, paymentDay, mode, monthlyPayment, balance, asOf, aprHundredths, termMonths,
    /// graceMonths, minimumPayment, endsOn.
    private static func arguments(_ debt: NewDebt) -> StatementArguments {
        switch debt.kind {
        case .paymentOnly(let monthlyPayment):
            return [debt.name, debt.paymentDay, "payment", monthlyPayment.minorUnits, nil, nil, nil, nil, 0, nil, debt.end?.iso]
        case .loan(let loan):
            return [debt.name, debt.paymentDay, "loan", nil, loan.balance.minorUnits, loan.asOf.iso, loan.apr.hundredths,
                    loan.termMonths, loan.graceMonths, loan.minimumPayment?.minorUnits, nil]
        }
    }

    /// name, target, saved, deadline, priority.
    private static func arguments(_ goal: NewGoal) -> StatementArguments {
        [goal.name, goal.target.minorUnits, goal.saved.minorUnits, goal.deadline?.iso, goal.priority]
    }

    /// date, kind, name, amount, category, isActual, note, confirmsRecurringID,
    /// confirmsDebtID, confirmsDate, plannedAmount.
    static func arguments(_ entry: NewEntry) -> StatementArguments {
        var recurringID: Int64?, debtID: Int64?
        switch entry.confirms?.source {
        case .recurring(let id): recurringID = id
        case .debt(let id): debtID = id
        case nil: break
        }
        return [entry.date.iso, entry.kind.rawValue, entry.name, entry.amount.minorUnits, entry.category, entry.isActual,
                entry.note, recurringID, debtID, entry.confirms?.date.iso, entry.plannedAmount?.minorUnits]
    }
}
