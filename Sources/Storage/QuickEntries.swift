import Engine
import GRDB
import Statements

// MARK: - Quick entry: several drafts saved at once, and their undo

/// What quick entry saved in one transaction: the new entries' and recurring items' ids.
public struct QuickSaved: Sendable, Equatable {
    public var entryIDs: [ID<Entry>]
    public var recurringIDs: [ID<RecurringItem>]
}

extension AppDatabase {
    /// Adds the confirmed drafts of quick entry in ONE transaction: `entries` (with their
    /// accounts, each confirming its `matches` item when given) and `recurring` items, with the same checks as `addEntry` / `addRecurring`,
    /// and records one quick_entry event with `properties`. Nothing is written when any row
    /// is refused (`StorageError.rejected`).
    public func addQuickEntries(_ entries: [NewEntry], matches: [RecordedMatch?] = [], recurring: [NewRecurringItem],
                                properties: [String: EventValue], formToken: String) throws -> WriteOutcome<QuickSaved> {
        try budgetWrite(formToken: formToken) { db in
            var saved = QuickSaved(entryIDs: [], recurringIDs: [])
            let now = timestamp()
            for (index, entry) in entries.enumerated() {
                // Each confirms the planned item it fulfils when the card kept it (`record`).
                let match = index < matches.count ? matches[index] : nil
                saved.entryIDs.append(try recordEntry(entry, confirming: match, origin: nil, in: db).id)
            }
            for item in recurring {
                saved.recurringIDs.append(try Self.insertRecurring(item, createdAt: now, in: db))
            }
            try record(.quickEntry, properties, in: db)
            return saved
        }
    }

    /// Undoes a quick entry: deletes (soft, like every delete) the live entries with ids in
    /// `entries` and recurring items in `recurring` created in the last 10 minutes (the undo
    /// window), in one transaction. The form token makes
    /// it single-use. Returns how many rows it deleted.
    public func undoQuickEntries(entries: ClosedRange<Int64>?, recurring: ClosedRange<Int64>?, formToken: String) throws -> WriteOutcome<Int> {
        try budgetWrite(formToken: formToken) { db in
            let now = timestamp()
            var count = 0
            if let entries {
                let arguments: StatementArguments = ["now": now, "first": entries.lowerBound, "last": entries.upperBound, "cutoff": undoCutoff()]
                // A planned one-off an entry replaced (deleted at the moment the entry was created, of its
                // kind and planned amount) comes back with the undo, as if the entry had never been typed.
                try db.execute(sql: """
                    UPDATE entry AS planned SET deletedAt = NULL
                    WHERE planned.isActual = 0 AND planned.deletedAt IS NOT NULL AND EXISTS (
                        SELECT 1 FROM entry AS typed WHERE typed.id BETWEEN :first AND :last AND typed.deletedAt IS NULL
                            AND typed.reconciledAt IS NULL AND typed.createdAt >= :cutoff AND typed.isActual = 1
                            AND typed.plannedAmount IS NOT NULL AND typed.confirmsDate IS NULL
                            AND planned.deletedAt = typed.createdAt AND planned.kind = typed.kind
                            AND coalesce(planned.plannedAmount, planned.amount) = typed.plannedAmount)
                    """, arguments: arguments)
                try db.execute(sql: """
                    UPDATE entry SET deletedAt = :now WHERE id BETWEEN :first AND :last AND deletedAt IS NULL AND reconciledAt IS NULL
                        AND createdAt >= :cutoff
                    """, arguments: arguments)
                count += db.changesCount
            }
            if let recurring {
                try db.execute(sql: """
                    UPDATE recurringItem SET deletedAt = :now WHERE id BETWEEN :first AND :last AND deletedAt IS NULL AND createdAt >= :cutoff
                    """, arguments: ["now": now, "first": recurring.lowerBound, "last": recurring.upperBound, "cutoff": undoCutoff()])
                count += db.changesCount
            }
            return count
        }
    }

    /// The learned category for each of `names` (keyed by `PayeeCategories.payeeKey`): the
    /// same rule as the statement import's (`learnedCategories`), from the household's
    /// expense entries, so a category the user corrects on quick entry teaches the next one.
    public func learnedCategories(forNames names: [String]) throws -> [String: String] {
        let rows = names.map { StatementRow(line: 0, date: Day(year: 2000, month: 1, day: 1)!, amount: -1, payee: $0) }
        return try read { db in try Self.learnedCategories(for: rows, in: db) }
    }
}
