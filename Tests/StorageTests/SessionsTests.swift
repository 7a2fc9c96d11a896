import Engine
import Foundation
import Testing
@testable import Storage

// Signed-in sessions and the passcode's hash (Sources/Storage/Sessions.swift).

@Suite("Sessions")
struct SessionsTests {
    /// A 64-character stand-in for a token's SHA-256 hex, as the table requires.
    static func hash(_ name: String) -> String { String(repeating: "0", count: 64 - name.count) + name }

    @Test("a session is seen, touched, expires when idle, and is signed out one by one or all but one")
    func lifecycle() throws {
        let database = try AppDatabase.inMemory()
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        try database.createSession(tokenHash: Self.hash("a"), now: start)
        try database.createSession(tokenHash: Self.hash("b"), now: start)
        try database.createSession(tokenHash: Self.hash("c"), now: start.addingTimeInterval(60))
        #expect(try database.sessionCount() == 3)
        #expect(try database.sessionLastSeen(tokenHash: Self.hash("a")) == start)
        #expect(try database.sessionLastSeen(tokenHash: Self.hash("missing")) == nil)
        // Touching "c" an hour later removes the ones idle since before start + 30 s ("a" and "b")
        let later = start.addingTimeInterval(3_600)
        #expect(try database.touchSession(tokenHash: Self.hash("c"), now: later, expiredBefore: start.addingTimeInterval(30)))
        #expect(try database.sessionLastSeen(tokenHash: Self.hash("c")) == later)
        #expect(try database.sessionLastSeen(tokenHash: Self.hash("a")) == nil && database.sessionLastSeen(tokenHash: Self.hash("b")) == nil)
        #expect(try !database.touchSession(tokenHash: Self.hash("b"), now: later, expiredBefore: start))
        try database.createSession(tokenHash: Self.hash("e"), now: later)
        try database.deleteSession(tokenHash: Self.hash("e"))
        #expect(try database.sessionCount() == 1)
        try database.createSession(tokenHash: Self.hash("d"), now: later)
        try database.deleteSessions(keeping: Self.hash("d"))
        #expect(try database.sessionLastSeen(tokenHash: Self.hash("c")) == nil && database.sessionCount() == 1)
        try database.deleteSessions()
        #expect(try database.sessionCount() == 0)
    }

    @Test("setting the passcode's hash keeps only the given session and adds the new one")
    func passcode() throws {
        let database = try AppDatabase.inMemory()
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        #expect(try !database.hasPasscode())
        for name in ["keep", "drop1", "drop2"] { try database.createSession(tokenHash: Self.hash(name), now: now) }
        try database.write { db in
            try AppDatabase.setPasscodeHash("scrypt$1", keeping: Self.hash("keep"), newSession: Self.hash("new"), now: now, in: db)
        }
        #expect(try database.hasPasscode())
        #expect(try database.secret(AppDatabase.passcodeSecretKey) == "scrypt$1")
        #expect(try database.sessionCount() == 2)
        #expect(try database.sessionLastSeen(tokenHash: Self.hash("new")) == now && database.sessionLastSeen(tokenHash: Self.hash("drop1")) == nil)
        // The command-line form signs every browser out
        try database.setPasscodeHash("scrypt$2")
        #expect(try database.secret(AppDatabase.passcodeSecretKey) == "scrypt$2")
        #expect(try database.sessionCount() == 0)
    }
}
