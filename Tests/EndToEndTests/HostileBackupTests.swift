import Engine
import Foundation
import GRDB
@testable import Storage
import Testing
@testable import Web

// Backups under attack, over real HTTP: downloaded backups that carried the passcode hash
// and the Advisor's secrets, and hostile restored databases that crashed the server.

/// A shared server whose owner is signed in, with the Advisor's secrets stored and one entry.
private func householdWithSecrets() throws -> (ConfiguredServer, RawBrowser) {
    let live = try ConfiguredServer(passcodeRequired: true, setupCode: "ABCDE-FGHJK")
    let owner = try signedInOwner(live)
    try live.database.setSecret("advisor.clientToken", "client-token-of-the-household")
    try live.database.setSecret("advisor.bearerKey", "sk-bearer-key-of-the-household")
    #expect(try owner.post("/data/entry", [("kind", "expense"), ("name", "Milk"), ("amount", "3"), ("category", "food"),
                                           ("date", "2026-11-20"), ("status", "actual")]).status == 303)
    return (live, owner)
}

@Suite("Hostile backups over HTTP", .serialized)
struct HostileBackupTests {
    @Test("a backup is downloaded only after the passcode, without the secret and session tables; restoring it keeps this server's")
    func downloadedBackupHoldsNoSecrets() throws {
        let (live, owner) = try householdWithSecrets()
        let backup = try live.database.backUp(reason: .manual)
        #expect(try owner.get("/settings/data/backups/\(backup.name)").status == 303, "no download without the passcode")
        #expect(try owner.post("/settings/data/backups", [("backup", backup.name), ("passcode", "wrong passcode")]).status == 422)
        let download = try owner.post("/settings/data/backups", [("backup", backup.name), ("passcode", "household passcode")])
        #expect(download.status == 200)
        #expect(download.header("Content-Type") == "application/vnd.sqlite3")
        let text = String(decoding: download.body, as: UTF8.self)
        for secret in ["scrypt$", "client-token-of-the-household", "sk-bearer-key-of-the-household"] {
            #expect(!text.contains(secret), "the file holds \(secret)")
        }
        let file = live.folder + "/downloaded.sqlite"
        try Data(download.body).write(to: URL(fileURLWithPath: file))
        let copy = try DatabaseQueue(path: file)
        let (secrets, sessions, entries) = try copy.read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM secret") ?? -1, try Int.fetchOne(db, sql: "SELECT count(*) FROM session") ?? -1,
             try Int.fetchOne(db, sql: "SELECT count(*) FROM entry") ?? -1)
        }
        try copy.close()
        #expect(secrets == 0 && sessions == 0 && entries == 1)
        // Restoring the downloaded file keeps this server's passcode, secrets and sessions.
        try live.database.restore(from: file)
        #expect(try live.database.hasPasscode())
        #expect(try live.database.secret("advisor.clientToken") == "client-token-of-the-household")
        #expect(try owner.get("/data").status == 200, "the owner is still signed in")
    }

    @Test("a database breaking its CHECK constraints is refused by restore and reported by check")
    func hostileDatabaseRefused() throws {
        let (live, owner) = try householdWithSecrets()
        let backup = try live.database.backUp(reason: .manual)
        let path = try #require(live.database.backupFolder?.path(of: backup.name))
        let hostile = try DatabaseQueue(path: path)
        try hostile.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: "UPDATE entry SET amount = 1.0000000000092234e+30, name = ''")
        }
        try hostile.close()
        let check = try AppDatabase.check(databaseAt: path)
        #expect(!check.isHealthy && check.problems.contains { $0.contains("CHECK constraint failed") }, "\(check.problems)")
        let before = try live.snapshot()
        let restore = try owner.post("/settings/data/restore", [("backup", backup.name), ("confirmRestore", "restore")])
        #expect(restore.status == 422)
        #expect(try live.snapshot() == before)
        #expect(try owner.get("/transactions").status == 200)
    }

    @Test("stored values no read can decode give a 500 page, never a dead server")
    func unreadableValuesAre500() throws {
        let (live, owner) = try householdWithSecrets()
        // 2.5 passes the amount's CHECK (between 1 and 10^12) but is no Int64: GRDB's decoding trapped.
        try live.database.write { db in try db.execute(sql: "UPDATE entry SET amount = 2.5") }
        for page in ["/transactions", "/data", "/today", "/plan", "/calendar", "/accounts", "/api/v1/transactions", "/api/v1/budget"] {
            let answer = try owner.get(page)
            #expect([200, 500].contains(answer.status), "\(page) \(answer.status)")
        }
        #expect(try owner.get("/healthz").status == 200, "the server is alive")
    }
}
