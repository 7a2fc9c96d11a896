import Engine
import GRDB

// MARK: - Many entries at once

extension AppDatabase {
    /// Adds `entries` in ONE transaction with the same checks as `addEntry` (the schema's
    /// constraints, confirmed sources) and records a single data_imported event: for a
    /// history loaded from a file, where one event per entry would drown the event log.
    /// Nothing is written when any entry is refused. Returns how many were added.
    public func addEntries(_ entries: [NewEntry], formToken: String) throws -> WriteOutcome<Int> {
        try budgetWrite(formToken: formToken) { db in
            let statement = try db.makeStatement(sql: EntryRecord.insertSQL)
            let now = timestamp()
            for entry in entries {
                try Self.checkSource(of: entry, in: db)
                let record = EntryRecord(entry, createdAt: now)
                try record.checkAccount(db)
                try record.insert(with: statement, db)
            }
            try record(.dataImported, ["entries": .integer(Int64(entries.count))], in: db)
            return entries.count
        }
    }
}
