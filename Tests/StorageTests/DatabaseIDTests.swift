import Engine
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
}
