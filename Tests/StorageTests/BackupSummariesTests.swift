import Engine
import Foundation
import GRDB
import Testing
@testable import Storage

/// What a backup holds (Sources/Storage/BackupSummaries.swift).
@Suite("What a backup holds")
struct BackupSummariesTests {
    @Test("a backup's summary counts its live entries and accounts and names the newest entry's date, read from the file")
    func summaries() throws {
        let folder = BackupsTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Given a household with two entries (one deleted again), one account and one deleted account
        let database = try BackupsTests.sampleDatabase(in: folder)
        var later = groceries
        later.date = day("2026-11-20")
        _ = try database.addEntry(later, origin: .calendar, formToken: token())
        let gone = try database.addEntry(NewEntry(date: day("2026-12-01"), kind: .expense, name: "Gone", amount: Money(minorUnits: 100), category: "food", isActual: true),
                                         origin: .calendar, formToken: token()).value()
        _ = try database.delete(.entry(gone), formToken: token())
        _ = try database.addAccount(NewAccount(name: "Card", type: .checking, openingBalance: Money(minorUnits: 0), openedOn: day("2026-01-10"),
                                               spendable: true, currency: "USD"), formToken: token())
        let summary = try database.householdSummary()
        #expect(summary == HouseholdSummary(entries: 2, accounts: 1, newestEntry: "2026-11-20"))
        // When it is backed up, the backup's file says the same; an empty household is empty
        let backup = try database.backUp(reason: .manual)
        let read = try #require(database.backupFolder?.summary(of: backup))
        #expect(read == summary && !read.isEmpty)
        let empty = try AppDatabase.inMemory().householdSummary()
        #expect(empty.isEmpty && empty.newestEntry == nil)
        // A file that is not a database has no summary
        let junk = folder + "/backups/" + BackupFile.name(at: Date(timeIntervalSince1970: 1_795_000_000), reason: .daily)
        try Data("not sqlite".utf8).write(to: URL(fileURLWithPath: junk))
        #expect(database.backupFolder?.summary(of: try #require(BackupFile(name: (junk as NSString).lastPathComponent, size: 10))) == nil)
    }
}
