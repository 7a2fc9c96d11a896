import Engine
import Foundation
import GRDB

// MARK: - Calendar feeds (docs/engine-rules.md, "Calendar feeds (.ics)")

// The web layer hashes each feed token (SHA-256, hex) before it reaches this file: the
// table never holds an address that works. The table is household data: export, import
// and delete-all carry it like any other (the export holds hashes only).

/// One subscription address as Settings lists it.
public struct CalendarFeed: Sendable, Hashable {
    public var id: ID<CalendarFeed>
    public var options: CalendarFeedOptions
    public var language: Language
    public var createdAt: Date
    public var lastFetchedAt: Date?
}

extension AppDatabase {
    /// At most this many feeds at once.
    public static let calendarFeedLimit = 20

    /// Stores a new feed whose token hashes to `tokenHash`, once per form token. Returns its
    /// id, or nil when the household already has `calendarFeedLimit` feeds.
    public func createCalendarFeed(tokenHash: String, options: CalendarFeedOptions, language: Language,
                                   formToken: String) throws -> WriteOutcome<ID<CalendarFeed>?> {
        try writeOnce(formToken: formToken) { db in
            guard try Int.fetchOne(db, sql: "SELECT count(*) FROM calendarFeed") ?? 0 < Self.calendarFeedLimit else { return nil }
            try db.execute(sql: """
                INSERT INTO calendarFeed (tokenHash, includeAmounts, dailyReminder, paymentAlarm, language, createdAt)
                VALUES (:hash, :amounts, :daily, :alarm, :language, :createdAt)
                """, arguments: ["hash": tokenHash, "amounts": options.includeAmounts, "daily": options.dailyReminderMinutes,
                                 "alarm": options.paymentAlarmMinutes, "language": language.rawValue, "createdAt": Timestamp.string(now())])
            return ID(db.lastInsertedRowID)
        }
    }

    /// Every feed, newest first.
    public func calendarFeeds() throws -> [CalendarFeed] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM calendarFeed ORDER BY id DESC").map(Self.calendarFeed)
        }
    }

    /// The feed whose token hashes to `tokenHash`, or nil (never created, or revoked).
    public func calendarFeed(tokenHash: String) throws -> CalendarFeed? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM calendarFeed WHERE tokenHash = :hash", arguments: ["hash": tokenHash])
                .map(Self.calendarFeed)
        }
    }

    /// Notes that feed `id` was fetched at `now`; writes only when the last note is older
    /// than 10 minutes (calendars poll; every write empties the page cache).
    public func noteCalendarFeedFetched(id: ID<CalendarFeed>, now: Date) throws {
        let last = try read { db in
            try String.fetchOne(db, sql: "SELECT lastFetchedAt FROM calendarFeed WHERE id = :id", arguments: ["id": id])
        }
        if let last, let date = try? Date(last, strategy: .iso8601), now.timeIntervalSince(date) < 600 { return }
        try write { db in
            try db.execute(sql: "UPDATE calendarFeed SET lastFetchedAt = :now WHERE id = :id",
                           arguments: ["now": Timestamp.string(now), "id": id])
        }
    }

    /// Revokes feed `id` (deletes its row), once per form token. Returns false when there was none.
    public func revokeCalendarFeed(id: ID<CalendarFeed>, formToken: String) throws -> WriteOutcome<Bool> {
        try writeOnce(formToken: formToken) { db in
            try db.execute(sql: "DELETE FROM calendarFeed WHERE id = :id", arguments: ["id": id])
            return db.changesCount == 1
        }
    }

    private static func calendarFeed(_ row: Row) -> CalendarFeed {
        CalendarFeed(id: row["id"],
                     options: CalendarFeedOptions(includeAmounts: row["includeAmounts"], dailyReminderMinutes: row["dailyReminder"],
                                                  paymentAlarmMinutes: row["paymentAlarm"]),
                     language: Language(rawValue: row["language"]) ?? .en,
                     createdAt: (row["createdAt"] as String?).flatMap { try? Date($0, strategy: .iso8601) } ?? Date(timeIntervalSince1970: 0),
                     lastFetchedAt: (row["lastFetchedAt"] as String?).flatMap { try? Date($0, strategy: .iso8601) })
    }
}
