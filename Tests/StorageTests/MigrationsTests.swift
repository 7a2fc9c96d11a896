import Engine
import Foundation
import GRDB
import Testing
@testable import Storage

// The schema and its migrations (Sources/Storage/Migrations.swift).

@Suite("Migrations")
struct MigrationsTests {
    @Test("the schema refuses what the app never writes")
    func constraints() throws {
        let database = try AppDatabase.inMemory()
        #expect(throws: (any Error).self) { try database.saveSettings(["": "x"]) }
    }

    @Test("the migration indexes and sums the entries a database already holds")
    func migrationBackfills() throws {
        // Given a database at the migration before the ledger's, with entries (one deleted)
        let queue = try DatabaseQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "accounts and statement import")
        try queue.write { db in
            for (index, name) in ["Молоко", "Хлеб", "МОЛОКО 2"].enumerated() {
                try db.execute(sql: """
                    INSERT INTO entry (date, kind, name, amount, category, isActual, note, createdAt, deletedAt)
                    VALUES (?, 'expense', ?, ?, 'food', 1, '', '2026-01-01T00:00:00Z', ?)
                    """, arguments: ["2026-0\(index + 1)-10", name, 100 * (index + 1), index == 1 ? "2026-01-02T00:00:00Z" : nil])
            }
        }
        // When it migrates
        try AppDatabase.migrator.migrate(queue)
        // Then search and the monthly sums already know them
        let found = try queue.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM entrySearch WHERE entrySearch MATCH '\"молоко\"'")
        }
        let months = try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT month, count, amount FROM ledgerMonth ORDER BY month").map { "\($0[0] as String) \($0[1] as Int) \($0[2] as Int)" }
        }
        #expect(found == 2)
        #expect(months == ["2026-01 1 100", "2026-03 1 300"])
    }
}
