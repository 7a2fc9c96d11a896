import Engine
import Foundation
import GRDB
import Statements

// MARK: - Payee rules: a bank payee's name and category, set once for every import
//
// "When the payee contains … set the name to … and the category to …": the household's own
// rules, applied to every imported row before anything else suggests a category
// (docs/engine-rules.md, "Categories from the bank"). One table, `payeeRule`; export, import
// and delete-all take it like every table.

/// A stored payee rule.
public struct PayeeRule: Sendable, Equatable {
    public var id: ID<PayeeRule>
    /// The text the payee (with its memo) must contain, as typed.
    public var contains: String
    /// The entry name it sets, if any.
    public var name: String?
    /// The category key it sets, if any.
    public var category: String?

    public init(id: ID<PayeeRule>, contains: String, name: String?, category: String?) {
        self.id = id; self.contains = contains; self.name = name; self.category = category
    }

    /// The rule as the pure matcher takes it.
    public var match: PayeeRuleMatch { PayeeRuleMatch(contains: contains, name: name, category: category) }
}

/// Why a payee rule was refused (a form shows it by its field).
public enum PayeeRuleError: Error, Equatable {
    /// Another rule already has this text.
    case duplicate
}

extension AppDatabase {
    /// Every payee rule, by its text.
    public func payeeRules() throws -> [PayeeRule] {
        try read { db in try Self.payeeRules(db) }
    }

    static func payeeRules(_ db: Database) throws -> [PayeeRule] {
        try Row.fetchAll(db, sql: "SELECT id, contains, name, category FROM payeeRule ORDER BY contains COLLATE NOCASE, id").map {
            PayeeRule(id: $0[0], contains: $0[1], name: $0[2], category: $0[3])
        }
    }

    /// Adds a rule (`id` nil) or changes rule `id`, in one transaction. Throws
    /// `PayeeRuleError.duplicate` when another rule has the same text (case and spaces aside),
    /// `StorageError.notFound` for an unknown id; a category that does not exist is stored as none.
    public func savePayeeRule(id: ID<PayeeRule>?, contains: String, name: String?, category: String?,
                              formToken: String) throws -> WriteOutcome<ID<PayeeRule>> {
        try writeOnce(formToken: formToken) { db in
            let key = PayeeCategories.ruleKey(contains)
            for rule in try Self.payeeRules(db) where rule.id != id && PayeeCategories.ruleKey(rule.contains) == key {
                throw PayeeRuleError.duplicate
            }
            let known = try category.map { try Bool.fetchOne(db, sql: "SELECT 1 FROM category WHERE key = ?", arguments: [$0]) == true } ?? false
            let arguments: StatementArguments = ["contains": contains, "name": name, "category": known ? category : nil, "now": timestamp()]
            if let id {
                try db.execute(sql: "UPDATE payeeRule SET contains = :contains, name = :name, category = :category, updatedAt = :now WHERE id = :id",
                               arguments: arguments + ["id": id])
                guard db.changesCount == 1 else { throw StorageError.notFound }
                return id
            }
            try db.execute(sql: """
                INSERT INTO payeeRule (contains, name, category, createdAt, updatedAt) VALUES (:contains, :name, :category, :now, :now)
                """, arguments: arguments)
            return ID(db.lastInsertedRowID)
        }
    }

    /// Deletes rule `id`. Throws `StorageError.notFound` when there is none.
    public func deletePayeeRule(id: ID<PayeeRule>, formToken: String) throws -> WriteOutcome<Void> {
        try writeOnce(formToken: formToken) { db in
            try db.execute(sql: "DELETE FROM payeeRule WHERE id = ?", arguments: [id])
            guard db.changesCount == 1 else { throw StorageError.notFound }
        }
    }

    /// The migration: the payee rules, and the staged rows' new columns and values (the bank's
    /// MCC and category, the name a rule gives, the "skipped" status and the new category
    /// sources). SQLite cannot change a CHECK, so `importRow` is built anew and its rows copied.
    static func registerPayeeRuleMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("st30: payee rules; import rows with MCC, bank category, skipped") { db in
            let date = "CHECK (date IS NULL OR (date BETWEEN '1900-01-01' AND '2199-12-31' AND length(date) = 10 AND date(date) = date))"
            try db.execute(sql: """
                CREATE TABLE payeeRule (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    contains TEXT NOT NULL CHECK (length(contains) BETWEEN 1 AND 200),
                    name TEXT NULL CHECK (length(name) BETWEEN 1 AND 80),
                    category TEXT NULL REFERENCES category(key) ON DELETE SET NULL,
                    createdAt TEXT NOT NULL,
                    updatedAt TEXT NOT NULL
                );

                CREATE TABLE importRowNew (
                    batchID INTEGER NOT NULL REFERENCES importBatch(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL CHECK (position >= 0),
                    line INTEGER NOT NULL CHECK (line >= 0),
                    date TEXT NULL \(date),
                    amount INTEGER NULL CHECK (amount BETWEEN -1000000000000 AND 1000000000000),
                    payee TEXT NOT NULL DEFAULT '' CHECK (length(payee) <= 2000),
                    memo TEXT NOT NULL DEFAULT '' CHECK (length(memo) <= 2000),
                    externalID TEXT NULL CHECK (length(externalID) <= 255),
                    status TEXT NOT NULL CHECK (status IN ('new', 'reused', 'duplicate', 'deleted', 'link', 'confirm', 'error', 'skipped')),
                    fingerprint TEXT NULL,
                    externalKey TEXT NULL,
                    occurrence INTEGER NOT NULL DEFAULT 0 CHECK (occurrence >= 0),
                    seenBatchID INTEGER NULL,
                    deletedOn TEXT NULL,
                    linkEntryID INTEGER NULL REFERENCES entry(id) ON DELETE SET NULL,
                    confirmSource TEXT NULL CHECK (confirmSource IS NULL OR length(confirmSource) BETWEEN 2 AND 20),
                    confirmDate TEXT NULL,
                    reason TEXT NULL CHECK (length(reason) <= 500),
                    errorColumn TEXT NULL CHECK (length(errorColumn) <= 200),
                    category TEXT NULL REFERENCES category(key) ON DELETE SET NULL,
                    categorySource TEXT NOT NULL DEFAULT 'none'
                        CHECK (categorySource IN ('learned', 'keyword', 'none', 'user', 'mcc', 'bank', 'rule')),
                    choice TEXT NOT NULL CHECK (choice IN ('import', 'skip', 'link', 'confirm')),
                    entryID INTEGER NULL REFERENCES entry(id) ON DELETE SET NULL,
                    before TEXT NULL CHECK (length(before) <= 2000),
                    mcc INTEGER NULL CHECK (mcc BETWEEN 1 AND 9999),
                    bankCategory TEXT NULL CHECK (length(bankCategory) <= 200),
                    name TEXT NULL CHECK (length(name) BETWEEN 1 AND 80),
                    PRIMARY KEY (batchID, position),
                    CHECK (status NOT IN ('error', 'skipped') OR choice = 'skip'),
                    CHECK (choice <> 'link' OR status = 'link'),
                    CHECK (choice <> 'confirm' OR status = 'confirm')
                );
                INSERT INTO importRowNew (batchID, position, line, date, amount, payee, memo, externalID, status, fingerprint, externalKey,
                    occurrence, seenBatchID, deletedOn, linkEntryID, confirmSource, confirmDate, reason, errorColumn, category,
                    categorySource, choice, entryID, before)
                SELECT batchID, position, line, date, amount, payee, memo, externalID, status, fingerprint, externalKey,
                    occurrence, seenBatchID, deletedOn, linkEntryID, confirmSource, confirmDate, reason, errorColumn, category,
                    categorySource, choice, entryID, before FROM importRow;
                DROP TABLE importRow;
                ALTER TABLE importRowNew RENAME TO importRow;
                CREATE INDEX importRow_entry ON importRow(entryID) WHERE entryID IS NOT NULL;
                CREATE INDEX importRow_linkEntry ON importRow(linkEntryID) WHERE linkEntryID IS NOT NULL;
                CREATE INDEX importRow_status ON importRow(batchID, status, position);

                ALTER TABLE importUpload ADD COLUMN layout TEXT NULL CHECK (length(layout) BETWEEN 1 AND 100);
                ALTER TABLE importUpload ADD COLUMN period TEXT NULL CHECK (length(period) = 21);
                ALTER TABLE importUpload ADD COLUMN dateOrderEvidence TEXT NULL CHECK (length(dateOrderEvidence) BETWEEN 1 AND 40);
                """)
        }
    }
}
