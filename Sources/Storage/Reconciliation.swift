import Engine
import GRDB

// MARK: - Reconciling an account with a bank statement

// The cleared balance on the statement date = the opening balance + every live actual entry
// of the account dated from its opening date to the statement date that is already
// reconciled + the ticked ones (income +, expense −). "Finish" reconciles the ticked
// entries (cleared, reconciledAt = now) and stores a `reconciliation` row, only when the
// difference is 0 — or after an adjustment entry the user asked for by its amount.

/// An account as the reconcile page needs it.
public struct ReconcileAccount: Sendable, Equatable {
    public var id: ID<Account>
    public var name: String
    public var openingBalance: Money
    public var openedOn: Day
    public var closed: Bool
    /// The last statement's figures (an OFX import stores them), when known.
    public var statementBalance: Money?
    public var statementDate: Day?
}

/// An actual entry of the account not yet reconciled.
public struct ReconcileEntry: Sendable, Equatable {
    public var id: ID<Entry>
    public var date: Day
    public var name: String
    public var kind: FlowKind
    public var amount: Money
    public var cleared: Bool

    /// Income positive, expense negative.
    public var signed: Money { kind == .income ? amount : Money(minorUnits: -amount.minorUnits) }
}

/// What "Finish" does about the difference.
public enum ReconcileFinish: Sendable, Equatable {
    /// Only when the difference is 0.
    case balanced
    /// Writes one "balance adjustment" entry of exactly `expected` (the difference the user
    /// saw on the button) named `name`, then finishes.
    case adjusting(expected: Money, name: String)
}

/// Why a reconciliation was refused; nothing was written.
public enum ReconcileError: Error, Equatable {
    /// The account is missing or deleted.
    case accountNotFound
    /// The difference is not 0 (this much) and no adjustment was asked for.
    case difference(Money)
    /// The adjustment asked for is not the difference now (another write came between).
    case adjustmentChanged(Money)
    /// The adjustment would exceed the amount limits (10^12 minor units).
    case adjustmentOutOfRange
}

extension AppDatabase {
    /// The live account `id`, nil when missing or deleted.
    public func reconcileAccount(id: ID<Account>) throws -> ReconcileAccount? {
        try read { db in try Self.reconcileAccount(db, id: id) }
    }

    /// The account's live actual entries dated from its opening date to `through` that are
    /// not reconciled yet, by date then id.
    public func reconcileEntries(accountID: ID<Account>, through: Day) throws -> [ReconcileEntry] {
        try read { db in
            guard let account = try Self.reconcileAccount(db, id: accountID) else { return [] }
            return try Self.unreconciled(db, account: account, through: through)
        }
    }

    /// The opening balance + the account's reconciled live actual entries dated from its
    /// opening date to `through`.
    public func reconciledBalance(accountID: ID<Account>, through: Day) throws -> Money {
        try read { db in
            guard let account = try Self.reconcileAccount(db, id: accountID) else { return .zero }
            return try Self.reconciledBalance(db, account: account, through: through)
        }
    }

    /// When the live entry `id` was reconciled (a stored timestamp), nil when it was not
    /// (or is missing).
    public func entryReconciledAt(id: ID<Entry>) throws -> String? {
        try read { db in
            try String.fetchOne(db, sql: "SELECT reconciledAt FROM entry WHERE id = :id AND deletedAt IS NULL",
                                arguments: ["id": id])
        }
    }

    /// "Save progress": the listed entries (unreconciled, up to `through`) become cleared
    /// when in `ticked`, uncleared otherwise. Nothing is locked.
    public func saveReconcileProgress(accountID: ID<Account>, through: Day, ticked: Set<ID<Entry>>,
                                      formToken: String) throws -> WriteOutcome<Void> {
        try budgetWrite(formToken: formToken) { db in
            guard let account = try Self.reconcileAccount(db, id: accountID) else { throw ReconcileError.accountNotFound }
            try Self.setCleared(db, account: account, through: through, ticked: ticked, reconciledAt: nil)
        }
    }

    /// "Finish": in one transaction, recomputes the difference with the ticked entries,
    /// writes the adjustment when asked for (exactly the difference), reconciles the ticked
    /// entries (cleared, reconciledAt = now; the unticked listed ones become uncleared) and
    /// stores the `reconciliation` row, whose id it returns. Throws `ReconcileError` when
    /// the difference is not 0 without an adjustment, or is not the one the user saw.
    public func finishReconciliation(accountID: ID<Account>, statementDate: Day, statementBalance: Money, ticked: Set<ID<Entry>>,
                                     _ finish: ReconcileFinish, formToken: String) throws -> WriteOutcome<Int64> {
        try budgetWrite(formToken: formToken) { db in
            guard let account = try Self.reconcileAccount(db, id: accountID) else { throw ReconcileError.accountNotFound }
            let entries = try Self.unreconciled(db, account: account, through: statementDate)
            let items = entries.map { ReconcileItem(id: $0.id, date: $0.date, signed: $0.signed, ticked: ticked.contains($0.id)) }
            let reconciled = try Self.reconciledBalance(db, account: account, through: statementDate)
            guard let cleared = Reconcile.clearedBalance(reconciled: reconciled, items: items),
                  let difference = statementBalance.subtracting(cleared) else { throw ReconcileError.adjustmentOutOfRange }
            let now = timestamp()
            var adjustmentID: ID<Entry>?
            switch finish {
            case .balanced:
                guard difference == .zero else { throw ReconcileError.difference(difference) }
            case .adjusting(let expected, let name):
                guard difference == expected, difference != .zero else { throw ReconcileError.adjustmentChanged(difference) }
                let size = Money(minorUnits: Int64(clamping: difference.minorUnits.magnitude))
                guard size.minorUnits <= 1_000_000_000_000 else { throw ReconcileError.adjustmentOutOfRange }
                adjustmentID = try EntryRecord(date: statementDate, kind: difference.minorUnits > 0 ? .income : .expense, name: name,
                                               amount: size, category: difference.minorUnits > 0 ? nil : "other", isActual: true,
                                               accountID: account.id, cleared: true, reconciledAt: now, createdAt: now).insert(db)
            }
            let listed = Set(entries.map(\.id))
            try Self.setCleared(db, account: account, through: statementDate, ticked: ticked, reconciledAt: now)
            try db.execute(sql: """
                INSERT INTO reconciliation (accountID, statementDate, balance, entryCount, adjustmentEntryID, createdAt)
                VALUES (:accountID, :statementDate, :balance, :entryCount, :adjustment, :createdAt)
                """, arguments: ["accountID": account.id, "statementDate": statementDate.iso,
                                 "balance": statementBalance.minorUnits, "entryCount": listed.intersection(ticked).count,
                                 "adjustment": adjustmentID, "createdAt": now])
            return db.lastInsertedRowID
        }
    }

    // MARK: - Helpers

    private static func reconcileAccount(_ db: Database, id: ID<Account>) throws -> ReconcileAccount? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT id, name, openingBalance, openedOn, closed, statementBalance, statementDate
            FROM account WHERE id = :id AND deletedAt IS NULL
            """, arguments: ["id": id]) else { return nil }
        guard let openedOn = Day(iso: row[3]) else { throw StorageError.corrupt("account openedOn") }
        let statementDate = try (row[6] as String?).map { text -> Day in
            guard let day = Day(iso: text) else { throw StorageError.corrupt("account statementDate") }
            return day
        }
        return ReconcileAccount(id: row[0], name: row[1], openingBalance: Money(minorUnits: row[2]), openedOn: openedOn,
                                closed: row[4], statementBalance: (row[5] as Int64?).map(Money.init(minorUnits:)),
                                statementDate: statementDate)
    }

    private static func unreconciled(_ db: Database, account: ReconcileAccount, through: Day) throws -> [ReconcileEntry] {
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT id, date, name, kind, amount, cleared FROM entry
            WHERE accountID = :account AND deletedAt IS NULL AND isActual = 1 AND reconciledAt IS NULL
              AND date BETWEEN :from AND :through
            ORDER BY date, id
            """), arguments: ["account": account.id, "from": account.openedOn.iso, "through": through.iso])
        var entries: [ReconcileEntry] = []
        while let row = try rows.next() {
            guard let day = Day(iso: row[1]), let kind = FlowKind(rawValue: row[3]) else { throw StorageError.corrupt("entry") }
            entries.append(ReconcileEntry(id: row[0], date: day, name: row[2], kind: kind, amount: Money(minorUnits: row[4]),
                                          cleared: row[5]))
        }
        return entries
    }

    private static func reconciledBalance(_ db: Database, account: ReconcileAccount, through: Day) throws -> Money {
        let sum = try Int64.fetchOne(db.cachedStatement(sql: """
            SELECT coalesce(sum(CASE kind WHEN 'income' THEN amount ELSE -amount END), 0) FROM entry
            WHERE accountID = :account AND deletedAt IS NULL AND isActual = 1 AND reconciledAt IS NOT NULL
              AND date BETWEEN :from AND :through
            """), arguments: ["account": account.id, "from": account.openedOn.iso, "through": through.iso]) ?? 0
        return Money(minorUnits: account.openingBalance.minorUnits + sum)
    }

    /// Sets `cleared` of the account's unreconciled listed entries (up to `through`) to
    /// whether they are ticked; with `reconciledAt`, the ticked ones are reconciled too.
    private static func setCleared(_ db: Database, account: ReconcileAccount, through: Day, ticked: Set<ID<Entry>>,
                                   reconciledAt: String?) throws {
        let arguments: StatementArguments = ["account": account.id, "from": account.openedOn.iso, "through": through.iso]
        let listed = """
            accountID = :account AND deletedAt IS NULL AND isActual = 1 AND reconciledAt IS NULL
              AND date BETWEEN :from AND :through
            """
        try db.execute(sql: "UPDATE entry SET cleared = 0 WHERE \(listed)", arguments: arguments)
        let tick = try db.cachedStatement(sql: """
            UPDATE entry SET cleared = 1, reconciledAt = :reconciledAt WHERE id = :id AND \(listed)
            """)
        for id in ticked.sorted() {
            try tick.execute(arguments: arguments + ["id": id, "reconciledAt": reconciledAt])
        }
    }
}
