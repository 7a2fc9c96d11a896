import Engine
import Foundation
import GRDB
import Testing
@testable import Storage

/// Which backups are kept (Sources/Storage/BackupRetention.swift).
@Suite("Backup retention")
struct BackupRetentionTests {
    static func backups(days: Int, reason: BackupReason = .daily, from start: String = "2026-11-24") -> [BackupFile] {
        let end = ISO8601DateFormatter().date(from: start + "T03:00:00Z")!
        return (0..<days).map { offset in
            let date = end.addingTimeInterval(-Double(offset) * 86_400)
            return BackupFile(name: BackupFile.name(at: date, reason: reason), createdAt: date, reason: reason)
        }
    }

    @Test("retention keeps 7 daily, 4 weekly and 12 monthly out of two years of dailies")
    func retentionOfTwoYears() {
        // Given one daily backup a day for 730 days ending Tuesday 2026-11-24
        let all = Self.backups(days: 730)
        // When retention runs
        let kept = BackupRetention.kept(all, calendar: BackupsTests.utcCalendar())
        // Then the 7 newest days are kept, the newest of the 4 newest ISO weeks, the newest of 12 months
        let names = Set(all.map(\.name))
        #expect(kept.isSubset(of: names))
        let newestSeven = all.prefix(7).map(\.name)
        #expect(Set(newestSeven).isSubset(of: kept))
        // weeks: Sun 22 Nov (week 47), Sun 15, Sun 8 Nov are the newest of weeks 46, 45, 44 besides this week
        for weekEnd in ["20261122", "20261115", "20261108"] {
            #expect(kept.contains { $0.contains(weekEnd) }, "week ending \(weekEnd)")
        }
        // months: the last day of each of the 11 earlier months (Oct 2026 … Dec 2025)
        for monthEnd in ["20261031", "20260930", "20260831", "20260131", "20251231"] {
            #expect(kept.contains { $0.contains(monthEnd) }, "month ending \(monthEnd)")
        }
        #expect(!kept.contains { $0.contains("20251130") }, "the 13th month is dropped")
        // 7 days + 3 older weeks (the 8 Nov one is also…) + 11 older months, overlaps counted once
        #expect(kept.count <= 7 + 4 + 12 && kept.count >= 12)
        // And retention is stable: running it again on what it kept keeps everything
        #expect(BackupRetention.kept(all.filter { kept.contains($0.name) }, calendar: BackupsTests.utcCalendar()) == kept)
    }

    @Test("retention keeps the 10 newest backups made before a change, beside the dailies")
    func retentionOfChanges() {
        let imports = (0..<15).map { i -> BackupFile in
            let date = Date(timeIntervalSince1970: 1_795_000_000 + Double(i) * 60)
            return BackupFile(name: BackupFile.name(at: date, reason: .importData), createdAt: date, reason: .importData)
        }
        let kept = BackupRetention.kept(imports + Self.backups(days: 3), calendar: BackupsTests.utcCalendar())
        #expect(imports.suffix(10).allSatisfy { kept.contains($0.name) })
        #expect(!imports.prefix(5).contains { kept.contains($0.name) })
    }

    @Test("retention of nothing, or of fewer backups than slots, keeps them all")
    func retentionSmall() {
        #expect(BackupRetention.kept([], calendar: BackupsTests.utcCalendar()).isEmpty)
        let few = Self.backups(days: 5)
        #expect(BackupRetention.kept(few, calendar: BackupsTests.utcCalendar()) == Set(few.map(\.name)))
    }

    @Test("backups before changes never push a daily out of its day")
    func changesKeepDailies() {
        let dailies = Self.backups(days: 3)
        let sameDay = dailies[0].createdAt.addingTimeInterval(3_600)
        let change = BackupFile(name: BackupFile.name(at: sameDay, reason: .deleteAll), createdAt: sameDay, reason: .deleteAll)
        let kept = BackupRetention.kept(dailies + [change], calendar: BackupsTests.utcCalendar())
        #expect(kept == Set((dailies + [change]).map(\.name)))
    }
}
