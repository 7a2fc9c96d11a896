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
//
// This file holds the types and how the import tables keep their values; the parts live in
// StatementImportReads (what the pages read), StatementImportStaging (the preview and its staged
// rows), StatementImportPlanInput (what the plan is decided from), StatementImportChoices,
// StatementImportCommit and StatementImportUndo.

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

    /// An inflow given a category: a refund, imported as a negative expense in it.
    public var isRefund: Bool { (amount ?? 0) > 0 && category != nil }
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

    // MARK: - How the import tables keep their values

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
}

extension AppDatabase {
    /// The migration: an import batch's format may be MT940 or CAMT too. SQLite cannot change
    /// a CHECK, so `importBatch` is built anew and its rows copied (the migrator runs with
    /// foreign keys off and checks them before committing, so its children keep their rows).
    static func registerStatementFormatsMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("mt940: import batches in MT940 and CAMT") { db in
            let date = "CHECK (statementDate BETWEEN '1900-01-01' AND '2199-12-31' AND length(statementDate) = 10 AND date(statementDate) = statementDate)"
            try db.execute(sql: """
                CREATE TABLE importBatchNew (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    accountID INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    status TEXT NOT NULL CHECK (status IN ('preview', 'committed', 'undone')),
                    fileName TEXT NOT NULL DEFAULT '' CHECK (length(fileName) <= 255),
                    fileHash TEXT NOT NULL CHECK (length(fileHash) = 64),
                    format TEXT NOT NULL CHECK (format IN ('csv', 'ofx', 'qif', 'mt940', 'camt')),
                    encoding TEXT NOT NULL CHECK (length(encoding) BETWEEN 1 AND 32),
                    statementBalance INTEGER NULL CHECK (statementBalance BETWEEN -1000000000000 AND 1000000000000),
                    statementDate TEXT NULL \(date),
                    createdAt TEXT NOT NULL,
                    committedAt TEXT NULL,
                    undoneAt TEXT NULL,
                    rowCount INTEGER NOT NULL DEFAULT 0 CHECK (rowCount >= 0),
                    newCount INTEGER NOT NULL DEFAULT 0 CHECK (newCount >= 0),
                    linkedCount INTEGER NOT NULL DEFAULT 0 CHECK (linkedCount >= 0),
                    skippedCount INTEGER NOT NULL DEFAULT 0 CHECK (skippedCount >= 0),
                    bankAccountID TEXT NULL CHECK (length(bankAccountID) BETWEEN 1 AND 64),
                    CHECK ((statementBalance IS NULL) = (statementDate IS NULL)),
                    CHECK (status <> 'committed' OR committedAt IS NOT NULL),
                    CHECK (status <> 'undone' OR (committedAt IS NOT NULL AND undoneAt IS NOT NULL))
                );
                INSERT INTO importBatchNew (id, accountID, status, fileName, fileHash, format, encoding, statementBalance,
                    statementDate, createdAt, committedAt, undoneAt, rowCount, newCount, linkedCount, skippedCount, bankAccountID)
                SELECT id, accountID, status, fileName, fileHash, format, encoding, statementBalance,
                    statementDate, createdAt, committedAt, undoneAt, rowCount, newCount, linkedCount, skippedCount, bankAccountID
                FROM importBatch;
                DROP TABLE importBatch;
                ALTER TABLE importBatchNew RENAME TO importBatch;
                CREATE INDEX importBatch_account ON importBatch(accountID, createdAt);
                CREATE INDEX importBatch_fileHash ON importBatch(fileHash);
                """)
        }
    }
}
