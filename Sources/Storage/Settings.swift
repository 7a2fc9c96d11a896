import GRDB

// MARK: - Settings

extension AppDatabase {
    /// Every stored setting as key → value (absent keys take their defaults in the web layer).
    public func settings() throws -> [String: String] {
        try read { db in
            try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT key, value FROM setting")
                .map { ($0["key"] as String, $0["value"] as String) })
        }
    }

    /// Stores `values` in one transaction and records one `settings_changed` event per key
    /// whose value changed. Returns the keys that changed.
    @discardableResult
    public func saveSettings(_ values: [String: String]) throws -> [String] {
        try write { db in try saveSettings(values, in: db) }
    }

    /// The same as `saveSettings(_:)` inside a caller's transaction.
    @discardableResult
    public func saveSettings(_ values: [String: String], in db: Database) throws -> [String] {
        var changed: [String] = []
        for key in values.keys.sorted() {
            let value = values[key]!
            let old = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = :key", arguments: ["key": key])
            guard old != value else { continue }
            try db.execute(sql: """
                INSERT INTO setting (key, value) VALUES (:key, :value) ON CONFLICT(key) DO UPDATE SET value = excluded.value
                """, arguments: ["key": key, "value": value])
            try record(.settingsChanged, ["key": .text(key)], in: db)
            changed.append(key)
        }
        return changed
    }
}
