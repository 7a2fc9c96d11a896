import Engine
import GRDB

// MARK: - Feedback, kept locally with its delivery status

/// Where a feedback message stands: stored only, delivered, or delivery failed.
public enum FeedbackStatus: String, Sendable {
    case pending, sent, failed
}

/// A feedback message as the user wrote it.
public struct NewFeedback: Sendable, Equatable {
    public var email: String?
    public var telegram: String?
    public var description: String
    /// The attached diagnostic log lines, or nil when not attached.
    public var log: [String]?

    public init(email: String?, telegram: String?, description: String, log: [String]?) {
        self.email = email
        self.telegram = telegram
        self.description = description
        self.log = log
    }
}

/// A stored feedback message.
public struct StoredFeedback: Sendable, Equatable {
    public var id: ID<StoredFeedback>
    public var feedback: NewFeedback
    public var status: FeedbackStatus
    /// Why the last delivery failed.
    public var error: String?
    public var createdAt: String
    public var sentAt: String?
}

extension AppDatabase {
    /// Stores feedback as pending once per form token and records
    /// `feedback_submitted {hasLog}`. Returns the new row's id.
    public func addFeedback(_ feedback: NewFeedback, formToken: String) throws -> WriteOutcome<ID<StoredFeedback>> {
        try Self.mappingConstraintErrors {
            try writeOnce(formToken: formToken) { db in
                try db.execute(sql: """
                    INSERT INTO feedback (email, telegram, description, log, status, createdAt) VALUES (:email, :telegram, :description, :log, 'pending', :createdAt)
                    """, arguments: ["email": feedback.email, "telegram": feedback.telegram, "description": feedback.description,
                                     "log": feedback.log?.joined(separator: "\n"), "createdAt": timestamp()])
                let id = ID<StoredFeedback>(db.lastInsertedRowID)
                try record(.feedbackSubmitted, ["hasLog": .bool(feedback.log != nil)], in: db)
                return id
            }
        }
    }

    /// Records how a delivery attempt ended (the text itself never changes).
    public func markFeedback(id: ID<StoredFeedback>, status: FeedbackStatus, error: String?) throws {
        try write { db in
            try db.execute(sql: "UPDATE feedback SET status = :status, error = :error, sentAt = :sentAt WHERE id = :id",
                           arguments: ["status": status.rawValue, "error": error.map { String($0.prefix(500)) },
                                       "sentAt": status == .sent ? timestamp() : nil, "id": id])
        }
    }

    /// Every stored feedback message, newest first.
    public func feedbackMessages() throws -> [StoredFeedback] {
        try read { db in try Row.fetchAll(db, sql: "SELECT * FROM feedback ORDER BY id DESC").map(Self.feedback) }
    }

    /// One stored feedback message, or nil.
    public func feedbackMessage(id: ID<StoredFeedback>) throws -> StoredFeedback? {
        try read { db in try Row.fetchOne(db, sql: "SELECT * FROM feedback WHERE id = :id", arguments: ["id": id]).map(Self.feedback) }
    }

    /// Every stored secret value (to keep them out of an attached log).
    public func secretValues() throws -> [String] {
        try read { db in try String.fetchAll(db, sql: "SELECT value FROM secret") }
    }

    private static func feedback(_ row: Row) -> StoredFeedback {
        let log: String? = row["log"]
        return StoredFeedback(
            id: row["id"],
            feedback: NewFeedback(email: row["email"], telegram: row["telegram"], description: row["description"],
                                  log: log.map { $0.isEmpty ? [] : $0.components(separatedBy: "\n") }),
            status: FeedbackStatus(rawValue: row["status"]) ?? .failed, error: row["error"],
            createdAt: row["createdAt"], sentAt: row["sentAt"])
    }
}
