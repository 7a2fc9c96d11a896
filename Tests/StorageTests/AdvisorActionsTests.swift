import Engine
import Foundation
import Testing
@testable import Storage

/// The advisor's action log is household data: exported, imported (and still
/// undoable there) and emptied by delete-all; undo restores exactly what the action replaced.
@Suite("Advisor action log")
struct AdvisorActionsTests {
    @Test("export, import, undo after import, delete-all")
    func roundTrip() throws {
        let database = try budgetDatabase()
        let before = try database.exportTables()
        _ = try database.applyAdvisorAction(.addGoal(NewGoal(name: "Vacation", target: Money(minorUnits: 100_000_00))),
                                            kind: "goal", summary: "add the goal “Vacation”", formToken: token())
        _ = try database.applyAdvisorAction(.setStrategy(.snowball), kind: "strategy", summary: "snowball", formToken: token())
        let exported = try database.exportTables()
        #expect(exported.first { $0.name == "advisorAction" }?.rows.count == 2)

        let other = try budgetDatabase()
        _ = try other.restoreHousehold(importTables(exported), replacing: true, formToken: token())
        let log = try other.advisorActions()
        #expect(log.map(\.kind) == ["strategy", "goal"])
        for action in log { _ = try other.undoAdvisorAction(id: action.id, formToken: token()) }
        // The import itself records its data_imported event; everything else is as before both actions.
        let ignored: Set<String> = ["advisorAction", "event"]
        #expect(try other.exportTables().filter { !ignored.contains($0.name) } == before.filter { !ignored.contains($0.name) },
                "undo in the imported household restores the state before both actions")
        #expect(throws: StorageError.notFound) { try other.undoAdvisorAction(id: log[0].id, formToken: token()) }

        _ = try other.deleteAllData(formToken: token())
        #expect(try other.advisorActions().isEmpty)
    }

    @Test("a rejected change writes neither the change nor its log row")
    func rejected() throws {
        let database = try budgetDatabase()
        #expect(throws: StorageError.self) {
            try database.applyAdvisorAction(.setMonthLimit(category: "no-such-category", amount: Money(minorUnits: 100)),
                                            kind: "limit", summary: "x", formToken: token())
        }
        #expect(try database.advisorActions().isEmpty)
    }
}
