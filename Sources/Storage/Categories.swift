import GRDB

// MARK: - Expense categories

extension AppDatabase {
    /// The category that is never removed (and the fallback of imports).
    public static let permanentCategory = "other"

    /// Every category by position (built-ins first, then the user's in the order added),
    /// then name.
    public func categories() throws -> [CategoryRecord] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT key, name, key = :permanent OR EXISTS (SELECT 1 FROM recurringItem WHERE category = key)
                    OR EXISTS (SELECT 1 FROM entry WHERE category = key) AS inUse
                FROM category ORDER BY position, name
                """, arguments: ["permanent": Self.permanentCategory]).map {
                CategoryRecord(key: $0[0], name: $0[1], inUse: $0[2])
            }
        }
    }

    /// Adds a user category named `name` and returns its key `custom-<n>`. Throws
    /// `StorageError.duplicateCategory` when another category has this name or a built-in
    /// has it as key (case-insensitively, Unicode-aware), `.rejected` for an empty name or
    /// one over 80 characters.
    public func addCategory(name: String, formToken: String) throws -> WriteOutcome<String> {
        try budgetWrite(formToken: formToken) { db in
            let folded = name.lowercased()
            for row in try Row.fetchAll(db, sql: "SELECT key, name FROM category") {
                let taken = (row["name"] as String?) ?? (row["key"] as String)
                if taken.lowercased() == folded { throw StorageError.duplicateCategory }
            }
            let key = "custom-\(try Self.nextCustomCategoryNumber(db))"
            try db.execute(sql: """
                INSERT INTO category (key, name, position) VALUES (:key, :name, (SELECT coalesce(max(position), 0) + 1 FROM category))
                """, arguments: ["key": key, "name": name])
            return key
        }
    }

    /// Removes a category that no recurring item, entry or entry's part uses (deleted ones included, so
    /// their undo stays possible). Throws `StorageError.categoryInUse` when one does or for
    /// "other", `.notFound` for an unknown key.
    public func removeCategory(key: String, formToken: String) throws -> WriteOutcome<Void> {
        try budgetWrite(formToken: formToken) { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM category WHERE key = :key", arguments: ["key": key]) != nil else {
                throw StorageError.notFound
            }
            let inUse = try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM recurringItem WHERE category = :key)
                    OR EXISTS (SELECT 1 FROM entry WHERE category = :key)
                    OR EXISTS (SELECT 1 FROM entryPart WHERE category = :key)
                """, arguments: ["key": key]) ?? true
            guard !inUse, key != Self.permanentCategory else { throw StorageError.categoryInUse }
            try db.execute(sql: "DELETE FROM category WHERE key = :key", arguments: ["key": key])
        }
    }

    /// The built-in category keys, in their seeded order.
    public static let builtInCategories = ["food", "housing", "transport", "utilities", "health", "education",
                                           "entertainment", "clothing", "subscriptions", "other"]

    /// One more than the largest `custom-<n>` number in use, or the smallest unused number
    /// when that would overflow (an imported `custom-9223372036854775807`); computed in
    /// Swift, so no key can make SQLite's integer arithmetic fail.
    static func nextCustomCategoryNumber(_ db: Database) throws -> Int {
        let used = Set(try String.fetchAll(db, sql: "SELECT key FROM category WHERE key LIKE 'custom-%'")
            .compactMap { Int($0.dropFirst("custom-".count)) }.filter { $0 > 0 })
        if let largest = used.max(), largest < Int.max { return largest + 1 }
        var number = 1
        while used.contains(number) { number += 1 }
        return number
    }
}
