import Engine
import GRDB
import Testing
@testable import Storage

@Suite("Import leaves no impossible state")
struct ImportSeedTests {
    @Test("a category key at Int64's maximum does not break adding a category")
    func hugeCustomKey() throws {
        // Given a category whose number is Int64.max (as an old import could store)
        let database = try budgetDatabase()
        try database.write { db in
            try db.execute(sql: "INSERT INTO category (key, name, position) VALUES ('custom-9223372036854775807', 'Huge', 10)")
        }
        // When categories are added, then each gets an unused key
        #expect(try database.addCategory(name: "Cafe", formToken: token()).value() == "custom-1")
        #expect(try database.addCategory(name: "Pets", formToken: token()).value() == "custom-2")
    }

    @Test("a document without categories or the emergency fund gets the built-ins and the fund's row back")
    func reseeded() throws {
        // Given a household with data
        let database = try budgetDatabase()
        _ = try database.addCategory(name: "Cafe", formToken: token())
        // When a document with one expense entry and no category or emergencyFund table is imported
        let entry: [(String, BackupValue)] = [
            ("id", .integer(1)), ("date", .string("2026-11-20")), ("kind", .string("expense")), ("name", .string("Lunch")),
            ("amount", .integer(1234)), ("category", .string("food")), ("isActual", .integer(1)), ("note", .string("")),
            ("createdAt", .string("2026-11-20T12:00:00Z")),
        ]
        _ = try database.restoreHousehold([BackupTable(name: "entry", rows: [entry])], replacing: true, formToken: token())
        // Then the built-in categories and the fund's row are there, and the user's category is gone
        #expect(try database.categories().map(\.key) == AppDatabase.builtInCategories)
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM emergencyFund WHERE id = 1") } == 1)
    }
}
