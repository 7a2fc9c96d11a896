import Engine
import GRDB

// MARK: - Typed ids in SQL

/// A typed id binds and reads as its stored integer.
extension ID: DatabaseValueConvertible {
    /// The id as an SQLite integer.
    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    /// The id stored in `dbValue`, nil when it is not an integer.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> ID? {
        Int64.fromDatabaseValue(dbValue).map(ID.init(rawValue:))
    }
}

/// A typed id also decodes straight from a statement's column, as `Int64` does: GRDB's fast path.
/// Without it every id read went through a `DatabaseValue` and the runtime's generic metadata
/// (about 1.7 ms of a fresh /bills at 20,000 entries; docs/PERFORMANCE.md, "Typed ids at full speed").
extension ID: StatementColumnConvertible {
    /// The id in column `index` of the current row.
    @inlinable
    public init(sqliteStatement: SQLiteStatement, index: CInt) {
        self.init(rawValue: Int64(sqliteStatement: sqliteStatement, index: index))
    }
}
