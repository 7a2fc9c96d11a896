import GRDB

// MARK: - Secrets (advisor token, API key, passcode hash)

extension AppDatabase {
    /// The names of the tables that hold secrets or per-request machinery, or figures kept from
    /// the entries by triggers (accountMonthTotal, the ledger's search index and monthly sums),
    /// bulk-delete undo state, and `importUpload` (the file of an import still in preview: up to
    /// 50 MB, transient, it goes with its batch): never exported, never shown, never logged.
    public static let privateTables: Set<String> = ["secret", "session", "usedFormToken", "grdb_migrations", "accountMonthTotal",
        "entrySearch", "entrySearch_data", "entrySearch_idx", "entrySearch_docsize", "entrySearch_config", "entryDeletion", "ledgerMonth",
        "importUpload"]

    /// The secret stored under `key`, or nil.
    public func secret(_ key: String) throws -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT value FROM secret WHERE key = :key", arguments: ["key": key]) }
    }

    /// Stores (or with nil removes) the secret under `key` inside a caller's transaction.
    public static func setSecret(_ key: String, _ value: String?, in db: Database) throws {
        if let value {
            try db.execute(sql: """
                INSERT INTO secret (key, value) VALUES (:key, :value) ON CONFLICT(key) DO UPDATE SET value = excluded.value
                """, arguments: ["key": key, "value": value])
        } else {
            try db.execute(sql: "DELETE FROM secret WHERE key = :key", arguments: ["key": key])
        }
    }

    /// Stores (or with nil removes) the secret under `key` in its own transaction.
    public func setSecret(_ key: String, _ value: String?) throws {
        try write { db in try Self.setSecret(key, value, in: db) }
    }
}
