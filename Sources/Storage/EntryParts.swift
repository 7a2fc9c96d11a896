import Engine
import GRDB

// MARK: - Splits: an expense in several categories
//
// One supermarket receipt, food + household: the entry keeps its amount, date, account and
// name; its parts (table `entryPart`) say how much of it is in which category
// (docs/engine-rules.md, "Splits"). An entry with no parts counts whole in its category.
// Every figure that groups spending by category reads the parts instead of the entry's
// category: the engine through `Entry.forEachCategoryAmount`, the ledger (the one reader in
// SQL) through `LedgerQuery`'s category clause and amount. A split entry is filed under one of
// its parts' categories (the first, when it is split), which lets the ledger keep its category
// index. Export, import and delete-all take the table like every table.

/// Why a split was refused (the split form shows it by its field).
public enum EntrySplitError: Error, Equatable {
    /// Only a live expense that is not a side of a transfer can be split.
    case notSplittable
    /// The parts do not add up to the entry's amount.
    case sumDiffers(entry: Money, parts: Money)
    /// Fewer than two parts, or more than `AppDatabase.mostEntryParts`.
    case partCount
    /// A part names a category that does not exist.
    case unknownCategory
}

/// One row of `entryPart` as it is written: the one place its insert is spelled out.
struct EntryPartRecord {
    var entryID: ID<Entry>
    var position: Int
    var part: EntryPart

    static let insertSQL = "INSERT INTO entryPart (entryID, position, category, amount) VALUES (?, ?, ?, ?)"

    /// Inserts the row.
    func insert(_ db: Database) throws {
        try db.execute(sql: Self.insertSQL, arguments: [entryID, position, part.category, part.amount.minorUnits])
    }
}

extension AppDatabase {
    /// The most parts one entry may have.
    public static let mostEntryParts = 10

    /// The parts of entry `id` in their order (empty: not split).
    public func entryParts(id: ID<Entry>) throws -> [EntryPart] {
        try read { db in try Self.entryParts(db, ids: [id])[id] ?? [] }
    }

    /// Whether entry `id` can be split: a live expense that is not a side of a transfer.
    public func canSplit(id: ID<Entry>) throws -> Bool {
        try read { db in
            try Bool.fetchOne(db, sql: "SELECT 1 FROM entry WHERE id = ? AND deletedAt IS NULL AND kind = 'expense' AND transferGroup IS NULL",
                              arguments: [id]) ?? false
        }
    }

    /// The parts of each split entry among `ids`, in their order.
    public func entryParts(ids: [ID<Entry>]) throws -> [ID<Entry>: [EntryPart]] {
        try read { db in try Self.entryParts(db, ids: ids) }
    }

    static func entryParts(_ db: Database, ids: [ID<Entry>]) throws -> [ID<Entry>: [EntryPart]] {
        guard !ids.isEmpty else { return [:] }
        var parts: [ID<Entry>: [EntryPart]] = [:]
        for chunk in stride(from: 0, to: ids.count, by: 500).map({ Array(ids[$0..<min($0 + 500, ids.count)]) }) {
            let list = chunk.map { String($0.rawValue) }.joined(separator: ",")
            try collectParts(Row.fetchCursor(db, sql: "SELECT entryID, category, amount FROM entryPart WHERE entryID IN (\(list)) ORDER BY entryID, position"),
                             into: &parts)
        }
        return parts
    }

    /// Adds each row (entry id, category, amount; in the parts' order) to its entry's parts.
    private static func collectParts(_ rows: RowCursor, into parts: inout [ID<Entry>: [EntryPart]]) throws {
        while let row = try rows.next() {
            parts[row[0], default: []].append(EntryPart(category: row[1], amount: Money(minorUnits: row[2])))
        }
    }

    /// The parts of every live split entry dated `from` … `through` (for the engine's household).
    static func entryParts(_ db: Database, from: Day, through: Day) throws -> [ID<Entry>: [EntryPart]] {
        var parts: [ID<Entry>: [EntryPart]] = [:]
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT p.entryID, p.category, p.amount FROM entryPart p JOIN entry e ON e.id = p.entryID
            WHERE e.deletedAt IS NULL AND e.date BETWEEN :from AND :through ORDER BY p.entryID, p.position
            """), arguments: ["from": from.iso, "through": through.iso])
        try collectParts(rows, into: &parts)
        return parts
    }

    /// Splits live expense `id` into `parts` (replacing any split it had), in one transaction:
    /// the entry's category becomes the first part's, so a list that shows one category shows
    /// the first part's. Throws `EntrySplitError` when the entry cannot be split, there are
    /// fewer than 2 or more than `mostEntryParts` parts, a category is unknown or the parts
    /// do not add up to the entry's amount; `StorageError.notFound` for no such entry.
    public func splitEntry(id: ID<Entry>, parts: [EntryPart], formToken: String) throws -> WriteOutcome<Void> {
        try budgetWrite(formToken: formToken) { db in try Self.splitEntry(db, id: id, parts: parts) }
    }

    static func splitEntry(_ db: Database, id: ID<Entry>, parts: [EntryPart]) throws {
        guard let row = try Row.fetchOne(db, sql: "SELECT kind, amount, transferGroup FROM entry WHERE id = ? AND deletedAt IS NULL",
                                         arguments: [id]) else { throw StorageError.notFound }
        guard (row[0] as String) == "expense", (row[2] as Int64?) == nil else { throw EntrySplitError.notSplittable }
        try checkParts(db, parts, amount: Money(minorUnits: row[1]))
        try db.execute(sql: "DELETE FROM entryPart WHERE entryID = ?", arguments: [id])
        try db.execute(sql: "UPDATE entry SET category = ? WHERE id = ?", arguments: [parts[0].category, id])
        for (position, part) in parts.enumerated() {
            try EntryPartRecord(entryID: id, position: position, part: part).insert(db)
        }
    }

    /// Throws `EntrySplitError` unless `parts` is a valid split of `amount`.
    static func checkParts(_ db: Database, _ parts: [EntryPart], amount: Money) throws {
        guard (2...mostEntryParts).contains(parts.count), parts.allSatisfy({ $0.amount.minorUnits > 0 }) else {
            throw EntrySplitError.partCount
        }
        let known = Set(try String.fetchAll(db, sql: "SELECT key FROM category"))
        guard parts.allSatisfy({ known.contains($0.category) }) else { throw EntrySplitError.unknownCategory }
        let sum = parts.reduce(Int128(0)) { $0 + Int128($1.amount.minorUnits) }
        guard sum == Int128(amount.minorUnits) else {
            throw EntrySplitError.sumDiffers(entry: amount, parts: Money(minorUnits: sum > Int128(Int64.max) ? .max : Int64(sum)))
        }
    }

    /// Removes entry `id`'s split: it counts whole in its category again. Throws
    /// `StorageError.notFound` for no such live entry.
    public func removeSplit(id: ID<Entry>, formToken: String) throws -> WriteOutcome<Void> {
        try budgetWrite(formToken: formToken) { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM entry WHERE id = ? AND deletedAt IS NULL", arguments: [id]) != nil else {
                throw StorageError.notFound
            }
            try db.execute(sql: "DELETE FROM entryPart WHERE entryID = ?", arguments: [id])
        }
    }

    /// Throws `RestoreProblem` (a restore, inside its transaction) for the first entry whose parts
    /// break the rules a split keeps: 2 to `mostEntryParts` parts of an expense outside a transfer,
    /// adding up to its amount, the entry filed under one of them. `partRows` maps a part's rowid
    /// to its row in the document.
    static func checkEntryParts(in db: Database, partRows: [Int64: Int]) throws {
        guard let rowID = try Int64.fetchOne(db, sql: """
            SELECT min(p.rowid) FROM entryPart p JOIN entry e ON e.id = p.entryID GROUP BY p.entryID
            HAVING count(*) NOT BETWEEN 2 AND :most OR sum(p.amount) <> max(e.amount) OR max(e.kind) <> 'expense'
                OR max(e.transferGroup) IS NOT NULL OR sum(p.category = e.category) = 0
            LIMIT 1
            """, arguments: ["most": mostEntryParts]) else { return }
        throw RestoreProblem(table: "entryPart", row: partRows[rowID], field: "amount",
                             reason: .refused("an expense's parts are 2 to \(mostEntryParts), add up to its amount and include its category"))
    }

    /// The migration: the parts, a QIF row's parts
    /// as the preview staged them (`importRow.splits`, "food=3000;=1250"), and the trigger
    /// that keeps a split consistent: a change of the entry's amount, kind or category, or its
    /// becoming a transfer's side, removes its parts (the edit form says so). Deleting an entry
    /// for good removes its parts (cascade); a soft-deleted entry keeps them for its undo.
    static func registerEntryPartMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("st30-splits: entry parts") { db in
            try db.execute(sql: """
                CREATE TABLE entryPart (
                    entryID INTEGER NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL CHECK (position BETWEEN 0 AND 99),
                    category TEXT NOT NULL REFERENCES category(key) ON DELETE RESTRICT,
                    amount INTEGER NOT NULL CHECK (amount BETWEEN 1 AND 1000000000000),
                    PRIMARY KEY (entryID, position)
                );
                CREATE INDEX entryPart_category ON entryPart(category, entryID);

                CREATE TRIGGER entryPart_clear AFTER UPDATE OF amount, kind, category, transferGroup ON entry
                    WHEN new.amount <> old.amount OR new.kind <> old.kind OR new.category IS NOT old.category
                        OR new.transferGroup IS NOT NULL
                    BEGIN DELETE FROM entryPart WHERE entryID = new.id; END;

                ALTER TABLE importRow ADD COLUMN splits TEXT NULL CHECK (length(splits) <= 1000);
                """)
        }
    }
}
