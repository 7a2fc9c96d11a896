import Engine
import GRDB
import Statements

// MARK: - One way to write and read a staged statement row

/// One row of `importRow` (a bank statement's row staged in a preview): the one place the
/// table's columns are spelled out. The staging inserts through it, and the preview's reads and
/// the commit's re-read decode through it, so a new column is added here once.
struct ImportRowRecord: Equatable {
    var batchID: ID<ImportBatchInfo>
    /// The row's place in the preview (file order, the parser's errors last).
    var position: Int
    var line: Int
    /// Nil for a parser error.
    var date: Day?
    var amount: Int64?
    var payee = ""
    var memo = ""
    var externalID: String?
    var status: RowStatus
    var fingerprint: String?
    var externalKey: String?
    var occurrence = 0
    var seenBatchID: Int64?
    var deletedOn: String?
    var linkEntryID: ID<Entry>?
    var confirmSource: String?
    var confirmDate: Day?
    var reason: String?
    var errorColumn: String?
    var category: String?
    /// A `CategorySource`, or "user" once the user picked the category.
    var categorySource = CategorySource.none.rawValue
    var choice: ImportChoice
    var mcc: Int?
    var bankCategory: String?
    /// The entry name a payee rule gives.
    var name: String?
    /// A split row's parts as `AppDatabase.encodeSplits` writes them.
    var splits: String?
    /// The entry the commit made of it, and what a linked entry was before (for the undo).
    var entryID: ID<Entry>?
    var before: String?

    /// The columns in the order `insertSQL` writes them and `init(row:)` reads them.
    static let columns = [
        "batchID", "position", "line", "date", "amount", "payee", "memo", "externalID", "status", "fingerprint", "externalKey",
        "occurrence", "seenBatchID", "deletedOn", "linkEntryID", "confirmSource", "confirmDate", "reason", "errorColumn", "category",
        "categorySource", "choice", "mcc", "bankCategory", "name", "splits", "entryID", "before",
    ]

    /// The select list of every column, each prefixed with `alias.` when given; a query may select
    /// more columns after these (read from `row[columns.count]` on).
    static func selection(_ alias: String? = nil) -> String {
        columns.map { column in alias.map { "\($0).\(column)" } ?? column }.joined(separator: ", ")
    }

    static let insertSQL = "INSERT INTO importRow (\(selection())) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"

    /// A row as `selection` selects it (positionally: a file's rows are tens of thousands). An
    /// unknown status reads as an error, an unknown choice as skip.
    init(row: Row) {
        batchID = row[0]; position = row[1]; line = row[2]; date = (row[3] as String?).flatMap(Day.init(iso:)); amount = row[4]
        payee = row[5]; memo = row[6]; externalID = row[7]; status = RowStatus(rawValue: row[8]) ?? .error
        fingerprint = row[9]; externalKey = row[10]; occurrence = row[11]; seenBatchID = row[12]; deletedOn = row[13]
        linkEntryID = row[14]; confirmSource = row[15]; confirmDate = (row[16] as String?).flatMap(Day.init(iso:)); reason = row[17]
        errorColumn = row[18]; category = row[19]; categorySource = row[20]
        choice = ImportChoice(rawValue: row[21]) ?? .skip; mcc = row[22]; bankCategory = row[23]; name = row[24]; splits = row[25]
        entryID = row[26]; before = row[27]
    }

    /// A staged row (nothing committed yet: no entry, no before).
    init(batchID: ID<ImportBatchInfo>, position: Int, line: Int, date: Day?, amount: Int64?, payee: String, memo: String,
         externalID: String?, status: RowStatus, fingerprint: String?, externalKey: String?, occurrence: Int, seenBatchID: Int64?,
         deletedOn: String?, linkEntryID: ID<Entry>?, confirmSource: String?, confirmDate: Day?, reason: String?,
         errorColumn: String?, category: String?, categorySource: String, choice: ImportChoice, mcc: Int?,
         bankCategory: String?, name: String?, splits: String?) {
        self.batchID = batchID; self.position = position; self.line = line; self.date = date; self.amount = amount
        self.payee = payee; self.memo = memo; self.externalID = externalID; self.status = status; self.fingerprint = fingerprint
        self.externalKey = externalKey; self.occurrence = occurrence; self.seenBatchID = seenBatchID; self.deletedOn = deletedOn
        self.linkEntryID = linkEntryID; self.confirmSource = confirmSource; self.confirmDate = confirmDate; self.reason = reason
        self.errorColumn = errorColumn; self.category = category; self.categorySource = categorySource; self.choice = choice
        self.mcc = mcc; self.bankCategory = bankCategory; self.name = name; self.splits = splits
    }

    /// The values in `columns`' order.
    var arguments: StatementArguments {
        [batchID, position, line, date?.iso, amount, payee, memo, externalID, status.rawValue, fingerprint, externalKey,
         occurrence, seenBatchID, deletedOn, linkEntryID, confirmSource, confirmDate?.iso, reason, errorColumn, category,
         categorySource, choice.rawValue, mcc, bankCategory, name, splits, entryID, before]
    }

    /// Inserts the row with a statement prepared once for many rows (`db.makeStatement(sql: insertSQL)`).
    func insert(with statement: Statement) throws {
        try statement.execute(arguments: arguments)
    }

    /// The rows of batch `batchID` in `position` order.
    static func fetchAll(batchID: ID<ImportBatchInfo>, _ db: Database) throws -> [ImportRowRecord] {
        try Row.fetchAll(db, sql: "SELECT \(selection()) FROM importRow WHERE batchID = :id ORDER BY position",
                         arguments: ["id": batchID]).map(ImportRowRecord.init(row:))
    }
}
