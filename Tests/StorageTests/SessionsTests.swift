import Engine
import Foundation
import Testing
@testable import Storage

// Signed-in sessions and the passcode's hash (Sources/Storage/Sessions.swift).

@Suite("Sessions")
struct SessionsTests {
    @Test("a session is seen, touched, expires when idle, and is signed out one by one or all but one")
    func lifecycle() throws {
        let database = try AppDatabase.inMemory()
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        try database.createSession(tokenHash: tokenHash("a"), now: start)
        try database.createSession(tokenHash: tokenHash("b"), now: start)
        try database.createSession(tokenHash: tokenHash("c"), now: start.addingTimeInterval(60))
        #expect(try database.sessionCount() == 3)
        #expect(try database.sessionLastSeen(tokenHash: tokenHash("a")) == start)
        #expect(try database.sessionLastSeen(tokenHash: tokenHash("missing")) == nil)
        // Touching "c" an hour later removes the ones idle since before start + 30 s ("a" and "b")
        let later = start.addingTimeInterval(3_600)
        #expect(try database.touchSession(tokenHash: tokenHash("c"), now: later, expiredBefore: start.addingTimeInterval(30)))
        #expect(try database.sessionLastSeen(tokenHash: tokenHash("c")) == later)
        #expect(try database.sessionLastSeen(tokenHash: tokenHash("a")) == nil && database.sessionLastSeen(tokenHash: tokenHash("b")) == nil)
        #expect(try !database.touchSession(tokenHash: tokenHash("b"), now: later, expiredBefore: start))
        try database.createSession(tokenHash: tokenHash("e"), now: later)
        try database.deleteSession(tokenHash: tokenHash("e"))
        #expect(try database.sessionCount() == 1)
        try database.createSession(tokenHash: tokenHash("d"), now: later)
        try database.deleteSessions(keeping: tokenHash("d"))
        #expect(try database.sessionLastSeen(tokenHash: tokenHash("c")) == nil && database.sessionCount() == 1)
        try database.deleteSessions()
        #expect(try database.sessionCount() == 0)
    }

    @Test("setting the passcode's hash keeps only the given session and adds the new one")
    func passcode() throws {
        let database = try AppDatabase.inMemory()
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        #expect(try !database.hasPasscode())
        for name in ["keep", "drop1", "drop2"] { try database.createSession(tokenHash: tokenHash(name), now: now) }
        try database.write { db in
            try AppDatabase.setPasscodeHash("scrypt$1", keeping: tokenHash("keep"), newSession: tokenHash("new"), now: now, in: db)
        }
        #expect(try database.hasPasscode())
        #expect(try database.secret(AppDatabase.passcodeSecretKey) == "scrypt$1")
        #expect(try database.sessionCount() == 2)
        #expect(try database.sessionLastSeen(tokenHash: tokenHash("new")) == now && database.sessionLastSeen(tokenHash: tokenHash("drop1")) == nil)
        // The command-line form signs every browser out
        try database.setPasscodeHash("scrypt$2")
        #expect(try database.secret(AppDatabase.passcodeSecretKey) == "scrypt$2")
        #expect(try database.sessionCount() == 0)
    }
}
