import Foundation
import GRDB

// MARK: - The remote provider's usage, by day and by month

// One row per answered remote call: the day, the provider (the base URL's host), the model
// that answered, and the tokens the provider's `usage` field reported (0 when absent). The
// Advisor settings page sums them by day and by month. The table is household data: exported,
// imported and deleted with the rest (Export.swift covers every table).

/// One answered call to the remote provider.
public struct AdvisorUsageCall: Sendable, Equatable {
    /// The server-local day ("2026-11-24").
    public var day: String
    /// The base URL's host ("api.openai.com").
    public var provider: String
    public var model: String
    public var tokensIn: Int
    public var tokensOut: Int

    public init(day: String, provider: String, model: String, tokensIn: Int, tokensOut: Int) {
        self.day = day; self.provider = provider; self.model = model; self.tokensIn = tokensIn; self.tokensOut = tokensOut
    }
}

/// Calls and tokens of one period (a day "2026-11-24" or a month "2026-11"), provider and model.
public struct AdvisorUsageTotal: Sendable, Equatable {
    public var period: String
    public var provider: String
    public var model: String
    public var calls: Int
    public var tokensIn: Int
    public var tokensOut: Int
}

extension AppDatabase {
    /// The largest token count stored for one call (a provider's nonsense is clamped to it).
    public static let maxUsageTokens = 100_000_000

    /// Records `call` in its own transaction (a streamed answer or a connection test).
    public func recordAdvisorUsage(_ call: AdvisorUsageCall) throws {
        try write { db in try Self.insertUsage(call, createdAt: Timestamp.string(now()), in: db) }
    }

    static func insertUsage(_ call: AdvisorUsageCall, createdAt: String, in db: Database) throws {
        func clamp(_ value: Int) -> Int { min(max(value, 0), maxUsageTokens) }
        try db.execute(sql: """
            INSERT INTO advisorUsage (day, provider, model, tokensIn, tokensOut, createdAt)
            VALUES (:day, :provider, :model, :tokensIn, :tokensOut, :createdAt)
            """, arguments: ["day": call.day, "provider": String(call.provider.prefix(300)), "model": String(call.model.prefix(100)),
                             "tokensIn": clamp(call.tokensIn), "tokensOut": clamp(call.tokensOut),
                             "createdAt": createdAt])
    }

    /// Usage summed by day (the `days` most recent days that have any, newest first), then by
    /// provider and model.
    public func advisorUsageByDay(days: Int = 14) throws -> [AdvisorUsageTotal] {
        try usage(period: "day", limit: days)
    }

    /// Usage summed by month ("2026-11"; the `months` most recent, newest first), then by provider and model.
    public func advisorUsageByMonth(months: Int = 12) throws -> [AdvisorUsageTotal] {
        try usage(period: "substr(day, 1, 7)", limit: months)
    }

    private func usage(period: String, limit: Int) throws -> [AdvisorUsageTotal] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT \(period) AS period, provider, model, count(*) AS calls, sum(tokensIn) AS tokensIn, sum(tokensOut) AS tokensOut
                FROM advisorUsage
                WHERE \(period) IN (SELECT DISTINCT \(period) FROM advisorUsage ORDER BY 1 DESC LIMIT :limit)
                GROUP BY 1, 2, 3 ORDER BY 1 DESC, 2, 3
                """, arguments: ["limit": limit]).map {
                AdvisorUsageTotal(period: $0["period"], provider: $0["provider"], model: $0["model"], calls: $0["calls"],
                                  tokensIn: $0["tokensIn"], tokensOut: $0["tokensOut"])
            }
        }
    }

    /// The migration that adds the usage table and lets the action log hold checklist steps.
    static func registerProviderMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("pv: advisor usage, checklist actions") { db in
            try db.execute(sql: """
                CREATE TABLE advisorUsage (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    day TEXT NOT NULL CHECK (length(day) = 10),
                    provider TEXT NOT NULL CHECK (length(provider) BETWEEN 1 AND 300),
                    model TEXT NOT NULL CHECK (length(model) BETWEEN 1 AND 100),
                    tokensIn INTEGER NOT NULL CHECK (tokensIn BETWEEN 0 AND 100000000),
                    tokensOut INTEGER NOT NULL CHECK (tokensOut BETWEEN 0 AND 100000000),
                    createdAt TEXT NOT NULL
                );
                CREATE INDEX advisorUsage_day ON advisorUsage(day);
                """)
            // SQLite cannot change a CHECK: the action log is rebuilt with the checklist kind
            // and its target table, every row and id kept.
            try db.execute(sql: """
                CREATE TABLE advisorAction_pv (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    kind TEXT NOT NULL CHECK (kind IN ('goal', 'income', 'expense', 'limit', 'strategy', 'entry', 'checklist')),
                    summary TEXT NOT NULL CHECK (length(summary) BETWEEN 1 AND 1000),
                    targetTable TEXT NOT NULL CHECK (targetTable IN ('goal', 'recurringItem', 'entry', 'categoryLimit', 'setting',
                                                                     'checklistDone')),
                    targetID INTEGER NULL,
                    previous TEXT NULL CHECK (previous IS NULL OR length(previous) <= 100),
                    createdAt TEXT NOT NULL,
                    undoneAt TEXT NULL
                );
                INSERT INTO advisorAction_pv (id, kind, summary, targetTable, targetID, previous, createdAt, undoneAt)
                    SELECT id, kind, summary, targetTable, targetID, previous, createdAt, undoneAt FROM advisorAction;
                DROP TABLE advisorAction;
                ALTER TABLE advisorAction_pv RENAME TO advisorAction;
                """)
        }
    }
}
