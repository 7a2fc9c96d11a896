import Engine
import GRDB

// MARK: - The Challenge, check-ins and achievements (docs/engine-rules.md,
// "The Challenge, streaks and achievements")
//
// Tables (migration "game: challenge, check-ins, achievements"): challengeDay (a saved day with
// its frozen budget and currency), challengeItem (imagined purchases; a date's items without a
// challengeDay row are its draft), challengeCategory (own categories), challengeSwitch
// (currency switches with the rate used), fxRate (the approximate table), checkIn ("no spending
// today"), achievement (first earned, seen). The game's settings are keys of the settings table.
// challengeRestart (restarts of a game paused by "celebrate and stop", a behaviour no longer
// offered) is neither read nor written; it stays so an older export still imports.

/// Why a game write was refused; nothing was written.
public enum ChallengeError: Error, Equatable {
    /// The list would total more than the day's budget + 5 %, by this much.
    case overAllowance(Money)
    /// The item does not exist or belongs to another date.
    case itemNotFound
    /// An own category with this name exists.
    case duplicateCategory
}

/// One imagined purchase.
public struct ChallengeItem: Sendable, Hashable {
    public var id: ID<ChallengeItem>
    public var date: Day
    public var title: String
    public var amount: Money
    /// A preset category key or an own category's name, or nil.
    public var category: String?
    /// Creates an item.
    public init(id: ID<ChallengeItem> = 0, date: Day, title: String, amount: Money, category: String? = nil) {
        self.id = id; self.date = date; self.title = title; self.amount = amount; self.category = category
    }
}

/// The tag of an own category's id (`ID<ChallengeCategory>`): a category is an (id, name) pair.
public enum ChallengeCategory {}

/// The stored game apart from settings.
public struct ChallengeStored: Sendable {
    public var filled: [ChallengeFilledDay]
    public var switches: [ChallengeCurrencySwitch]
}

/// An achievement as remembered: when it was first earned and whether its notice was seen.
public struct AchievementRecord: Sendable, Hashable {
    public var id: String
    public var earnedOn: Day
    public var seen: Bool
}

extension AppDatabase {
    // MARK: Reads

    /// Saved days and switches, oldest first.
    public func challengeStored() throws -> ChallengeStored {
        try read { db in
            let filled = try Row.fetchAll(db, sql: "SELECT date, currency, budget, total FROM challengeDay ORDER BY date").compactMap { row -> ChallengeFilledDay? in
                guard let date = Day(iso: row["date"]) else { return nil }
                return ChallengeFilledDay(date: date, currency: row["currency"], budget: Money(minorUnits: row["budget"]),
                                          total: Money(minorUnits: row["total"]))
            }
            let switches = try Row.fetchAll(db, sql: "SELECT effective, fromCurrency, toCurrency, rate FROM challengeSwitch ORDER BY id").compactMap { row -> ChallengeCurrencySwitch? in
                guard let date = Day(iso: row["effective"]) else { return nil }
                return ChallengeCurrencySwitch(effective: date, from: row["fromCurrency"], to: row["toCurrency"], ratePerMillion: row["rate"])
            }
            return ChallengeStored(filled: filled, switches: switches)
        }
    }

    /// The items of a date (its draft or its saved list), in the order added.
    public func challengeItems(on date: Day) throws -> [ChallengeItem] {
        try read { db in try Self.items(on: date, db) }
    }

    private static func items(on date: Day, _ db: Database) throws -> [ChallengeItem] {
        try Row.fetchAll(db, sql: "SELECT id, title, amount, category FROM challengeItem WHERE date = :date ORDER BY id",
                         arguments: ["date": date.iso]).map {
            ChallengeItem(id: $0["id"], date: date, title: $0["title"], amount: Money(minorUnits: $0["amount"]), category: $0["category"])
        }
    }

    /// The own categories as (id, name), by name.
    public func challengeCategories() throws -> [(id: ID<ChallengeCategory>, name: String)] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT id, name FROM challengeCategory ORDER BY name").map { ($0["id"], $0["name"]) }
        }
    }

    /// The stored FX table (pairs with a positive rate); `asOf` is the caller's.
    public func fxRates() throws -> [String: Int64] {
        try read { db in
            try Dictionary(Row.fetchAll(db, sql: "SELECT pair, rate FROM fxRate").map { ($0["pair"] as String, $0["rate"] as Int64) },
                           uniquingKeysWith: { a, _ in a })
        }
    }

    /// "No spending today" check-in dates.
    public func checkIns() throws -> [Day] {
        try read { db in try String.fetchAll(db, sql: "SELECT date FROM checkIn ORDER BY date").compactMap(Day.init(iso:)) }
    }

    /// Remembered achievements.
    public func achievementRecords() throws -> [AchievementRecord] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT id, earnedOn, seenAt FROM achievement ORDER BY earnedOn, id").compactMap { row in
                guard let day = Day(iso: row["earnedOn"]) else { return nil }
                return AchievementRecord(id: row["id"], earnedOn: day, seen: (row["seenAt"] as String?) != nil)
            }
        }
    }

    // MARK: Writes

    /// Adds an item to `date` (its draft, or its saved list: the saved total follows), refusing a
    /// list beyond `budget` + 5 %. Returns the id.
    public func addChallengeItem(_ item: ChallengeItem, budget: Money, formToken: String) throws -> WriteOutcome<ID<ChallengeItem>> {
        try writeOnce(formToken: formToken) { db in
            try db.execute(sql: """
                INSERT INTO challengeItem (date, title, amount, category, createdAt) VALUES (:date, :title, :amount, :category, :createdAt)
                """, arguments: ["date": item.date.iso, "title": item.title, "amount": item.amount.minorUnits,
                                 "category": item.category, "createdAt": timestamp()])
            let id = ID<ChallengeItem>(db.lastInsertedRowID)
            try Self.checkAllowance(item.date, budget: budget, db)
            return id
        }
    }

    /// Changes an item of `date`.
    public func updateChallengeItem(_ item: ChallengeItem, budget: Money, formToken: String) throws -> WriteOutcome<Void> {
        try writeOnce(formToken: formToken) { db in
            try db.execute(sql: """
                UPDATE challengeItem SET title = :title, amount = :amount, category = :category WHERE id = :id AND date = :date
                """, arguments: ["id": item.id, "date": item.date.iso, "title": item.title, "amount": item.amount.minorUnits,
                                 "category": item.category])
            guard db.changesCount == 1 else { throw ChallengeError.itemNotFound }
            try Self.checkAllowance(item.date, budget: budget, db)
        }
    }

    /// Deletes an item of `date`; a saved day left with no item goes back to a draft.
    public func deleteChallengeItem(id: ID<ChallengeItem>, date: Day, formToken: String) throws -> WriteOutcome<Void> {
        try writeOnce(formToken: formToken) { db in
            try db.execute(sql: "DELETE FROM challengeItem WHERE id = :id AND date = :date", arguments: ["id": id, "date": date.iso])
            guard db.changesCount == 1 else { throw ChallengeError.itemNotFound }
            try Self.checkAllowance(date, budget: .zero, db, onlyTotal: true)
        }
    }

    /// Saves the day's list: freezes its budget and currency and stores its total. Refuses an
    /// empty list (`itemNotFound`) or one beyond the allowance.
    public func saveChallengeDay(_ date: Day, currency: String, budget: Money, formToken: String) throws -> WriteOutcome<ChallengeFilledDay> {
        try writeOnce(formToken: formToken) { db in
            let items = try Self.items(on: date, db)
            guard !items.isEmpty else { throw ChallengeError.itemNotFound }
            let total = try Self.total(date, db)
            if let over = challengeOverAllowance(total: total, budget: budget) { throw ChallengeError.overAllowance(over) }
            try db.execute(sql: """
                INSERT INTO challengeDay (date, currency, budget, total, savedAt) VALUES (:date, :currency, :budget, :total, :at)
                ON CONFLICT(date) DO UPDATE SET total = excluded.total
                """, arguments: ["date": date.iso, "currency": currency, "budget": budget.minorUnits, "total": total.minorUnits,
                                 "at": timestamp()])
            let saved = try Row.fetchOne(db, sql: "SELECT currency, budget FROM challengeDay WHERE date = :date", arguments: ["date": date.iso])!
            try record(.gameDayFilled, ["perfect": .bool(total.minorUnits == (saved["budget"] as Int64))], in: db)
            return ChallengeFilledDay(date: date, currency: saved["currency"], budget: Money(minorUnits: saved["budget"]), total: total)
        }
    }

    private static func total(_ date: Day, _ db: Database) throws -> Money {
        Money(minorUnits: try Int64.fetchOne(db, sql: "SELECT COALESCE(SUM(amount), 0) FROM challengeItem WHERE date = :date",
                                             arguments: ["date": date.iso]) ?? 0)
    }

    /// Keeps a saved day's total in step and refuses a list beyond the allowance (throwing rolls the write back).
    private static func checkAllowance(_ date: Day, budget: Money, _ db: Database, onlyTotal: Bool = false) throws {
        let total = try total(date, db)
        let saved = try Int64.fetchOne(db, sql: "SELECT budget FROM challengeDay WHERE date = :date", arguments: ["date": date.iso])
        if !onlyTotal, let over = challengeOverAllowance(total: total, budget: saved.map(Money.init(minorUnits:)) ?? budget) {
            throw ChallengeError.overAllowance(over)
        }
        if saved != nil {
            if total.minorUnits == 0 {
                try db.execute(sql: "DELETE FROM challengeDay WHERE date = :date", arguments: ["date": date.iso])
            } else {
                try db.execute(sql: "UPDATE challengeDay SET total = :total WHERE date = :date",
                               arguments: ["total": total.minorUnits, "date": date.iso])
            }
        }
    }

    /// Adds an own category; returns its id.
    public func addChallengeCategory(_ name: String, formToken: String) throws -> WriteOutcome<ID<ChallengeCategory>> {
        try writeOnce(formToken: formToken) { db in
            let exists = try Int.fetchOne(db, sql: "SELECT 1 FROM challengeCategory WHERE name = :name COLLATE NOCASE", arguments: ["name": name]) != nil
            guard !exists else { throw ChallengeError.duplicateCategory }
            try db.execute(sql: "INSERT INTO challengeCategory (name) VALUES (:name)", arguments: ["name": name])
            return ID(db.lastInsertedRowID)
        }
    }

    /// Deletes an own category; items keep its name as text.
    public func deleteChallengeCategory(id: ID<ChallengeCategory>, formToken: String) throws -> WriteOutcome<Void> {
        try writeOnce(formToken: formToken) { db in
            try db.execute(sql: "DELETE FROM challengeCategory WHERE id = :id", arguments: ["id": id])
        }
    }

    /// Stores the game's settings keys and the FX table in one transaction; with `switchTo`, also a
    /// currency switch (its rate from the table) effective on `effective`, replacing one already
    /// stored for that date; `clearSwitchOn` removes the switch of that date (a switch taken back
    /// the same day). `keepIfSet` keys are written only when not stored yet.
    public func saveChallengeSettings(_ values: [String: String], keepIfSet: [String: String] = [:], rates: [String: Int64]?,
                                      switchTo: ChallengeCurrencySwitch?, clearSwitchOn: Day? = nil,
                                      formToken: String) throws -> WriteOutcome<Void> {
        try writeOnce(formToken: formToken) { db in
            try saveSettings(values, in: db)
            for (key, value) in keepIfSet.sorted(by: { $0.key < $1.key }) {
                try db.execute(sql: "INSERT OR IGNORE INTO setting (key, value) VALUES (:key, :value)", arguments: ["key": key, "value": value])
                if db.changesCount == 1 { try record(.settingsChanged, ["key": .text(key)], in: db) }
            }
            if let day = clearSwitchOn {
                try db.execute(sql: "DELETE FROM challengeSwitch WHERE effective = :effective", arguments: ["effective": day.iso])
            }
            if let rates {
                try db.execute(sql: "DELETE FROM fxRate")
                for (pair, rate) in rates.sorted(by: { $0.key < $1.key }) {
                    try db.execute(sql: "INSERT INTO fxRate (pair, rate) VALUES (:pair, :rate)", arguments: ["pair": pair, "rate": rate])
                }
            }
            if let s = switchTo {
                try db.execute(sql: "DELETE FROM challengeSwitch WHERE effective = :effective", arguments: ["effective": s.effective.iso])
                try db.execute(sql: """
                    INSERT INTO challengeSwitch (effective, fromCurrency, toCurrency, rate, createdAt)
                    VALUES (:effective, :from, :to, :rate, :at)
                    """, arguments: ["effective": s.effective.iso, "from": s.from, "to": s.to, "rate": s.ratePerMillion, "at": timestamp()])
            }
        }
    }

    /// Records a "no spending today" check-in (again on the same date changes nothing).
    public func checkIn(on date: Day, formToken: String) throws -> WriteOutcome<Void> {
        try writeOnce(formToken: formToken) { db in
            try db.execute(sql: "INSERT OR IGNORE INTO checkIn (date, createdAt) VALUES (:date, :at)",
                           arguments: ["date": date.iso, "at": timestamp()])
        }
    }

    /// Remembers newly earned achievements (recording `achievement_earned` for each) and returns
    /// the ids not seen yet, in the order earned.
    @discardableResult
    public func rememberAchievements(_ earned: [String], on date: Day) throws -> [String] {
        // Nothing new and nothing unseen: no write (a write would drop every cached page).
        let quiet = try read { db in
            let known = Set(try String.fetchAll(db, sql: "SELECT id FROM achievement"))
            let unseen = try Int.fetchOne(db, sql: "SELECT 1 FROM achievement WHERE seenAt IS NULL LIMIT 1") != nil
            return !unseen && earned.allSatisfy(known.contains)
        }
        if quiet { return [] }
        return try write { db in
            for id in earned {
                let known = try Int.fetchOne(db, sql: "SELECT 1 FROM achievement WHERE id = :id", arguments: ["id": id]) != nil
                guard !known else { continue }
                try db.execute(sql: "INSERT INTO achievement (id, earnedOn) VALUES (:id, :on)", arguments: ["id": id, "on": date.iso])
                try record(.achievementEarned, ["id": .text(id)], in: db)
            }
            return try String.fetchAll(db, sql: "SELECT id FROM achievement WHERE seenAt IS NULL ORDER BY earnedOn, id")
        }
    }

    /// Marks every remembered achievement's notice as seen.
    public func markAchievementsSeen() throws {
        try write { db in
            try db.execute(sql: "UPDATE achievement SET seenAt = :at WHERE seenAt IS NULL", arguments: ["at": timestamp()])
        }
    }

    // MARK: Achievements' facts

    /// Whether any import, any reconciliation and any actual entry exist.
    public func achievementFirsts() throws -> (entry: Bool, importDone: Bool, reconciliation: Bool) {
        try read { db in
            let entry = try Int.fetchOne(db, sql: "SELECT 1 FROM entry WHERE isActual = 1 LIMIT 1") != nil
            let imported = try Int.fetchOne(db, sql: "SELECT 1 FROM importBatch LIMIT 1") != nil
            let reconciled = try Int.fetchOne(db, sql: "SELECT 1 FROM reconciliation LIMIT 1") != nil
            return (entry, imported, reconciled)
        }
    }
}

// MARK: - Schema

extension AppDatabase {
    /// The game's migration, appended at the end of the migrator.
    static func registerChallengeMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("game: challenge, check-ins, achievements") { db in
            try db.execute(sql: """
                CREATE TABLE challengeDay (
                    date TEXT PRIMARY KEY CHECK (length(date) = 10),
                    currency TEXT NOT NULL CHECK (length(currency) = 3),
                    budget INTEGER NOT NULL CHECK (budget BETWEEN 1 AND 1000000000000),
                    total INTEGER NOT NULL CHECK (total BETWEEN 0 AND 2000000000000),
                    savedAt TEXT NOT NULL
                );
                CREATE TABLE challengeItem (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    date TEXT NOT NULL CHECK (length(date) = 10),
                    title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 80),
                    amount INTEGER NOT NULL CHECK (amount BETWEEN 1 AND 1000000000000),
                    category TEXT NULL CHECK (category IS NULL OR length(category) BETWEEN 1 AND 80),
                    createdAt TEXT NOT NULL
                );
                CREATE INDEX challengeItemDate ON challengeItem (date);
                CREATE TABLE challengeCategory (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 80)
                );
                CREATE TABLE challengeSwitch (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    effective TEXT NOT NULL CHECK (length(effective) = 10),
                    fromCurrency TEXT NOT NULL CHECK (length(fromCurrency) = 3),
                    toCurrency TEXT NOT NULL CHECK (length(toCurrency) = 3),
                    rate INTEGER NOT NULL CHECK (rate > 0),
                    createdAt TEXT NOT NULL
                );
                CREATE TABLE challengeRestart (
                    date TEXT PRIMARY KEY CHECK (length(date) = 10)
                );
                CREATE TABLE fxRate (
                    pair TEXT PRIMARY KEY CHECK (length(pair) = 7),
                    rate INTEGER NOT NULL CHECK (rate > 0)
                );
                CREATE TABLE checkIn (
                    date TEXT PRIMARY KEY CHECK (length(date) = 10),
                    createdAt TEXT NOT NULL
                );
                CREATE TABLE achievement (
                    id TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 80),
                    earnedOn TEXT NOT NULL CHECK (length(earnedOn) = 10),
                    seenAt TEXT NULL
                );
                """)
        }
    }
}
