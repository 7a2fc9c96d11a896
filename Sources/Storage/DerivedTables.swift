import GRDB

// MARK: - Tables kept from the entries by triggers

// `ledgerMonth` (the ledger's monthly sums), `accountMonthTotal` (account balances by month)
// and `entrySearch` (the ledger's search index) are derived from `entry` by triggers. Their
// sums saturate at the 64-bit bounds instead of overflowing into REAL (which no read could
// decode); a restore rebuilds all three, and `finmind check` compares them with a rebuild.

extension AppDatabase {
    /// Recreates the monthly-sum triggers so a sum past the 64-bit bounds stays at the bound.
    static func registerSaturatingSumsMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("sec34: saturating monthly sums") { db in
            /// `left + right` kept within the 64-bit bounds (SQLite turns an overflowing sum into a REAL).
            func saturated(_ left: String, _ right: String) -> String {
                "max(-9223372036854775808, min(9223372036854775807, \(left) + \(right)))"
            }
            func ledger(_ row: String, _ sign: String) -> String {
                """
                INSERT INTO ledgerMonth (month, accountID, category, kind, isActual, transfer, count, amount)
                    VALUES (substr(\(row).date, 1, 7), coalesce(\(row).accountID, 0), coalesce(\(row).category, ''), \(row).kind,
                        \(row).isActual, \(row).transferGroup IS NOT NULL, \(sign), \(sign) * \(row).amount)
                    ON CONFLICT (month, accountID, category, kind, isActual, transfer)
                    DO UPDATE SET count = count + excluded.count, amount = \(saturated("amount", "excluded.amount"));
                """
            }
            func account(_ row: String, _ sign: String) -> String {
                """
                INSERT INTO accountMonthTotal (accountID, month, total, cleared)
                VALUES (\(row).accountID, substr(\(row).date, 1, 7),
                        \(sign) (CASE \(row).kind WHEN 'income' THEN \(row).amount ELSE -\(row).amount END),
                        CASE WHEN \(row).cleared = 1 THEN \(sign) (CASE \(row).kind WHEN 'income' THEN \(row).amount ELSE -\(row).amount END) ELSE 0 END)
                ON CONFLICT (accountID, month) DO UPDATE SET total = \(saturated("total", "excluded.total")),
                    cleared = \(saturated("cleared", "excluded.cleared"));
                """
            }
            func counted(_ row: String) -> String { "\(row).accountID IS NOT NULL AND \(row).isActual = 1 AND \(row).deletedAt IS NULL" }
            let ledgerColumns = "date, kind, amount, category, isActual, deletedAt, accountID, transferGroup"
            let accountColumns = "accountID, date, kind, amount, isActual, deletedAt, cleared"
            try db.execute(sql: """
                DROP TRIGGER ledgerMonth_insert; DROP TRIGGER ledgerMonth_delete;
                DROP TRIGGER ledgerMonth_update_old; DROP TRIGGER ledgerMonth_update_new;
                CREATE TRIGGER ledgerMonth_insert AFTER INSERT ON entry WHEN new.deletedAt IS NULL BEGIN \(ledger("new", "1")) END;
                CREATE TRIGGER ledgerMonth_delete AFTER DELETE ON entry WHEN old.deletedAt IS NULL BEGIN \(ledger("old", "-1")) END;
                CREATE TRIGGER ledgerMonth_update_old AFTER UPDATE OF \(ledgerColumns) ON entry
                    WHEN old.deletedAt IS NULL BEGIN \(ledger("old", "-1")) END;
                CREATE TRIGGER ledgerMonth_update_new AFTER UPDATE OF \(ledgerColumns) ON entry
                    WHEN new.deletedAt IS NULL BEGIN \(ledger("new", "1")) END;

                DROP TRIGGER entry_account_month_insert; DROP TRIGGER entry_account_month_delete;
                DROP TRIGGER entry_account_month_update_old; DROP TRIGGER entry_account_month_update_new;
                CREATE TRIGGER entry_account_month_insert AFTER INSERT ON entry WHEN \(counted("NEW")) BEGIN \(account("NEW", "+")) END;
                CREATE TRIGGER entry_account_month_delete AFTER DELETE ON entry WHEN \(counted("OLD")) BEGIN \(account("OLD", "-")) END;
                CREATE TRIGGER entry_account_month_update_old AFTER UPDATE OF \(accountColumns) ON entry
                    WHEN \(counted("OLD")) BEGIN \(account("OLD", "-")) END;
                CREATE TRIGGER entry_account_month_update_new AFTER UPDATE OF \(accountColumns) ON entry
                    WHEN \(counted("NEW")) BEGIN \(account("NEW", "+")) END;
                """)
            try rebuildDerivedTables(db)
        }
    }

    /// Recomputes the three derived tables from `entry` inside the caller's transaction, sums
    /// saturated as the triggers saturate them.
    static func rebuildDerivedTables(_ db: Database) throws {
        let saturatedSum = { (value: String) in
            "CAST(max(-9223372036854775808, min(9223372036854775807, total(\(value)))) AS INTEGER)"
        }
        try db.execute(sql: """
            DELETE FROM ledgerMonth;
            INSERT INTO ledgerMonth (month, accountID, category, kind, isActual, transfer, count, amount)
                SELECT substr(date, 1, 7), coalesce(accountID, 0), coalesce(category, ''), kind, isActual,
                    transferGroup IS NOT NULL, count(*), \(saturatedSum("amount"))
                FROM entry WHERE deletedAt IS NULL GROUP BY 1, 2, 3, 4, 5, 6;
            DELETE FROM accountMonthTotal;
            INSERT INTO accountMonthTotal (accountID, month, total, cleared)
                SELECT accountID, substr(date, 1, 7), \(saturatedSum("CASE kind WHEN 'income' THEN amount ELSE -amount END")),
                    \(saturatedSum("CASE WHEN cleared = 0 THEN 0 WHEN kind = 'income' THEN amount ELSE -amount END"))
                FROM entry WHERE accountID IS NOT NULL AND isActual = 1 AND deletedAt IS NULL GROUP BY accountID, substr(date, 1, 7);
            INSERT INTO entrySearch(entrySearch) VALUES ('rebuild');
            """)
    }

    /// Where the derived tables differ from a rebuild, in words (empty when they agree). Runs
    /// in the caller's transaction on a writable connection and rolls its rebuild back: for a
    /// copy of the file being checked (`check(databaseAt:)`).
    static func derivedTableProblems(_ db: Database) throws -> [String] {
        guard try db.tableExists("ledgerMonth"), try db.tableExists("accountMonthTotal") else { return [] }
        var problems: [String] = []
        try db.inSavepoint {
            try db.execute(sql: """
                CREATE TEMP TABLE storedLedgerMonth AS SELECT * FROM ledgerMonth WHERE count <> 0 OR amount <> 0;
                CREATE TEMP TABLE storedAccountMonthTotal AS SELECT * FROM accountMonthTotal WHERE total <> 0 OR cleared <> 0;
                """)
            try rebuildDerivedTables(db)
            for (table, stored, live) in [("ledgerMonth", "storedLedgerMonth", "SELECT * FROM ledgerMonth WHERE count <> 0 OR amount <> 0"),
                                          ("accountMonthTotal", "storedAccountMonthTotal", "SELECT * FROM accountMonthTotal WHERE total <> 0 OR cleared <> 0")] {
                let differing = try Int.fetchOne(db, sql: """
                    SELECT (SELECT count(*) FROM (SELECT * FROM \(stored) EXCEPT \(live)))
                         + (SELECT count(*) FROM (\(live) EXCEPT SELECT * FROM \(stored)))
                    """) ?? 0
                if differing > 0 { problems.append("\(table): \(differing) line(s) differ from the entries (a restore rebuilds them)") }
            }
            return .rollback
        }
        do {
            try db.execute(sql: "INSERT INTO entrySearch(entrySearch, rank) VALUES ('integrity-check', 1)")
        } catch {
            problems.append("entrySearch: the search index differs from the entries (a restore rebuilds it)")
        }
        return problems
    }
}
