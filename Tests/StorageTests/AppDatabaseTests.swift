import Engine
import Foundation
import Testing
@testable import Storage

@Suite("AppDatabase")
struct AppDatabaseTests {
    @Test("a new database file is created with mode 0600 and passes the health check")
    func fileMode() throws {
        let folder = NSTemporaryDirectory() + "finmind-test-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/nested/finmind.sqlite"
        let database = try AppDatabase(path: path)
        try database.checkHealth()
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test("a form token writes once; a failed write leaves the token unused")
    func formTokens() throws {
        let database = try AppDatabase.inMemory()
        let first = try database.writeOnce(formToken: "abc") { db in try database.record(.appOpen, in: db) }
        let second = try database.writeOnce(formToken: "abc") { db in try database.record(.appOpen, in: db) }
        guard case .written = first, case .duplicate = second else {
            Issue.record("expected written then duplicate")
            return
        }
        #expect(try database.eventCount(.appOpen) == 1)
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            _ = try database.writeOnce(formToken: "def") { db in
                try database.record(.appOpen, in: db)
                throw Boom()
            }
        }
        #expect(try database.eventCount(.appOpen) == 1)
        guard case .written = try database.writeOnce(formToken: "def", { _ in }) else {
            Issue.record("a rolled-back token must stay usable")
            return
        }
    }

    @Test("every stored time comes from the database's one clock, given at init")
    func oneClock() throws {
        // Given a database whose clock stands at 2026-05-28 20:26:40 UTC
        let clock = TestClock()
        let database = try AppDatabase.inMemory(now: { clock.now })
        let stamp = "2026-05-28T20:26:40Z"
        // When events, the first run and the onboarding's income are written
        try database.record(.appOpen)
        try database.recordFirstRun()
        _ = try database.finishOnboarding(settings: ["language": "en"], income: NewRecurringItem(
            kind: .income, name: "Salary", amount: Money(minorUnits: 100), periodicity: .monthly,
            start: try #require(Day(year: 2001, month: 1, day: 1))), completed: true, formToken: "welcome")
        // Then each carries the clock's time
        #expect(try database.events().map(\.occurredAt).allSatisfy { $0 == stamp })
        #expect(try database.eventCount(.settingsChanged) == 1 && database.eventCount(.incomeAdded) == 1)
        #expect(try database.settings()["firstRunAt"] == stamp)
        let items = try #require(try database.exportTables().first { $0.name == "recurringItem" })
        let createdAt = try #require(items.columns.firstIndex(of: "createdAt"))
        #expect(items.rows.map { $0[createdAt] } == [.text(stamp)])
        // And a used form token is forgotten two days later by that clock, not the system's
        #expect(try database.formTokenUsed("welcome"))
        clock.advance(minutes: 3 * 24 * 60)
        guard case .written = try database.writeOnce(formToken: "other", { _ in }) else {
            Issue.record("a new token must write")
            return
        }
        #expect(try !database.formTokenUsed("welcome"))
    }
}
