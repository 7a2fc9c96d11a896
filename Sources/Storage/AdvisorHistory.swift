import Engine
import Foundation
import GRDB

// MARK: - The Advisor's conversation (docs/product-rules.md, "The Advisor")

/// Who wrote a message of the conversation.
public enum AdvisorRole: String, Sendable, CaseIterable {
    /// The household's question.
    case user
    /// The advisor's answer.
    case advisor
    /// A remark of the app itself ("No connection", the service's error text).
    case notice
}

/// One stored message.
public struct AdvisorMessage: Sendable, Equatable {
    public var id: ID<AdvisorMessage>
    public var role: AdvisorRole
    public var text: String
    /// "builtin", "remote", or "" for questions.
    public var provider: String
    public var topic: String
    public var tokensIn: Int
    public var tokensOut: Int
    /// True for an answered on-topic question (what the daily limit counts).
    public var counted: Bool
    /// The server-local day, YYYY-MM-DD.
    public var day: String
    /// ISO-8601 UTC time.
    public var createdAt: String
}

/// A message about to be stored.
public struct NewAdvisorMessage: Sendable, Equatable {
    public var role: AdvisorRole
    public var text: String
    public var provider: String
    public var tokensIn: Int
    public var tokensOut: Int
    public var counted: Bool

    /// A message; tokens default to 0 and it does not count against the daily limit.
    public init(role: AdvisorRole, text: String, provider: String = "", tokensIn: Int = 0, tokensOut: Int = 0,
                counted: Bool = false) {
        self.role = role; self.text = text; self.provider = provider
        self.tokensIn = tokensIn; self.tokensOut = tokensOut; self.counted = counted
    }
}

/// One question and everything said back, stored in one transaction with its events.
public struct AdvisorExchange: Sendable, Equatable {
    /// The server-local day (YYYY-MM-DD) the daily limit counts it on.
    public var day: String
    /// The routed topic (the advisor_request event's `topic`).
    public var topic: String
    /// The question's length in UTF-16 code units (the advisor_request event's `length`).
    public var length: Int
    /// The question first, then the answer and any notices, in order.
    public var messages: [NewAdvisorMessage]
    /// The advisor_reply event: whether an answer came, from which provider, its tokens.
    public var ok: Bool
    public var provider: String
    public var tokensOut: Int
    /// The remote call that answered, recorded in the usage table with the messages (nil: none).
    public var usage: AdvisorUsageCall?

    /// An exchange of `messages` on `day`.
    public init(day: String, topic: String, length: Int, messages: [NewAdvisorMessage], ok: Bool, provider: String, tokensOut: Int) {
        self.day = day; self.topic = topic; self.length = length; self.messages = messages
        self.ok = ok; self.provider = provider; self.tokensOut = tokensOut
    }
}

extension AppDatabase {
    /// Days a message is kept.
    public static let advisorRetentionDays = 180

    /// Stores `exchange` (its messages, an advisor_request and an advisor_reply event) once
    /// per form token, and deletes messages older than 180 days. Returns `.duplicate` when
    /// the token was used; throws `StorageError.rejected` when a text breaks a limit.
    @discardableResult
    public func appendAdvisorExchange(_ exchange: AdvisorExchange, formToken: String) throws -> WriteOutcome<Void> {
        let createdAt = Timestamp.string(now())
        let cutoff = Timestamp.string(now().addingTimeInterval(Double(-Self.advisorRetentionDays) * 86_400))
        do {
            return try writeOnce(formToken: formToken, conversationOnly: true) { db in
                try db.execute(sql: "DELETE FROM advisorMessage WHERE createdAt < :cutoff", arguments: ["cutoff": cutoff])
                for message in exchange.messages {
                    try db.execute(sql: """
                        INSERT INTO advisorMessage (role, text, provider, topic, tokensIn, tokensOut, counted, day, createdAt)
                        VALUES (:role, :text, :provider, :topic, :tokensIn, :tokensOut, :counted, :day, :createdAt)
                        """, arguments: ["role": message.role.rawValue, "text": message.text, "provider": message.provider,
                                         "topic": exchange.topic, "tokensIn": message.tokensIn, "tokensOut": message.tokensOut,
                                         "counted": message.counted, "day": exchange.day, "createdAt": createdAt])
                }
                if let usage = exchange.usage { try Self.insertUsage(usage, createdAt: createdAt, in: db) }
                try record(.advisorRequest, ["length": .integer(Int64(exchange.length)), "topic": .text(exchange.topic)], in: db)
                try record(.advisorReply, ["ok": .bool(exchange.ok), "provider": .text(exchange.provider),
                                                "tokensOut": .integer(Int64(exchange.tokensOut))], in: db)
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw StorageError.rejected(error.message ?? "constraint")
        }
    }

    /// The conversation since the last "Reset dialog", oldest first (at most the newest `limit`).
    public func advisorMessages(limit: Int = 200) throws -> [AdvisorMessage] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT * FROM (SELECT * FROM advisorMessage WHERE archived = 0 ORDER BY id DESC LIMIT :limit) ORDER BY id
                """, arguments: ["limit": limit]).map(Self.advisorMessage)
        }
    }

    /// Every stored message, archived ones included, oldest first.
    public func allAdvisorMessages() throws -> [AdvisorMessage] {
        try read { db in try Row.fetchAll(db, sql: "SELECT * FROM advisorMessage ORDER BY id").map(Self.advisorMessage) }
    }

    /// How many on-topic questions were answered on `day` (YYYY-MM-DD).
    public func advisorAnsweredCount(day: String) throws -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM advisorMessage WHERE counted = 1 AND day = :day", arguments: ["day": day]) ?? 0
        }
    }

    /// True once the advisor has answered anything (the first answer is the check-up).
    public func advisorHasAnswered() throws -> Bool {
        try read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM advisorMessage WHERE role = 'advisor')") ?? false }
    }

    /// True when `formToken` was already spent (so a double submit skips the remote call).
    public func formTokenUsed(_ formToken: String) throws -> Bool {
        try read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM usedFormToken WHERE token = :token)", arguments: ["token": formToken]) ?? false
        }
    }

    /// "Reset dialog": hides the conversation from the page (the history stays until deleted).
    @discardableResult
    public func resetAdvisorDialog(formToken: String) throws -> WriteOutcome<Void> {
        try writeOnce(formToken: formToken) { db in try db.execute(sql: "UPDATE advisorMessage SET archived = 1") }
    }

    /// "Delete all advisor history": removes every message.
    @discardableResult
    public func deleteAdvisorHistory(formToken: String) throws -> WriteOutcome<Void> {
        try writeOnce(formToken: formToken) { db in try db.execute(sql: "DELETE FROM advisorMessage") }
    }

    /// "Reset today's count": today's answered questions no longer count against the limit.
    @discardableResult
    public func resetAdvisorCount(day: String, formToken: String) throws -> WriteOutcome<Void> {
        try writeOnce(formToken: formToken) { db in
            try db.execute(sql: "UPDATE advisorMessage SET counted = 0 WHERE day = :day", arguments: ["day": day])
        }
    }

    private static func advisorMessage(_ row: Row) -> AdvisorMessage {
        AdvisorMessage(id: row["id"], role: AdvisorRole(rawValue: row["role"]) ?? .notice, text: row["text"],
                       provider: row["provider"], topic: row["topic"], tokensIn: row["tokensIn"], tokensOut: row["tokensOut"],
                       counted: row["counted"], day: row["day"], createdAt: row["createdAt"])
    }
}
