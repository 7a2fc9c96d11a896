import GRDB

extension AppDatabase {
    /// Every schema change, in order. A migration that has landed is never edited:
    /// a change is a new migration appended at the end.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: settings, events, form tokens") { db in
            try db.create(table: "setting") { t in
                t.primaryKey("key", .text).check { length($0) > 0 && length($0) <= 64 }
                t.column("value", .text).notNull().check { length($0) <= 4096 }
            }
            try db.create(table: "event") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().check { length($0) > 0 && length($0) <= 64 }
                t.column("properties", .text).notNull().defaults(to: "{}")
                t.column("occurredAt", .text).notNull()
            }
            try db.create(table: "usedFormToken") { t in
                t.primaryKey("token", .text).check { length($0) > 0 && length($0) <= 128 }
                t.column("usedAt", .text).notNull()
            }
        }
        return migrator
    }
}
