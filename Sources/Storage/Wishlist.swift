import Engine
import GRDB

// MARK: - The wishlist
//
// Table (migration "sv2: wishlist"): wishItem — things the household would like to buy, with a
// price in minor units of the household currency, a priority (1 low … 3 high), an optional
// http(s) link and an optional goal. `boughtOn` set moves an item to the history; clearing it
// (undo) brings it back. FinMind buys nothing: "bought" is the user's note.

/// One wished-for item.
public struct WishItem: Sendable, Hashable {
    public var id: ID<WishItem>
    public var title: String
    public var price: Money
    /// 1 (low) … 3 (high).
    public var priority: Int
    /// An http or https address, or nil.
    public var link: String?
    /// A goal the item is saved from, or nil.
    public var goalID: ID<Goal>?
    /// The date it was marked bought; nil while on the list.
    public var boughtOn: Day?

    /// Creates an item.
    public init(id: ID<WishItem> = 0, title: String, price: Money, priority: Int = 2, link: String? = nil,
                goalID: ID<Goal>? = nil, boughtOn: Day? = nil) {
        self.id = id; self.title = title; self.price = price; self.priority = priority
        self.link = link; self.goalID = goalID; self.boughtOn = boughtOn
    }
}

extension AppDatabase {
    // MARK: Reads

    /// Every item: the list (priority high first, then price, then added first) followed by the
    /// history (latest bought first).
    public func wishItems() throws -> [WishItem] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, title, price, priority, link, goalID, boughtOn FROM wishItem
                ORDER BY boughtOn IS NOT NULL, boughtOn DESC, priority DESC, price, id
                """).map(Self.wishItem)
        }
    }

    /// One item, or nil.
    public func wishItem(id: ID<WishItem>) throws -> WishItem? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT id, title, price, priority, link, goalID, boughtOn FROM wishItem WHERE id = :id",
                             arguments: ["id": id]).map(Self.wishItem)
        }
    }

    /// The goals an item may name (not deleted), as (id, name), by name.
    public func wishGoalChoices() throws -> [(id: ID<Goal>, name: String)] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT id, name FROM goal WHERE deletedAt IS NULL ORDER BY name, id").map { ($0["id"], $0["name"]) }
        }
    }

    private static func wishItem(_ row: Row) -> WishItem {
        WishItem(id: row["id"], title: row["title"], price: Money(minorUnits: row["price"]), priority: row["priority"],
                 link: row["link"], goalID: row["goalID"], boughtOn: (row["boughtOn"] as String?).flatMap(Day.init(iso:)))
    }

    // MARK: Writes

    /// Adds an item to the list; returns its id. A goal that does not exist (or was deleted) is `notFound`.
    public func addWishItem(_ item: WishItem, formToken: String) throws -> WriteOutcome<ID<WishItem>> {
        try writeOnce(formToken: formToken) { db in
            try Self.checkWishGoal(item.goalID, db)
            try db.execute(sql: """
                INSERT INTO wishItem (title, price, priority, link, goalID, boughtOn, createdAt)
                VALUES (:title, :price, :priority, :link, :goalID, NULL, :at)
                """, arguments: ["title": item.title, "price": item.price.minorUnits, "priority": item.priority,
                                 "link": item.link, "goalID": item.goalID, "at": timestamp()])
            return ID(db.lastInsertedRowID)
        }
    }

    /// Changes an item's title, price, priority, link and goal (not whether it was bought).
    public func updateWishItem(_ item: WishItem, formToken: String) throws -> WriteOutcome<Void> {
        try writeOnce(formToken: formToken) { db in
            try Self.checkWishGoal(item.goalID, db)
            try db.execute(sql: """
                UPDATE wishItem SET title = :title, price = :price, priority = :priority, link = :link, goalID = :goalID
                WHERE id = :id
                """, arguments: ["id": item.id, "title": item.title, "price": item.price.minorUnits, "priority": item.priority,
                                 "link": item.link, "goalID": item.goalID])
            guard db.changesCount == 1 else { throw StorageError.notFound }
        }
    }

    /// Deletes an item (from the list or the history).
    public func deleteWishItem(id: ID<WishItem>, formToken: String) throws -> WriteOutcome<Void> {
        try writeOnce(formToken: formToken) { db in
            try db.execute(sql: "DELETE FROM wishItem WHERE id = :id", arguments: ["id": id])
            guard db.changesCount == 1 else { throw StorageError.notFound }
        }
    }

    /// Marks an item bought on `date` (to the history), or with nil brings it back to the list.
    public func setWishItemBought(id: ID<WishItem>, on date: Day?, formToken: String) throws -> WriteOutcome<Void> {
        try writeOnce(formToken: formToken) { db in
            try db.execute(sql: "UPDATE wishItem SET boughtOn = :on WHERE id = :id", arguments: ["id": id, "on": date?.iso])
            guard db.changesCount == 1 else { throw StorageError.notFound }
        }
    }

    private static func checkWishGoal(_ goalID: ID<Goal>?, _ db: Database) throws {
        guard let goalID else { return }
        guard try Int.fetchOne(db, sql: "SELECT 1 FROM goal WHERE id = :id AND deletedAt IS NULL", arguments: ["id": goalID]) != nil
        else { throw StorageError.notFound }
    }
}

// MARK: - Schema

extension AppDatabase {
    /// The wishlist's migration, appended at the end of the migrator.
    static func registerWishlistMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("sv2: wishlist") { db in
            try db.execute(sql: """
                CREATE TABLE wishItem (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 80),
                    price INTEGER NOT NULL CHECK (price BETWEEN 1 AND 1000000000000),
                    priority INTEGER NOT NULL CHECK (priority BETWEEN 1 AND 3),
                    link TEXT NULL CHECK (link IS NULL OR (length(link) BETWEEN 8 AND 500
                        AND (substr(link, 1, 7) = 'http://' OR substr(link, 1, 8) = 'https://'))),
                    goalID INTEGER NULL REFERENCES goal(id) ON DELETE SET NULL,
                    boughtOn TEXT NULL CHECK (boughtOn IS NULL OR length(boughtOn) = 10),
                    createdAt TEXT NOT NULL
                );
                """)
        }
    }
}
