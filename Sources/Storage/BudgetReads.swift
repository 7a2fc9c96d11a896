import Engine
import GRDB

// MARK: - Reading the household's budget

// Reads never see soft-deleted rows. An entry whose recurring item or debt is deleted
// reads as unlinked (`confirms` nil): its money then counts like any one-off entry.

extension AppDatabase {
    /// The household for the engine, from one snapshot: every recurring income and expense,
    /// debt and goal (in creation order), the emergency fund, `settings`, the entries dated
    /// `from` … `through` (by date, then id) and the earliest actual entry of all. A goal's or
    /// the fund's "saved so far" that follows an account is its balance on `today` (clamped
    /// at 0; nil: every actual entry, which forms never date after today).
    public func household(settings: PlanSettings, entriesFrom from: Day, through: Day, today: Day? = nil) throws -> Household {
        try read { db in try Self.household(db, settings: settings, entriesFrom: from, through: through, today: today) }
    }

    /// `household(settings:entriesFrom:through:today:)` inside the caller's transaction.
    static func household(_ db: Database, settings: PlanSettings, entriesFrom from: Day, through: Day, today: Day?) throws -> Household {
        do {
            let balanceDay = today ?? Day(year: 2199, month: 12, day: 31)!
            var household = Household(settings: settings)
            for item in try Self.recurringItems(db) {
                if item.kind == .income { household.incomes.append(item) } else { household.expenses.append(item) }
            }
            household.debts = try Self.debts(db)
            household.goals = try Self.goals(db, balanceDay: balanceDay)
            household.emergencySaved = try Self.emergencySaved(db, balanceDay: balanceDay)
            household.entries = try Self.householdEntries(
                db, from: from, through: through,
                liveRecurringIDs: Set((household.incomes + household.expenses).map(\.id)),
                liveDebtIDs: Set(household.debts.map(\.id)))
            household.earliestActualEntry = try String.fetchOne(db.cachedStatement(sql: """
                SELECT date FROM entry WHERE isActual = 1 AND deletedAt IS NULL AND transferGroup IS NULL ORDER BY date LIMIT 1
                """)).map { try Self.storedDay($0) }
            return household
        }
    }

    /// The recurring item `id`, nil when missing or deleted.
    public func recurringItem(id: ID<RecurringItem>) throws -> RecurringItem? {
        try read { db in try Self.recurringItems(db, id: id).first }
    }

    /// The debt `id`, nil when missing or deleted.
    public func debt(id: ID<Debt>) throws -> Debt? {
        try read { db in try Self.debts(db, id: id).first }
    }

    /// The goal `id`, nil when missing or deleted, with "saved so far" as typed (what its
    /// form shows) even when it follows an account.
    public func goal(id: ID<Goal>) throws -> Goal? {
        try read { db in try Self.goals(db, id: id, followingAccounts: false).first }
    }

    /// The entry `id` with its note, nil when missing or deleted.
    public func storedEntry(id: ID<Entry>) throws -> StoredEntry? {
        try read { db in
            var found: StoredEntry?
            try Self.forEachEntry(db, id: id) { found = $0 }
            found?.entry.parts = try Self.entryParts(db, ids: [id])[id] ?? []
            return found
        }
    }

    /// One page of the entries dated `from` … `through`, by date, then id.
    public func entries(from: Day, through: Day, limit: Int, offset: Int) throws -> [StoredEntry] {
        try read { db in
            var page: [StoredEntry] = []
            try Self.forEachEntry(db, from: from, through: through, limit: limit, offset: offset) { page.append($0) }
            return page
        }
    }

    /// How many entries are dated `from` … `through`.
    public func entryCount(from: Day, through: Day) throws -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM entry WHERE deletedAt IS NULL AND date BETWEEN :from AND :through",
                             arguments: ["from": from.iso, "through": through.iso]) ?? 0
        }
    }

    /// One page of the one-off entries dated `from` … `through`, by date, then id: entries
    /// that confirm an occurrence of a recurring item or a debt payment, and transfers'
    /// sides (`transfers(from:through:)`), are left out.
    public func oneOffEntries(from: Day, through: Day, limit: Int, offset: Int) throws -> [StoredEntry] {
        try read { db in
            var page: [StoredEntry] = []
            let statement = try db.cachedStatement(sql: Self.oneOffEntriesSQL)
            let arguments: StatementArguments = ["from": from.iso, "through": through.iso, "limit": limit, "offset": offset]
            try Self.forEachEntry(Row.fetchCursor(statement, arguments: arguments)) { page.append($0) }
            return page
        }
    }

    /// `oneOffEntries`' query. The unary `+` keeps SQLite from reading `IS NULL` through the
    /// confirmation indexes (every entry ever, then a sort: 4.5 ms at 20,000 entries) instead of
    /// the month's range of `entry_live_by_date_transfer` (0.1 ms); BudgetReadTests checks the plan.
    static let oneOffEntriesSQL = """
        \(entryColumns), e.note
        \(entryJoins)
        WHERE e.deletedAt IS NULL AND e.date BETWEEN :from AND :through
          AND +e.confirmsRecurringID IS NULL AND +e.confirmsDebtID IS NULL AND e.transferGroup IS NULL
        ORDER BY e.date, e.id LIMIT :limit OFFSET :offset
        """

    /// How many entries dated `from` … `through` are one-offs (`oneOff`) or confirmations
    /// of a recurring item's or a debt's occurrence (not `oneOff`); transfers are neither.
    public func entryCount(from: Day, through: Day, oneOff: Bool) throws -> Int {
        try read { db in
            try Int.fetchOne(db, sql: """
                SELECT count(*) FROM entry WHERE deletedAt IS NULL AND date BETWEEN :from AND :through
                  AND (confirmsRecurringID IS NULL AND confirmsDebtID IS NULL) = :oneOff AND transferGroup IS NULL
                """, arguments: ["from": from.iso, "through": through.iso, "oneOff": oneOff]) ?? 0
        }
    }

    /// What the emergency fund has saved.
    public func emergencySaved() throws -> Money {
        try read { db in try Self.emergencySaved(db) }
    }

    /// A number that changes with every committed write (the budget's included): figures
    /// computed at one stamp stay valid until it changes.
    public func budgetVersionStamp() -> Int { version }
}

// MARK: - Row decoding

extension AppDatabase {
    /// The live recurring items by id, or only `id`.
    private static func recurringItems(_ db: Database, id: ID<RecurringItem>? = nil) throws -> [RecurringItem] {
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT id, kind, name, amount, periodicity, startDate, endDate, category, plansCategory FROM recurringItem
            WHERE deletedAt IS NULL AND (:id IS NULL OR id = :id) ORDER BY id
            """), arguments: ["id": id])
        var items: [RecurringItem] = []
        while let row = try rows.next() {
            items.append(RecurringItem(
                id: row[0], kind: try value(row[1]), name: row[2], amount: Money(minorUnits: row[3]),
                periodicity: try value(row[4]), start: try storedDay(row[5]), end: try (row[6] as String?).map(storedDay),
                category: row[7] ?? "", plansCategory: row[8]))
        }
        return items
    }

    /// The live debts by id, or only `id`. Throws `StorageError.corrupt` for an unknown mode.
    static func debts(_ db: Database, id: ID<Debt>? = nil) throws -> [Debt] {
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT id, name, paymentDay, createdOn, mode, monthlyPayment, balance, asOf, aprHundredths, termMonths,
                graceMonths, minimumPayment, endsOn
            FROM debt WHERE deletedAt IS NULL AND (:id IS NULL OR id = :id) ORDER BY id
            """), arguments: ["id": id])
        var debts: [Debt] = []
        while let row = try rows.next() {
            let kind: DebtKind
            switch row[4] as String {
            case "payment":
                kind = .paymentOnly(monthlyPayment: Money(minorUnits: row[5]))
            case "loan":
                kind = .loan(Loan(balance: Money(minorUnits: row[6]), asOf: try storedDay(row[7]),
                                  apr: APR(hundredths: row[8]), termMonths: row[9], graceMonths: row[10],
                                  minimumPayment: (row[11] as Int64?).map(Money.init(minorUnits:))))
            case let mode:
                throw StorageError.corrupt("debt mode \(mode)")
            }
            let endsOn = try (row[12] as String?).map(storedDay)
            debts.append(Debt(id: row[0], name: row[1], paymentDay: row[2], createdOn: try storedDay(row[3]), kind: kind,
                              endsOn: endsOn))
        }
        return debts
    }

    /// The live goals by id, or only `id`.
    private static func goals(_ db: Database, id: ID<Goal>? = nil, balanceDay: Day? = nil,
                              followingAccounts: Bool = true) throws -> [Goal] {
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT id, name, target, saved, deadline, priority, savedAccountID FROM goal
            WHERE deletedAt IS NULL AND (:id IS NULL OR id = :id) ORDER BY id
            """), arguments: ["id": id])
        var goals: [Goal] = []
        while let row = try rows.next() {
            let saved = try linkedSaved(db, accountID: followingAccounts ? row[6] : nil, on: balanceDay) ?? Money(minorUnits: row[3])
            goals.append(Goal(id: row[0], name: row[1], target: Money(minorUnits: row[2]), saved: saved,
                              deadline: try (row[4] as String?).map(storedDay), priority: row[5]))
        }
        return goals
    }

    /// The emergency fund's one row.
    private static func emergencySaved(_ db: Database, balanceDay: Day? = nil) throws -> Money {
        guard let row = try Row.fetchOne(db, sql: "SELECT saved, savedAccountID FROM emergencyFund WHERE id = 1") else { return .zero }
        return try linkedSaved(db, accountID: row[1], on: balanceDay) ?? Money(minorUnits: row[0])
    }

    /// The columns of an entry; a link whose source is deleted reads as none.
    private static let entryColumns = """
        SELECT e.id, e.date, e.kind = 'income', e.name, e.amount, e.category, e.isActual, r.id, d.id, e.confirmsDate,
            e.plannedAmount
        """
    private static let entryJoins = """
        FROM entry e
        LEFT JOIN recurringItem r ON r.id = e.confirmsRecurringID AND r.deletedAt IS NULL
        LEFT JOIN debt d ON d.id = e.confirmsDebtID AND d.deletedAt IS NULL
        """

    /// The non-deleted entries dated `from` … `through` by date then id, for the engine:
    /// no notes, and a link only when its source is among the live ids. Two reads of
    /// covering partial indexes: every entry, then the few that confirm an occurrence,
    /// merged in their common order.
    private static func householdEntries(_ db: Database, from: Day, through: Day, liveRecurringIDs: Set<ID<RecurringItem>>,
                                         liveDebtIDs: Set<ID<Debt>>) throws -> [Entry] {
        let arguments: StatementArguments = ["from": from.iso, "through": through.iso]
        let links = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT id, confirmsRecurringID, confirmsDebtID, confirmsDate FROM entry INDEXED BY entry_live_links
            WHERE deletedAt IS NULL AND (confirmsRecurringID IS NOT NULL OR confirmsDebtID IS NOT NULL)
                AND date BETWEEN :from AND :through
            ORDER BY date, id
            """), arguments: arguments)
        var nextLink = try links.next().map(Self.link)
        var entries: [Entry] = []
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT id, date, (kind = 'income') + 2 * isActual, name, amount, category, plannedAmount
            FROM entry INDEXED BY entry_live_by_date_transfer
            WHERE deletedAt IS NULL AND date BETWEEN :from AND :through AND transferGroup IS NULL
            ORDER BY date, id
            """), arguments: arguments)
        var lastDate = (text: "", day: from)
        while let row = try rows.next() {
            let id: ID<Entry> = row[0]
            let dateText: String = row[1]
            if dateText != lastDate.text { lastDate = (dateText, try storedDay(dateText)) }
            let flags: Int = row[2]
            var confirms: OccurrenceKey?
            if let link = nextLink, link.entryID == id {
                switch link.key.source {
                case .recurring(let sourceID) where liveRecurringIDs.contains(sourceID): confirms = link.key
                case .debt(let sourceID) where liveDebtIDs.contains(sourceID): confirms = link.key
                default: break
                }
                nextLink = try links.next().map(Self.link)
            }
            var entry = Entry(id: id, date: lastDate.day, kind: flags & 1 == 1 ? .income : .expense, name: row[3],
                              amount: Money(minorUnits: row[4]), category: row[5] ?? "", isActual: flags & 2 == 2,
                              confirms: confirms)
            entry.plannedAmount = (row[6] as Int64?).map(Money.init(minorUnits:))
            entries.append(entry)
        }
        // The parts of the split ones (docs/engine-rules.md, "Splits"): few, read in one query.
        let parts = try entryParts(db, from: from, through: through)
        if !parts.isEmpty {
            for index in entries.indices { if let split = parts[entries[index].id] { entries[index].parts = split } }
        }
        return entries
    }

    /// An entry id and the occurrence it confirms, from id, confirmsRecurringID,
    /// confirmsDebtID, confirmsDate.
    private static func link(_ row: Row) throws -> (entryID: ID<Entry>, key: OccurrenceKey) {
        let source: OccurrenceSource
        if let recurringID = row[1] as ID<RecurringItem>? { source = .recurring(recurringID) } else { source = .debt(row[2]) }
        return (row[0], OccurrenceKey(source: source, date: try storedDay(row[3])))
    }

    /// Calls `body` with one page of the non-deleted entries dated `from` … `through` by
    /// date then id, with their notes.
    private static func forEachEntry(_ db: Database, from: Day, through: Day, limit: Int, offset: Int,
                                     _ body: (StoredEntry) throws -> Void) throws {
        let statement = try db.cachedStatement(sql: """
            \(entryColumns), e.note
            \(entryJoins)
            WHERE e.deletedAt IS NULL AND e.date BETWEEN :from AND :through
            ORDER BY e.date, e.id LIMIT :limit OFFSET :offset
            """)
        let arguments: StatementArguments = ["from": from.iso, "through": through.iso, "limit": limit, "offset": offset]
        try forEachEntry(Row.fetchCursor(statement, arguments: arguments), body)
    }

    /// Calls `body` with the entry `id` and its note, when it exists and is not deleted.
    private static func forEachEntry(_ db: Database, id: ID<Entry>, _ body: (StoredEntry) throws -> Void) throws {
        let statement = try db.cachedStatement(sql: """
            \(entryColumns), e.note \(entryJoins) WHERE e.deletedAt IS NULL AND e.id = :id
            """)
        try forEachEntry(Row.fetchCursor(statement, arguments: ["id": id]), body)
    }

    /// Decodes rows of `entryColumns` (plannedAmount last), e.note.
    private static func forEachEntry(_ rows: RowCursor, _ body: (StoredEntry) throws -> Void) throws {
        while let row = try rows.next() {
            let date = try storedDay(row[1])
            var confirms: OccurrenceKey?
            if let recurringID = row[7] as ID<RecurringItem>? {
                confirms = OccurrenceKey(source: .recurring(recurringID), date: try storedDay(row[9]))
            } else if let debtID = row[8] as ID<Debt>? {
                confirms = OccurrenceKey(source: .debt(debtID), date: try storedDay(row[9]))
            }
            var entry = Entry(id: row[0], date: date, kind: row[2] ? .income : .expense, name: row[3],
                              amount: Money(minorUnits: row[4]), category: row[5] ?? "", isActual: row[6],
                              confirms: confirms)
            entry.plannedAmount = (row[10] as Int64?).map(Money.init(minorUnits:))
            try body(StoredEntry(entry: entry, note: row[11]))
        }
    }

    /// Parses a stored 'YYYY-MM-DD' without allocating.
    private static func storedDay(_ text: String) throws -> Day {
        var parts = (year: 0, month: 0, day: 0)
        var index = 0
        for byte in text.utf8 {
            let digit = Int(byte) &- 48
            switch index {
            case 0...3 where (0...9).contains(digit): parts.year = parts.year * 10 + digit
            case 5...6 where (0...9).contains(digit): parts.month = parts.month * 10 + digit
            case 8...9 where (0...9).contains(digit): parts.day = parts.day * 10 + digit
            case 4 where byte == UInt8(ascii: "-"), 7 where byte == UInt8(ascii: "-"): break
            default: throw StorageError.corrupt("date \(text)")
            }
            index += 1
        }
        guard index == 10, let day = Day(year: parts.year, month: parts.month, day: parts.day) else {
            throw StorageError.corrupt("date \(text)")
        }
        return day
    }

    /// A raw-value enum from its stored text.
    private static func value<T: RawRepresentable>(_ text: String) throws -> T where T.RawValue == String {
        guard let value = T(rawValue: text) else { throw StorageError.corrupt("\(T.self) \(text)") }
        return value
    }
}
