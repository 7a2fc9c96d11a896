import Engine
import GRDB

// MARK: - One way to write an entry row

/// One row of `entry` as it is written: the one place the table's columns are spelled out for an
/// insert. Every writer — the forms, quick entry, bulk entries, the checklist, Advisor actions,
/// transfers, reconciliation and the statement import — inserts through it, so a new column is
/// added here once.
struct EntryRecord {
    var date: Day
    var kind: FlowKind
    var name: String
    var amount: Money
    /// A category key for expenses, nil for incomes.
    var category: String?
    var isActual: Bool
    var note = ""
    /// The planned occurrence it confirms (then it is actual).
    var confirms: OccurrenceKey?
    /// The amount it was entered with as planned (nil for an entry typed as actual).
    var plannedAmount: Money?
    var accountID: ID<Account>?
    var cleared = false
    /// When a reconciliation took it in (then it is cleared).
    var reconciledAt: String?
    var transferGroup: Int64?
    /// The bank's payee text (imported rows).
    var payeeRaw: String?
    var importBatchID: Int64?
    var createdAt: String

    /// The record of a form's entry, with its account when it has one.
    init(_ entry: NewEntry, createdAt: String) {
        date = entry.date; kind = entry.kind; name = entry.name; amount = entry.amount; category = entry.category
        isActual = entry.isActual; note = entry.note; confirms = entry.confirms; plannedAmount = entry.plannedAmount
        accountID = entry.account?.accountID; cleared = entry.account?.cleared ?? false
        self.createdAt = createdAt
    }

    /// A record of every column.
    init(date: Day, kind: FlowKind, name: String, amount: Money, category: String?, isActual: Bool, note: String = "",
         confirms: OccurrenceKey? = nil, plannedAmount: Money? = nil, accountID: ID<Account>? = nil, cleared: Bool = false,
         reconciledAt: String? = nil, transferGroup: Int64? = nil, payeeRaw: String? = nil, importBatchID: Int64? = nil,
         createdAt: String) {
        self.date = date; self.kind = kind; self.name = name; self.amount = amount; self.category = category
        self.isActual = isActual; self.note = note; self.confirms = confirms; self.plannedAmount = plannedAmount
        self.accountID = accountID; self.cleared = cleared; self.reconciledAt = reconciledAt; self.transferGroup = transferGroup
        self.payeeRaw = payeeRaw; self.importBatchID = importBatchID; self.createdAt = createdAt
    }

    static let insertSQL = """
        INSERT INTO entry (date, kind, name, amount, category, isActual, note, confirmsRecurringID, confirmsDebtID, confirmsDate,
            plannedAmount, accountID, cleared, reconciledAt, transferGroup, payeeRaw, importBatchID, createdAt)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// The values in `insertSQL`'s order.
    var arguments: StatementArguments {
        var recurringID: Int64?, debtID: Int64?
        switch confirms?.source {
        case .recurring(let id): recurringID = id.rawValue
        case .debt(let id): debtID = id.rawValue
        case nil: break
        }
        return [date.iso, kind.rawValue, name, amount.minorUnits, category, isActual, note, recurringID, debtID, confirms?.date.iso,
                plannedAmount?.minorUnits, accountID?.rawValue, cleared, reconciledAt, transferGroup, payeeRaw, importBatchID, createdAt]
    }

    /// Inserts the row; its account must be live (`StorageError.notFound` otherwise). Returns its id.
    @discardableResult
    func insert(_ db: Database) throws -> ID<Entry> {
        try checkAccount(db)
        try db.execute(sql: Self.insertSQL, arguments: arguments)
        return ID(db.lastInsertedRowID)
    }

    /// Inserts the row with a statement prepared once for many rows (`db.makeStatement(sql: insertSQL)`);
    /// the caller has checked the account.
    @discardableResult
    func insert(with statement: Statement, _ db: Database) throws -> ID<Entry> {
        try statement.execute(arguments: arguments)
        return ID(db.lastInsertedRowID)
    }

    /// Inserts a statement's new rows staged in `table` (columns date, kind, name, amount, category,
    /// note, payeeRaw; ordered by `seq`) in ONE statement: actual, cleared, in `accountID`, from
    /// batch `batchID`, every other column as `insertSQL` leaves it for such a row. One statement
    /// because the ledger's search index flushes at every statement (docs/PERFORMANCE.md); their
    /// ids are consecutive in `seq` order.
    static func insertStagedImportRows(from table: String, createdAt: String, accountID: ID<Account>, batchID: Int64, _ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO entry (date, kind, name, amount, category, isActual, note, confirmsRecurringID, confirmsDebtID, confirmsDate,
                plannedAmount, accountID, cleared, reconciledAt, transferGroup, payeeRaw, importBatchID, createdAt)
            SELECT date, kind, name, amount, category, 1, note, NULL, NULL, NULL,
                NULL, :account, 1, NULL, NULL, payeeRaw, :batch, :createdAt FROM \(table) ORDER BY seq
            """, arguments: ["createdAt": createdAt, "account": accountID, "batch": batchID])
    }

    /// Throws `StorageError.notFound` when the entry names an account that is gone.
    func checkAccount(_ db: Database) throws {
        guard let accountID else { return }
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM account WHERE id = :id AND deletedAt IS NULL", arguments: ["id": accountID]) != nil
        else { throw StorageError.notFound }
    }
}
