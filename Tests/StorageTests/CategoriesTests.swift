import Engine
import Testing
@testable import Storage

@Suite("Categories")
struct CategoriesTests {
    @Test("the ten built-ins come first, in order, with no name; 'other' counts as in use")
    func builtIns() throws {
        let database = try budgetDatabase()
        let categories = try database.categories()
        #expect(categories.map(\.key) == ["food", "housing", "transport", "utilities", "health", "education",
                                          "entertainment", "clothing", "subscriptions", "other"])
        #expect(categories.allSatisfy { $0.name == nil })
        #expect(categories.filter(\.inUse).map(\.key) == ["other"])
    }

    @Test("a user category gets key custom-<n>; names are unique case-insensitively")
    func add() throws {
        // Given an empty database
        let database = try budgetDatabase()
        // When two categories are added
        #expect(try database.addCategory(name: "Кафе", formToken: token()).value() == "custom-1")
        #expect(try database.addCategory(name: "Pets", formToken: token()).value() == "custom-2")
        // Then they come after the built-ins, in order
        #expect(try database.categories().suffix(2) == [CategoryRecord(key: "custom-1", name: "Кафе", inUse: false),
                                                        CategoryRecord(key: "custom-2", name: "Pets", inUse: false)])
        // And the same names in another case, or a built-in's key, are refused without writing
        let before = try database.budgetCounts()
        for name in ["кафе", "PETS", "Food", "other"] {
            #expect(throws: StorageError.duplicateCategory) { try database.addCategory(name: name, formToken: token()) }
        }
        #expect(throws: StorageError.rejected("CHECK constraint failed: length(name) BETWEEN 1 AND 80")) {
            try database.addCategory(name: "", formToken: token())
        }
        #expect(try database.budgetCounts() == before)
    }

    @Test("a category is removed only when nothing uses it, deleted rows included; 'other' never")
    func remove() throws {
        // Given a user category used by an entry that is then deleted
        let database = try budgetDatabase()
        let key = try database.addCategory(name: "Pets", formToken: token()).value()
        var entry = groceries
        entry.category = key
        let entryID = try database.addEntry(entry, origin: .dataPage, formToken: token()).value()
        try database.delete(.entry(entryID), formToken: token()).value()
        // When it is removed, then that is refused and it shows as in use
        #expect(throws: StorageError.categoryInUse) { try database.removeCategory(key: key, formToken: token()) }
        #expect(try database.categories().last == CategoryRecord(key: key, name: "Pets", inUse: true))
        // And "other" is never removed, unknown keys are not found
        #expect(throws: StorageError.categoryInUse) { try database.removeCategory(key: "other", formToken: token()) }
        #expect(throws: StorageError.notFound) { try database.removeCategory(key: "nope", formToken: token()) }
        // When a recurring item uses a built-in, then it cannot go either, but an unused built-in can
        _ = try database.addRecurring(rent, formToken: token())
        #expect(throws: StorageError.categoryInUse) { try database.removeCategory(key: "housing", formToken: token()) }
        try database.removeCategory(key: "clothing", formToken: token()).value()
        #expect(try !database.categories().map(\.key).contains("clothing"))
    }

    @Test("once the entry that used it is purged, the category can be removed")
    func removeAfterPurge() throws {
        let clock = TestClock()
        let database = try budgetDatabase(clock: clock)
        let key = try database.addCategory(name: "Pets", formToken: token()).value()
        var entry = groceries
        entry.category = key
        try database.delete(.entry(database.addEntry(entry, origin: .dataPage, formToken: token()).value()),
                            formToken: token()).value()
        clock.advance(minutes: 11)
        try database.removeCategory(key: key, formToken: token()).value()
        #expect(try database.categories().count == 10)
    }
}
