import Engine
import Foundation
import Testing
@testable import Storage

// The usage events (Sources/Storage/Events.swift).

@Suite("Events")
struct EventsTests {
    @Test("events keep their properties as sorted JSON")
    func events() throws {
        let database = try AppDatabase.inMemory()
        try database.record(.planRecalculated, ["ms": .integer(3), "freeCashFlow": .integer(-500)])
        let event = try #require(try database.events().first)
        #expect(event.name == "plan_recalculated")
        #expect(event.properties == #"{"freeCashFlow":-500,"ms":3}"#)
    }
}
