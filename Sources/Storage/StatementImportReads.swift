import Engine
import Foundation
import GRDB
import Statements

// MARK: - Bank statement import: what the pages read of a batch (the design: StatementImports.swift)

extension AppDatabase {
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
            let extra = ImportRowRecord.columns.count
            return try Row.fetchAll(db, sql: """
                SELECT \(ImportRowRecord.selection("r")), e.name, e.date FROM importRow r LEFT JOIN entry e ON e.id = r.linkEntryID
                WHERE r.batchID = :id \(filter) ORDER BY r.position LIMIT :limit OFFSET :offset
                """, arguments: arguments + ["id": batchID, "limit": min(limit, Int(Int32.max)), "offset": offset]).map { row in
                let record = ImportRowRecord(row: row)
                let confirms = record.status == .confirm
                return StagedImportRow(
                    position: record.position, line: record.line, date: record.date, amount: record.amount, payee: record.payee,
                    memo: record.memo, status: record.status, seenInBatch: record.seenBatchID, deletedOn: record.deletedOn,
                    linkEntryID: record.linkEntryID,
                    matchName: confirms ? record.reason : row[extra],
                    matchDate: confirms ? record.confirmDate : (row[extra + 1] as String?).flatMap(Day.init(iso:)),
                    reason: confirms ? nil : record.reason, errorColumn: record.errorColumn, category: record.category,
                    categorySource: record.categorySource, choice: record.choice, entryID: record.entryID, name: record.name,
                    mcc: record.mcc,
                    parts: record.splits.flatMap { Self.splitParts($0, rowCategory: record.category ?? Self.permanentCategory) } ?? [])
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
