import Foundation
import Testing
@testable import Storage

@Suite("AppDatabase")
struct AppDatabaseTests {
    @Test("a new database file is created with mode 0600 and passes the health check")
    func fileMode() throws {
        let folder = NSTemporaryDirectory() + "finmind-test-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/nested/finmind.sqlite"
        let database = try AppDatabase(path: path)
        try database.checkHealth()
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test("settings are saved, and only changed keys record settings_changed")
    func settings() throws {
        // Given an empty database
        let database = try AppDatabase.inMemory()
        // When two keys are saved, then one of them again with the same value
        #expect(try database.saveSettings(["theme": "dark", "accent": "green"]) == ["accent", "theme"])
        #expect(try database.saveSettings(["theme": "dark"]) == [])
        // Then both are stored and two events were recorded
        #expect(try database.settings() == ["theme": "dark", "accent": "green"])
        #expect(try database.eventCount(.settingsChanged) == 2)
    }

    @Test("events keep their properties as sorted JSON")
    func events() throws {
        let database = try AppDatabase.inMemory()
        try database.record(.planRecalculated, ["ms": .integer(3), "freeCashFlow": .integer(-500)])
        let event = try #require(try database.events().first)
        #expect(event.name == "plan_recalculated")
        #expect(event.properties == #"{"freeCashFlow":-500,"ms":3}"#)
    }

    @Test("a form token writes once; a failed write leaves the token unused")
    func formTokens() throws {
        let database = try AppDatabase.inMemory()
        let first = try database.writeOnce(formToken: "abc") { db in try AppDatabase.record(.appOpen, in: db) }
        let second = try database.writeOnce(formToken: "abc") { db in try AppDatabase.record(.appOpen, in: db) }
        guard case .written = first, case .duplicate = second else {
            Issue.record("expected written then duplicate")
            return
        }
        #expect(try database.eventCount(.appOpen) == 1)
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            _ = try database.writeOnce(formToken: "def") { db in
                try AppDatabase.record(.appOpen, in: db)
                throw Boom()
            }
        }
        #expect(try database.eventCount(.appOpen) == 1)
        guard case .written = try database.writeOnce(formToken: "def", { _ in }) else {
            Issue.record("a rolled-back token must stay usable")
            return
        }
    }

    @Test("the schema refuses what the app never writes")
    func constraints() throws {
        let database = try AppDatabase.inMemory()
        #expect(throws: (any Error).self) { try database.saveSettings(["": "x"]) }
    }
}
