import Engine
import GRDB

// MARK: - Recurring items, debts, goals, the emergency fund, entries

// Each method is one `writeOnce` transaction (a double submit writes once) that records
// its event (docs/product-rules.md, "Product events") in the same transaction. Constraint failures throw
// `StorageError.rejected` and write nothing.

extension AppDatabase {
    /// Adds a recurring income or expense and records income_added / expense_added {type: recurring}.
    /// Returns the new id.
    public func addRecurring(_ item: NewRecurringItem, formToken: String) throws -> WriteOutcome<ID<RecurringItem>> {
        try budgetWrite(formToken: formToken) { db in
            let id = try Self.insertRecurring(item, createdAt: timestamp(), in: db)
            try record(item.kind == .income ? .incomeAdded : .expenseAdded, ["type": .text("recurring")], in: db)
            return id
        }
    }

    /// Replaces every field of a recurring item. Throws `StorageError.notFound` for a
    /// missing or deleted id.
    public func updateRecurring(id: ID<RecurringItem>, _ item: NewRecurringItem, formToken: String) throws -> WriteOutcome<Void> {
        try budgetWrite(formToken: formToken) { db in
            try db.execute(sql: """
                UPDATE recurringItem SET kind = :kind, name = :name, amount = :amount, periodicity = :periodicity,
                    startDate = :startDate, endDate = :endDate, category = :category, plansCategory = :plansCategory
                WHERE id = :id AND deletedAt IS NULL
                """, arguments: Self.arguments(item) + ["id": id])
            guard db.changesCount == 1 else { throw StorageError.notFound }
        }
    }

    /// Adds a debt created on `today` and records debt_added. Returns the new id.
    public func addDebt(_ debt: NewDebt, today: Day, formToken: String) throws -> WriteOutcome<ID<Debt>> {
        try budgetWrite(formToken: formToken) { db in
            try db.execute(sql: """
                INSERT INTO debt (name, paymentDay, mode, monthlyPayment, balance, asOf, aprHundredths, termMonths,
                    graceMonths, minimumPayment, endsOn, createdOn, createdAt)
                VALUES (:name, :paymentDay, :mode, :monthlyPayment, :balance, :asOf, :aprHundredths, :termMonths,
                    :graceMonths, :minimumPayment, :endsOn, :createdOn, :createdAt)
                """, arguments: Self.arguments(debt) + ["createdOn": (debt.start ?? today).iso, "createdAt": timestamp()])
            let id = ID<Debt>(db.lastInsertedRowID)
            try record(.debtAdded, in: db)
            return id
        }
    }

    /// Replaces every field of a debt but its creation day (a debt may change mode).
    /// Throws `StorageError.notFound` for a missing or deleted id.
    public func updateDebt(id: ID<Debt>, _ debt: NewDebt, formToken: String) throws -> WriteOutcome<Void> {
        try budgetWrite(formToken: formToken) { db in
            try db.execute(sql: """
                UPDATE debt SET name = :name, paymentDay = :paymentDay, mode = :mode, monthlyPayment = :monthlyPayment,
                    balance = :balance, asOf = :asOf, aprHundredths = :aprHundredths, termMonths = :termMonths,
                    graceMonths = :graceMonths, minimumPayment = :minimumPayment, endsOn = :endsOn,
                    createdOn = coalesce(:createdOn, createdOn)
                WHERE id = :id AND deletedAt IS NULL
                """, arguments: Self.arguments(debt) + ["createdOn": debt.start?.iso, "id": id])
            guard db.changesCount == 1 else { throw StorageError.notFound }
        }
    }

    /// Adds a goal and records goal_added. Returns the new id.
    public func addGoal(_ goal: NewGoal, formToken: String) throws -> WriteOutcome<ID<Goal>> {
        try budgetWrite(formToken: formToken) { db in
            let id = try Self.insertGoal(goal, createdAt: timestamp(), in: db)
            try record(.goalAdded, in: db)
            return id
        }
    }

    /// Replaces every field of a goal. Throws `StorageError.notFound` for a missing or deleted id.
    public func updateGoal(id: ID<Goal>, _ goal: NewGoal, formToken: String) throws -> WriteOutcome<Void> {
        try budgetWrite(formToken: formToken) { db in
            try db.execute(sql: """
                UPDATE goal SET name = :name, target = :target, saved = :saved, deadline = :deadline, priority = :priority,
                    savedAccountID = :savedAccountID
                WHERE id = :id AND deletedAt IS NULL
                """, arguments: Self.arguments(goal) + ["id": id])
            guard db.changesCount == 1 else { throw StorageError.notFound }
        }
    }

    /// Sets what the emergency fund has saved (0 … 10^12 minor units).
    public func setEmergencySaved(_ saved: Money, formToken: String) throws -> WriteOutcome<Void> {
        try budgetWrite(formToken: formToken) { db in
            try db.execute(sql: "UPDATE emergencyFund SET saved = :saved WHERE id = 1", arguments: ["saved": saved.minorUnits])
        }
    }

    /// Adds an entry and records income_added / expense_added {type: oneOff} (Budget page) or
    /// daily_entry_added {kind} (Calendar). Returns the new id. Throws
    /// `StorageError.notFound` when it confirms an occurrence of a missing or deleted
    /// source, `.occurrenceAlreadyConfirmed` when another entry confirms it already.
    public func addEntry(_ entry: NewEntry, origin: EntryOrigin, formToken: String) throws -> WriteOutcome<ID<Entry>> {
        try budgetWrite(formToken: formToken) { db in
            try Self.checkSource(of: entry, in: db)
            let id = try EntryRecord(entry, createdAt: timestamp()).insert(db)
            switch origin {
            case .dataPage: try record(entry.kind == .income ? .incomeAdded : .expenseAdded, ["type": .text("oneOff")], in: db)
            case .calendar: try record(.dailyEntryAdded, ["kind": .text(entry.kind.rawValue)], in: db)
            }
            return id
        }
    }

    /// Replaces every field of an entry, its link included. Throws `StorageError.notFound`
    /// for a missing or deleted id (or source), `.occurrenceAlreadyConfirmed` as `addEntry`.
    public func updateEntry(id: ID<Entry>, _ entry: NewEntry, formToken: String) throws -> WriteOutcome<Void> {
        try budgetWrite(formToken: formToken) { db in
            try Self.checkSource(of: entry, in: db)
            // One side of a transfer stays a transfer: the same kind, actual, in an account; its
            // new date and amount go to the other side too, so the pair always matches.
            let transfer = try Row.fetchOne(db, sql: "SELECT transferGroup, kind FROM entry WHERE id = :id AND deletedAt IS NULL",
                                            arguments: ["id": id])
            let group: Int64? = transfer?["transferGroup"]
            if group != nil {
                guard transfer?["kind"] == entry.kind.rawValue, entry.isActual,
                      entry.account == nil || entry.account?.accountID != nil else {
                    throw StorageError.rejected("a transfer's side stays an actual \(transfer?["kind"] ?? "") in an account")
                }
            }
            try db.execute(sql: """
                UPDATE entry SET date = :date, kind = :kind, name = :name, amount = :amount, category = :category,
                    isActual = :isActual, note = :note, confirmsRecurringID = :confirmsRecurringID,
                    confirmsDebtID = :confirmsDebtID, confirmsDate = :confirmsDate, plannedAmount = :plannedAmount
                WHERE id = :id AND deletedAt IS NULL
                """, arguments: Self.arguments(entry) + ["id": id])
            guard db.changesCount == 1 else { throw StorageError.notFound }
            try Self.setEntryAccount(entry.account, entryID: id, in: db)
            if let group {
                try db.execute(sql: """
                    UPDATE entry SET date = :date, amount = :amount
                    WHERE transferGroup = :group AND id <> :id AND deletedAt IS NULL
                    """, arguments: ["date": entry.date.iso, "amount": entry.amount.minorUnits, "group": group, "id": id])
            }
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
            sourceKind = try String.fetchOne(db, sql: "SELECT kind FROM recurringItem WHERE id = :id AND deletedAt IS NULL",
                                             arguments: ["id": id])
        case .debt(let id):
            sourceKind = try Bool.fetchOne(db, sql: "SELECT 1 FROM debt WHERE id = :id AND deletedAt IS NULL",
                                           arguments: ["id": id]) == nil ? nil : FlowKind.expense.rawValue
        }
        guard let sourceKind else { throw StorageError.notFound }
        guard sourceKind == entry.kind.rawValue else {
            throw StorageError.rejected("an entry confirming an occurrence has the kind of its source")
        }
    }

    /// Inserts a recurring item (every writer's one insert into `recurringItem`); returns its id.
    @discardableResult
    static func insertRecurring(_ item: NewRecurringItem, createdAt: String, in db: Database) throws -> ID<RecurringItem> {
        try db.execute(sql: """
            INSERT INTO recurringItem (kind, name, amount, periodicity, startDate, endDate, category, plansCategory, createdAt)
            VALUES (:kind, :name, :amount, :periodicity, :startDate, :endDate, :category, :plansCategory, :createdAt)
            """, arguments: arguments(item) + ["createdAt": createdAt])
        return ID(db.lastInsertedRowID)
    }

    /// An item's columns by name: kind, name, amount, periodicity, startDate, endDate, category, plansCategory.
    static func arguments(_ item: NewRecurringItem) -> StatementArguments {
        ["kind": item.kind.rawValue, "name": item.name, "amount": item.amount.minorUnits,
         "periodicity": item.periodicity.rawValue, "startDate": item.start.iso, "endDate": item.end?.iso,
         "category": item.category, "plansCategory": item.kind == .expense ? item.plansCategory : nil]
    }

    /// A debt's columns by name: name, paymentDay, mode, monthlyPayment, balance, asOf,
    /// aprHundredths, termMonths, graceMonths, minimumPayment, endsOn.
    private static func arguments(_ debt: NewDebt) -> StatementArguments {
        switch debt.kind {
        case .paymentOnly(let monthlyPayment):
            return ["name": debt.name, "paymentDay": debt.paymentDay, "mode": "payment",
                    "monthlyPayment": monthlyPayment.minorUnits, "balance": nil, "asOf": nil, "aprHundredths": nil,
                    "termMonths": nil, "graceMonths": 0, "minimumPayment": nil, "endsOn": debt.end?.iso]
        case .loan(let loan):
            return ["name": debt.name, "paymentDay": debt.paymentDay, "mode": "loan", "monthlyPayment": nil,
                    "balance": loan.balance.minorUnits, "asOf": loan.asOf.iso, "aprHundredths": loan.apr.hundredths,
                    "termMonths": loan.termMonths, "graceMonths": loan.graceMonths,
                    "minimumPayment": loan.minimumPayment?.minorUnits, "endsOn": nil]
        }
    }

    /// A goal's columns by name: name, target, saved, deadline, priority, savedAccountID.
    /// Inserts a goal (every writer's one insert into `goal`: the form, the Advisor); returns its id.
    static func insertGoal(_ goal: NewGoal, createdAt: String, in db: Database) throws -> ID<Goal> {
        try db.execute(sql: """
            INSERT INTO goal (name, target, saved, deadline, priority, savedAccountID, createdAt)
            VALUES (:name, :target, :saved, :deadline, :priority, :savedAccountID, :createdAt)
            """, arguments: arguments(goal) + ["createdAt": createdAt])
        return ID(db.lastInsertedRowID)
    }

    private static func arguments(_ goal: NewGoal) -> StatementArguments {
        ["name": goal.name, "target": goal.target.minorUnits, "saved": goal.saved.minorUnits,
         "deadline": goal.deadline?.iso, "priority": goal.priority, "savedAccountID": goal.savedAccountID]
    }

    /// The VALUES clause of an entry's INSERT: its columns (`arguments(_:)`), then createdAt.
    static let entryValues = """
        VALUES (:date, :kind, :name, :amount, :category, :isActual, :note, :confirmsRecurringID, :confirmsDebtID,
            :confirmsDate, :plannedAmount, :createdAt)
        """

    /// An entry's columns by name: date, kind, name, amount, category, isActual, note,
    /// confirmsRecurringID, confirmsDebtID, confirmsDate, plannedAmount.
    static func arguments(_ entry: NewEntry) -> StatementArguments {
        var recurringID: ID<RecurringItem>?, debtID: ID<Debt>?
        switch entry.confirms?.source {
        case .recurring(let id): recurringID = id
        case .debt(let id): debtID = id
        case nil: break
        }
        return ["date": entry.date.iso, "kind": entry.kind.rawValue, "name": entry.name, "amount": entry.amount.minorUnits,
                "category": entry.category, "isActual": entry.isActual, "note": entry.note,
                "confirmsRecurringID": recurringID, "confirmsDebtID": debtID, "confirmsDate": entry.confirms?.date.iso,
                "plannedAmount": entry.plannedAmount?.minorUnits]
    }
}
