import Engine
import Foundation
import GRDB

// MARK: - Category limits (docs/engine-rules.md, "Category limits")

/// Why a limit write was refused; nothing was written.
public enum LimitError: Error, Equatable {
    /// The category already has a limit for this period.
    case duplicate
    /// The category does not exist.
    case unknownCategory
}

/// One shown-once notice of a limit reaching a level in one period: recorded the first
/// time the level is seen (its event is logged then), dismissed from the banner later.
public struct LimitNotice: Sendable, Hashable {
    public var category: String
    public var period: LimitPeriod
    public var periodStart: Day
    /// `.warning` or `.exceeded`.
    public var level: LimitState
    public var dismissed: Bool

    /// Creates a notice key.
    public init(category: String, period: LimitPeriod, periodStart: Day, level: LimitState, dismissed: Bool = false) {
        self.category = category; self.period = period; self.periodStart = periodStart; self.level = level
        self.dismissed = dismissed
    }
}

extension AppDatabase {
    // MARK: Reads

    /// Every limit, in the categories' order, then day, week, month.
    public func categoryLimits() throws -> [CategoryLimit] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT l.id, l.category, l.period, l.amount, l.threshold FROM categoryLimit l
                JOIN category c ON c.key = l.category
                ORDER BY c.position, c.key, CASE l.period WHEN 'day' THEN 0 WHEN 'week' THEN 1 ELSE 2 END
                """).compactMap(Self.limit)
        }
    }

    /// One limit, or nil.
    public func categoryLimit(id: ID<CategoryLimit>) throws -> CategoryLimit? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT id, category, period, amount, threshold FROM categoryLimit WHERE id = :id",
                             arguments: ["id": id]).flatMap(Self.limit)
        }
    }

    /// The notices of periods starting on or after `since`.
    public func limitNotices(since: Day) throws -> [LimitNotice] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT category, period, periodStart, level, dismissedAt FROM limitNotice WHERE periodStart >= :since
                """, arguments: ["since": since.iso]).compactMap { row in
                guard let period = LimitPeriod(rawValue: row["period"]), let start = Day(iso: row["periodStart"]),
                      let level = LimitState(rawValue: row["level"]) else { return nil }
                return LimitNotice(category: row["category"], period: period, periodStart: start, level: level,
                                   dismissed: (row["dismissedAt"] as String?) != nil)
            }
        }
    }

    // MARK: Writes

    /// Adds a limit; returns its id. Throws `LimitError.duplicate`, `.unknownCategory`.
    public func addCategoryLimit(_ limit: CategoryLimit, formToken: String) throws -> WriteOutcome<ID<CategoryLimit>> {
        try Self.mappingLimitErrors {
            try writeOnce(formToken: formToken) { db in
                try Self.insertCategoryLimit(limit, createdAt: timestamp(), in: db)
            }
        }
    }

    /// Replaces a limit's fields. Throws `StorageError.notFound`, `LimitError.duplicate`, `.unknownCategory`.
    public func updateCategoryLimit(id: ID<CategoryLimit>, _ limit: CategoryLimit, formToken: String) throws -> WriteOutcome<Void> {
        try Self.mappingLimitErrors {
            try writeOnce(formToken: formToken) { db in
                try db.execute(sql: """
                    UPDATE categoryLimit SET category = :category, period = :period, amount = :amount, threshold = :threshold
                    WHERE id = :id
                    """, arguments: Self.arguments(limit) + ["id": id])
                guard db.changesCount == 1 else { throw StorageError.notFound }
            }
        }
    }

    /// Deletes a limit (its notices stay, so a banner once dismissed stays dismissed).
    /// Throws `StorageError.notFound`.
    public func deleteCategoryLimit(id: ID<CategoryLimit>, formToken: String) throws -> WriteOutcome<Void> {
        try writeOnce(formToken: formToken) { db in
            try db.execute(sql: "DELETE FROM categoryLimit WHERE id = :id", arguments: ["id": id])
            guard db.changesCount == 1 else { throw StorageError.notFound }
        }
    }

    /// Records, in one transaction, each notice not yet recorded for its category, period,
    /// period start and level, and logs its event (`limit_warning` / `limit_exceeded`,
    /// with the category and period) once. Returns the notices that were new.
    @discardableResult
    public func noteLimitLevels(_ notices: [LimitNotice]) throws -> [LimitNotice] {
        let levels = notices.filter { $0.level != .ok }
        guard !levels.isEmpty else { return [] }
        return try write { db in
            var new: [LimitNotice] = []
            for notice in levels {
                try db.execute(sql: """
                    INSERT OR IGNORE INTO limitNotice (category, period, periodStart, level, notedAt)
                    SELECT :category, :period, :periodStart, :level, :now WHERE EXISTS (SELECT 1 FROM category WHERE key = :category)
                    """, arguments: Self.arguments(notice) + ["now": timestamp()])
                guard db.changesCount == 1 else { continue }
                new.append(notice)
                try record(notice.level == .exceeded ? .limitExceeded : .limitWarning,
                           ["category": .text(notice.category), "period": .text(notice.period.rawValue)], in: db)
            }
            return new
        }
    }

    /// Dismisses the banner of one notice (recording the notice first when it is new).
    public func dismissLimitNotice(_ notice: LimitNotice, formToken: String) throws -> WriteOutcome<Void> {
        try Self.mappingLimitErrors {
            try writeOnce(formToken: formToken) { db in
                try db.execute(sql: """
                    INSERT INTO limitNotice (category, period, periodStart, level, notedAt, dismissedAt)
                    VALUES (:category, :period, :periodStart, :level, :now, :now)
                    ON CONFLICT (category, period, periodStart, level) DO UPDATE SET dismissedAt = coalesce(dismissedAt, :now)
                    """, arguments: Self.arguments(notice) + ["now": timestamp()])
            }
        }
    }

    // MARK: Helpers

    private static func limit(_ row: Row) -> CategoryLimit? {
        guard let period = LimitPeriod(rawValue: row["period"]) else { return nil }
        return CategoryLimit(id: row["id"], category: row["category"], period: period,
                             amount: Money(minorUnits: row["amount"]), threshold: row["threshold"])
    }

    /// Inserts a limit (every writer's one insert into `categoryLimit`: the form, the Advisor); returns its id.
    static func insertCategoryLimit(_ limit: CategoryLimit, createdAt: String, in db: Database) throws -> ID<CategoryLimit> {
        try db.execute(sql: """
            INSERT INTO categoryLimit (category, period, amount, threshold, createdAt)
            VALUES (:category, :period, :amount, :threshold, :createdAt)
            """, arguments: arguments(limit) + ["createdAt": createdAt])
        return ID(db.lastInsertedRowID)
    }

    private static func arguments(_ limit: CategoryLimit) -> StatementArguments {
        ["category": limit.category, "period": limit.period.rawValue, "amount": limit.amount.minorUnits,
         "threshold": limit.threshold]
    }

    private static func arguments(_ notice: LimitNotice) -> StatementArguments {
        ["category": notice.category, "period": notice.period.rawValue, "periodStart": notice.periodStart.iso,
         "level": notice.level.rawValue]
    }

    private static func mappingLimitErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            if error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE { throw LimitError.duplicate }
            if error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY { throw LimitError.unknownCategory }
            throw error
        }
    }
}
