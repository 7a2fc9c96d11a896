import Engine
import Foundation
@testable import Storage
import Testing

// The wishlist's table (Storage/Wishlist.swift): add, edit, bought and back, the goal check,
// and export / import / delete-all.

@Suite("The wishlist's storage")
struct WishlistTests {
    @Test("an item is added, edited, moved to the history and back, and deleted; a missing goal is refused and nothing is written")
    func lifecycle() throws {
        let database = try budgetDatabase()
        let goal = try database.addGoal(NewGoal(name: "Vacation", target: Money(minorUnits: 100_000_00)), formToken: token()).value()
        let id = try database.addWishItem(WishItem(title: "Bike", price: Money(minorUnits: 45_000_00), priority: 3,
                                                   link: "https://example.com/bike", goalID: goal), formToken: token()).value()
        #expect(try database.wishItems().map(\.title) == ["Bike"])
        #expect(throws: StorageError.notFound) {
            try database.addWishItem(WishItem(title: "Boat", price: Money(minorUnits: 1_00), goalID: 999), formToken: token())
        }
        #expect(try database.wishItems().count == 1)
        _ = try database.updateWishItem(WishItem(id: id, title: "E-bike", price: Money(minorUnits: 90_000_00), priority: 2), formToken: token())
        let edited = try #require(try database.wishItem(id: id))
        #expect(edited.title == "E-bike" && edited.price == Money(minorUnits: 90_000_00) && edited.link == nil && edited.goalID == nil)
        _ = try database.setWishItemBought(id: id, on: day("2026-11-21"), formToken: token())
        #expect(try database.wishItem(id: id)?.boughtOn == day("2026-11-21"))
        _ = try database.setWishItemBought(id: id, on: nil, formToken: token())
        #expect(try database.wishItem(id: id)?.boughtOn == nil)
        _ = try database.deleteWishItem(id: id, formToken: token())
        #expect(try database.wishItems().isEmpty)
        #expect(throws: StorageError.notFound) { try database.deleteWishItem(id: id, formToken: token()) }
    }

    @Test("the table refuses a link that is not http or https")
    func linkCheck() throws {
        let database = try budgetDatabase()
        #expect(throws: (any Error).self) {
            try database.addWishItem(WishItem(title: "X", price: Money(minorUnits: 1_00), link: "javascript:alert(1)"), formToken: token())
        }
        #expect(try database.wishItems().isEmpty)
    }

    @Test("the wishlist is exported, imported and deleted with the household")
    func exportImportDelete() throws {
        let database = try budgetDatabase()
        let goal = try database.addGoal(NewGoal(name: "Vacation", target: Money(minorUnits: 100_000_00)), formToken: token()).value()
        let id = try database.addWishItem(WishItem(title: "Bike", price: Money(minorUnits: 45_000_00), priority: 3,
                                                   link: "https://example.com/bike", goalID: goal), formToken: token()).value()
        _ = try database.addWishItem(WishItem(title: "Book", price: Money(minorUnits: 20_00)), formToken: token())
        _ = try database.setWishItemBought(id: id, on: day("2026-11-21"), formToken: token())
        let tables = try database.exportTables()
        #expect(tables.first { $0.name == "wishItem" }?.rows.count == 2)
        let imported = importTables(tables)
        let other = try budgetDatabase()
        _ = try other.restoreHousehold(imported, replacing: true, formToken: token())
        let items = try other.wishItems()
        #expect(items.map(\.title) == ["Book", "Bike"])
        #expect(items.last?.boughtOn == day("2026-11-21") && items.last?.goalID == goal && items.last?.link == "https://example.com/bike")
        _ = try other.deleteAllData(formToken: token())
        #expect(try other.wishItems().isEmpty)
    }
}
