import Engine
import GRDB

// MARK: - First visit

extension AppDatabase {
    /// Records `first_run` the first time it is called for this database (kept as the
    /// setting `firstRunAt`); later calls write nothing.
    public func recordFirstRun() throws {
        let recorded = try read { db in
            try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'firstRunAt'") != nil
        }
        guard !recorded else { return }
        try write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO setting (key, value) VALUES ('firstRunAt', :now)",
                           arguments: ["now": timestamp()])
            if db.changesCount == 1 { try record(.firstRun, in: db) }
        }
    }

    /// Ends the onboarding in one transaction: stores `settings` (each change records
    /// settings_changed), adds the main monthly income when given (income_added), and
    /// when `completed` records onboarding_done. Returns `.written(false)` and writes
    /// nothing when the onboarding was already finished or skipped (an old welcome form
    /// sent again must not add a second main income).
    public func finishOnboarding(settings: [String: String], income: NewRecurringItem?, completed: Bool,
                                 formToken: String) throws -> WriteOutcome<Bool> {
        try budgetWrite(formToken: formToken) { db in
            let seen = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'onboarding'")
            guard seen == nil else { return false }
            try saveSettings(settings, in: db)
            if let income {
                try Self.insertRecurring(income, createdAt: timestamp(), in: db)
                try record(.incomeAdded, in: db)
            }
            if completed { try record(.onboardingDone, in: db) }
            return true
        }
    }
}
