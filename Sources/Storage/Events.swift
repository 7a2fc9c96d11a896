import Engine
import Foundation
import GRDB

// MARK: - Product events (docs/product-rules.md, "Product events"), stored only locally

/// The names of the local product events (docs/product-rules.md, "Product events").
public enum EventName: String, CaseIterable, Sendable {
    case appOpen = "app_open"
    case firstRun = "first_run"
    case onboardingDone = "onboarding_done"
    case incomeAdded = "income_added"
    case expenseAdded = "expense_added"
    case debtAdded = "debt_added"
    case goalAdded = "goal_added"
    case dailyEntryAdded = "daily_entry_added"
    case planRecalculated = "plan_recalculated"
    case advisorRequest = "advisor_request"
    case advisorReply = "advisor_reply"
    case settingsChanged = "settings_changed"
    case feedbackSubmitted = "feedback_submitted"
    case dataImported = "data_imported"
    case dataDeleted = "data_deleted"
    case statementImported = "statement_imported"
    case importUndone = "import_undone"
    case limitWarning = "limit_warning"
    case limitExceeded = "limit_exceeded"
    /// Saved from quick entry: {confidence: low|medium|high, corrected: "amount,category" or ""}.
    case quickEntry = "quick_entry"
    case gameDayFilled = "game_day_filled"
    case achievementEarned = "achievement_earned"
}

/// A property value of an event.
public enum EventValue: Sendable, Equatable {
    case text(String)
    case integer(Int64)
    case bool(Bool)

    var json: Any {
        switch self {
        case .text(let text): text
        case .integer(let number): number
        case .bool(let flag): flag
        }
    }
}

/// One stored event.
public struct StoredEvent: Sendable, Equatable {
    public var id: ID<StoredEvent>
    public var name: String
    /// The properties as compact JSON with sorted keys.
    public var properties: String
    /// ISO-8601 UTC time.
    public var occurredAt: String
}

extension AppDatabase {
    /// Records one event in its own transaction.
    public func record(_ name: EventName, _ properties: [String: EventValue] = [:]) throws {
        try write { db in try record(name, properties, in: db) }
    }

    /// Records one event, at the database's clock, inside a caller's transaction.
    public func record(_ name: EventName, _ properties: [String: EventValue] = [:], in db: Database) throws {
        let object = properties.mapValues(\.json)
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        try db.execute(sql: "INSERT INTO event (name, properties, occurredAt) VALUES (:name, :properties, :occurredAt)",
                       arguments: ["name": name.rawValue, "properties": String(decoding: data, as: UTF8.self),
                                   "occurredAt": timestamp()])
    }

    /// The newest events first, at most `limit`.
    public func events(limit: Int = 200) throws -> [StoredEvent] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM event ORDER BY id DESC LIMIT :limit", arguments: ["limit": limit]).map {
                StoredEvent(id: $0["id"], name: $0["name"], properties: $0["properties"], occurredAt: $0["occurredAt"])
            }
        }
    }

    /// How many events named `name` exist.
    public func eventCount(_ name: EventName) throws -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM event WHERE name = :name", arguments: ["name": name.rawValue]) ?? 0
        }
    }
}
