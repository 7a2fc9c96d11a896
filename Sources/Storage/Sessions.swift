import Foundation
import GRDB

// MARK: - Signed-in sessions (docs/product-rules.md, "Signing in")

// The web layer hashes each session token (SHA-256, hex) before it reaches this file:
// the table never holds a token that could be replayed. Times are passed in so the
// caller's clock (and tests) decide what "30 days idle" means.

extension AppDatabase {
    /// The secret key under which the passcode's scrypt hash is stored.
    public static let passcodeSecretKey = "passcode"

    /// Stores a new session whose token hashes to `tokenHash`, seen at `now`.
    public func createSession(tokenHash: String, now: Date) throws {
        try write { db in try Self.insertSession(tokenHash: tokenHash, now: now, in: db) }
    }

    /// Inserts a session first seen at `now` (the table's one insert).
    private static func insertSession(tokenHash: String, now: Date, in db: Database) throws {
        try db.execute(sql: "INSERT INTO session (tokenHash, createdAt, lastSeenAt) VALUES (:tokenHash, :now, :now)",
                       arguments: ["tokenHash": tokenHash, "now": Timestamp.string(now)])
    }

    /// When the session hashing to `tokenHash` was last seen, or nil when there is none
    /// (never created, signed out, or expired and removed).
    public func sessionLastSeen(tokenHash: String) throws -> Date? {
        try read { db in
            try String.fetchOne(db, sql: "SELECT lastSeenAt FROM session WHERE tokenHash = :tokenHash",
                              arguments: ["tokenHash": tokenHash])
        }.flatMap { try? Date($0, strategy: .iso8601) }
    }

    /// Marks the session as seen at `now` and removes every session idle since before
    /// `expiredBefore`. Returns false when the session no longer exists.
    @discardableResult
    public func touchSession(tokenHash: String, now: Date, expiredBefore: Date) throws -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM session WHERE lastSeenAt < :cutoff",
                           arguments: ["cutoff": Timestamp.string(expiredBefore)])
            try db.execute(sql: "UPDATE session SET lastSeenAt = :now WHERE tokenHash = :tokenHash",
                           arguments: ["now": Timestamp.string(now), "tokenHash": tokenHash])
            return db.changesCount == 1
        }
    }

    /// Removes the session hashing to `tokenHash` ("sign out").
    public func deleteSession(tokenHash: String) throws {
        try write { db in try db.execute(sql: "DELETE FROM session WHERE tokenHash = :tokenHash", arguments: ["tokenHash": tokenHash]) }
    }

    /// Removes every session but the one hashing to `keeping` ("sign out everywhere" keeps
    /// none; a passcode change keeps the browser that made it).
    public func deleteSessions(keeping: String? = nil) throws {
        try write { db in
            try db.execute(sql: "DELETE FROM session WHERE tokenHash IS NOT :keeping", arguments: ["keeping": keeping])
        }
    }

    /// The number of live sessions.
    public func sessionCount() throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM session") ?? 0 }
    }

    /// Inside a caller's transaction (`writeOnce`): stores the passcode's hash, removes
    /// every session but `keeping` (changing the passcode signs every other browser out),
    /// and adds a session hashing to `newSession` when given.
    public static func setPasscodeHash(_ hash: String, keeping: String?, newSession: String?, now: Date,
                                       in db: Database) throws {
        try setSecret(passcodeSecretKey, hash, in: db)
        try db.execute(sql: "DELETE FROM session WHERE tokenHash IS NOT :keeping", arguments: ["keeping": keeping])
        if let newSession {
            try insertSession(tokenHash: newSession, now: now, in: db)
        }
    }

    /// Stores the passcode's hash in its own transaction and signs every browser out
    /// (`finmind --passcode-file`).
    public func setPasscodeHash(_ hash: String) throws {
        try write { db in try Self.setPasscodeHash(hash, keeping: nil, newSession: nil, now: now(), in: db) }
    }

    /// True when a household passcode has been set.
    public func hasPasscode() throws -> Bool {
        try secret(Self.passcodeSecretKey) != nil
    }
}
