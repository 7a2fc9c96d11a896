import Engine
import Foundation
import GRDB
import Statements

// MARK: - Bank statement import: the preview, its staged rows and their suggested categories
// (the design: StatementImports.swift)

extension AppDatabase {
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

    /// Deletes a batch still in preview, with its staged rows and upload.
    public func cancelImport(batchID: ID<ImportBatchInfo>, formToken: String) throws -> WriteOutcome<Void> {
        try writeOnce(formToken: formToken) { db in
            try db.execute(sql: "DELETE FROM importBatch WHERE id = :id AND status = 'preview'", arguments: ["id": batchID])
            guard db.changesCount == 1 else { throw ImportStorageError.wrongState }
        }
    }

    /// The staged rows of a batch read back: the parsed rows (file order), the parser's errors,
    /// and what was stored for each decision (rows first, errors after).
    static func stagedRows(_ batchID: ID<ImportBatchInfo>, in db: Database) throws
        -> (rows: [StatementRow], errors: [RowError], stored: [(status: RowStatus, linkEntryID: ID<Entry>?, confirmSource: String?,
                                                              confirmDate: Day?, choice: ImportChoice, category: String?, name: String?)]) {
        var rows: [StatementRow] = [], errors: [RowError] = []
        var storedRows: [(RowStatus, ID<Entry>?, String?, Day?, ImportChoice, String?, String?)] = []
        var storedErrors: [(RowStatus, ID<Entry>?, String?, Day?, ImportChoice, String?, String?)] = []
        for record in try ImportRowRecord.fetchAll(batchID: batchID, db) {
            let stored = (record.status, record.linkEntryID, record.confirmSource, record.confirmDate, record.choice, record.category, record.name)
            if let date = record.date, let amount = record.amount {
                rows.append(StatementRow(line: record.line, date: date, amount: amount, payee: record.payee, memo: record.memo,
                                         externalID: record.externalID, category: record.bankCategory, mcc: record.mcc))
                storedRows.append(stored)
            } else {
                errors.append(RowError(line: record.line, column: record.errorColumn, reason: record.reason ?? "", skipped: record.status == .skipped))
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
        let spent = try largestSpent(for: rows, in: db)
        let allowed = Set(try String.fetchAll(db, sql: "SELECT key FROM category"))
        let rules = try payeeRules(db).map(\.match)
        let names = try categoryNamesForSplits(db)
        // Positional arguments, in the columns' order (a file's rows: tens of thousands).
        let statement = try db.makeStatement(sql: ImportRowRecord.insertSQL)
        // Statements repeat their payees: each (payee, memo, MCC, bank category) is categorised once.
        var suggestions: [String: (String?, CategorySource, String?)] = [:]
        for (position, decision) in plan.enumerated() {
            let row = decision.rowIndex.map { rows[$0] }
            var category: String?, source = CategorySource.none, name: String?
            if let row, decision.status != .error {
                // An inflow is a refund (a category) or an income (none): docs/engine-rules.md, "Refunds in a statement".
                let refund = row.amount > 0 && Self.categorised.contains(decision.status)
                    && Refunds.reason(payee: row.payee, memo: row.memo, bankCategory: row.category, amount: row.amount,
                                      largestSpent: spent[Refunds.merchantKey(row.payee)]) != nil
                let key = (row.amount < 0 ? "-" : refund ? "+" : "=") + row.payee + "\u{0}" + row.memo + "\u{0}"
                    + (row.mcc.map(String.init) ?? "") + "\u{0}" + (row.category ?? "")
                if let known = suggestions[key] {
                    (category, source, name) = known
                } else {
                    let rule = PayeeCategories.rule(payee: row.payee, memo: row.memo, rules: rules)
                    name = rule?.name.flatMap { Self.clean($0, limit: 80) }
                    if row.amount < 0 || refund {
                        if let chosen = rule?.category, allowed.contains(chosen) {
                            (category, source) = (chosen, .rule)
                        } else {
                            (category, source) = PayeeCategories.suggest(payee: refund ? Refunds.merchantText(row.payee) : row.payee,
                                                                         memo: row.memo, mcc: row.mcc, bankCategory: row.category,
                                                                         learned: learned, allowed: allowed)
                        }
                        // A refund always has a category: uncategorised is "other", as an expense's is at the commit.
                        if refund, category == nil { category = permanentCategory }
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
            try ImportRowRecord(
                batchID: batchID, position: position, line: decision.line, date: row?.date, amount: row?.amount,
                payee: String((row?.payee ?? "").prefix(2000)), memo: String((row?.memo ?? "").prefix(2000)),
                externalID: row?.externalID.map { String($0.prefix(255)) }, status: decision.status, fingerprint: decision.fingerprint,
                externalKey: decision.externalKey, occurrence: decision.occurrence, seenBatchID: decision.seenInBatch,
                deletedOn: decision.deletedOn, linkEntryID: decision.linkEntryID, confirmSource: decision.confirmSource,
                confirmDate: decision.confirmDate, reason: reason, errorColumn: decision.column.map { String($0.prefix(200)) },
                category: category, categorySource: source.rawValue, choice: choice, mcc: row?.mcc.flatMap { (1...9999).contains($0) ? $0 : nil },
                bankCategory: row?.category.map { String($0.prefix(200)) }, name: name, splits: splits
            ).insert(with: statement)
        }
    }

    /// The statuses whose rows the user may categorise (and whose inflows may be refunds).
    static let categorised: Set<RowStatus> = [.new, .reusedID, .duplicate, .deleted]

    /// The largest expense at the merchant of each inflow of `rows` (`Refunds.merchantKey`):
    /// of the household's expenses and of the statement's own outflows.
    static func largestSpent(for rows: [StatementRow], in db: Database) throws -> [String: Int64] {
        let wanted = Set(rows.filter { $0.amount > 0 }.map { Refunds.merchantKey($0.payee) }.filter { !$0.isEmpty })
        guard !wanted.isEmpty else { return [:] }
        var largest = try largestSpent(atMerchants: wanted, in: db)
        for row in rows where row.amount < 0 {
            let key = Refunds.merchantKey(row.payee)
            guard wanted.contains(key) else { continue }
            largest[key] = max(largest[key] ?? 0, Int64(row.amount.magnitude))
        }
        return largest
    }

    /// The learned payee → category map for the payees of `rows`: for each payee key, the
    /// category `PayeeCategories.learned` picks from its latest expense entries (an imported
    /// "other" is an uncategorised row, not a choice, and does not count). An inflow's payee is
    /// looked up by its merchant (`Refunds.merchantKey`), for when it is a refund.
    static func learnedCategories(for rows: [StatementRow], in db: Database) throws -> [String: String] {
        let wanted = Set(rows.map { $0.amount < 0 ? PayeeCategories.payeeKey($0.payee) : Refunds.merchantKey($0.payee) }.filter { !$0.isEmpty })
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
}
