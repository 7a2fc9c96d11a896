import Engine
import Foundation
import GRDB
import Statements

// MARK: - Bank statement import: preview, commit, undo
//
// A batch is created in 'preview' with every row of the file staged in `importRow` under the
// match plan's decision (Statements/MatchPlan.swift) and its default choice; nothing touches
// `entry` until the commit. The commit recomputes the plan inside its transaction and applies
// the stored choices only when every decision is unchanged (otherwise it re-stages the new plan
// and says so). Undo removes the batch's entries and keys and puts linked entries back as they
// were. Rules and examples: docs/engine-rules.md, "Bank statements: matching and de-duplication".

/// What a new preview is made from: the upload, what the parser read and the account.
public struct NewStatementImport: Sendable {
    public var accountID: ID<Account>
    public var fileName: String
    /// The SHA-256 of the upload, lower-case hex.
    public var fileHash: String
    public var bytes: [UInt8]
    public var parsed: ParsedStatement
    /// The user's overrides the file was read with (nil: detected).
    public var encoding: TextEncoding?
    public var dateOrder: DateOrder?

    public init(accountID: ID<Account>, fileName: String, fileHash: String, bytes: [UInt8], parsed: ParsedStatement,
                encoding: TextEncoding? = nil, dateOrder: DateOrder? = nil) {
        self.accountID = accountID; self.fileName = fileName; self.fileHash = fileHash; self.bytes = bytes
        self.parsed = parsed; self.encoding = encoding; self.dateOrder = dateOrder
    }
}

/// What the plan needs besides the file: the day, the plan settings (debt schedules) and the
/// words an entry gets when the bank gave no payee.
public struct ImportPlanContext: Sendable {
    public var today: Day
    public var planSettings: PlanSettings
    /// The entry name of a row with neither payee nor memo.
    public var untitled: String
    /// The recurring items, debts and entries around the file's dates, for the planned
    /// occurrences (read by storage before its write transaction).
    var household: Household?

    public init(today: Day, planSettings: PlanSettings, untitled: String) {
        self.today = today; self.planSettings = planSettings; self.untitled = untitled
    }
}

/// One import batch as the pages list it.
public struct ImportBatchInfo: Sendable, Equatable {
    public enum Status: String, Sendable { case preview, committed, undone }
    public var id: ID<ImportBatchInfo>
    public var accountID: ID<Account>
    public var accountName: String
    public var status: Status
    public var fileName: String
    public var fileHash: String
    public var format: StatementFormat
    public var encoding: String
    public var createdAt: String
    public var committedAt: String?
    public var undoneAt: String?
    public var rowCount: Int
    public var newCount: Int
    public var linkedCount: Int
    public var skippedCount: Int
    public var statementBalance: Int64?
    public var statementDate: Day?
}

/// What a batch in preview was read with, and can be read again with.
public struct ImportUpload: Sendable {
    public var bytes: [UInt8]
    public var encoding: TextEncoding?
    public var dateOrder: DateOrder?
    public var dateOrderAmbiguous: Bool
    public var mapping: Statements.ColumnMapping?
    public var headerShape: String?
    /// The CSV header's cells as written, for the column selects.
    public var header: [String]?
    /// The bank layout recognised, the statement's period and what decided the date order.
    public var layout: String?
    public var period: ClosedRange<Day>?
    public var dateOrderEvidence: DateOrderEvidence?
}

/// A staged row as the preview shows it.
public struct StagedImportRow: Sendable, Equatable {
    public var position: Int
    public var line: Int
    public var date: Day?
    public var amount: Int64?
    public var payee: String
    public var memo: String
    public var status: RowStatus
    public var seenInBatch: Int64?
    public var deletedOn: String?
    public var linkEntryID: ID<Entry>?
    /// The linked entry's name and date (`.link`), or the planned occurrence's name (`.confirm`).
    public var matchName: String?
    public var matchDate: Day?
    public var reason: String?
    public var errorColumn: String?
    public var category: String?
    public var categorySource: String
    public var choice: ImportChoice
    public var entryID: ID<Entry>?
    /// The entry name a payee rule gives, if one matched.
    public var name: String?
    /// The bank's merchant category code, if it gave one.
    public var mcc: Int?
    /// A QIF split row's parts, each in its category (the row's own where the file's split
    /// names none); empty when the row is not split (docs/engine-rules.md, "Splits").
    public var parts: [EntryPart] = []
}

/// What the user chose for a staged row.
public enum ImportChoice: String, Sendable, CaseIterable {
    /// Import it as a new entry.
    case importRow = "import"
    case skip
    /// Link it to the matched typed entry.
    case link
    /// Confirm the matched planned occurrence with the bank's amount.
    case confirm
}

/// The outcome of a commit.
public enum ImportCommitOutcome: Sendable, Equatable {
    case committed(new: Int, linked: Int, skipped: Int)
    /// The household changed since the preview: the new plan is staged, nothing was imported.
    case planChanged
}

/// Why an import write was refused.
public enum ImportStorageError: Error, Equatable {
    /// The batch is not in the state the action needs (already committed, undone, expired).
    case wrongState
    /// The undo window (30 days) is over.
    case undoExpired
}

extension AppDatabase {
    /// How long a committed import can be undone.
    public static let importUndoDays = 30

    // MARK: - Reads

    /// The batch `id`, or nil.
    public func importBatch(id: ID<ImportBatchInfo>) throws -> ImportBatchInfo? {
        try read { db in try Self.importBatches(db, where: "b.id = :id", ["id": id], limit: 1).first }
    }

    /// The latest batches, newest first (previews included).
    public func importBatches(limit: Int = 50) throws -> [ImportBatchInfo] {
        try read { db in try Self.importBatches(db, where: "1", [:], limit: limit) }
    }

    /// The earliest committed batch of the file with `fileHash` other than `excluding`: when it was
    /// committed and how many rows it had ("This file was imported on DATE").
    public func earlierImport(ofFileHash fileHash: String, excluding: ID<ImportBatchInfo>) throws -> ImportBatchInfo? {
        try read { db in
            try Self.importBatches(db, where: "b.fileHash = :hash AND b.id <> :id AND b.status = 'committed'",
                                   ["hash": fileHash, "id": excluding], limit: 1, order: "b.id").first
        }
    }

    /// The upload of a batch still in preview, or nil.
    public func importUpload(batchID: ID<ImportBatchInfo>) throws -> ImportUpload? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM importUpload WHERE batchID = :id", arguments: ["id": batchID]) else {
                return nil
            }
            let data: Data = row["bytes"]
            return ImportUpload(bytes: [UInt8](data), encoding: (row["encoding"] as String?).flatMap(TextEncoding.init),
                                dateOrder: (row["dateOrder"] as String?).flatMap(DateOrder.init),
                                dateOrderAmbiguous: row["dateOrderAmbiguous"],
                                mapping: (row["mapping"] as String?).flatMap(Self.decodeMapping),
                                headerShape: row["headerShape"],
                                header: (row["header"] as String?).flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) },
                                layout: row["layout"], period: (row["period"] as String?).flatMap(Self.decodePeriod),
                                dateOrderEvidence: (row["dateOrderEvidence"] as String?).flatMap(DateOrderEvidence.init(rawValue:)))
        }
    }

    /// The staged rows of a batch in file order (the parser's errors last), `limit` from `offset`;
    /// only those with one of `statuses` when given, only those dated before `before` when given.
    public func importRows(batchID: ID<ImportBatchInfo>, statuses: [RowStatus]? = nil, before: Day? = nil,
                           offset: Int = 0, limit: Int = Int.max) throws -> [StagedImportRow] {
        try read { db in
            let (filter, arguments) = Self.importRowFilter(statuses: statuses, before: before)
            return try Row.fetchAll(db, sql: """
                SELECT r.*, e.name AS linkName, e.date AS linkDate FROM importRow r LEFT JOIN entry e ON e.id = r.linkEntryID
                WHERE r.batchID = :id \(filter) ORDER BY r.position LIMIT :limit OFFSET :offset
                """, arguments: arguments + ["id": batchID, "limit": min(limit, Int(Int32.max)), "offset": offset]).map { row in
                let status = RowStatus(rawValue: row["status"]) ?? .error
                var matchName: String? = row["linkName"]
                var matchDate = (row["linkDate"] as String?).flatMap(Day.init(iso:))
                if status == .confirm {
                    matchName = row["reason"]
                    matchDate = (row["confirmDate"] as String?).flatMap(Day.init(iso:))
                }
                return StagedImportRow(
                    position: row["position"], line: row["line"], date: (row["date"] as String?).flatMap(Day.init(iso:)),
                    amount: row["amount"], payee: row["payee"], memo: row["memo"], status: status,
                    seenInBatch: row["seenBatchID"], deletedOn: row["deletedOn"], linkEntryID: row["linkEntryID"],
                    matchName: matchName, matchDate: matchDate, reason: status == .confirm ? nil : row["reason"],
                    errorColumn: row["errorColumn"], category: row["category"], categorySource: row["categorySource"],
                    choice: ImportChoice(rawValue: row["choice"]) ?? .skip, entryID: row["entryID"], name: row["name"], mcc: row["mcc"],
                    parts: (row["splits"] as String?).flatMap { Self.splitParts($0, rowCategory: row["category"] ?? Self.permanentCategory) } ?? [])
            }
        }
    }

    /// How many staged rows of a batch pass the same filters as `importRows`.
    public func importRowCount(batchID: ID<ImportBatchInfo>, statuses: [RowStatus]? = nil, before: Day? = nil) throws -> Int {
        try read { db in
            let (filter, arguments) = Self.importRowFilter(statuses: statuses, before: before)
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM importRow r WHERE r.batchID = :id \(filter)",
                                    arguments: arguments + ["id": batchID]) ?? 0
        }
    }

    /// The preview's summary: per status, the rows, the money in and the money out.
    public func importSummary(batchID: ID<ImportBatchInfo>) throws -> [RowStatus: (count: Int, inflow: Int64, outflow: Int64)] {
        try read { db in
            var summary: [RowStatus: (count: Int, inflow: Int64, outflow: Int64)] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT status, count(*), COALESCE(sum(CASE WHEN amount > 0 THEN amount END), 0),
                    COALESCE(sum(CASE WHEN amount < 0 THEN -amount END), 0)
                FROM importRow WHERE batchID = :id GROUP BY status
                """, arguments: ["id": batchID]) {
                if let status = RowStatus(rawValue: row[0]) { summary[status] = (row[1], row[2], row[3]) }
            }
            return summary
        }
    }

    /// SQL for the row filters (`statuses`, dated before `before`), with its arguments.
    static func importRowFilter(statuses: [RowStatus]?, before: Day?) -> (String, StatementArguments) {
        var sql = "", arguments: StatementArguments = [:]
        if let statuses {
            let names = statuses.enumerated().map { ":s\($0.offset)" }
            sql += " AND r.status IN (\(names.isEmpty ? "NULL" : names.joined(separator: ", ")))"
            for (index, status) in statuses.enumerated() { arguments += ["s\(index)": status.rawValue] }
        }
        if let before {
            sql += " AND r.date < :before AND r.status NOT IN ('error', 'skipped')"
            arguments += ["before": before.iso]
        }
        return (sql, arguments)
    }

    /// How many staged rows of a batch have each status.
    public func importStatusCounts(batchID: ID<ImportBatchInfo>) throws -> [RowStatus: Int] {
        try read { db in
            var counts: [RowStatus: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT status, count(*) FROM importRow WHERE batchID = :id GROUP BY status",
                                        arguments: ["id": batchID]) {
                if let status = RowStatus(rawValue: row[0]) { counts[status] = row[1] }
            }
            return counts
        }
    }

    /// How many staged rows of a batch are chosen to be imported, linked or confirmed.
    public func importChosenCount(batchID: ID<ImportBatchInfo>) throws -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM importRow WHERE batchID = :id AND choice <> 'skip'", arguments: ["id": batchID]) ?? 0
        }
    }

    /// The parser's errors staged with a batch (rows with no date), by line, at most `limit`.
    public func importParserErrors(batchID: ID<ImportBatchInfo>, limit: Int = 200) throws -> [RowError] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT line, errorColumn, reason FROM importRow WHERE batchID = :id AND status = 'error' AND date IS NULL
                ORDER BY position LIMIT :limit
                """, arguments: ["id": batchID, "limit": limit]).map { RowError(line: $0[0], column: $0[1], reason: $0[2] ?? "") }
        }
    }

    /// The remembered mapping (and encoding, date order) of a CSV header shape, or nil.
    public func importProfile(headerShape: String) throws -> (mapping: Statements.ColumnMapping, encoding: TextEncoding?, dateOrder: DateOrder?)? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM importProfile WHERE headerShape = :shape",
                                             arguments: ["shape": headerShape]),
                  let mapping = Self.decodeMapping(row["mapping"]) else { return nil }
            return (mapping, (row["encoding"] as String?).flatMap(TextEncoding.init), (row["dateOrder"] as String?).flatMap(DateOrder.init))
        }
    }

    // MARK: - Preview

    /// Creates a batch in preview with every row staged under the match plan and the default
    /// choices, and keeps the upload for a re-read; removes previews older than a day. Writes
    /// nothing to `entry`. Returns the batch id. Throws `StorageError.notFound` for a missing,
    /// closed or deleted account.
    public func createImportPreview(_ upload: NewStatementImport, context: ImportPlanContext,
                                    formToken: String) throws -> WriteOutcome<ID<ImportBatchInfo>> {
        var context = context
        context.household = try occurrenceHousehold(upload.parsed.rows.map(\.date), context)
        return try Self.mappingConstraintErrors {
            try writeOnce(formToken: formToken) { db in
                guard try Bool.fetchOne(db, sql: "SELECT 1 FROM account WHERE id = :id AND deletedAt IS NULL AND closed = 0",
                                        arguments: ["id": upload.accountID]) == true else { throw StorageError.notFound }
                try db.execute(sql: "DELETE FROM importBatch WHERE status = 'preview' AND createdAt < :cutoff",
                               arguments: ["cutoff": Timestamp.string(now().addingTimeInterval(-86_400))])
                let parsed = upload.parsed
                try db.execute(sql: """
                    INSERT INTO importBatch (accountID, status, fileName, fileHash, format, encoding, statementBalance,
                        statementDate, bankAccountID, createdAt)
                    VALUES (:account, 'preview', :fileName, :hash, :format, :encoding, :balance, :balanceDate, :bank, :now)
                    """, arguments: ["account": upload.accountID, "bank": Self.bankAccount(parsed), "fileName": String(upload.fileName.prefix(255)),
                                     "hash": upload.fileHash, "format": parsed.format.rawValue,
                                     "encoding": parsed.encoding.rawValue, "balance": parsed.balance?.amount,
                                     "balanceDate": parsed.balance?.date.iso, "now": timestamp()])
                let batchID = ID<ImportBatchInfo>(db.lastInsertedRowID)
                try db.execute(sql: """
                    INSERT INTO importUpload (batchID, bytes, encoding, dateOrder, mapping, headerShape, header, dateOrderAmbiguous,
                        layout, period, dateOrderEvidence)
                    VALUES (:id, :bytes, :encoding, :dateOrder, :mapping, :shape, :header, :ambiguous, :layout, :period, :evidence)
                    """, arguments: ["id": batchID, "bytes": Data(upload.bytes), "encoding": upload.encoding?.rawValue,
                                     "layout": parsed.layout, "period": parsed.period.map(Self.encodePeriod),
                                     "evidence": parsed.dateOrderEvidence?.rawValue,
                                     "dateOrder": upload.dateOrder?.rawValue ?? parsed.dateOrder?.rawValue,
                                     "mapping": parsed.mapping.flatMap(Self.encodeMapping),
                                     "shape": parsed.headerShape.map { String($0.prefix(2000)) },
                                     "header": Self.encodeHeader(parsed.header),
                                     "ambiguous": parsed.dateOrderAmbiguous])
                try Self.stage(parsed.rows, errors: parsed.errors, batchID: batchID, accountID: upload.accountID,
                               bankAccountID: Self.bankAccount(parsed), context: context, in: db)
                try db.execute(sql: "UPDATE importBatch SET rowCount = :count WHERE id = :id",
                               arguments: ["count": parsed.rows.count + parsed.errors.count, "id": batchID])
                return batchID
            }
        }
    }

    /// Re-stages a batch in preview from the same upload read again (another encoding, date
    /// order or mapping): the rows, the plan, the default choices. Throws
    /// `ImportStorageError.wrongState` when the batch is not in preview.
    public func restageImport(batchID: ID<ImportBatchInfo>, parsed: ParsedStatement, encoding: TextEncoding?, dateOrder: DateOrder?,
                              context: ImportPlanContext, formToken: String) throws -> WriteOutcome<Void> {
        var context = context
        context.household = try occurrenceHousehold(parsed.rows.map(\.date), context)
        return try Self.mappingConstraintErrors {
            try writeOnce(formToken: formToken) { db in
                guard let accountID = try ID<Account>.fetchOne(db, sql: "SELECT accountID FROM importBatch WHERE id = :id AND status = 'preview'",
                                                         arguments: ["id": batchID]) else { throw ImportStorageError.wrongState }
                try db.execute(sql: "DELETE FROM importRow WHERE batchID = :id", arguments: ["id": batchID])
                try db.execute(sql: """
                    UPDATE importUpload SET encoding = :encoding, dateOrder = :dateOrder, mapping = :mapping,
                        dateOrderAmbiguous = :ambiguous, header = :header, layout = :layout, period = :period,
                        dateOrderEvidence = :evidence WHERE batchID = :id
                    """, arguments: ["id": batchID, "encoding": encoding?.rawValue, "dateOrder": dateOrder?.rawValue ?? parsed.dateOrder?.rawValue,
                                     "layout": parsed.layout, "period": parsed.period.map(Self.encodePeriod),
                                     "evidence": parsed.dateOrderEvidence?.rawValue,
                                     "header": Self.encodeHeader(parsed.header),
                                     "mapping": parsed.mapping.flatMap(Self.encodeMapping), "ambiguous": parsed.dateOrderAmbiguous])
                try db.execute(sql: """
                    UPDATE importBatch SET encoding = :encoding, rowCount = :count, statementBalance = :balance,
                        statementDate = :balanceDate, bankAccountID = :bank WHERE id = :id
                    """, arguments: ["id": batchID, "bank": Self.bankAccount(parsed), "encoding": parsed.encoding.rawValue, "count": parsed.rows.count + parsed.errors.count,
                                     "balance": parsed.balance?.amount, "balanceDate": parsed.balance?.date.iso])
                try Self.stage(parsed.rows, errors: parsed.errors, batchID: batchID, accountID: accountID,
                               bankAccountID: Self.bankAccount(parsed), context: context, in: db)
            }
        }
    }

    /// Saves the user's choices (and categories) for some staged rows of a batch in preview;
    /// a choice the row's status does not allow, or an unknown category, is ignored.
    public func saveImportChoices(batchID: ID<ImportBatchInfo>, _ choices: [Int: (choice: ImportChoice, category: String?)],
                                  formToken: String) throws -> WriteOutcome<Void> {
        try Self.mappingConstraintErrors {
            try writeOnce(formToken: formToken) { db in
                guard try Bool.fetchOne(db, sql: "SELECT 1 FROM importBatch WHERE id = :id AND status = 'preview'",
                                        arguments: ["id": batchID]) == true else { throw ImportStorageError.wrongState }
                try Self.applyChoices(choices, batchID: batchID, in: db)
            }
        }
    }

    /// Deletes a batch still in preview, with its staged rows and upload.
    public func cancelImport(batchID: ID<ImportBatchInfo>, formToken: String) throws -> WriteOutcome<Void> {
        try writeOnce(formToken: formToken) { db in
            try db.execute(sql: "DELETE FROM importBatch WHERE id = :id AND status = 'preview'", arguments: ["id": batchID])
            guard db.changesCount == 1 else { throw ImportStorageError.wrongState }
        }
    }

    // MARK: - Commit

    /// Applies a batch in preview in ONE transaction, after saving `choices` like
    /// `saveImportChoices`: recomputes the plan and, when any decision differs from the staged
    /// one, re-stages the new plan and returns `.planChanged` with no entry written. Otherwise
    /// imports the chosen new rows (actual, cleared, in the account, with the bank's payee and
    /// the batch) after a backup (reason `statement-import`), links and confirms the matched ones, stores every key, saves the CSV mapping
    /// as its header shape's profile, copies the statement balance to the account, records
    /// statement_imported and deletes the upload. Throws `ImportStorageError.wrongState` when
    /// the batch is not in preview.
    public func commitImport(batchID: ID<ImportBatchInfo>, choices: [Int: (choice: ImportChoice, category: String?)] = [:],
                             context: ImportPlanContext, formToken: String) throws -> WriteOutcome<ImportCommitOutcome> {
        var context = context
        let dates = try read { db in
            try String.fetchAll(db, sql: "SELECT date FROM importRow WHERE batchID = :id AND date IS NOT NULL", arguments: ["id": batchID])
        }
        context.household = try occurrenceHousehold(dates.compactMap(Day.init(iso:)), context)
        try backUpBeforeChange(.statementImport)
        return try budgetWrite(formToken: formToken) { db in
            guard let batch = try Row.fetchOne(db, sql: "SELECT * FROM importBatch WHERE id = :id AND status = 'preview'",
                                               arguments: ["id": batchID]) else { throw ImportStorageError.wrongState }
            return try Self.withLargeCache(db) { try commitBatch(batch, batchID: batchID, choices: choices, context: context, in: db) }
        }
    }

    /// Runs `body` with a 64 MB page cache on this connection (a statement of tens of thousands of
    /// rows touches every index of `entry`), then puts the previous size back.
    static func withLargeCache<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        let previous = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        try db.execute(sql: "PRAGMA cache_size = -65536")
        defer { try? db.execute(sql: "PRAGMA cache_size = \(previous)") }
        return try body()
    }

    /// The commit of `batch` inside the caller's transaction (`commitImport`).
    private func commitBatch(_ batch: Row, batchID: ID<ImportBatchInfo>, choices: [Int: (choice: ImportChoice, category: String?)],
                             context: ImportPlanContext, in db: Database) throws -> ImportCommitOutcome {
        do {
            let accountID: ID<Account> = batch["accountID"]
            try Self.applyChoices(choices, batchID: batchID, in: db)
            let staged = try Self.stagedRows(batchID, in: db)
            let bankAccountID: String? = batch["bankAccountID"]
            let input = try Self.planInput(rows: staged.rows, errors: staged.errors, accountID: accountID,
                                           bankAccountID: bankAccountID, context: context, in: db)
            let plan = MatchPlan.make(input.match)
            let changed = zip(plan, staged.stored).contains { decision, stored in
                decision.status != stored.status || decision.linkEntryID != stored.linkEntryID
                    || decision.confirmSource != stored.confirmSource || decision.confirmDate != stored.confirmDate
            } || plan.count != staged.stored.count
            if changed {
                try db.execute(sql: "DELETE FROM importRow WHERE batchID = :id", arguments: ["id": batchID])
                try Self.stage(staged.rows, errors: staged.errors, batchID: batchID, accountID: accountID,
                               bankAccountID: bankAccountID, context: context, in: db)
                // The user's choices stay on the rows whose decision did not change.
                var kept: [Int: (choice: ImportChoice, category: String?)] = [:]
                for (position, (decision, stored)) in zip(plan, staged.stored).enumerated()
                    where decision.status == stored.status && decision.linkEntryID == stored.linkEntryID
                        && decision.confirmSource == stored.confirmSource && decision.confirmDate == stored.confirmDate {
                    kept[position] = (stored.choice, stored.category)
                }
                try Self.applyChoices(kept, batchID: batchID, in: db)
                return .planChanged
            }
            let outcome = try Self.apply(plan, staged: staged, input: input, batchID: batchID, accountID: accountID,
                                         context: context, now: timestamp(), in: db)
            let format: String = batch["format"]
            if let balance = batch["statementBalance"] as Int64?, let date = batch["statementDate"] as String? {
                try db.execute(sql: "UPDATE account SET statementBalance = :balance, statementDate = :date WHERE id = :id",
                               arguments: ["balance": balance, "date": date, "id": accountID])
            }
            if let upload = try Row.fetchOne(db, sql: "SELECT mapping, headerShape, encoding, dateOrder FROM importUpload WHERE batchID = :id",
                                             arguments: ["id": batchID]),
               let mapping = upload["mapping"] as String?, let shape = upload["headerShape"] as String?, !shape.isEmpty {
                try db.execute(sql: """
                    INSERT INTO importProfile (headerShape, mapping, encoding, dateOrder, updatedAt)
                    VALUES (:shape, :mapping, :encoding, :dateOrder, :now)
                    ON CONFLICT(headerShape) DO UPDATE SET mapping = excluded.mapping, encoding = excluded.encoding,
                        dateOrder = excluded.dateOrder, updatedAt = excluded.updatedAt
                    """, arguments: ["shape": shape, "mapping": mapping, "encoding": upload["encoding"] as String?,
                                     "dateOrder": upload["dateOrder"] as String?, "now": timestamp()])
            }
            try db.execute(sql: "DELETE FROM importUpload WHERE batchID = :id", arguments: ["id": batchID])
            guard case .committed(let new, let linked, let skipped) = outcome else { return outcome }
            try db.execute(sql: """
                UPDATE importBatch SET status = 'committed', committedAt = :now, newCount = :new, linkedCount = :linked,
                    skippedCount = :skipped WHERE id = :id
                """, arguments: ["now": timestamp(), "new": new, "linked": linked, "skipped": skipped, "id": batchID])
            // Staged rows of batches past their undo window are no longer needed.
            try db.execute(sql: """
                DELETE FROM importRow WHERE batchID IN (SELECT id FROM importBatch WHERE status <> 'preview' AND committedAt < :cutoff)
                """, arguments: ["cutoff": Timestamp.string(now().addingTimeInterval(-Double(Self.importUndoDays) * 86_400))])
            try record(.statementImported, ["format": .text(format), "rows": .integer(Int64(staged.stored.count)),
                                            "new": .integer(Int64(new)), "linked": .integer(Int64(linked)),
                                            "skipped": .integer(Int64(skipped))], in: db)
            return outcome
        }
    }

    // MARK: - Undo

    /// Undoes a committed import within 30 days, in one transaction: deletes the entries it
    /// created and its keys (their tombstones with them), and puts every entry it linked back as
    /// it was before; records import_undone. Throws `ImportStorageError.wrongState` when the batch
    /// is not committed, `.undoExpired` after 30 days.
    public func undoImport(batchID: ID<ImportBatchInfo>, formToken: String) throws -> WriteOutcome<Void> {
        try budgetWrite(formToken: formToken) { db in
            guard let committedAt = try String.fetchOne(db, sql: "SELECT committedAt FROM importBatch WHERE id = :id AND status = 'committed'",
                                                        arguments: ["id": batchID]) else { throw ImportStorageError.wrongState }
            let cutoff = Timestamp.string(now().addingTimeInterval(-Double(Self.importUndoDays) * 86_400))
            guard committedAt >= cutoff else { throw ImportStorageError.undoExpired }
            for row in try Row.fetchAll(db, sql: """
                SELECT entryID, before FROM importRow WHERE batchID = :id AND before IS NOT NULL AND entryID IS NOT NULL
                """, arguments: ["id": batchID]) {
                let entryID: ID<Entry> = row["entryID"]
                let before = try JSONDecoder().decode(LinkedEntryState.self, from: Data((row["before"] as String).utf8))
                try db.execute(sql: """
                    UPDATE entry SET isActual = :isActual, cleared = :cleared, accountID = :accountID, payeeRaw = :payeeRaw,
                        plannedAmount = :plannedAmount, date = :date WHERE id = :id
                    """, arguments: ["isActual": before.isActual, "cleared": before.cleared, "accountID": before.accountID,
                                     "payeeRaw": before.payeeRaw, "plannedAmount": before.plannedAmount, "date": before.date,
                                     "id": entryID])
            }
            try db.execute(sql: "DELETE FROM importKey WHERE batchID = :id", arguments: ["id": batchID])
            try db.execute(sql: "DELETE FROM entry WHERE importBatchID = :id", arguments: ["id": batchID])
            let removed = db.changesCount
            try db.execute(sql: "UPDATE importBatch SET status = 'undone', undoneAt = :now WHERE id = :id",
                           arguments: ["now": timestamp(), "id": batchID])
            try record(.importUndone, ["entries": .integer(Int64(removed))], in: db)
        }
    }

    /// The household for the planned occurrences within three weeks of `dates` (those from 1900
    /// to today), read in its own snapshot before a write; nil when no date qualifies.
    func occurrenceHousehold(_ dates: [Day], _ context: ImportPlanContext) throws -> Household? {
        let usable = dates.filter { $0.year >= 1900 && $0 <= context.today }
        guard let first = usable.min(), let last = usable.max() else { return nil }
        return try household(settings: context.planSettings, entriesFrom: first.adding(days: -21), through: last.adding(days: 21))
    }

    // MARK: - Tombstones (called by the entry delete path)

    /// Marks the import keys of entry `id` as deleted (the next import shows those rows as
    /// "previously deleted"), inside the caller's transaction.
    static func tombstoneImportKeys(ofEntry id: ID<Entry>, in db: Database, at time: String) throws {
        try db.execute(sql: """
            INSERT INTO importTombstone (keyID, entryID, deletedOn)
            SELECT id, entryID, :time FROM importKey WHERE entryID = :id
            """, arguments: ["id": id, "time": time])
    }

    /// Removes the tombstones of entry `id` (its deletion was undone), inside the caller's transaction.
    static func reviveImportKeys(ofEntry id: ID<Entry>, in db: Database) throws {
        try db.execute(sql: "DELETE FROM importTombstone WHERE entryID = :id", arguments: ["id": id])
    }
}

// MARK: - Helpers

/// A linked entry's columns before the link, kept for undo.
struct LinkedEntryState: Codable {
    var isActual: Bool
    var cleared: Bool
    var accountID: Int64?
    var payeeRaw: String?
    var plannedAmount: Int64?
    var date: String
}

/// The plan's input and what the commit needs besides: planned occurrences by source and date.
struct PlanInput {
    var match: MatchInput
    var planned: [String: (name: String, kind: FlowKind, category: String?)]
}

extension AppDatabase {
    /// The staged rows of a batch read back: the parsed rows (file order), the parser's errors,
    /// and what was stored for each decision (rows first, errors after).
    static func stagedRows(_ batchID: ID<ImportBatchInfo>, in db: Database) throws
        -> (rows: [StatementRow], errors: [RowError], stored: [(status: RowStatus, linkEntryID: ID<Entry>?, confirmSource: String?,
                                                              confirmDate: Day?, choice: ImportChoice, category: String?, name: String?)]) {
        var rows: [StatementRow] = [], errors: [RowError] = []
        var storedRows: [(RowStatus, ID<Entry>?, String?, Day?, ImportChoice, String?, String?)] = []
        var storedErrors: [(RowStatus, ID<Entry>?, String?, Day?, ImportChoice, String?, String?)] = []
        let cursor = try Row.fetchCursor(db, sql: """
            SELECT line, date, amount, payee, memo, externalID, status, linkEntryID, confirmSource, confirmDate, choice, category,
                reason, errorColumn, mcc, bankCategory, name
            FROM importRow WHERE batchID = :id ORDER BY position
            """, arguments: ["id": batchID])
        while let row = try cursor.next() {
            let status = RowStatus(rawValue: row[6]) ?? .error
            let stored = (status, row[7] as ID<Entry>?, row[8] as String?, (row[9] as String?).flatMap(Day.init(iso:)),
                          ImportChoice(rawValue: row[10]) ?? .skip, row[11] as String?, row[16] as String?)
            if let dateText = row[1] as String?, let date = Day(iso: dateText), let amount = row[2] as Int64? {
                rows.append(StatementRow(line: row[0], date: date, amount: amount, payee: row[3], memo: row[4], externalID: row[5],
                                         category: row[15], mcc: row[14]))
                storedRows.append(stored)
            } else {
                errors.append(RowError(line: row[0], column: row[13], reason: row[12] ?? "", skipped: status == .skipped))
                storedErrors.append(stored)
            }
        }
        return (rows, errors, (storedRows + storedErrors).map {
            (status: $0.0, linkEntryID: $0.1, confirmSource: $0.2, confirmDate: $0.3, choice: $0.4, category: $0.5, name: $0.6)
        })
    }

    /// Plans `rows` for `accountID` and stages them under batch `batchID` with default choices and
    /// suggested categories (inside the caller's transaction).
    static func stage(_ rows: [StatementRow], errors: [RowError], batchID: ID<ImportBatchInfo>, accountID: ID<Account>, bankAccountID: String?,
                      context: ImportPlanContext, in db: Database) throws {
        let input = try planInput(rows: rows, errors: errors, accountID: accountID, bankAccountID: bankAccountID,
                                  context: context, in: db)
        let plan = MatchPlan.make(input.match)
        let learned = try learnedCategories(for: rows, in: db)
        let allowed = Set(try String.fetchAll(db, sql: "SELECT key FROM category"))
        let rules = try payeeRules(db).map(\.match)
        let names = try categoryNamesForSplits(db)
        // Positional arguments, in the columns' order (a file's rows: tens of thousands).
        let statement = try db.makeStatement(sql: """
            INSERT INTO importRow (batchID, position, line, date, amount, payee, memo, externalID, status, fingerprint, externalKey,
                occurrence, seenBatchID, deletedOn, linkEntryID, confirmSource, confirmDate, reason, errorColumn, category,
                categorySource, choice, mcc, bankCategory, name, splits)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        // Statements repeat their payees: each (payee, memo, MCC, bank category) is categorised once.
        var suggestions: [String: (String?, CategorySource, String?)] = [:]
        for (position, decision) in plan.enumerated() {
            let row = decision.rowIndex.map { rows[$0] }
            var category: String?, source = CategorySource.none, name: String?
            if let row, decision.status != .error {
                let key = row.payee + "\u{0}" + row.memo + "\u{0}" + (row.mcc.map(String.init) ?? "") + "\u{0}" + (row.category ?? "")
                if let known = suggestions[key] {
                    (category, source, name) = known
                } else {
                    let rule = PayeeCategories.rule(payee: row.payee, memo: row.memo, rules: rules)
                    name = rule?.name.flatMap { Self.clean($0, limit: 80) }
                    if row.amount < 0 {
                        if let chosen = rule?.category, allowed.contains(chosen) {
                            (category, source) = (chosen, .rule)
                        } else {
                            (category, source) = PayeeCategories.suggest(payee: row.payee, memo: row.memo, mcc: row.mcc,
                                                                         bankCategory: row.category, learned: learned, allowed: allowed)
                        }
                    }
                    suggestions[key] = (category, source, name)
                }
            }
            var reason = decision.reason.map { String($0.prefix(500)) }
            if decision.status == .confirm, let source = decision.confirmSource, let date = decision.confirmDate {
                reason = input.planned[source + "@" + date.iso]?.name
            }
            var splits: String?
            if let row, !row.splits.isEmpty, decision.status != .error {
                splits = PayeeCategories.splitParts(row.splits, total: row.amount, most: mostEntryParts, names: names, allowed: allowed)
                    .map(Self.encodeSplits)
            }
            let choice: ImportChoice = switch decision.status {
            case .new, .reusedID: .importRow
            case .link: .link
            case .confirm: .confirm
            case .duplicate, .deleted, .error, .skipped: .skip
            }
            try statement.execute(arguments: [
                batchID, position, decision.line, row?.date.iso, row?.amount, String((row?.payee ?? "").prefix(2000)),
                String((row?.memo ?? "").prefix(2000)), row?.externalID.map { String($0.prefix(255)) }, decision.status.rawValue,
                decision.fingerprint, decision.externalKey, decision.occurrence, decision.seenInBatch, decision.deletedOn,
                decision.linkEntryID, decision.confirmSource, decision.confirmDate?.iso, reason,
                decision.column.map { String($0.prefix(200)) }, category, source.rawValue, choice.rawValue,
                row?.mcc.flatMap { (1...9999).contains($0) ? $0 : nil }, row?.category.map { String($0.prefix(200)) }, name, splits,
            ])
        }
    }

    /// Everything the plan is decided from, read inside the caller's transaction: the account's
    /// stored keys for the file's fingerprints and bank ids, the typed entries that may match
    /// (same account or none, ±3 days, not imported, not linked yet) and the unconfirmed planned
    /// occurrences within a week of the file's dates.
    static func planInput(rows: [StatementRow], errors: [RowError], accountID: ID<Account>, bankAccountID: String?,
                          context: ImportPlanContext, in db: Database) throws -> PlanInput {
        var input = MatchInput(rows: rows, errors: errors, bankAccountID: bankAccountID, today: context.today)
        var planned: [String: (name: String, kind: FlowKind, category: String?)] = [:]
        let dates = rows.map(\.date).filter { $0.year >= 1900 && $0 <= context.today }
        guard let first = dates.min(), let last = dates.max() else { return PlanInput(match: input, planned: planned) }
        func stored(_ row: Row) -> StoredKey {
            StoredKey(amount: row[1], batchID: row[2], hadExternalID: row[3], deletedOn: row[4])
        }
        let keyColumns = """
            SELECT k.key, k.amount, k.batchID, k.hadExternalID, (SELECT min(deletedOn) FROM importTombstone t WHERE t.keyID = k.id)
            FROM importKey k
            """
        let fingerprints = try Row.fetchCursor(db, sql: """
            \(keyColumns) WHERE k.accountID = :account AND k.kind = 'fp' AND k.key >= :from AND k.key < :through ORDER BY k.id
            """, arguments: ["account": accountID, "from": first.iso, "through": last.adding(days: 1).iso])
        while let row = try fingerprints.next() { input.fingerprintKeys[row[0], default: []].append(stored(row)) }
        if rows.contains(where: { $0.externalID != nil }) {
            let wanted = Set(rows.compactMap { ImportKeys.external($0, bankAccountID: bankAccountID) })
            let externals = try Row.fetchCursor(db, sql: "\(keyColumns) WHERE k.accountID = :account AND k.kind = 'ext' ORDER BY k.id",
                                                arguments: ["account": accountID])
            while let row = try externals.next() {
                let key: String = row[0]
                if wanted.contains(key) { input.externalKeys[key, default: []].append(stored(row)) }
            }
        }
        let window = MatchPlan.linkWindowDays
        let typed = try Row.fetchCursor(db, sql: """
            SELECT id, date, kind, amount, name, isActual FROM entry
            WHERE deletedAt IS NULL AND importBatchID IS NULL AND transferGroup IS NULL
                AND (accountID = :account OR accountID IS NULL) AND date BETWEEN :from AND :through
                AND NOT EXISTS (SELECT 1 FROM importKey k WHERE k.entryID = entry.id)
            ORDER BY id
            """, arguments: ["account": accountID, "from": first.adding(days: -window).iso, "through": last.adding(days: window).iso])
        while let row = try typed.next() {
            guard let date = Day(iso: row[1]) else { continue }
            let amount: Int64 = row[3]
            input.typed.append(TypedCandidate(entryID: row[0], date: date, amount: (row[2] as String) == "income" ? amount : -amount,
                                                    name: row[4], isActual: row[5]))
        }
        let widest = 7
        guard let budget = context.household else { return PlanInput(match: input, planned: planned) }
        let periodicities = Dictionary((budget.incomes + budget.expenses).map { ($0.id, $0.periodicity) }, uniquingKeysWith: { a, _ in a })
        for occurrence in plannedOccurrences(budget, from: first.adding(days: -widest), through: last.adding(days: widest),
                                             today: context.today) where !occurrence.isConfirmed {
            let source: String, tolerance: Int
            switch occurrence.key.source {
            case .recurring(let id):
                source = "r\(id)"; tolerance = PlannedCandidate.toleranceDays(periodicities[id] ?? .monthly)
            case .debt(let id):
                source = "d\(id)"; tolerance = PlannedCandidate.toleranceDays(.monthly)
            }
            let amount = occurrence.amount.minorUnits
            input.planned.append(PlannedCandidate(source: source, date: occurrence.date,
                                                        amount: occurrence.kind == .income ? amount : -amount,
                                                        name: occurrence.name, toleranceDays: tolerance))
            planned[source + "@" + occurrence.date.iso] = (occurrence.name, occurrence.kind,
                                                            occurrence.kind == .income ? nil : (occurrence.category == debtCategory ? "other" : occurrence.category))
        }
        return PlanInput(match: input, planned: planned)
    }

    /// The learned payee → category map for the payees of `rows`: for each payee key, the
    /// category `PayeeCategories.learned` picks from its latest expense entries (an imported
    /// "other" is an uncategorised row, not a choice, and does not count).
    static func learnedCategories(for rows: [StatementRow], in db: Database) throws -> [String: String] {
        let wanted = Set(rows.filter { $0.amount < 0 }.map { PayeeCategories.payeeKey($0.payee) }.filter { !$0.isEmpty })
        guard !wanted.isEmpty else { return [:] }
        var recent: [String: [String]] = [:]
        var keys: [String: String] = [:]
        let cursor = try Row.fetchCursor(db, sql: """
            SELECT COALESCE(payeeRaw, name), category FROM entry
            WHERE deletedAt IS NULL AND kind = 'expense' AND category IS NOT NULL
                AND NOT (importBatchID IS NOT NULL AND category = 'other')
            ORDER BY date DESC, id DESC
            """)
        while let row = try cursor.next() {
            let text: String = row[0]
            let key: String
            if let known = keys[text] { key = known } else { key = PayeeCategories.payeeKey(text); keys[text] = key }
            guard wanted.contains(key), recent[key, default: []].count < PayeeCategories.recentEntries else { continue }
            recent[key, default: []].append(row[1])
        }
        return recent.compactMapValues { PayeeCategories.learned(newestFirst: $0) }
    }

    /// Saves choices on staged rows of a batch, keeping each to what its status allows.
    static func applyChoices(_ choices: [Int: (choice: ImportChoice, category: String?)], batchID: ID<ImportBatchInfo>, in db: Database) throws {
        guard !choices.isEmpty else { return }
        let allowed = Set(try String.fetchAll(db, sql: "SELECT key FROM category"))
        let statement = try db.makeStatement(sql: """
            UPDATE importRow SET choice = :choice,
                category = CASE WHEN :category IS NOT NULL AND amount < 0 THEN :category ELSE category END,
                categorySource = CASE WHEN :category IS NOT NULL AND amount < 0 AND :category IS NOT category THEN 'user' ELSE categorySource END
            WHERE batchID = :batch AND position = :position AND status NOT IN ('error', 'skipped')
                AND (:choice IN ('import', 'skip') OR (:choice = 'link' AND status = 'link') OR (:choice = 'confirm' AND status = 'confirm'))
            """)
        for (position, value) in choices {
            let category = value.category.flatMap { allowed.contains($0) ? $0 : nil }
            try statement.execute(arguments: ["choice": value.choice.rawValue, "category": category, "batch": batchID, "position": position])
        }
    }

    /// Writes the plan with the staged choices (inside the caller's transaction).
    static func apply(_ plan: [RowDecision], staged: (rows: [StatementRow], errors: [RowError],
                                                      stored: [(status: RowStatus, linkEntryID: ID<Entry>?, confirmSource: String?,
                                                                confirmDate: Day?, choice: ImportChoice, category: String?, name: String?)]),
                      input: PlanInput, batchID: ID<ImportBatchInfo>, accountID: ID<Account>, context: ImportPlanContext, now: String,
                      in db: Database) throws -> ImportCommitOutcome {
        // Positional arguments, in the columns' order (tens of thousands of rows).
        let insertEntry = try db.makeStatement(sql: EntryRecord.insertSQL)
        let insertKey = try db.makeStatement(sql: """
            INSERT INTO importKey (accountID, kind, key, amount, occurrence, hadExternalID, batchID, entryID)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let setEntry = try db.makeStatement(sql: "UPDATE importRow SET entryID = :entry, before = :before WHERE batchID = :batch AND position = :position")
        // New rows are written to `entry` in ONE statement from a temporary table: the ledger's
        // search index (FTS5) flushes its pending terms at every statement's savepoint, so one
        // INSERT per row made 50 000 tiny index segments (the commit went from 1.3 s to 5.8 s).
        try db.execute(sql: """
            CREATE TEMP TABLE IF NOT EXISTS importNewEntry (seq INTEGER PRIMARY KEY, date TEXT, kind TEXT, name TEXT, amount INTEGER,
                category TEXT, note TEXT, payeeRaw TEXT, fingerprint TEXT, occurrence INTEGER, external TEXT, signedAmount INTEGER);
            DELETE FROM temp.importNewEntry;
            """)
        defer { try? db.execute(sql: "DROP TABLE IF EXISTS temp.importNewEntry") }
        let stageEntry = try db.makeStatement(sql: "INSERT INTO temp.importNewEntry VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        var new = 0, linked = 0
        // The split rows' parts (docs/engine-rules.md, "Splits"), written once their entries are.
        let storedSplits = Dictionary(try Row.fetchAll(db, sql: "SELECT position, splits FROM importRow WHERE batchID = ? AND splits IS NOT NULL",
                                                       arguments: [batchID]).map { ($0[0] as Int, $0[1] as String) }, uniquingKeysWith: { a, _ in a })
        var splitEntries: [(seq: Int, parts: [EntryPart])] = []
        // Statements repeat their payees and memos: each text is cleaned once per limit.
        var cleanedTexts: [String: String?] = [:]
        func cleaned(_ text: String, _ limit: Int) -> String? {
            let key = String(limit) + "\u{0}" + text
            if let known = cleanedTexts[key] { return known }
            let value = Self.clean(text, limit: limit)
            cleanedTexts[key] = value
            return value
        }
        // In date order: the entry and key indexes lead with the date, so the inserts stay local.
        let order = plan.indices.sorted { a, b in
            let x = plan[a].rowIndex.map { staged.rows[$0].date }, y = plan[b].rowIndex.map { staged.rows[$0].date }
            switch (x, y) {
            case let (x?, y?): return x != y ? x < y : a < b
            case (nil, nil): return a < b
            case (nil, _?): return false
            case (_?, nil): return true
            }
        }
        for position in order {
            let decision = plan[position]
            let stored = staged.stored[position]
            guard let index = decision.rowIndex, decision.status != .error, stored.choice != .skip else { continue }
            let row = staged.rows[index]
            let kind: FlowKind = row.amount > 0 ? .income : .expense
            let payeeRaw = cleaned(row.payee, 500)
            var entryID: ID<Entry>
            var before: String?
            switch stored.choice {
            case .link:
                guard let target = decision.linkEntryID,
                      let current = try Row.fetchOne(db, sql: """
                        SELECT isActual, cleared, accountID, payeeRaw, plannedAmount, date, amount FROM entry WHERE id = :id AND deletedAt IS NULL
                        """, arguments: ["id": target]) else { throw ImportStorageError.wrongState }
                let state = LinkedEntryState(isActual: current["isActual"], cleared: current["cleared"], accountID: current["accountID"],
                                             payeeRaw: current["payeeRaw"], plannedAmount: current["plannedAmount"], date: current["date"])
                before = String(decoding: try JSONEncoder().encode(state), as: UTF8.self)
                // Marked actual and cleared in the account; a planned entry is confirmed in place (it keeps its
                // planned amount), on the bank's date when it was dated after today.
                let date = state.date > context.today.iso ? row.date.iso : state.date
                try db.execute(sql: """
                    UPDATE entry SET plannedAmount = CASE WHEN isActual = 0 THEN COALESCE(plannedAmount, amount) ELSE plannedAmount END,
                        isActual = 1, cleared = 1, accountID = :account, payeeRaw = COALESCE(payeeRaw, :payeeRaw), date = :date
                    WHERE id = :id
                    """, arguments: ["account": accountID, "payeeRaw": payeeRaw, "date": date, "id": target])
                entryID = target
                linked += 1
            case .confirm:
                guard let source = decision.confirmSource, let date = decision.confirmDate,
                      let occurrence = input.planned[source + "@" + date.iso] else { throw ImportStorageError.wrongState }
                let id = Int64(source.dropFirst()) ?? 0
                let confirms = OccurrenceKey(source: source.hasPrefix("r") ? .recurring(ID(id)) : .debt(ID(id)), date: date)
                entryID = try EntryRecord(date: row.date, kind: occurrence.kind, name: occurrence.name,
                                          amount: Money(minorUnits: Int64(row.amount.magnitude)), category: occurrence.category,
                                          isActual: true, note: cleaned(row.memo, 500) ?? "", confirms: confirms, accountID: accountID,
                                          cleared: true, payeeRaw: payeeRaw, importBatchID: batchID.rawValue, createdAt: now)
                    .insert(with: insertEntry, db)
                linked += 1
            case .importRow:
                let name = stored.name ?? cleaned(row.payee, 80) ?? cleaned(row.memo, 80) ?? context.untitled
                var category = kind == .income ? nil : (stored.category ?? "other")
                if let rowCategory = category, let text = storedSplits[position], let parts = Self.splitParts(text, rowCategory: rowCategory) {
                    splitEntries.append((new, parts))
                    category = parts[0].category
                }
                try stageEntry.execute(arguments: [
                    new, row.date.iso, kind.rawValue, name, Int64(row.amount.magnitude),
                    category, cleaned(row.memo, 500) ?? "", payeeRaw,
                    decision.fingerprint, max(decision.occurrence, 1), decision.externalKey, row.amount])
                new += 1
                continue
            case .skip:
                continue
            }
            if let fingerprint = decision.fingerprint {
                try insertKey.execute(arguments: [accountID, "fp", fingerprint, row.amount, max(decision.occurrence, 1),
                                                  decision.externalKey != nil, batchID, entryID])
            }
            if let external = decision.externalKey {
                try insertKey.execute(arguments: [accountID, "ext", external, row.amount, 1, true, batchID, entryID])
            }
            // A new row's entry is found by its batch; links and confirmations are remembered by row (undo).
            try setEntry.execute(arguments: ["entry": entryID, "before": before, "batch": batchID, "position": position])
        }
        // The new rows, in date order, then their keys. One INSERT … SELECT gives its rows
        // consecutive ids in the SELECT's order (AUTOINCREMENT: each the largest so far + 1), so
        // the row staged at `seq` became entry `first + seq`; checked before the keys are written.
        try EntryRecord.insertStagedImportRows(from: "temp.importNewEntry", createdAt: now, accountID: accountID, batchID: batchID.rawValue, db)
        if new > 0 {
            let last = db.lastInsertedRowID, first = last - Int64(new) + 1
            let written = try Int.fetchOne(db, sql: "SELECT count(*) FROM entry WHERE id BETWEEN :first AND :last AND importBatchID = :batch",
                                           arguments: ["first": first, "last": last, "batch": batchID]) ?? 0
            guard written == new else { throw ImportStorageError.wrongState }
            for (seq, parts) in splitEntries {
                for (index, part) in parts.enumerated() {
                    try EntryPartRecord(entryID: ID(first + Int64(seq)), position: index, part: part).insert(db)
                }
            }
            try db.execute(sql: """
                INSERT INTO importKey (accountID, kind, key, amount, occurrence, hadExternalID, batchID, entryID)
                SELECT :account, 'fp', fingerprint, signedAmount, occurrence, external IS NOT NULL, :batch, :first + seq
                FROM temp.importNewEntry WHERE fingerprint IS NOT NULL ORDER BY seq;
                INSERT INTO importKey (accountID, kind, key, amount, occurrence, hadExternalID, batchID, entryID)
                SELECT :account, 'ext', external, signedAmount, 1, 1, :batch, :first + seq
                FROM temp.importNewEntry WHERE external IS NOT NULL ORDER BY seq;
                """, arguments: ["account": accountID, "batch": batchID, "first": first])
        }
        return .committed(new: new, linked: linked, skipped: plan.count - new - linked)
    }

    /// `text` as an entry's name or note by the one rule for stored text (`TextRule.cleaned`:
    /// NFC, control characters as spaces, bidirectional and other format characters dropped,
    /// trimmed), at most `limit` characters; nil when empty.
    static func clean(_ text: String, limit: Int) -> String? {
        var cleaned = TextRule.cleaned(text.precomposedStringWithCanonicalMapping)
        if cleaned.unicodeScalars.count > limit {
            cleaned = String(String.UnicodeScalarView(cleaned.unicodeScalars.prefix(limit))).trimmingCharacters(in: .whitespaces)
        }
        return cleaned.isEmpty ? nil : cleaned
    }

    /// A split row's parts as `importRow.splits` keeps them: "food=3000;=1250", an empty key
    /// for a part in the row's own category.
    static func encodeSplits(_ parts: [(category: String?, amount: Int64)]) -> String {
        parts.map { ($0.category ?? "") + "=" + String($0.amount) }.joined(separator: ";")
    }

    /// The parts `encodeSplits` wrote, a part with no category in `rowCategory`, parts of the
    /// same category added together; nil when fewer than two categories remain (then the row
    /// imports whole in its category).
    static func splitParts(_ text: String, rowCategory: String) -> [EntryPart]? {
        var parts: [EntryPart] = []
        for item in text.split(separator: ";") {
            let pair = item.split(separator: "=", omittingEmptySubsequences: false)
            guard pair.count == 2, let amount = Int64(pair[1]), amount > 0 else { return nil }
            let category = pair[0].isEmpty ? rowCategory : String(pair[0])
            if let index = parts.firstIndex(where: { $0.category == category }) {
                parts[index].amount = Money(minorUnits: parts[index].amount.minorUnits + amount)
            } else {
                parts.append(EntryPart(category: category, amount: Money(minorUnits: amount)))
            }
        }
        return parts.count >= 2 ? parts : nil
    }

    /// Each category's key and name, normalised as a QIF split's category is (`ImportKeys.normalised`), to its key.
    static func categoryNamesForSplits(_ db: Database) throws -> [String: String] {
        var names: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT key, name FROM category ORDER BY position") {
            let key: String = row[0]
            names[ImportKeys.normalised(key)] = key
            if let name = row[1] as String? { names[ImportKeys.normalised(name)] = key }
        }
        return names
    }

    /// A period as stored: "2026-10-01/2026-10-31".
    static func encodePeriod(_ period: ClosedRange<Day>) -> String { period.lowerBound.iso + "/" + period.upperBound.iso }

    static func decodePeriod(_ text: String) -> ClosedRange<Day>? {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let from = Day(iso: String(parts[0])), let through = Day(iso: String(parts[1])), from <= through else { return nil }
        return from...through
    }

    static func encodeMapping(_ mapping: Statements.ColumnMapping) -> String? {
        (try? JSONEncoder().encode(mapping)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The statement's bank account id as stored (at most 64 characters; nil when empty).
    static func bankAccount(_ parsed: ParsedStatement) -> String? {
        parsed.bankAccountID.flatMap { $0.isEmpty ? nil : String($0.prefix(64)) }
    }

    /// A header's cells as JSON, or nil when absent or too long to keep.
    static func encodeHeader(_ header: [String]?) -> String? {
        guard let header, let data = try? JSONEncoder().encode(header), data.count <= 20_000 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    static func decodeMapping(_ text: String?) -> Statements.ColumnMapping? {
        text.flatMap { try? JSONDecoder().decode(Statements.ColumnMapping.self, from: Data($0.utf8)) }
    }

    static func importBatches(_ db: Database, where condition: String, _ arguments: StatementArguments, limit: Int,
                              order: String = "b.id DESC") throws -> [ImportBatchInfo] {
        try Row.fetchAll(db, sql: """
            SELECT b.*, a.name AS accountName FROM importBatch b JOIN account a ON a.id = b.accountID
            WHERE \(condition) ORDER BY \(order) LIMIT \(limit)
            """, arguments: arguments).map { row in
            ImportBatchInfo(id: row["id"], accountID: row["accountID"], accountName: row["accountName"],
                            status: ImportBatchInfo.Status(rawValue: row["status"]) ?? .preview, fileName: row["fileName"],
                            fileHash: row["fileHash"], format: StatementFormat(rawValue: row["format"]) ?? .csv,
                            encoding: row["encoding"], createdAt: row["createdAt"], committedAt: row["committedAt"],
                            undoneAt: row["undoneAt"], rowCount: row["rowCount"], newCount: row["newCount"],
                            linkedCount: row["linkedCount"], skippedCount: row["skippedCount"],
                            statementBalance: row["statementBalance"], statementDate: (row["statementDate"] as String?).flatMap(Day.init(iso:)))
        }
    }
}

