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
