import Engine
import Foundation
import Testing
@testable import Storage

// The once-a-day background backup (Sources/Storage/DailyBackups.swift).

@Suite("Daily backups")
struct DailyBackupsTests {
    @Test("the daily backup runs once a day in the background and a second tick that day does nothing")
    func daily() throws {
        let folder = BackupsTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try BackupsTests.sampleDatabase(in: folder)
        let daily = try #require(DailyBackups(database: database, calendar: BackupsTests.utcCalendar()) { failed, message in
            #expect(!failed, "\(message)")
        })
        let now = Date()
        #expect(daily.tick(now: now))
        #expect(!daily.tick(now: now))
        daily.waitUntilIdle()
        #expect(database.backupFolder?.list().map(\.reason) == [.daily])
        // A restarted app (a new ticker) the same day finds today's daily and makes none
        let restarted = try #require(DailyBackups(database: database, calendar: BackupsTests.utcCalendar()) { _, _ in })
        #expect(restarted.tick(now: now))
        restarted.waitUntilIdle()
        #expect(database.backupFolder?.list().count == 1)
        #expect(DailyBackups(database: try AppDatabase.inMemory(), calendar: BackupsTests.utcCalendar()) { _, _ in } == nil)
    }
}
