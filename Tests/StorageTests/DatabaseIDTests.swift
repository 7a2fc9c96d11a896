import Engine
import GRDB
import Testing
@testable import Storage

@Suite("Typed ids in SQL")
struct DatabaseIDTests {
    @Test("a typed id binds and reads back as the stored integer")
    func roundTrip() throws {
        let database = try AppDatabase.inMemory()
        let id: ID<Goal> = 42
        let read = try database.read { db in try ID<Goal>.fetchOne(db, sql: "SELECT :id + 0", arguments: ["id": id]) }
        #expect(read == id)
        #expect(ID<Goal>.fromDatabaseValue("x".databaseValue) == nil)
    }

    @Test("a typed id reads from a row's column as Int64 does: a value, or nil for NULL")
    func readsFromARow() throws {
        let database = try AppDatabase.inMemory()
        let rows = try database.read { db in try Row.fetchAll(db, sql: "SELECT 7, NULL UNION ALL SELECT 9007199254740993, 3") }
        let first: ID<Entry> = rows[0][0]
        let missing: ID<Debt>? = rows[0][1]
        let large: ID<Entry> = rows[1][0]
        let present: ID<Debt>? = rows[1][1]
        #expect(first == 7 && missing == nil && large.rawValue == 9_007_199_254_740_993 && present == 3)
        #expect(Set([first, 7, large]).count == 2)
    }
}
