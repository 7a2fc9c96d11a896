import Engine
import Foundation
import Testing
@testable import Storage

// The settings' key-value table (Sources/Storage/Settings.swift).

@Suite("Settings")
struct SettingsTests {
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
}
