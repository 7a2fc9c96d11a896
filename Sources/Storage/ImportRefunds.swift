import Engine
import GRDB
import Statements

// MARK: - Refunds in a statement: stored as negative expenses (docs/engine-rules.md, "Refunds in a statement")

extension AppDatabase {
    /// The entry table's amount check allows a negative expense (a refund: money back in the
    /// category it was spent from); an income stays positive. Only the CHECK's text changes
    /// (SQLite's documented way to loosen a CHECK in place, `writable_schema`): every row
    /// already passes it, and the table, its indexes and triggers stay as they are.
    static func registerRefundMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("rf7: refunds as negative expenses") { db in
            let old = "amount INTEGER NOT NULL CHECK (amount BETWEEN 1 AND 1000000000000)"
            let new = "amount INTEGER NOT NULL CHECK (amount BETWEEN 1 AND 1000000000000"
                + " OR (kind = 'expense' AND amount BETWEEN -1000000000000 AND -1))"
            guard let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'entry'"),
                  sql.contains(old) else { throw StorageError.schemaOutdated }
            let version = try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
            try db.execute(sql: "PRAGMA writable_schema = ON")
            try db.execute(sql: "UPDATE sqlite_master SET sql = :sql WHERE type = 'table' AND name = 'entry'",
                           arguments: ["sql": sql.replacingOccurrences(of: old, with: new)])
            try db.execute(sql: "PRAGMA schema_version = \(version + 1)")
            try db.execute(sql: "PRAGMA writable_schema = OFF")
        }
    }

    /// The largest expense recorded at each merchant of `keys` (`Refunds.merchantKey` of the
    /// entry's bank text, else its name): live expenses, transfers left out. Keys with none are absent.
    static func largestSpent(atMerchants keys: Set<String>, in db: Database) throws -> [String: Int64] {
        guard !keys.isEmpty else { return [:] }
        var largest: [String: Int64] = [:]
        var merchants: [String: String] = [:]
        let cursor = try Row.fetchCursor(db, sql: """
            SELECT COALESCE(payeeRaw, name), amount FROM entry
            WHERE deletedAt IS NULL AND kind = 'expense' AND transferGroup IS NULL AND amount > 0
            """)
        while let row = try cursor.next() {
            let text: String = row[0], amount: Int64 = row[1]
            let key: String
            if let known = merchants[text] { key = known } else { key = Refunds.merchantKey(text); merchants[text] = key }
            guard keys.contains(key) else { continue }
            largest[key] = max(largest[key] ?? 0, amount)
        }
        return largest
    }
}
