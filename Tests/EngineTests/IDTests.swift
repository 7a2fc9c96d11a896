import Foundation
import Testing
@testable import Engine

@Suite("Typed ids")
struct IDTests {
    @Test("an id is its Int64: literal, equality, order, text and a bare JSON integer")
    func basics() throws {
        let goal: ID<Goal> = 7
        #expect(goal == ID(7) && goal.rawValue == 7)
        #expect(ID<Goal>(3) < goal)
        #expect("\(goal)" == "7")
        #expect(Set([goal, ID(7), ID(8)]).count == 2)
        let json = try JSONEncoder().encode([goal])
        #expect(String(decoding: json, as: UTF8.self) == "[7]")
        #expect(try JSONDecoder().decode([ID<Goal>].self, from: json) == [goal])
    }
}
