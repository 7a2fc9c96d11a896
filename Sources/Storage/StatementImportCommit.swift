import Engine
import Foundation
import GRDB
import Statements

// MARK: - Bank statement import: the commit (the design: StatementImports.swift)

/// A linked entry's columns before the link, kept for undo.
struct LinkedEntryState: Codable {
    var isActual: Bool
    var cleared: Bool
    var accountID: Int64?
    var payeeRaw: String?
    var plannedAmount: Int64?
    var date: String
}

extension AppDatabase {
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
                // An inflow with a category is a refund: a negative expense in that category
                // (docs/engine-rules.md, "Refunds in a statement").
                let refund = kind == .income && stored.category != nil
                var category = kind == .income && !refund ? nil : (stored.category ?? "other")
                if !refund, let rowCategory = category, let text = storedSplits[position],
                   let parts = Self.splitParts(text, rowCategory: rowCategory) {
                    splitEntries.append((new, parts))
                    category = parts[0].category
                }
                try stageEntry.execute(arguments: [
                    new, row.date.iso, (refund ? FlowKind.expense : kind).rawValue, name,
                    refund ? -Int64(row.amount.magnitude) : Int64(row.amount.magnitude),
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
}
