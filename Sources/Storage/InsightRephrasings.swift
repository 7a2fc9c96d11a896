import Engine
import Foundation
import GRDB

// The insight cards' texts rephrased by the remote provider: one row per
// card (week or month), the first day of its current period and the page's language. Written
// together with the call's usage row; exported, imported and deleted with the household's data.

/// A card's rephrased text.
public struct InsightRephrasing: Sendable, Equatable {
    /// "week" or "month".
    public var period: String
    /// The card's current period's first day ("2026-11-15").
    public var periodStart: String
    /// "ru" or "en".
    public var language: String
    public var text: String
    public var model: String

    public init(period: String, periodStart: String, language: String, text: String, model: String) {
        self.period = period; self.periodStart = periodStart; self.language = language; self.text = text; self.model = model
    }
}

extension AppDatabase {
    /// The longest rephrased text stored (characters).
    public static let maxRephrasingLength = 1_000

    /// The rephrased texts in `language` for the given (period, periodStart) pairs.
    public func insightRephrasings(language: String) throws -> [InsightRephrasing] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT period, periodStart, language, text, model FROM insightRephrasing WHERE language = :language ORDER BY period
                """, arguments: ["language": language]).map {
                InsightRephrasing(period: $0["period"], periodStart: $0["periodStart"], language: $0["language"], text: $0["text"], model: $0["model"])
            }
        }
    }

    /// Stores `rephrasing` (replacing the card's earlier one) and the call's usage row in one
    /// transaction, once per form token.
    public func saveInsightRephrasing(_ rephrasing: InsightRephrasing, usage: AdvisorUsageCall, formToken: String) throws -> WriteOutcome<Void> {
        try writeOnce(formToken: formToken) { db in
            let now = Timestamp.string(self.now())
            try db.execute(sql: """
                INSERT OR REPLACE INTO insightRephrasing (period, periodStart, language, text, model, createdAt)
                VALUES (:period, :periodStart, :language, :text, :model, :createdAt)
                """, arguments: ["period": rephrasing.period, "periodStart": rephrasing.periodStart, "language": rephrasing.language,
                                 "text": rephrasing.text, "model": String(rephrasing.model.prefix(100)), "createdAt": now])
            try Self.insertUsage(usage, createdAt: now, in: db)
        }
    }

    /// The rephrasings' migration, appended at the end of the migrator.
    static func registerInsightRephrasingMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("in: insight rephrasings") { db in
            try db.execute(sql: """
                CREATE TABLE insightRephrasing (
                    period TEXT NOT NULL CHECK (period IN ('week', 'month')),
                    periodStart TEXT NOT NULL CHECK (length(periodStart) = 10),
                    language TEXT NOT NULL CHECK (language IN ('ru', 'en')),
                    text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 1000),
                    model TEXT NOT NULL CHECK (length(model) BETWEEN 1 AND 100),
                    createdAt TEXT NOT NULL,
                    PRIMARY KEY (period, periodStart, language)
                );
                """)
        }
    }
}

extension AppDatabase {
    /// The logged days between `from` and `through` (docs/engine-rules.md, "The Challenge, streaks
    /// and achievements": an actual entry — a confirmed occurrence is one — or a "no spending
    /// today" check-in), read as distinct dates only: the insight cards' streak.
    public func loggedDays(from: Day, through: Day) throws -> Set<Day> {
        try read { db in
            let dates = try String.fetchAll(db, sql: """
                SELECT DISTINCT date FROM entry INDEXED BY entry_live_by_date_transfer
                WHERE deletedAt IS NULL AND isActual = 1 AND transferGroup IS NULL AND importBatchID IS NULL AND date BETWEEN :from AND :through
                UNION SELECT date FROM checkIn WHERE date BETWEEN :from AND :through
                """, arguments: ["from": from.iso, "through": through.iso])
            return Set(dates.compactMap(Day.init(iso:)))
        }
    }
}
